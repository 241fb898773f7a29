/**
 * What an admin list reads from its query string, one way for every list: `q` (trimmed, capped),
 * filters whose values come from an allow-list (or a check), the order from an allow-list of
 * columns (readTableSort), and the opaque keyset cursor. A value the list cannot use never fails
 * the page: an unknown sort falls back to the list's default; an unknown filter value is dropped
 * and named in `problems`, so the page can say so above the list. "all" and "" are no filter.
 */
import { readTableSort, TABLE_PARAMS, type TableSort } from "~/lib/table-links";

/** The allowed values of a filter, or a check that turns a raw value into one (null: unusable). */
export type FilterRule<V> = readonly V[] | ((raw: string) => V | null);

type FilterValue<R> = R extends readonly (infer V)[]
  ? V
  : R extends (raw: string) => infer V
    ? NonNullable<V>
    : never;

export interface ListQuerySpec<F extends Record<string, FilterRule<unknown>>, S extends string> {
  /** The longest search kept (default 200 characters). */
  maxQ?: number;
  filters?: F;
  sort?: { allowed: readonly S[]; fallback: { key: S; dir: TableSort["dir"] } };
}

export interface ListQuery<F extends Record<string, FilterRule<unknown>>, S extends string> {
  q: string;
  filters: { [K in keyof F]: FilterValue<F[K]> | null };
  /** Filters whose value was given but could not be used (ignored). */
  problems: (keyof F & string)[];
  sort: { key: S; dir: TableSort["dir"] };
  cursor: string | null;
}

const MAX_Q = 200;

export function readListQuery<
  F extends Record<string, FilterRule<unknown>> = Record<never, never>,
  S extends string = never,
>(source: Request | URLSearchParams, spec: ListQuerySpec<F, S> = {}): ListQuery<F, S> {
  const search = source instanceof URLSearchParams ? source : new URL(source.url).searchParams;
  const filters = {} as Record<string, unknown>;
  const problems: (keyof F & string)[] = [];
  for (const [name, rule] of Object.entries(spec.filters ?? {}) as [
    keyof F & string,
    FilterRule<unknown>,
  ][]) {
    const raw = search.get(name)?.trim() ?? "";
    if (raw === "" || raw === "all") {
      filters[name] = null;
      continue;
    }
    const value = typeof rule === "function" ? rule(raw) : rule.includes(raw) ? raw : null;
    if (value === null || value === undefined) problems.push(name);
    filters[name] = value ?? null;
  }
  const sort = spec.sort
    ? (readTableSort(search, spec.sort.allowed, spec.sort.fallback) as ListQuery<F, S>["sort"])
    : (undefined as never);
  return {
    q: (search.get("q") ?? "").trim().slice(0, spec.maxQ ?? MAX_Q),
    filters: filters as ListQuery<F, S>["filters"],
    problems,
    sort,
    cursor: search.get(TABLE_PARAMS.cursor),
  };
}

/**
 * Where a list's row action goes back to: the same list (search, filters, order, page) the
 * button was pressed on, less `drop` (e.g. a pending confirmation).
 */
export function sameListPath(request: Request, pathname: string, drop: readonly string[] = []): string {
  const params = new URL(request.url).searchParams;
  for (const name of drop) params.delete(name);
  return params.size > 0 ? `${pathname}?${params}` : pathname;
}
