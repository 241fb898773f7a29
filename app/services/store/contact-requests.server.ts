/**
 * The messages shoppers sent through /contact, for the admin (SPEC §2 contact requests): unread
 * first, newest first within each, and the read flag. Store id first, in its RLS scope.
 */
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { contactRequests } from "~/db/schema";
import { decodeKeyset, pageOf } from "~/lib/keyset.server";

export const CONTACT_PAGE_SIZE = 25;

export interface ContactRequestRow {
  id: string;
  name: string;
  email: string;
  comments: string;
  read: boolean;
  createdAt: string;
}

// 0 = unread, 1 = read: the list's first key, so unread messages come first.
const readRank = sql<number>`(${contactRequests.status} = 'read')::int`;
// The timestamp as PostgreSQL prints it keeps its microseconds (a JS Date would drop them and
// make the cursor skip or repeat rows written in the same millisecond).
const createdText = sql<string>`${contactRequests.createdAt}::text`;

/** A cursor's value: "rank|timestamp". Anything else reads as the first page. */
function anchorOf(value: string): { rank: number; created: string } | null {
  const match = /^([01])\|(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?[+-]\d\d(?::\d\d)?)$/.exec(value);
  return match ? { rank: Number(match[1]), created: match[2]! } : null;
}

/** `unreadOnly`: the dashboard's "unread contact requests" tile (?status=unread). */
export async function listContactRequests(storeId: string, cursor: string | null, unreadOnly = false) {
  const decoded = decodeKeyset(cursor);
  const anchor = decoded ? anchorOf(decoded.value) : null;
  const keyset = anchor ? decoded : null;
  const before = keyset?.side === "before";
  const db = await getDb();
  const fetched = await db.withStore(storeId, (tx) => {
    // Display order: rank asc, then newest first (created, id desc). A "before" page reads the
    // exact reverse from its anchor and pageOf turns it round.
    const after = (rank: number, created: string, id: string) =>
      sql`(${readRank} > ${rank} or (${readRank} = ${rank} and (${contactRequests.createdAt}, ${contactRequests.id}) < (${created}::timestamptz, ${id}::uuid)))`;
    const beforeAnchor = (rank: number, created: string, id: string) =>
      sql`(${readRank} < ${rank} or (${readRank} = ${rank} and (${contactRequests.createdAt}, ${contactRequests.id}) > (${created}::timestamptz, ${id}::uuid)))`;
    const where = and(
      keyset && anchor ? (before ? beforeAnchor : after)(anchor.rank, anchor.created, keyset.id) : undefined,
      unreadOnly ? eq(contactRequests.status, "new") : undefined,
    );
    return tx
      .select({
        id: contactRequests.id,
        name: contactRequests.name,
        email: contactRequests.email,
        comments: contactRequests.comments,
        status: contactRequests.status,
        createdAt: contactRequests.createdAt,
        rank: readRank,
        createdText,
      })
      .from(contactRequests)
      .where(where)
      .orderBy(
        before ? sql`${readRank} desc` : sql`${readRank} asc`,
        before ? sql`${contactRequests.createdAt} asc` : sql`${contactRequests.createdAt} desc`,
        before ? sql`${contactRequests.id} asc` : sql`${contactRequests.id} desc`,
      )
      .limit(CONTACT_PAGE_SIZE + 1);
  });
  const page = pageOf(fetched, CONTACT_PAGE_SIZE, keyset, (row) => ({
    value: `${Number(row.rank)}|${row.createdText}`,
    id: row.id,
  }));
  return {
    ...page,
    rows: page.rows.map(
      ({ status, createdAt, rank: _rank, createdText: _text, ...row }): ContactRequestRow => ({
        ...row,
        read: status === "read",
        createdAt: createdAt.toISOString(),
      }),
    ),
  };
}

/** Marks one request read or unread; false when this store has no such request. */
export async function setContactRequestRead(storeId: string, id: string, read: boolean): Promise<boolean> {
  const db = await getDb();
  const updated = await db.withStore(storeId, (tx) =>
    tx
      .update(contactRequests)
      .set({ status: read ? "read" : "new" })
      .where(eq(contactRequests.id, id))
      .returning({ id: contactRequests.id }),
  );
  return updated.length > 0;
}
