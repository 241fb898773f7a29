/**
 * The catalogue listing's query string (DESIGN §6: q, category, sub, min, max, sort, cursor).
 * Anything a shopper (or a crawler) can type into the URL is read here, never trusted: values
 * outside their domain fall back to a sane default and are reported as `problems`, so the page
 * can say what it changed and answer 400 instead of failing.
 */
import { z } from "zod";

export const SORTS = ["best-seller", "trending", "price-asc", "price-desc"] as const;
export type CatalogSort = (typeof SORTS)[number];
export const DEFAULT_SORT: CatalogSort = "best-seller";

/** Price filter range in whole store-currency units (DESIGN §5, SPEC §9). */
export const PRICE_MIN = 0;
export const PRICE_MAX = 10_000;
export const SEARCH_MAX_LENGTH = 100;
/** Slugs are short; anything longer cannot name a category. */
const SLUG_MAX_LENGTH = 120;
const CURSOR_MAX_LENGTH = 300;

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

const sortSchema = z.enum(SORTS);
const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(SLUG_MAX_LENGTH)
  .regex(/^[a-z0-9-]+$/);
const priceSchema = z.coerce.number().finite().min(PRICE_MIN).max(PRICE_MAX);
const cursorSchema = z
  .string()
  .min(1)
  .max(CURSOR_MAX_LENGTH)
  .regex(/^[A-Za-z0-9_-]+$/);

export interface ParsedCatalogQuery {
  query: CatalogQuery;
  problems: CatalogProblem[];
}

/** Reads the listing's search params; never throws. */
export function parseCatalogQuery(params: URLSearchParams): ParsedCatalogQuery {
  const problems = new Set<CatalogProblem>();
  const text = (name: string) => params.get(name)?.trim() ?? "";

  let sort = DEFAULT_SORT;
  if (text("sort")) {
    const parsed = sortSchema.safeParse(text("sort"));
    if (parsed.success) sort = parsed.data;
    else problems.add("sort");
  }

  const price = (name: "min" | "max", fallback: number) => {
    const raw = text(name);
    if (!raw) return fallback;
    const parsed = priceSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    problems.add("price");
    const number = Number(raw);
    // A number out of range is clamped; garbage falls back to the default.
    if (!Number.isFinite(number)) return fallback;
    return Math.min(PRICE_MAX, Math.max(PRICE_MIN, number));
  };
  let min = price("min", PRICE_MIN);
  let max = price("max", PRICE_MAX);
  if (min > max) {
    problems.add("priceOrder");
    [min, max] = [max, min];
  }

  // Control characters never belong in a search; long input is cut, not refused.
  // eslint-disable-next-line no-control-regex
  let q = text("q").replace(/[\u0000-\u001f\u007f]/g, " ");
  if (q.length > SEARCH_MAX_LENGTH) {
    problems.add("search");
    q = q.slice(0, SEARCH_MAX_LENGTH).trim();
  }

  const slug = (name: string) => {
    const raw = text(name);
    if (!raw) return null;
    const parsed = slugSchema.safeParse(raw);
    // An impossible slug names nothing: the service answers "not found" for it.
    return parsed.success ? parsed.data : "-";
  };

  let cursor: string | null = null;
  if (text("cursor")) {
    const parsed = cursorSchema.safeParse(text("cursor"));
    if (parsed.success) cursor = parsed.data;
    else problems.add("cursor");
  }

  return {
    query: { q, category: slug("category"), sub: slug("sub"), min, max, sort, cursor },
    problems: [...problems],
  };
}

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
