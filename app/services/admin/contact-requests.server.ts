/**
 * The messages shoppers sent through /contact, for the admin (SPEC §2 contact requests): unread
 * first, newest first within each, and the read flag. Store id first, in its RLS scope.
 */
import { desc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { contactRequests } from "~/db/schema";

/** The page shows this many; older read messages beyond it are rarely needed (no pages yet). */
export const CONTACT_LIST_LIMIT = 100;

export interface ContactRequestRow {
  id: string;
  name: string;
  email: string;
  comments: string;
  read: boolean;
  createdAt: string;
}

export async function listContactRequests(storeId: string): Promise<ContactRequestRow[]> {
  const db = await getDb();
  const rows = await db.withStore(storeId, (tx) =>
    tx
      .select({
        id: contactRequests.id,
        name: contactRequests.name,
        email: contactRequests.email,
        comments: contactRequests.comments,
        status: contactRequests.status,
        createdAt: contactRequests.createdAt,
      })
      .from(contactRequests)
      .orderBy(
        sql`(${contactRequests.status} = 'new') desc`,
        desc(contactRequests.createdAt),
        desc(contactRequests.id),
      )
      .limit(CONTACT_LIST_LIMIT),
  );
  return rows.map(({ status, createdAt, ...row }) => ({
    ...row,
    read: status === "read",
    createdAt: createdAt.toISOString(),
  }));
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
