/**
 * The catalogue listing's query string (DESIGN §6: q, category, sub, min, max, sort, cursor).
 * Anything a shopper (or a crawler) can type into the URL is read here, never trusted: values
 * outside their domain fall back to a sane default and are reported as `problems`, so the page
 * can say what it changed and answer 400 instead of failing.
 */
import { z } from "zod";
import {
  DEFAULT_SORT,
  PRICE_MAX,
  PRICE_MIN,
  SEARCH_MAX_LENGTH,
  SORTS,
  type CatalogProblem,
  type CatalogQuery,
} from "~/lib/catalog-query";

export * from "~/lib/catalog-query";

/** Slugs are short; anything longer cannot name a category. */
const SLUG_MAX_LENGTH = 120;
const CURSOR_MAX_LENGTH = 300;

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
