/**
 * Keyset pages for admin lists ordered by one text column and the id: a cursor names the row a
 * page starts after (Next) or ends before (Previous). Opaque to the browser (base64url JSON);
 * anything that does not decode is treated as no cursor, so a tampered link shows the first page.
 */
export interface Keyset {
  /** The sort column's value and the id of the row the page is anchored to. */
  value: string;
  id: string;
  /** after: the rows following the anchor; before: the rows preceding it. */
  side: "after" | "before";
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-]\d{2}(?::\d{2})?$/;

/** PostgreSQL's text for a timestamptz, and a real calendar date (a cast of Feb 31 would fail). */
export function isTimestampText(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeKeyset(keyset: Keyset): string {
  return Buffer.from(JSON.stringify([keyset.value, keyset.id, keyset.side])).toString("base64url");
}

export function decodeKeyset(raw: string | null): Keyset | null {
  if (!raw || raw.length > 2000) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 3) return null;
    const [value, id, side] = parsed as unknown[];
    if (typeof value !== "string" || typeof id !== "string" || !UUID.test(id)) return null;
    if (side !== "after" && side !== "before") return null;
    return { value, id, side };
  } catch {
    return null;
  }
}

/**
 * Cuts a fetched page (limit + 1 rows, in display order after reversing a "before" query) into
 * its rows and the cursors of its neighbours.
 */
export function pageOf<Row>(
  fetched: Row[],
  limit: number,
  keyset: Keyset | null,
  anchor: (row: Row) => { value: string; id: string },
): { rows: Row[]; prevCursor: string | null; nextCursor: string | null } {
  const more = fetched.length > limit;
  const before = keyset?.side === "before";
  // A "before" query ran backwards: its extra row is at the far (earlier) end.
  const rows = before ? fetched.slice(0, limit).reverse() : fetched.slice(0, limit);
  const first = rows[0];
  const last = rows[rows.length - 1];
  const hasPrev = before ? more : keyset !== null;
  const hasNext = before ? true : more;
  return {
    rows,
    prevCursor: hasPrev && first ? encodeKeyset({ ...anchor(first), side: "before" }) : null,
    nextCursor: hasNext && last ? encodeKeyset({ ...anchor(last), side: "after" }) : null,
  };
}
