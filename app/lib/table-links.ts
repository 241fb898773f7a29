/**
 * The links of an admin list (DataTable): sort by a column, go to the previous or next page.
 * Every link keeps the list's other parameters (filters, search) so a sort does not lose the
 * filter; a new sort or filter starts again from the first page (the cursor belongs to the old
 * order). Loaders read the same parameters back with `readTableSort`.
 */
export type SortDir = "asc" | "desc";

export interface TableSort {
  key: string;
  dir: SortDir;
}

/** Query parameter names, shared by the links and the loaders that read them. */
export const TABLE_PARAMS = { sort: "sort", dir: "dir", cursor: "cursor" } as const;

/**
 * The list's order from its query: a column the loader allows, else the fallback. Anything else
 * in `sort` or `dir` (a typo, an injected value) falls back rather than failing the page.
 */
export function readTableSort(
  search: URLSearchParams,
  allowed: readonly string[],
  fallback: TableSort,
): TableSort {
  const key = search.get(TABLE_PARAMS.sort);
  const dir = search.get(TABLE_PARAMS.dir);
  if (!key || !allowed.includes(key)) return fallback;
  return {
    key,
    dir: dir === "desc" ? "desc" : dir === "asc" ? "asc" : key === fallback.key ? fallback.dir : "asc",
  };
}

/** Where a column header links: this column ascending, or the other way when it is already the order. */
export function sortHref(pathname: string, search: string, key: string, current: TableSort | null): string {
  const params = new URLSearchParams(search);
  const dir: SortDir = current?.key === key && current.dir === "asc" ? "desc" : "asc";
  params.set(TABLE_PARAMS.sort, key);
  params.set(TABLE_PARAMS.dir, dir);
  params.delete(TABLE_PARAMS.cursor);
  return withQuery(pathname, params);
}

/** A Previous/Next link: the same list from an opaque cursor the loader handed out. */
export function cursorHref(pathname: string, search: string, cursor: string): string {
  const params = new URLSearchParams(search);
  params.set(TABLE_PARAMS.cursor, cursor);
  return withQuery(pathname, params);
}

/** The `aria-sort` of a column header: only the column the list is ordered by has one. */
export function ariaSort(key: string, current: TableSort | null): "ascending" | "descending" | undefined {
  if (current?.key !== key) return undefined;
  return current.dir === "asc" ? "ascending" : "descending";
}

/**
 * The hidden fields a filter form sends along so that filtering keeps the order (and drops the
 * cursor): every current parameter except the cursor and the filter fields themselves.
 */
export function keptParams(search: string, filterNames: readonly string[]): [string, string][] {
  const params = new URLSearchParams(search);
  return [...params].filter(([name]) => name !== TABLE_PARAMS.cursor && !filterNames.includes(name));
}

function withQuery(pathname: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
