/**
 * Shopper and store-admin accounts, per store (DESIGN §5). Every function takes the store id
 * first and works inside that store's row-level-security scope.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { users, verificationTokens } from "~/db/schema";
import { hashPassword, verifyAgainstNoAccount, verifyPassword } from "~/services/identity/passwords.server";
import { recordCustomerCreated } from "./customer-events.server";
import {
  ACCOUNT_LOCK_MS,
  FAILED_SIGN_IN_LIMIT,
  hitRateLimit,
  resetRateLimit,
} from "~/services/security/rate-limit.server";
import {
  destroyOtherSessions,
  sessionUserColumns,
  type SessionUser,
} from "~/services/identity/sessions.server";

export const TOKEN_TTL_MS = 60 * 60 * 1000;
type TokenPurpose = "reset-password" | "email-link";

const userColumns = sessionUserColumns;

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function findUserByEmail(storeId: string, email: string) {
  const db = await getDb();
  const [user] = await db.withStore(storeId, (tx) =>
    tx
      .select({
        ...userColumns,
        passwordHash: users.passwordHash,
        lockedUntil: users.lockedUntil,
        blockedAt: users.blockedAt,
      })
      .from(users)
      .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`),
  );
  return user ?? null;
}

export type SignUpResult = { ok: true; user: SessionUser } | { ok: false; error: "email-taken" };

export async function signUp(
  storeId: string,
  input: { name: string; email: string; password: string; locale?: "en" | "ar" },
): Promise<SignUpResult> {
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  const user = await db.withStore(storeId, async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        storeId,
        email: normalizeEmail(input.email),
        name: input.name.trim(),
        passwordHash,
        signInMethod: "password",
        locale: input.locale ?? null,
      })
      .onConflictDoNothing()
      .returning(userColumns);
    // customers/created (decision 047): written with the account, or not at all.
    if (created) await recordCustomerCreated(tx, storeId, created.id);
    return created;
  });
  return user ? { ok: true, user } : { ok: false, error: "email-taken" };
}

export type SignInResult =
  | { ok: true; user: SessionUser }
  | { ok: false; error: "invalid" }
  | { ok: false; error: "other-method"; method: "email-link" }
  | { ok: false; error: "locked"; until: Date }
  | { ok: false; error: "blocked" };

/**
 * Looks up how the email signs in before checking a password (SPEC §7). Failed attempts are
 * counted per account; past FAILED_SIGN_IN_LIMIT in the window the account is locked.
 */
export async function signInWithPassword(
  storeId: string,
  email: string,
  password: string,
): Promise<SignInResult> {
  const user = await findUserByEmail(storeId, email);
  if (!user) {
    await verifyAgainstNoAccount(password);
    return { ok: false, error: "invalid" };
  }
  if (user.lockedUntil && user.lockedUntil > new Date())
    return { ok: false, error: "locked", until: user.lockedUntil };
  // Checked after the password so a blocked account is only named to whoever knows it.
  if (user.signInMethod === "email-link" || !user.passwordHash) {
    return { ok: false, error: "other-method", method: "email-link" };
  }
  const failuresKey = `sign-in-failures:${storeId}:${user.id}`;
  if (await verifyPassword(user.passwordHash, password)) {
    await resetRateLimit(failuresKey);
    if (user.blockedAt) return { ok: false, error: "blocked" };
    const { passwordHash: _hash, lockedUntil: _locked, blockedAt: _blocked, ...sessionUser } = user;
    return { ok: true, user: sessionUser };
  }
  const failures = await hitRateLimit(failuresKey, FAILED_SIGN_IN_LIMIT);
  if (!failures.allowed) {
    const until = new Date(Date.now() + ACCOUNT_LOCK_MS);
    const db = await getDb();
    await db.withStore(storeId, (tx) =>
      tx.update(users).set({ lockedUntil: until }).where(eq(users.id, user.id)),
    );
    await resetRateLimit(failuresKey);
    return { ok: false, error: "locked", until };
  }
  return { ok: false, error: "invalid" };
}

/** Creates a single-use token (hashed at rest) valid for an hour; returns the plain token. */
async function issueToken(storeId: string, purpose: TokenPurpose, email: string, userId: string | null) {
  const token = randomBytes(32).toString("base64url");
  const db = await getDb();
  await db.withStore(storeId, (tx) =>
    tx.insert(verificationTokens).values({
      storeId,
      userId,
      email: normalizeEmail(email),
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
    }),
  );
  return token;
}

/** Marks the token used and returns it, or null if unknown, used, expired or of another purpose. */
async function consumeToken(storeId: string, purpose: TokenPurpose, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .update(verificationTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(verificationTokens.tokenHash, hashToken(token)),
          eq(verificationTokens.purpose, purpose),
          isNull(verificationTokens.usedAt),
          gt(verificationTokens.expiresAt, new Date()),
        ),
      )
      .returning({ email: verificationTokens.email, userId: verificationTokens.userId }),
  );
  return row ?? null;
}

/** A reset token for an existing password account, or null (the caller answers the same either way). */
export async function createPasswordResetToken(storeId: string, email: string) {
  const user = await findUserByEmail(storeId, email);
  if (!user) return null;
  return { token: await issueToken(storeId, "reset-password", user.email, user.id), user };
}

/** True when the token is currently usable (for showing the reset form). */
export async function isResetTokenUsable(storeId: string, token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .select({ id: verificationTokens.id })
      .from(verificationTokens)
      .where(
        and(
          eq(verificationTokens.tokenHash, hashToken(token)),
          eq(verificationTokens.purpose, "reset-password"),
          isNull(verificationTokens.usedAt),
          gt(verificationTokens.expiresAt, new Date()),
        ),
      ),
  );
  return Boolean(row);
}

/**
 * Sets a new password from a reset token, once. The account becomes a password account, any
 * lock is lifted, and every session of it ends.
 */
export async function resetPassword(
  storeId: string,
  token: string,
  password: string,
): Promise<SessionUser | null> {
  const used = await consumeToken(storeId, "reset-password", token);
  if (!used?.userId) return null;
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  const [user] = await db.withStore(storeId, (tx) =>
    tx
      .update(users)
      .set({ passwordHash, signInMethod: "password", lockedUntil: null, emailVerifiedAt: new Date() })
      .where(eq(users.id, used.userId!))
      .returning(userColumns),
  );
  if (user) await destroyOtherSessions(storeId, user.id, null);
  return user ?? null;
}

/** A sign-in link token for any address; the account is created when the link is used. */
export async function createSignInLinkToken(storeId: string, email: string) {
  const user = await findUserByEmail(storeId, email);
  return { token: await issueToken(storeId, "email-link", email, user?.id ?? null), user };
}

/** Signs in with a link token, creating an email-link account for a new address. */
export async function consumeSignInLink(storeId: string, token: string): Promise<SessionUser | null> {
  const used = await consumeToken(storeId, "email-link", token);
  if (!used) return null;
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const [existing] = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), lockedUntil: null })
      .where(sql`lower(${users.email}) = ${used.email}`)
      .returning({ ...userColumns, blockedAt: users.blockedAt });
    if (existing) {
      const { blockedAt, ...user } = existing;
      // A blocked shopper's link signs nobody in (the session read, readUserSessionIn, would refuse it anyway).
      return blockedAt ? null : user;
    }
    const [created] = await tx
      .insert(users)
      .values({
        storeId,
        email: used.email,
        name: used.email.split("@")[0]!.slice(0, 60),
        signInMethod: "email-link",
        emailVerifiedAt: new Date(),
      })
      .returning(userColumns);
    if (created) await recordCustomerCreated(tx, storeId, created.id);
    return created ?? null;
  });
}

export async function updateProfile(
  storeId: string,
  userId: string,
  input: { name: string; imageId?: string },
): Promise<SessionUser | null> {
  const db = await getDb();
  const [user] = await db.withStore(storeId, (tx) =>
    tx
      .update(users)
      .set({ name: input.name.trim(), ...(input.imageId ? { imageId: input.imageId } : {}) })
      .where(eq(users.id, userId))
      .returning(userColumns),
  );
  return user ?? null;
}

export type ChangePasswordResult = { ok: true } | { ok: false; error: "wrong-current" };

/** Changes the password and ends every other session of the account (DESIGN §5). */
export async function changePassword(
  storeId: string,
  userId: string,
  input: { currentPassword: string; newPassword: string; keepSessionHash: string | null },
): Promise<ChangePasswordResult> {
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)),
  );
  if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    return { ok: false, error: "wrong-current" };
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.withStore(storeId, (tx) =>
    tx.update(users).set({ passwordHash, signInMethod: "password" }).where(eq(users.id, userId)),
  );
  await destroyOtherSessions(storeId, userId, input.keepSessionHash);
  return { ok: true };
}
