/**
 * The one session store (DESIGN §5, decision 011) for both kinds of sign-in: shoppers and store
 * admins (a `sessions` row per session, inside their store) and platform staff (a
 * `platform_sessions` row). Same rules for both:
 * - the browser holds only a random token; the table holds only its sha256, so a leaked table
 *   cannot be replayed;
 * - a session ends after SESSION_IDLE_MS without use and SESSION_ABSOLUTE_MS after it started,
 *   whichever comes first; reading it moves last_seen_at forward, at most every
 *   SESSION_TOUCH_MS so that most reads stay reads;
 * - a fresh token at every sign-in (the one the browser carried is ended first); logout deletes
 *   the row; a password change ends the others.
 * Services take tokens and hashes, never a Request: the cookie lives in app/http/sessions.server.ts.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { platformSessions, platformStaff, sessions, users } from "~/db/schema";
import { storeJoin } from "~/db/store-scope";

export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often. */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;

export const hashSessionToken = (token: string) => createHash("sha256").update(token).digest("hex");
/** 32 random bytes, base64url: 43 characters. */
export const newSessionToken = () => randomBytes(32).toString("base64url");

/** Whose session: a user of one store, or a member of the platform staff. */
export type SessionOwner =
  { kind: "user"; storeId: string; userId: string } | { kind: "staff"; staffId: string };

export interface StartOptions {
  /** The hash of the session the browser already carried: ended, so a planted id never becomes valid. */
  replacing?: string | null;
  userAgent?: string | null;
  now?: Date;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  imageId: string | null;
  signInMethod: "password" | "email-link";
}

export interface StaffUser {
  id: string;
  email: string;
  name: string;
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

// ───────────────────────────── the shared policy ─────────────────────────────

/** A row is alive while both limits hold at `now`. */
function aliveAt(table: typeof sessions | typeof platformSessions, now: Date) {
  return and(gt(table.expiresAt, now), gt(table.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)));
}

export function needsTouch(lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= SESSION_TOUCH_MS;
}

/** Runs `fn` in the owner's scope: the store's row-level-secured transaction, or the platform's. */
async function inScope<T>(
  owner: { kind: "user"; storeId: string } | { kind: "staff" },
  fn: (tx: Tx) => Promise<T>,
) {
  const db = await getDb();
  return owner.kind === "user" ? db.withStore(owner.storeId, fn) : db.withPlatform(fn);
}

// ───────────────────────────── create ─────────────────────────────

/** Starts a session and returns its token (for the cookie; never stored). */
export async function startSession(owner: SessionOwner, options: StartOptions = {}): Promise<string> {
  const now = options.now ?? new Date();
  const token = newSessionToken();
  const times = { lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS) };
  await inScope(owner, async (tx) => {
    if (owner.kind === "user") {
      if (options.replacing) await tx.delete(sessions).where(eq(sessions.id, options.replacing));
      await tx.insert(sessions).values({
        storeId: owner.storeId,
        id: hashSessionToken(token),
        userId: owner.userId,
        userAgent: options.userAgent?.slice(0, 300) ?? null,
        ...times,
      });
    } else {
      if (options.replacing)
        await tx.delete(platformSessions).where(eq(platformSessions.id, options.replacing));
      await tx
        .insert(platformSessions)
        .values({ id: hashSessionToken(token), staffId: owner.staffId, ...times });
    }
  });
  return token;
}

// ───────────────────────────── read (and touch) ─────────────────────────────

export interface UserSession {
  user: SessionUser;
  sessionHash: string;
}

/**
 * The signed-in user of this store for a session hash, or null for none, an idle, an expired or
 * a blocked one; in the caller's transaction of the store (services/identity/viewer.server.ts).
 */
export async function readUserSessionIn(tx: Tx, sessionHash: string, now: Date): Promise<UserSession | null> {
  const [row] = await tx
    .select({ lastSeenAt: sessions.lastSeenAt, user: sessionUserColumns })
    .from(sessions)
    .innerJoin(users, storeJoin(users, "id", sessions, "userId"))
    // A blocked account has no live session, whatever cookie it still holds.
    .where(and(eq(sessions.id, sessionHash), aliveAt(sessions, now), isNull(users.blockedAt)))
    // Prepared: every signed-in request of every store runs it.
    .prepare("read_user_session")
    .execute();
  if (!row) return null;
  if (needsTouch(row.lastSeenAt, now)) {
    await tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionHash));
  }
  return { user: row.user, sessionHash };
}

/** The staff member for a session hash, or null for none, an idle or an expired one. */
export async function readStaffSession(
  sessionHash: string,
  now = new Date(),
): Promise<{ staff: StaffUser; sessionHash: string } | null> {
  return inScope({ kind: "staff" }, async (tx) => {
    const [row] = await tx
      .select({
        lastSeenAt: platformSessions.lastSeenAt,
        staff: { id: platformStaff.id, email: platformStaff.email, name: platformStaff.name },
      })
      .from(platformSessions)
      .innerJoin(platformStaff, eq(platformStaff.id, platformSessions.staffId))
      .where(and(eq(platformSessions.id, sessionHash), aliveAt(platformSessions, now)));
    if (!row) return null;
    // Without this an active staff member was signed out 14 days after signing in.
    if (needsTouch(row.lastSeenAt, now)) {
      await tx.update(platformSessions).set({ lastSeenAt: now }).where(eq(platformSessions.id, sessionHash));
    }
    return { staff: row.staff, sessionHash };
  });
}

// ───────────────────────────── destroy ─────────────────────────────

/** Ends one session (logout). */
export async function endSession(
  scope: { kind: "user"; storeId: string } | { kind: "staff" },
  sessionHash: string,
): Promise<void> {
  await inScope(scope, (tx) =>
    scope.kind === "user"
      ? tx.delete(sessions).where(eq(sessions.id, sessionHash))
      : tx.delete(platformSessions).where(eq(platformSessions.id, sessionHash)),
  );
}

/** Ends every session of the owner except `keepHash` (after a password change); null ends all. */
export async function endOtherSessions(owner: SessionOwner, keepHash: string | null): Promise<void> {
  await inScope(owner, (tx) =>
    owner.kind === "user"
      ? tx
          .delete(sessions)
          .where(and(eq(sessions.userId, owner.userId), keepHash ? ne(sessions.id, keepHash) : sql`true`))
      : tx
          .delete(platformSessions)
          .where(
            and(
              eq(platformSessions.staffId, owner.staffId),
              keepHash ? ne(platformSessions.id, keepHash) : sql`true`,
            ),
          ),
  );
}

/** A store user's other sessions (accounts.server.ts: password change and reset). */
export function destroyOtherSessions(
  storeId: string,
  userId: string,
  keepHash: string | null,
): Promise<void> {
  return endOtherSessions({ kind: "user", storeId, userId }, keepHash);
}
