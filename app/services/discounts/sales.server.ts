/**
 * The admin's sales campaigns (issue 11, DESIGN §5 Sales): the list with each campaign's state,
 * creating, editing and deleting one. Every function takes the store id first and runs in the
 * store's RLS scope; the category and product ids a form names are looked up there again (ADR
 * 012), so another store's id is "not found" and nothing is written.
 *
 * Prices are never stored here: `priceLines` (decision 011) reads the sales running at the
 * moment it prices. After each write the catalogue cache is told (decision 007); the sales and
 * sale_targets triggers announce the change to other instances, and the cache's entries expire
 * at the next sale boundary (`nextSaleChange`), so a sale shows at its start and stops at its end.
 */
import { recordChange } from "~/services/audit/audit.server";
import { and, asc, eq, gt, inArray, lte, not, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { products, sales, saleTargets } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import { localized } from "~/lib/localized-name";
import type { SaleInput, SaleState } from "~/lib/validation/admin-sales";
import { newestFirst } from "~/db/keyset.server";
import { catalogChanged } from "~/services/catalog/catalog-cache.server";
import { likePattern, searchTerms } from "~/services/catalog/catalog.server";
import { missingTarget, saveTargeted, targetCounts, targetsOf } from "~/services/discounts/targets.server";

export const ADMIN_SALES_PAGE_SIZE = 25;
const SALE_TABLES = { record: sales, targets: saleTargets, owner: "saleId" } as const;
/** Products offered by one search of the form's product picker. */
export const PRODUCT_CHOICES_LIMIT = 30;
export { SALE_STATES } from "~/lib/validation/admin-sales";
export type { SaleState };
export type SaleStateFilter = SaleState | "all";

/** What a sale is, in the list and on its page: its names, its discount and what it applies to. */
interface SaleFields {
  id: string;
  nameEn: string;
  nameAr: string;
  kind: "percent" | "fixed";
  value: number;
  scope: "store" | "categories" | "products";
}

export interface AdminSaleRow extends SaleFields {
  /** Categories or products it names (0 for the whole store). */
  targetCount: number;
  startsAt: string;
  endsAt: string;
  state: SaleState;
}

export interface AdminSale extends SaleFields {
  startsAt: Date;
  endsAt: Date;
  categoryIds: string[];
  productIds: string[];
}

/** A sale switched off (`active` false) never prices anything: the admin sees it as ended. */
export function saleState(sale: { active: boolean; startsAt: Date; endsAt: Date }, now: Date): SaleState {
  if (!sale.active || sale.endsAt.getTime() <= now.getTime()) return "ended";
  return sale.startsAt.getTime() > now.getTime() ? "scheduled" : "running";
}

function stateFilter(state: SaleStateFilter, now: Date): SQL | undefined {
  switch (state) {
    case "running":
      return and(sql`${sales.active}`, lte(sales.startsAt, now), gt(sales.endsAt, now));
    case "scheduled":
      return and(sql`${sales.active}`, gt(sales.startsAt, now));
    case "ended":
      return or(not(sales.active), lte(sales.endsAt, now));
    case "all":
      return undefined;
  }
}

/** One page of the store's sales, latest start first, with keyset cursors. */
export async function listSales(
  storeId: string,
  input: { state: SaleStateFilter; cursor: string | null; now?: Date },
): Promise<{ rows: AdminSaleRow[]; prevCursor: string | null; nextCursor: string | null }> {
  const now = input.now ?? new Date();
  const newest = newestFirst(input.cursor, sales.startsAt, sales.id);
  const db = await getDb();
  const fetched = await db.withStore(storeId, (tx) =>
    tx
      .select({
        id: sales.id,
        nameEn: sales.nameEn,
        nameAr: sales.nameAr,
        kind: sales.kind,
        value: sales.value,
        scope: sales.scope,
        startsAt: sales.startsAt,
        endsAt: sales.endsAt,
        active: sales.active,
        anchor: newest.anchor,
      })
      .from(sales)
      .where(and(eq(sales.storeId, storeId), stateFilter(input.state, now), newest.past))
      .orderBy(...newest.orderBy)
      .limit(ADMIN_SALES_PAGE_SIZE + 1),
  );
  const page = newest.page(fetched, ADMIN_SALES_PAGE_SIZE);
  const targetCount = await db.withStore(storeId, (tx) =>
    targetCounts(
      tx,
      storeId,
      SALE_TABLES,
      page.rows.map((row) => row.id),
    ),
  );
  return {
    ...page,
    rows: page.rows.map((row) => ({
      id: row.id,
      nameEn: row.nameEn,
      nameAr: row.nameAr,
      kind: row.kind,
      value: row.value,
      scope: row.scope,
      targetCount: targetCount.get(row.id) ?? 0,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      state: saleState(row, now),
    })),
  };
}

export async function getSale(storeId: string, id: string): Promise<AdminSale | null> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const [sale] = await tx
      .select()
      .from(sales)
      .where(and(eq(sales.storeId, storeId), eq(sales.id, id)));
    if (!sale) return null;
    return {
      id: sale.id,
      nameEn: sale.nameEn,
      nameAr: sale.nameAr,
      kind: sale.kind,
      value: sale.value,
      scope: sale.scope,
      startsAt: sale.startsAt,
      endsAt: sale.endsAt,
      ...(await targetsOf(tx, storeId, SALE_TABLES, id)),
    };
  });
}

export type SaveSaleResult =
  | { ok: true; id: string }
  /** not-found: the sale (edit); the others: a chosen category or product is not this store's. */
  | { ok: false; error: "not-found" | "category-not-found" | "product-not-found" };

class Refused extends Error {
  constructor(readonly result: Extract<SaveSaleResult, { ok: false }>) {
    super("refused");
  }
}

/** Creates (no `id`) or replaces a sale and its targets, in one transaction. */
export async function saveSale(
  storeId: string,
  input: SaleInput,
  options: { id?: string } = {},
): Promise<SaveSaleResult> {
  const db = await getDb();
  try {
    const id = await db.withStore(storeId, async (tx) => {
      const missing = await missingTarget(tx, input);
      if (missing) throw new Refused({ ok: false, error: missing });
      const values = {
        nameEn: input.nameEn,
        nameAr: input.nameAr,
        kind: input.kind,
        value: input.value,
        scope: input.scope,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        active: true,
      };
      const saleId = await saveTargeted(
        tx,
        storeId,
        { record: sales, targets: saleTargets, owner: "saleId" },
        {
          id: options.id,
          values,
          input,
          audit: {
            create: "sale.create",
            update: "sale.update",
            entityType: "sale",
            entityLabel: input.nameEn,
          },
        },
      );
      if (!saleId) throw new Refused({ ok: false, error: "not-found" });
      return saleId;
    });
    await catalogChanged(storeId);
    return { ok: true, id };
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

/** Deletes a sale (its targets go with it); false when it is not this store's. */
export async function deleteSale(storeId: string, id: string): Promise<boolean> {
  const db = await getDb();
  const deleted = await db.withStore(storeId, async (tx) => {
    const gone = await tx
      .delete(sales)
      .where(eq(sales.id, id))
      .returning({ id: sales.id, nameEn: sales.nameEn, kind: sales.kind, value: sales.value });
    for (const sale of gone) {
      await recordChange(tx, storeId, {
        action: "sale.delete",
        entityType: "sale",
        entityId: sale.id,
        entityLabel: sale.nameEn,
        before: { nameEn: sale.nameEn, kind: sale.kind, value: sale.value },
        after: null,
      });
    }
    return gone;
  });
  if (deleted.length === 0) return false;
  await catalogChanged(storeId);
  return true;
}

export interface ProductChoice {
  id: string;
  name: string;
  slug: string;
  priceCents: number;
}

/**
 * The form's product picker: the products already chosen (always listed, so they stay checked)
 * and up to PRODUCT_CHOICES_LIMIT others matching `q` (names, descriptions, slug).
 */
export async function listProductChoices(
  storeId: string,
  input: { q: string; chosenIds: string[]; locale: Locale },
): Promise<{ chosen: ProductChoice[]; matches: ProductChoice[] }> {
  const columns = {
    id: products.id,
    nameEn: products.nameEn,
    nameAr: products.nameAr,
    slug: products.slug,
    priceCents: products.priceCents,
  };
  const filters: SQL[] = [];
  for (const term of searchTerms(input.q)) {
    const pattern = likePattern(term);
    filters.push(sql`(${products.searchText} like ${pattern} or ${products.slug} like ${pattern})`);
  }
  if (input.chosenIds.length > 0) filters.push(not(inArray(products.id, input.chosenIds)));
  const db = await getDb();
  const { chosen, matches } = await db.withStore(storeId, async (tx) => ({
    chosen:
      input.chosenIds.length > 0
        ? await tx
            .select(columns)
            .from(products)
            .where(inArray(products.id, input.chosenIds))
            .orderBy(asc(products.slug))
        : [],
    matches: await tx
      .select(columns)
      .from(products)
      .where(and(...filters))
      .orderBy(asc(products.slug))
      .limit(PRODUCT_CHOICES_LIMIT),
  }));
  const choice = (row: (typeof chosen)[number]): ProductChoice => ({
    id: row.id,
    name: localized(row.nameEn, row.nameAr, input.locale),
    slug: row.slug,
    priceCents: row.priceCents,
  });
  return { chosen: chosen.map(choice), matches: matches.map(choice) };
}
