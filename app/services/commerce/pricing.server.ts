/**
 * Sale prices (DESIGN §5): time-boxed discounts, percent or fixed, on the whole store, on
 * categories (and their sub categories) or on chosen products; the best one applies. Computed on
 * the server everywhere a price is shown or charged, from one function.
 */
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { sales, saleTargets } from "~/db/schema";

export interface ActiveSale {
  id: string;
  kind: "percent" | "fixed";
  /** Percent (1–100) or minor units off. */
  value: number;
  scope: "store" | "categories" | "products";
  categoryIds: Set<string>;
  productIds: Set<string>;
}

export interface PricedItem {
  id: string;
  priceCents: number;
  categoryId: string | null;
  subcategoryId: string | null;
}

export interface SalePrice {
  /** The price before any sale. */
  priceCents: number;
  /** What the shopper pays per unit; equal to priceCents when no sale applies. */
  salePriceCents: number;
  saleId: string | null;
}

/**
 * The next moment after `now` that a sale of the store starts or ends (epoch ms), or null: prices
 * change then without any row changing, so cached prices must not outlive it.
 */
export async function nextSaleChange(tx: Tx, now = new Date()): Promise<number | null> {
  const [row] = await tx
    .select({
      at: sql<Date | null>`least(
        min(${sales.startsAt}) filter (where ${gt(sales.startsAt, now)}),
        min(${sales.endsAt}))`.mapWith(sales.startsAt),
    })
    .from(sales)
    .where(and(eq(sales.active, true), gt(sales.endsAt, now)));
  return row?.at ? row.at.getTime() : null;
}

/** The store's sales running at `now`, with their targets, inside the store's scope. */
export async function loadActiveSales(tx: Tx, now = new Date()): Promise<ActiveSale[]> {
  const rows = await tx
    .select({
      id: sales.id,
      kind: sales.kind,
      value: sales.value,
      scope: sales.scope,
      categoryId: saleTargets.categoryId,
      productId: saleTargets.productId,
    })
    .from(sales)
    .leftJoin(saleTargets, and(eq(saleTargets.storeId, sales.storeId), eq(saleTargets.saleId, sales.id)))
    .where(and(eq(sales.active, true), lte(sales.startsAt, now), gt(sales.endsAt, now)));
  const byId = new Map<string, ActiveSale>();
  for (const row of rows) {
    let sale = byId.get(row.id);
    if (!sale) {
      sale = {
        id: row.id,
        kind: row.kind,
        value: row.value,
        scope: row.scope,
        categoryIds: new Set(),
        productIds: new Set(),
      };
      byId.set(row.id, sale);
    }
    if (row.categoryId) sale.categoryIds.add(row.categoryId);
    if (row.productId) sale.productIds.add(row.productId);
  }
  return [...byId.values()];
}

function appliesTo(sale: ActiveSale, item: PricedItem): boolean {
  if (sale.scope === "store") return true;
  if (sale.scope === "products") return sale.productIds.has(item.id);
  // A sale on a category covers its sub categories too.
  return (
    (item.categoryId !== null && sale.categoryIds.has(item.categoryId)) ||
    (item.subcategoryId !== null && sale.categoryIds.has(item.subcategoryId))
  );
}

/** Unit price after one sale, never below zero; percentages round to the nearest minor unit. */
export function discounted(priceCents: number, sale: Pick<ActiveSale, "kind" | "value">): number {
  const off = sale.kind === "percent" ? Math.round((priceCents * sale.value) / 100) : sale.value;
  return Math.max(0, priceCents - off);
}

/** The best (lowest) price any applicable sale gives the item. */
export function priceWithSales(item: PricedItem, active: readonly ActiveSale[]): SalePrice {
  let best: SalePrice = { priceCents: item.priceCents, salePriceCents: item.priceCents, saleId: null };
  for (const sale of active) {
    if (!appliesTo(sale, item)) continue;
    const price = discounted(item.priceCents, sale);
    if (price < best.salePriceCents)
      best = { priceCents: item.priceCents, salePriceCents: price, saleId: sale.id };
  }
  return best;
}
