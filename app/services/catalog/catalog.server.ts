/**
 * The catalogue: categories and the product listing with filters, search, sorts and keyset
 * pagination (DESIGN §5, §6, §9). Every query leads with `store_id` and runs inside the store's
 * row-level-secured transaction; one listing is four small queries in one transaction (three when
 * a search has few matches: searchPageQuery; five when it has many).
 */
import { and, asc, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { getDb, rowsOf, type Tx } from "~/db/client.server";
import { categories, products } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import { currencyDigits } from "~/lib/money";
import { stockState } from "~/lib/stock";
import { PRICE_MAX, PRICE_MIN, type CatalogQuery, type CatalogSort } from "~/lib/validation/catalog";
import { decodeCursor, encodeCursor, type Cursor } from "~/services/catalog/catalog-cursor.server";
import { loadActiveSales, priceOne, type ActiveSale } from "~/services/pricing/pricing.server";
import { localized } from "~/services/store/settings.server";
import type { CatalogProduct } from "./contract";
import {
  categoryColumns,
  firstImageId,
  priceVaries,
  productSummaryColumns,
} from "~/services/catalog/product-columns.server";

export type { CatalogProduct };

export const PAGE_SIZE = 12;
/** At most this many words of a search are matched (each must appear). */
const MAX_SEARCH_TERMS = 5;

export interface CatalogSubcategory {
  id: string;
  slug: string;
  name: string;
  description: string;
  imageId: string | null;
}

export interface CatalogCategory extends CatalogSubcategory {
  subcategories: CatalogSubcategory[];
}

export interface FormatOptions {
  locale: Locale;
  currency: string;
}

// ───────────────────────────── categories ─────────────────────────────

async function categoriesIn(tx: Tx, storeId: string, locale: Locale): Promise<CatalogCategory[]> {
  const rows = await tx
    .select({
      ...categoryColumns,
      descriptionEn: categories.descriptionEn,
      descriptionAr: categories.descriptionAr,
      imageId: categories.imageId,
    })
    .from(categories)
    .where(eq(categories.storeId, storeId))
    .orderBy(asc(categories.sortOrder), asc(categories.slug));
  const node = (row: (typeof rows)[number]): CatalogSubcategory => ({
    id: row.id,
    slug: row.slug,
    name: localized(row.nameEn, row.nameAr, locale),
    description: localized(row.descriptionEn, row.descriptionAr, locale),
    imageId: row.imageId,
  });
  const tops = rows
    .filter((row) => row.parentId === null)
    .map((row) => ({ ...node(row), subcategories: [] as CatalogSubcategory[] }));
  const byId = new Map(tops.map((top) => [top.id, top]));
  for (const row of rows) {
    if (row.parentId !== null) byId.get(row.parentId)?.subcategories.push(node(row));
  }
  return tops;
}

/** Top-level categories in the owner's order, each with its sub categories. */
export async function listCategories(storeId: string, locale: Locale): Promise<CatalogCategory[]> {
  const db = await getDb();
  return db.withStore(storeId, (tx) => categoriesIn(tx, storeId, locale));
}

/** A top-level category with its sub categories, or null (sub categories are not found here). */
export async function getCategoryBySlug(
  storeId: string,
  slug: string,
  locale: Locale,
): Promise<CatalogCategory | null> {
  const all = await listCategories(storeId, locale);
  return all.find((category) => category.slug === slug) ?? null;
}

// ───────────────────────────── products ─────────────────────────────

const productColumns = {
  ...productSummaryColumns,
  displayPriceCents: products.displayPriceCents,
  unitsSold: products.unitsSold,
  unitsSold7d: products.unitsSold7d,
  imageId: firstImageId(),
  priceVaries: priceVaries(),
};

type ProductRow = {
  id: string;
  slug: string;
  nameEn: string;
  nameAr: string;
  priceCents: number;
  stock: number;
  categoryId: string | null;
  subcategoryId: string | null;
  shadeHex: string | null;
  colorFamily: string | null;
  unitsSold: number;
  unitsSold7d: number;
  imageId: string | null;
  priceVaries: boolean;
  /** Only where the row is read for a listing (the price sorts' key). */
  displayPriceCents?: number;
};

/**
 * `active` as a literal predicate, never `active = $1`: a parameter would stop PostgreSQL from
 * matching the partial listing indexes (`… WHERE active`) in a generic plan.
 */
export const isActive = sql`${products.active}`;

export function toCard(row: ProductRow, sales: readonly ActiveSale[], locale: Locale): CatalogProduct {
  const priced = priceOne(row, sales);
  return {
    id: row.id,
    slug: row.slug,
    name: localized(row.nameEn, row.nameAr, locale),
    priceCents: priced.unitPriceCents,
    salePriceCents: priced.unitSalePriceCents,
    shadeHex: row.shadeHex,
    colorFamily: row.colorFamily,
    stock: stockState(row.stock),
    imageId: row.imageId ?? null,
    priceVaries: Boolean(row.priceVaries),
  };
}

/**
 * A sale started or ended since the store's display prices were last computed: recompute them
 * before sorting or filtering by them (drizzle/0018_variants.sql, decision 023). One indexed
 * read of the store row otherwise.
 */
export async function refreshDisplayPricesIfDue(tx: Tx, storeId: string): Promise<void> {
  await tx.execute(sql`select refresh_display_prices_if_due(${storeId}::uuid)`);
}

/** Escapes LIKE's wildcards and its escape character, so a search for "50%" means 50%. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The search's words, lower-cased: they are matched with LIKE against the lower-cased search_text. */
export function searchTerms(q: string): string[] {
  return q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_TERMS);
}

interface SortSpec {
  column: typeof products.unitsSold | typeof products.unitsSold7d | typeof products.displayPriceCents;
  /** The key's direction in its index; every listing index puts NULLS LAST and ends with id ASC. */
  indexDesc: boolean;
  /** The display order is the index order read backwards. */
  backwards: boolean;
  keyOf(row: ProductRow): number;
}

/** Each order is a scan of an index that leads with store_id and ends with id (see schema.ts). */
const SORTS: Record<CatalogSort, SortSpec> = {
  // products_best_seller_idx
  "best-seller": { column: products.unitsSold, indexDesc: true, backwards: false, keyOf: (r) => r.unitsSold },
  // products_trending_idx
  trending: { column: products.unitsSold7d, indexDesc: true, backwards: false, keyOf: (r) => r.unitsSold7d },
  // products_price_idx, forwards and backwards: the price a shopper pays now (decision 023)
  "price-asc": {
    column: products.displayPriceCents,
    indexDesc: false,
    backwards: false,
    keyOf: (r) => r.displayPriceCents ?? r.priceCents,
  },
  "price-desc": {
    column: products.displayPriceCents,
    indexDesc: false,
    backwards: true,
    keyOf: (r) => r.displayPriceCents ?? r.priceCents,
  },
};

/**
 * ORDER BY spelled exactly as the index (or its mirror image), NULLS placement included: an
 * index on `units_sold DESC NULLS LAST` cannot serve a plain `units_sold DESC` (NULLS FIRST),
 * even on a NOT NULL column, and PostgreSQL would sort the whole store instead.
 */
function orderFor(spec: SortSpec, backwards: boolean): SQL[] {
  const forward = !backwards;
  const key = spec.indexDesc
    ? forward
      ? sql`${spec.column} desc nulls last`
      : sql`${spec.column} asc nulls first`
    : forward
      ? sql`${spec.column} asc nulls last`
      : sql`${spec.column} desc nulls first`;
  return [key, forward ? asc(products.id) : desc(products.id)];
}

/** Rows strictly beyond the cursor row in the direction the index is read. */
function afterCursor(spec: SortSpec, cursor: Cursor, backwards: boolean): SQL {
  const key = sql`${cursor.key}::integer`;
  const id = sql`${cursor.id}::uuid`;
  if (!spec.indexDesc) {
    // Both columns ascend in the index: a row comparison it can seek to directly.
    return backwards
      ? sql`(${spec.column}, ${products.id}) < (${key}, ${id})`
      : sql`(${spec.column}, ${products.id}) > (${key}, ${id})`;
  }
  // Key descends, id ascends: the redundant bound on the key alone still lets the index seek.
  return backwards
    ? sql`${spec.column} >= ${key} and (${spec.column} > ${key} or ${products.id} < ${id})`
    : sql`${spec.column} <= ${key} and (${spec.column} < ${key} or ${products.id} > ${id})`;
}

/** Whole currency units → minor units of the store's currency. */
function toMinor(amount: number, currency: string): number {
  return Math.round(amount * 10 ** currencyDigits(currency));
}

export interface ListingFilter {
  categoryId: string | null;
  subcategoryId: string | null;
  min: number;
  max: number;
  q: string;
}

/**
 * A search lists from its matching rows themselves (searchPage) when there are at most this
 * many: then reading them all is cheap. A common word is left to the listing's own LIKEs, whose page
 * the sort's index can find long before it has seen every match.
 */
export const FEW_MATCHES = 500;

/** The LIKE patterns of a search's words (none without a search). */
export function searchPatterns(q: string): string[] {
  return searchTerms(q).map(likePattern);
}

/** One text[] parameter's worth of patterns, as the search functions take them. */
function patternArray(patterns: readonly string[]): SQL {
  return sql`array[${sql.join(
    patterns.map((pattern) => sql`${pattern}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * A search's page and its total in one statement, from the matching rows themselves:
 * catalog_search_rows (drizzle/0025_catalog_search_rows.sql), a store-scoped SECURITY DEFINER
 * function (row-level security keeps a predicate that is not LEAKPROOF, as LIKE is not, from being
 * an index condition for the app's role, so the trigram search runs as the owner), returns up
 * to FEW_MATCHES + 1 of the store's matches with the columns a listing reads, from the rows its trigram search fetched anyway; they are kept in a CTE named
 * `products` (which hides the table, so `conditions`, the cursor and the order apply to it as
 * they would to the table). There is always one row, the page's columns null when the page is
 * empty: it carries `found`, all the search's matches (active or not, up to FEW_MATCHES + 1;
 * more than FEW_MATCHES means a common word, whose page is then not read at all: searchPage),
 * and `total`, those that pass `conditions`. The page is a lateral subquery ordered again
 * outside, so its order is the ORDER BY's, not the join's.
 *
 * `conditions` are the listing's without the search words (filterConditions with no `q`): every
 * row the function returns matches those already. The store condition stays, so a store id that
 * is not the transaction's lists nothing.
 */
export function searchPageQuery(
  patterns: readonly string[],
  conditions: SQL[],
  sort: CatalogSort,
  cursor: Cursor | null,
): SQL {
  const spec = SORTS[sort];
  const backwards = spec.backwards !== (cursor?.dir === "prev");
  const where = cursor ? [...conditions, afterCursor(spec, cursor, backwards)] : conditions;
  const order = sql.join(orderFor(spec, backwards), sql`, `);
  return sql`with "products" as materialized (
      select * from catalog_search_rows(${patternArray(patterns)}, ${FEW_MATCHES + 1}::integer)
    )
    select "found"."found", "found"."total", "products".*
      from (select count(*)::integer as "found",
                   (count(*) filter (where ${sql.join(conditions, sql` and `)}))::integer as "total"
              from "products") "found"
      left join lateral (
        select "products"."id", "products"."slug", "products"."name_en", "products"."name_ar",
               "products"."price_cents", "products"."stock", "products"."category_id",
               "products"."subcategory_id", "products"."shade_hex", "products"."color_family",
               "products"."display_price_cents", "products"."units_sold", "products"."units_sold_7d",
               ${firstImageId()} as "image_id", ${priceVaries()} as "price_varies"
          from "products"
         where "found"."found" <= ${FEW_MATCHES} and ${sql.join(where, sql` and `)}
         order by ${order}
         limit ${PAGE_SIZE + 1}
      ) "products" on true
     order by ${order}`;
}

interface SearchPageRow {
  found: number;
  total: number;
  id: string | null;
  slug: string;
  name_en: string;
  name_ar: string;
  price_cents: number;
  stock: number;
  category_id: string | null;
  subcategory_id: string | null;
  shade_hex: string | null;
  color_family: string | null;
  display_price_cents: number;
  units_sold: number;
  units_sold_7d: number;
  image_id: string | null;
  price_varies: boolean;
}

/**
 * Runs searchPageQuery: the page's rows (PAGE_SIZE + 1 at most, in the direction of travel) and
 * the listing's total; null when the search matches more than FEW_MATCHES of the store's
 * products, whose page is then read in the sort's index order (see readInSortOrder).
 */
export async function searchPage(
  tx: Tx,
  patterns: readonly string[],
  conditions: SQL[],
  sort: CatalogSort,
  cursor: Cursor | null,
): Promise<{ rows: ProductRow[]; total: number } | null> {
  const result = rowsOf<SearchPageRow>(await tx.execute(searchPageQuery(patterns, conditions, sort, cursor)));
  const first = result[0];
  if (!first || first.found > FEW_MATCHES) return null;
  const rows = result.flatMap((row): ProductRow[] =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            slug: row.slug,
            nameEn: row.name_en,
            nameAr: row.name_ar,
            priceCents: row.price_cents,
            stock: row.stock,
            categoryId: row.category_id,
            subcategoryId: row.subcategory_id,
            shadeHex: row.shade_hex,
            colorFamily: row.color_family,
            displayPriceCents: row.display_price_cents,
            unitsSold: row.units_sold,
            unitsSold7d: row.units_sold_7d,
            imageId: row.image_id,
            priceVaries: row.price_varies,
          },
        ],
  );
  return { rows, total: first.total };
}

/**
 * For the rest of the transaction, pages are read in their sort's index order rather than
 * gathered and sorted. Row-level security keeps the planner from the column's statistics for
 * LIKE, so it guesses a search's matches from the pattern alone, and a long word (an Arabic one
 * above all) looks rare: it would read every match in the store and sort them (26 ms for a common
 * Arabic word in a store of 50,000 products, npm run bench:catalog). Only for a search known to be
 * common: walking the index then meets a page of matches after a few hundred rows at most.
 */
export async function readInSortOrder(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config('enable_sort', 'off', true)`);
}

/** The WHERE clause of a listing: the store, active products, and the shopper's filters. */
export function filterConditions(storeId: string, filter: ListingFilter, currency: string): SQL[] {
  const conditions: SQL[] = [eq(products.storeId, storeId), isActive];
  if (filter.categoryId) conditions.push(eq(products.categoryId, filter.categoryId));
  if (filter.subcategoryId) conditions.push(eq(products.subcategoryId, filter.subcategoryId));
  // The ends of the range mean "no bound", so a store with dearer products (or a currency with
  // small units, like JPY) still lists them all by default.
  // The price a shopper pays now, sales included (decision 023), as the cards show it.
  if (filter.min > PRICE_MIN) conditions.push(gte(products.displayPriceCents, toMinor(filter.min, currency)));
  if (filter.max < PRICE_MAX) conditions.push(lte(products.displayPriceCents, toMinor(filter.max, currency)));
  // search_text is stored lower-cased and searchTerms lower-cases the words, so LIKE answers as
  // ILIKE would, without lower-casing every row it tests (drizzle/0004_search_like.sql). Not
  // `like lower($1)`: under a generic plan that lower() runs once per row too.
  for (const term of searchTerms(filter.q)) {
    conditions.push(sql`${products.searchText} like ${likePattern(term)}`);
  }
  return conditions;
}

/** The page query exactly as the listing runs it; exported for the EXPLAIN test. */
export function pageQuery(tx: Tx, conditions: SQL[], sort: CatalogSort, cursor: Cursor | null) {
  const spec = SORTS[sort];
  // Walking back from a "prev" cursor reads the display order in reverse.
  const backwards = spec.backwards !== (cursor?.dir === "prev");
  const where = cursor ? [...conditions, afterCursor(spec, cursor, backwards)] : conditions;
  return tx
    .select(productColumns)
    .from(products)
    .where(and(...where))
    .orderBy(...orderFor(spec, backwards))
    .limit(PAGE_SIZE + 1);
}

export function countQuery(tx: Tx, conditions: SQL[]) {
  return tx
    .select({ count: sql<number>`count(*)::integer` })
    .from(products)
    .where(and(...conditions));
}

export type ListingResult =
  | {
      kind: "ok";
      products: CatalogProduct[];
      /** How many active products match the filters, over all pages. */
      total: number;
      prevCursor: string | null;
      nextCursor: string | null;
      categories: CatalogCategory[];
      category: CatalogCategory | null;
      subcategory: CatalogSubcategory | null;
      /** A sub category was asked for under another category and was ignored. */
      subIgnored: boolean;
      /** The cursor in the URL was not usable: this is the first page. */
      cursorIgnored: boolean;
    }
  | { kind: "category-not-found" }
  | { kind: "sub-not-found" };

export interface ListingOptions extends FormatOptions {
  /**
   * Strict: a sub category must belong to the category (the /categories/:slug/:sub pages 404
   * otherwise). Lenient (the /products form): such a sub is ignored, so changing the category
   * in the form without JavaScript never leads to a 404.
   */
  strictSub?: boolean;
}

/** One page of the store's active products for a listing query (see CatalogQuery). */
export async function listProducts(
  storeId: string,
  query: CatalogQuery,
  options: ListingOptions,
): Promise<ListingResult> {
  const db = await getDb();
  return db.withStore(storeId, async (tx): Promise<ListingResult> => {
    const all = await categoriesIn(tx, storeId, options.locale);
    let category = query.category ? (all.find((c) => c.slug === query.category) ?? null) : null;
    if (query.category && !category) return { kind: "category-not-found" };
    let subcategory: CatalogSubcategory | null = null;
    let subIgnored = false;
    if (query.sub) {
      const parent = all.find((c) => c.subcategories.some((s) => s.slug === query.sub));
      if (!parent) return { kind: "sub-not-found" };
      if (category && parent.id !== category.id) {
        if (options.strictSub) return { kind: "sub-not-found" };
        subIgnored = true;
      } else {
        category = parent;
        subcategory = parent.subcategories.find((s) => s.slug === query.sub) ?? null;
      }
    }

    const cursor = decodeCursor(query.cursor, query.sort);
    await refreshDisplayPricesIfDue(tx, storeId);
    const filter: ListingFilter = {
      // A sub category's products all carry its parent too; filtering by the sub is enough.
      categoryId: subcategory ? null : (category?.id ?? null),
      subcategoryId: subcategory?.id ?? null,
      min: query.min,
      max: query.max,
      q: query.q,
    };
    const sales = await loadActiveSales(tx);
    const patterns = searchPatterns(query.q);
    // A search with few matches: its page and total from its matching rows, in one statement.
    const few =
      patterns.length > 0
        ? await searchPage(
            tx,
            patterns,
            filterConditions(storeId, { ...filter, q: "" }, options.currency),
            query.sort,
            cursor,
          )
        : null;
    let rows: ProductRow[];
    let count: number;
    if (few) {
      ({ rows, total: count } = few);
    } else {
      // No search, or a common word: the listing's own conditions, LIKEs included.
      const conditions = filterConditions(storeId, filter, options.currency);
      if (patterns.length > 0) await readInSortOrder(tx);
      rows = await pageQuery(tx, conditions, query.sort, cursor);
      [{ count } = { count: 0 }] = await countQuery(tx, conditions);
    }

    // One extra row tells whether there is more in the direction of travel.
    const more = rows.length > PAGE_SIZE;
    const page = rows.slice(0, PAGE_SIZE);
    if (cursor?.dir === "prev") page.reverse();
    const spec = SORTS[query.sort];
    const boundary = (row: ProductRow | undefined, dir: Cursor["dir"]) =>
      row ? encodeCursor({ sort: query.sort, key: spec.keyOf(row), id: row.id, dir }) : null;
    // Coming from a cursor means there is a page on the side we came from.
    const hasPrev = cursor ? (cursor.dir === "prev" ? more : true) : false;
    const hasNext = cursor?.dir === "prev" ? true : more;

    return {
      kind: "ok",
      products: page.map((row) => toCard(row, sales, options.locale)),
      total: count,
      prevCursor: hasPrev && page.length > 0 ? boundary(page[0], "prev") : null,
      nextCursor: hasNext && page.length > 0 ? boundary(page.at(-1), "next") : null,
      categories: all,
      category,
      subcategory,
      subIgnored,
      cursorIgnored: query.cursor !== null && cursor === null,
    };
  });
}
