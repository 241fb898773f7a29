/**
 * The signed-in shopper of a store page and what every page's header shows of them (the cart's
 * line count), read in ONE row-level-secured transaction: a signed-in page used to open one for
 * the session and another for the count (issue 13: each costs BEGIN, the tenant's set_config and
 * COMMIT besides its query, on the same two cores that render the page).
 */
import { getDb } from "~/db/client.server";
import { countCartLines } from "~/services/commerce/cart.server";
import { readUserSessionIn, type UserSession } from "./sessions.server";

export interface Viewer extends UserSession {
  /** Lines in the viewer's cart when the session was read. */
  cartLineCount: number;
}

/** The viewer for a session hash, or null for none, an idle, an expired or a blocked one. */
export async function readViewer(
  storeId: string,
  sessionHash: string,
  now = new Date(),
): Promise<Viewer | null> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const session = await readUserSessionIn(tx, sessionHash, now);
    if (!session) return null;
    return { ...session, cartLineCount: await countCartLines(tx, storeId, session.user.id) };
  });
}
