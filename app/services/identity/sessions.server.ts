/**
 * Shopper and store-admin sessions (DESIGN §5): a row per session, the cookie holds only a
 * signed random id, and the table holds only its sha256, so a leaked table cannot be replayed.
 * Idle and absolute expiry; a fresh id at every sign-in; logout deletes the row.
 */
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import {
  hashSessionId,
  newSessionId,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  sessionCookie,
} from "~/services/identity/session-cookie.server";

export { hashSessionId, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS };

/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  imageId: string | null;
  signInMethod: "password" | "email-link";
}

/** The columns a SessionUser is read from; one list for sessions and accounts. */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  isAdmin: users.isAdmin,
  imageId: users.imageId,
  signInMethod: users.signInMethod,
};

const cookie = sessionCookie("__session");

/** The hashed session id from the request's signed cookie, or null. */
export const readSessionHash = (request: Request) => cookie.readHash(request);

/**
 * Starts a session for `userId` and returns its Set-Cookie value. Any session the request
 * already carried is ended first, so an id planted before sign-in never becomes valid.
 */
export async function createUserSession(storeId: string, userId: string, request: Request): Promise<string> {
  const previous = await readSessionHash(request);
  const id = newSessionId();
  const db = await getDb();
  await db.withStore(storeId, async (tx) => {
    if (previous) await tx.delete(sessions).where(eq(sessions.id, previous));
    await tx.insert(sessions).values({
      storeId,
      id: hashSessionId(id),
      userId,
      expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
      userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
    });
  });
  return cookie.serialize(id);
}

/** The signed-in user of this store, or null for none, an expired or an idle session. */
export async function getSessionUser(
  storeId: string,
  request: Request,
): Promise<{ user: SessionUser; sessionHash: string } | null> {
  const sessionHash = await readSessionHash(request);
  if (!sessionHash) return null;
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const now = new Date();
    const [row] = await tx
      .select({
        lastSeenAt: sessions.lastSeenAt,
        user: sessionUserColumns,
      })
      .from(sessions)
      .innerJoin(users, and(eq(users.storeId, sessions.storeId), eq(users.id, sessions.userId)))
      .where(
        and(
          eq(sessions.id, sessionHash),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        ),
      );
    if (!row) return null;
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionHash));
    }
    return { user: row.user, sessionHash };
  });
}

/** Ends the request's session on the server and returns the Set-Cookie that clears it. */
export async function destroySession(storeId: string, request: Request): Promise<string> {
  const sessionHash = await readSessionHash(request);
  if (sessionHash) {
    const db = await getDb();
    await db.withStore(storeId, (tx) => tx.delete(sessions).where(eq(sessions.id, sessionHash)));
  }
  return cookie.clear();
}

/** Ends every session of the user except `keepHash` (after a password change). */
export async function destroyOtherSessions(
  storeId: string,
  userId: string,
  keepHash: string | null,
): Promise<void> {
  const db = await getDb();
  await db.withStore(storeId, (tx) =>
    tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), keepHash ? ne(sessions.id, keepHash) : sql`true`)),
  );
}
