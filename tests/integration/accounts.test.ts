import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users, verificationTokens } from "~/db/schema";
import {
  changePassword,
  consumeSignInLink,
  createPasswordResetToken,
  createSignInLinkToken,
  resetPassword,
  signInWithPassword,
  signUp,
} from "~/services/identity/accounts.server";
import { hitRateLimit } from "~/services/security/rate-limit.server";
import { createUserSession, destroySession, getSessionUser } from "~/http/sessions.server";
import { hashSessionToken } from "~/services/identity/sessions.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";

let db: TestDb;
let a: StoreFixture;
let b: StoreFixture;

beforeAll(async () => {
  db = await createTestDb();
  a = await createStoreFixture(db, "alpha");
  b = await createStoreFixture(db, "beta");
});
afterAll(() => db.dispose());

const request = (cookie?: string) =>
  new Request("http://alpha.localhost/", { headers: cookie ? { Cookie: cookie.split(";")[0]! } : {} });

describe("sign up", () => {
  it("stores an argon2id hash with the design's parameters, never the password", async () => {
    const result = await signUp(a.storeId, {
      name: "Layla Hassan",
      email: "Layla@Example.com",
      password: "secret-123",
    });
    expect(result.ok).toBe(true);
    const [row] = await db.owner.select().from(users).where(eq(users.email, "layla@example.com"));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain("secret-123");
  });

  it("refuses the same email twice in one store, whatever its case", async () => {
    const again = await signUp(a.storeId, {
      name: "Someone Else",
      email: "LAYLA@example.com",
      password: "another-1",
    });
    expect(again).toEqual({ ok: false, error: "email-taken" });
  });

  it("makes the same email in two stores two separate accounts", async () => {
    const other = await signUp(b.storeId, {
      name: "Layla in Beta",
      email: "layla@example.com",
      password: "beta-pass",
    });
    expect(other.ok).toBe(true);
    const rows = await db.owner
      .select({ store: users.storeId })
      .from(users)
      .where(eq(users.email, "layla@example.com"));
    expect(rows.map((r) => r.store).sort()).toEqual([a.storeId, b.storeId].sort());
    expect((await signInWithPassword(a.storeId, "layla@example.com", "beta-pass")).ok).toBe(false);
    expect((await signInWithPassword(b.storeId, "layla@example.com", "beta-pass")).ok).toBe(true);
  });
});

describe("sign in", () => {
  it("accepts the right password and refuses a wrong one or an unknown email alike", async () => {
    expect((await signInWithPassword(a.storeId, "layla@example.com", "secret-123")).ok).toBe(true);
    expect(await signInWithPassword(a.storeId, "layla@example.com", "wrong")).toEqual({
      ok: false,
      error: "invalid",
    });
    expect(await signInWithPassword(a.storeId, "nobody@example.com", "secret-123")).toEqual({
      ok: false,
      error: "invalid",
    });
  });

  it("tells an email-link account which method it uses", async () => {
    await db.owner.insert(users).values({
      storeId: a.storeId,
      email: "link@example.com",
      name: "Link User",
      signInMethod: "email-link",
    });
    expect(await signInWithPassword(a.storeId, "link@example.com", "whatever")).toEqual({
      ok: false,
      error: "other-method",
      method: "email-link",
    });
  });

  it("locks an account after 100 failed sign-ins within the hour, even for the right password", async () => {
    await signUp(a.storeId, { name: "Target User", email: "target@example.com", password: "right-pass" });
    await hitRateLimitTimes(`sign-in-failures:${a.storeId}:${await userId("target@example.com")}`, 99);
    const hundredth = await signInWithPassword(a.storeId, "target@example.com", "wrong");
    expect(hundredth).toEqual({ ok: false, error: "invalid" });
    const locked = await signInWithPassword(a.storeId, "target@example.com", "wrong");
    expect(locked.ok === false && locked.error).toBe("locked");
    const evenRight = await signInWithPassword(a.storeId, "target@example.com", "right-pass");
    expect(evenRight.ok === false && evenRight.error).toBe("locked");
  });
});

async function userId(email: string, storeId = a.storeId) {
  const [row] = await db.owner
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.email, email)));
  return row!.id;
}

async function hitRateLimitTimes(key: string, times: number) {
  for (let i = 0; i < times; i++) await hitRateLimit(key, { limit: 100, windowMs: 3_600_000 });
}

describe("sessions", () => {
  it("issue a new id at every sign-in and drop the one the request carried", async () => {
    const id = await userId("layla@example.com");
    const first = await createUserSession(a.storeId, id, request());
    const second = await createUserSession(a.storeId, id, request(first));
    expect(second).not.toEqual(first);
    expect(await getSessionUser(a.storeId, request(first))).toBeNull();
    expect((await getSessionUser(a.storeId, request(second)))?.user.email).toBe("layla@example.com");
  });

  it("keep only a hash of the id in the database, and the cookie HttpOnly, SameSite=Lax, without Domain", async () => {
    const cookie = await createUserSession(a.storeId, await userId("layla@example.com"), request());
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Domain=/i);
    const session = await getSessionUser(a.storeId, request(cookie));
    const rawId = decodeURIComponent(cookie.split(";")[0]!.split("=")[1]!);
    expect(session?.sessionHash).toHaveLength(64);
    expect(rawId).not.toContain(session!.sessionHash);
  });

  it("end on the server at logout", async () => {
    const cookie = await createUserSession(a.storeId, await userId("layla@example.com"), request());
    const session = await getSessionUser(a.storeId, request(cookie));
    const cleared = await destroySession(a.storeId, request(cookie));
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(await db.owner.select().from(sessions).where(eq(sessions.id, session!.sessionHash))).toEqual([]);
    // Replaying the old cookie does not bring it back.
    expect(await getSessionUser(a.storeId, request(cookie))).toBeNull();
  });

  it("expire when idle too long or past their absolute lifetime", async () => {
    const id = await userId("layla@example.com");
    const idle = await createUserSession(a.storeId, id, request());
    const old = await createUserSession(a.storeId, id, request());
    const idleHash = (await getSessionUser(a.storeId, request(idle)))!.sessionHash;
    const oldHash = (await getSessionUser(a.storeId, request(old)))!.sessionHash;
    await db.owner
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '15 days'` })
      .where(eq(sessions.id, idleHash));
    await db.owner
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, oldHash));
    expect(await getSessionUser(a.storeId, request(idle))).toBeNull();
    expect(await getSessionUser(a.storeId, request(old))).toBeNull();
  });

  it("of store A are not a session on store B", async () => {
    const cookie = await createUserSession(a.storeId, await userId("layla@example.com"), request());
    expect(await getSessionUser(a.storeId, request(cookie))).not.toBeNull();
    expect(await getSessionUser(b.storeId, request(cookie))).toBeNull();
  });

  it("ignore a forged or unsigned cookie", async () => {
    expect(await getSessionUser(a.storeId, request("__session=abc"))).toBeNull();
    expect(hashSessionToken("x")).toHaveLength(64);
  });
});

describe("password reset", () => {
  it("works once and ends every session of the account", async () => {
    const id = await userId("layla@example.com");
    const cookie = await createUserSession(a.storeId, id, request());
    const issued = await createPasswordResetToken(a.storeId, "layla@example.com");
    expect(issued).not.toBeNull();
    expect((await resetPassword(a.storeId, issued!.token, "brand-new-1"))?.id).toBe(id);
    expect(await resetPassword(a.storeId, issued!.token, "brand-new-2")).toBeNull();
    expect(await getSessionUser(a.storeId, request(cookie))).toBeNull();
    expect((await signInWithPassword(a.storeId, "layla@example.com", "brand-new-1")).ok).toBe(true);
  });

  it("refuses an expired token, a token of another store and a malformed one", async () => {
    const issued = await createPasswordResetToken(a.storeId, "layla@example.com");
    expect(await resetPassword(b.storeId, issued!.token, "stolen-1")).toBeNull();
    await db.owner
      .update(verificationTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationTokens.storeId, a.storeId));
    expect(await resetPassword(a.storeId, issued!.token, "too-late-1")).toBeNull();
    expect(await resetPassword(a.storeId, "../../etc/passwd", "x-123456")).toBeNull();
    expect((await signInWithPassword(a.storeId, "layla@example.com", "brand-new-1")).ok).toBe(true);
  });

  it("issues nothing for an unknown address", async () => {
    expect(await createPasswordResetToken(a.storeId, "ghost@example.com")).toBeNull();
  });
});

describe("sign-in links", () => {
  it("create an email-link account on first use, and work only once", async () => {
    const { token } = await createSignInLinkToken(a.storeId, "NewComer@Example.com");
    const user = await consumeSignInLink(a.storeId, token);
    expect(user).toMatchObject({ email: "newcomer@example.com", signInMethod: "email-link" });
    expect(await consumeSignInLink(a.storeId, token)).toBeNull();
    expect(await signInWithPassword(a.storeId, "newcomer@example.com", "anything")).toEqual({
      ok: false,
      error: "other-method",
      method: "email-link",
    });
  });

  it("sign an existing account in without changing its method", async () => {
    const { token } = await createSignInLinkToken(a.storeId, "layla@example.com");
    expect(await consumeSignInLink(a.storeId, token)).toMatchObject({
      email: "layla@example.com",
      signInMethod: "password",
    });
  });
});

describe("change password", () => {
  it("needs the current password and ends every other session", async () => {
    const id = await userId("layla@example.com");
    const here = await createUserSession(a.storeId, id, request());
    const elsewhere = await createUserSession(a.storeId, id, request());
    const hereHash = (await getSessionUser(a.storeId, request(here)))!.sessionHash;
    expect(
      await changePassword(a.storeId, id, {
        currentPassword: "nope",
        newPassword: "changed-1",
        keepSessionHash: hereHash,
      }),
    ).toEqual({ ok: false, error: "wrong-current" });
    expect(await getSessionUser(a.storeId, request(elsewhere))).not.toBeNull();
    expect(
      await changePassword(a.storeId, id, {
        currentPassword: "brand-new-1",
        newPassword: "changed-1",
        keepSessionHash: hereHash,
      }),
    ).toEqual({ ok: true });
    expect(await getSessionUser(a.storeId, request(here))).not.toBeNull();
    expect(await getSessionUser(a.storeId, request(elsewhere))).toBeNull();
  });
});

describe("rate limits", () => {
  it("allow ten hits a window and refuse the eleventh, per key", async () => {
    const rule = { limit: 10, windowMs: 60_000 };
    const results = [];
    for (let i = 0; i < 11; i++) results.push(await hitRateLimit("test:1.2.3.4", rule));
    expect(results.slice(0, 10).every((r) => r.allowed)).toBe(true);
    expect(results[10]).toMatchObject({ allowed: false, count: 11 });
    expect(results[10]!.retryAfterSeconds).toBeGreaterThan(0);
    expect((await hitRateLimit("test:5.6.7.8", rule)).allowed).toBe(true);
  });

  it("start a new window once the old one ends", async () => {
    const rule = { limit: 1, windowMs: 60_000 };
    await hitRateLimit("test:window", rule);
    expect((await hitRateLimit("test:window", rule)).allowed).toBe(false);
    await db.owner.execute(
      sql`update rate_limits set expires_at = now() - interval '1 second' where key = 'test:window'`,
    );
    expect(await hitRateLimit("test:window", rule)).toMatchObject({ allowed: true, count: 1 });
  });
});
