/**
 * The catalogue listing's query (DESIGN §6: q, category, sub, min, max, sort, cursor): its
 * values and how it is written into a URL. Free of zod, so the listing's browser code can use
 * it without loading the schema (validation/catalog.ts parses it on the server).
 */
export const SORTS = ["best-seller", "trending", "price-asc", "price-desc"] as const;
export type CatalogSort = (typeof SORTS)[number];
export const DEFAULT_SORT: CatalogSort = "best-seller";

/** Price filter range in whole store-currency units (DESIGN §5, SPEC §9). */
export const PRICE_MIN = 0;
export const PRICE_MAX = 10_000;
export const SEARCH_MAX_LENGTH = 100;

/** Locale keys under `catalog.problems`. */
export type CatalogProblem = "sort" | "price" | "priceOrder" | "search" | "cursor";

export interface CatalogQuery {
  q: string;
  category: string | null;
  sub: string | null;
  /** Whole currency units, PRICE_MIN..PRICE_MAX, min ≤ max. */
  min: number;
  max: number;
  sort: CatalogSort;
  /** Opaque; decoded (and validated) by the catalogue service. */
  cursor: string | null;
}

export const DEFAULT_QUERY: CatalogQuery = {
  q: "",
  category: null,
  sub: null,
  min: PRICE_MIN,
  max: PRICE_MAX,
  sort: DEFAULT_SORT,
  cursor: null,
};

/**
 * The query string for a listing URL, leaving out defaults so URLs stay short and canonical.
 * `cursor` is dropped unless given: any change of filter starts again at the first page.
 */
export function catalogSearch(query: Partial<CatalogQuery>, keep: { category?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (keep.category !== false) {
    if (query.category) params.set("category", query.category);
    if (query.sub) params.set("sub", query.sub);
  }
  if (query.min !== undefined && query.min !== PRICE_MIN) params.set("min", String(query.min));
  if (query.max !== undefined && query.max !== PRICE_MAX) params.set("max", String(query.max));
  if (query.sort && query.sort !== DEFAULT_SORT) params.set("sort", query.sort);
  if (query.cursor) params.set("cursor", query.cursor);
  const text = params.toString();
  return text ? `?${text}` : "";
}
