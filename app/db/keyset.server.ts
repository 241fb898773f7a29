/**
 * The query side of the admin lists read newest first by a timestamp and the id, in keyset pages
 * (~/lib/keyset.server reads and writes the cursors): the condition past the cursor's anchor, the
 * order, the anchor to select, and the cut into a page. The caller keeps its own filters, store
 * scope and columns.
 */
import { asc, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { decodeKeyset, isTimestampText, pageOf, type Keyset } from "~/lib/keyset.server";

export interface NewestFirstPage {
  /** The cursor read back; one whose value is not a timestamp's text reads as the first page. */
  keyset: Keyset | null;
  /** The rows past the anchor; undefined on the first page. */
  past: SQL | undefined;
  /** Newest first; a "before" page reads oldest first from its anchor and `page` turns it round. */
  orderBy: SQL[];
  /** The column as PostgreSQL's text, selected as each row's `anchor`: the cursor keeps its microseconds. */
  anchor: SQL<string>;
  /** The fetched rows (limit + 1) cut into the page and its neighbours' cursors. */
  page<Row extends { anchor: string; id: string }>(
    fetched: Row[],
    limit: number,
  ): { rows: Row[]; prevCursor: string | null; nextCursor: string | null };
}

/** A keyset page of rows ordered by `column` (a timestamp) and `id`, newest first, from `cursor`. */
export function newestFirst(cursor: string | null, column: AnyColumn, id: AnyColumn): NewestFirstPage {
  const decoded = decodeKeyset(cursor);
  const keyset = decoded && isTimestampText(decoded.value) ? decoded : null;
  const before = keyset?.side === "before";
  const anchor = keyset && sql`(${keyset.value}::timestamptz, ${keyset.id}::uuid)`;
  return {
    keyset,
    past: anchor
      ? before
        ? sql`(${column}, ${id}) > ${anchor}`
        : sql`(${column}, ${id}) < ${anchor}`
      : undefined,
    orderBy: before ? [asc(column), asc(id)] : [desc(column), desc(id)],
    anchor: sql<string>`${column}::text`,
    page: (fetched, limit) => pageOf(fetched, limit, keyset, (row) => ({ value: row.anchor, id: row.id })),
  };
}
