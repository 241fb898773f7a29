/**
 * The one price computation (DESIGN §5, decision 011): listing, product page, cart, wishlist and
 * checkout all price their lines with `priceLines`, so an order total equals the cart total to the
 * minor unit. Sales are time-boxed discounts, percent or fixed, on the whole store, on categories
 * (and their sub categories) or on chosen products; the best one applies. Prices include tax.
 * Everything here is integer minor units; formatting happens only in components (~/lib/money).
 */
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { sales, saleTargets } from "~/db/schema";
import type { AppliedSale } from "./contract";
import { storeJoin } from "~/db/store-scope";

export type { AppliedSale };

export interface ActiveSale {
  id: string;
  kind: "percent" | "fixed";
  /** Percent (0–100) or minor units off each unit. */
  value: number;
  scope: "store" | "categories" | "products";
  categoryIds: Set<string>;
  productIds: Set<string>;
  /** The sale runs from startsAt (inclusive) to endsAt (exclusive). */
  startsAt: Date;
  endsAt: Date;
}

/** What a line needs to be priced: the product's own price and what a sale can target. */
export interface PriceInput {
  productId: string;
  /** The product's price per unit in minor units, tax included. */
  priceCents: number;
  /** A positive integer; 1 for a listing or a product page. */
  quantity: number;
  categoryId: string | null;
  subcategoryId: string | null;
}

export interface PricedLine {
  productId: string;
  quantity: number;
  /** The price before any sale. */
  unitPriceCents: number;
  /** What the shopper pays per unit; equal to unitPriceCents when no sale applies. */
  unitSalePriceCents: number;
  unitDiscountCents: number;
  sale: AppliedSale | null;
  /** unitPriceCents × quantity. */
  lineSubtotalCents: number;
  /** unitDiscountCents × quantity. */
  lineDiscountCents: number;
  /** unitSalePriceCents × quantity: exactly quantity times the price the product page shows. */
  lineTotalCents: number;
}

export interface PricedLines {
  lines: PricedLine[];
  /** Units across the lines. */
  quantity: number;
  /** Sum of the lines' subtotals (before sales). */
  subtotalCents: number;
  /** Sum of the lines' discounts. */
  discountCents: number;
  /** subtotalCents − discountCents, which is also the sum of the lines' totals. */
  totalCents: number;
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
      startsAt: sales.startsAt,
      endsAt: sales.endsAt,
      categoryId: saleTargets.categoryId,
      productId: saleTargets.productId,
    })
    .from(sales)
    .leftJoin(saleTargets, storeJoin(saleTargets, "saleId", sales, "id"))
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
        startsAt: row.startsAt,
        endsAt: row.endsAt,
      };
      byId.set(row.id, sale);
    }
    if (row.categoryId) sale.categoryIds.add(row.categoryId);
    if (row.productId) sale.productIds.add(row.productId);
  }
  return [...byId.values()];
}

/** Loads the sales running at `at` and prices the lines with them (checkout's entry point). */
export async function priceLinesAt(
  tx: Tx,
  lines: readonly PriceInput[],
  at = new Date(),
): Promise<PricedLines> {
  return priceLines(lines, await loadActiveSales(tx, at), at);
}

function runsAt(sale: ActiveSale, at: Date): boolean {
  return sale.startsAt.getTime() <= at.getTime() && at.getTime() < sale.endsAt.getTime();
}

/** What a sale or a discount code can target. */
type Targets = Pick<ActiveSale, "scope" | "categoryIds" | "productIds">;

function appliesTo(sale: Targets, line: PriceInput): boolean {
  if (sale.scope === "store") return true;
  if (sale.scope === "products") return sale.productIds.has(line.productId);
  // A sale on a category covers its sub categories too.
  return (
    (line.categoryId !== null && sale.categoryIds.has(line.categoryId)) ||
    (line.subcategoryId !== null && sale.categoryIds.has(line.subcategoryId))
  );
}

/**
 * Unit price after one sale, never below zero. A percentage is rounded half-up to the minor unit
 * on the unit price (integer arithmetic, no float drift), so a line is always quantity × the unit
 * price the shopper was shown.
 */
export function discounted(priceCents: number, sale: Pick<ActiveSale, "kind" | "value">): number {
  const off = sale.kind === "percent" ? Math.floor((priceCents * sale.value + 50) / 100) : sale.value;
  return Math.max(0, priceCents - off);
}

function priceLine(line: PriceInput, active: readonly ActiveSale[], at: Date): PricedLine {
  let unitSalePriceCents = line.priceCents;
  let applied: AppliedSale | null = null;
  for (const sale of active) {
    if (!runsAt(sale, at) || !appliesTo(sale, line)) continue;
    const price = discounted(line.priceCents, sale);
    // The best sale wins; a sale that takes nothing off is not applied.
    if (price < unitSalePriceCents) {
      unitSalePriceCents = price;
      applied = { id: sale.id, kind: sale.kind, value: sale.value };
    }
  }
  const unitDiscountCents = line.priceCents - unitSalePriceCents;
  return {
    productId: line.productId,
    quantity: line.quantity,
    unitPriceCents: line.priceCents,
    unitSalePriceCents,
    unitDiscountCents,
    sale: applied,
    lineSubtotalCents: line.priceCents * line.quantity,
    lineDiscountCents: unitDiscountCents * line.quantity,
    lineTotalCents: unitSalePriceCents * line.quantity,
  };
}

/** Totals of already priced lines (e.g. the available lines of a cart). */
export function sumLines(lines: readonly PricedLine[]): PricedLines {
  let quantity = 0;
  let subtotalCents = 0;
  let discountCents = 0;
  for (const line of lines) {
    quantity += line.quantity;
    subtotalCents += line.lineSubtotalCents;
    discountCents += line.lineDiscountCents;
  }
  return {
    lines: [...lines],
    quantity,
    subtotalCents,
    discountCents,
    totalCents: subtotalCents - discountCents,
  };
}

/**
 * Prices each line with the best of `active` sales running at `at` (default now), in the order
 * given, and totals them. Pure: the same lines, sales and moment always give the same cents.
 */
export function priceLines(
  lines: readonly PriceInput[],
  active: readonly ActiveSale[],
  at: Date = new Date(),
): PricedLines {
  return sumLines(lines.map((line) => priceLine(line, active, at)));
}

/** One unit of one product (a listing card, a product page). */
export function priceOne(
  product: { id: string; priceCents: number; categoryId: string | null; subcategoryId: string | null },
  active: readonly ActiveSale[],
  at?: Date,
): PricedLine {
  const [line] = priceLines([{ ...product, productId: product.id, quantity: 1 }], active, at).lines;
  return line!;
}

// ───────── discount codes (decision 029) ─────────

/** A discount code as pricing needs it; app/services/discounts decides whether it may be used. */
export interface CodeRule extends Targets {
  kind: "percentage" | "fixed" | "free_shipping";
  /** Percent (1–100), minor units off the order, or 0 for free shipping. */
  value: number;
}

export interface CodePrice {
  /** The goods the code applies to, after sales (what its minimum and its amount are taken from). */
  eligibleCents: number;
  /** How many of the lines it applies to. */
  eligibleLines: number;
  /** What it takes off the order, minor units: never more than the eligible goods (or the shipping). */
  amountCents: number;
  /** Index for index with the lines: whether the code applies to it (its VAT shares the amount). */
  reaches: boolean[];
}

/**
 * What a code takes off lines already priced with the running sales (the same `lines` and
 * `priced`, index for index; lines that cannot be bought left out by the caller):
 * - percentage: of the eligible goods' sale prices, rounded half-up once on that sum;
 * - fixed: its value, capped at the eligible goods (an order never goes below its shipping);
 * - free shipping: the shipping, when any line is eligible.
 */
export function priceCode(
  lines: readonly PriceInput[],
  priced: readonly PricedLine[],
  rule: CodeRule,
  shippingCents: number,
): CodePrice {
  let eligibleCents = 0;
  let eligibleLines = 0;
  const reaches = lines.map((line) => appliesTo(rule, line));
  lines.forEach((_line, index) => {
    if (!reaches[index]) return;
    eligibleLines += 1;
    eligibleCents += priced[index]!.lineTotalCents;
  });
  let amountCents = 0;
  if (eligibleLines > 0) {
    if (rule.kind === "percentage") amountCents = Math.floor((eligibleCents * rule.value + 50) / 100);
    else if (rule.kind === "fixed") amountCents = Math.min(rule.value, eligibleCents);
    else amountCents = shippingCents;
  }
  return { eligibleCents, eligibleLines, amountCents: Math.max(0, amountCents), reaches };
}
