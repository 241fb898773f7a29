/**
 * Keyset pagination cursors for the catalogue (DESIGN §9: constant time at any depth, no OFFSET).
 * A cursor is the sort key value and id of the row a page starts after (or ends before), plus
 * the sort it belongs to, as base64url JSON: opaque to shoppers, and checked field by field when
 * read back, because it comes from the URL. A cursor that fails any check means "first page".
 */
import type { CatalogSort } from "~/lib/validation/catalog";

export interface Cursor {
  sort: CatalogSort;
  /** The sort column's value of the boundary row (units sold, or price in minor units). */
  key: number;
  id: string;
  /** "next": rows after the boundary; "prev": rows before it. */
  dir: "next" | "prev";
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT_MAX = 2_147_483_647;

export function encodeCursor(cursor: Cursor): string {
  const payload = [cursor.sort, cursor.key, cursor.id, cursor.dir === "next" ? "n" : "p"];
  return Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
}

/** The cursor, or null when it is not one this sort could have produced. */
export function decodeCursor(raw: string | null, sort: CatalogSort): Cursor | null {
  if (!raw) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(payload) || payload.length !== 4) return null;
  const [cursorSort, key, id, dir] = payload as unknown[];
  if (cursorSort !== sort) return null;
  // Every sort key is a non-negative integer column (units sold, price in minor units).
  if (typeof key !== "number" || !Number.isInteger(key) || key < 0 || key > INT_MAX) return null;
  if (typeof id !== "string" || !UUID.test(id)) return null;
  if (dir !== "n" && dir !== "p") return null;
  return { sort, key, id: id.toLowerCase(), dir: dir === "n" ? "next" : "prev" };
}
