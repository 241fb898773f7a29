/**
 * /admin/users through its loader and action: the list (search, orders count and spend), the
 * admin flag (never yourself, never the last admin), blocking (sessions end, sign-in refused),
 * who may call it (anonymous → login, shopper → 403) and another store's ids (404).
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders, sessions, users } from "~/db/schema";
import { action, loader } from "~/routes/admin.users";
import { action as loginAction } from "~/routes/login";
import type { AdminUserRow } from "~/services/identity/users-admin.server";
import { signInWithPassword, signUp } from "~/services/identity/accounts.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: AppLoadContext;
let adminId: string;
let adminCookie: string;
let shopperCookie: string;
let betaAdminId: string;
const A = "http://alpha.localhost:3000";

async function addAdmin(storeId: string, email: string): Promise<string> {
  const id = uuidv7();
  await db.owner.insert(users).values({ storeId, id, email, name: "Admin", isAdmin: true });
  return id;
}

function post(fields: Record<string, string>, cookie = adminCookie) {
  return answer<{ notice?: { key: string } }>(() =>
    action({ request: postForm(`${A}/admin/users`, fields, cookie), context: ctx, params: {} }),
  );
}

function list(query = "", cookie = adminCookie) {
  return answer<{ rows: AdminUserRow[]; nextCursor: string | null; prevCursor: string | null }>(() =>
    loader({
      request: new Request(`${A}/admin/users${query}`, { headers: { Cookie: cookie } }),
      context: ctx,
      params: {},
    }),
  );
}

async function userRow(id: string) {
  const [row] = await db.owner.select().from(users).where(eq(users.id, id));
  return row!;
}

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores());
  adminId = await addAdmin(alpha.storeId, "admin@alpha.test");
  betaAdminId = await addAdmin(beta.storeId, "admin@beta.test");
  adminCookie = await userCookie(alpha.storeId, adminId, A);
  const order = {
    storeId: alpha.storeId,
    userId: alpha.userId,
    paymentMethod: "cod" as const,
    currency: "USD",
    subtotalCents: 1000,
    totalQuantity: 1,
    shipFullName: "S",
    shipStreetAddress: "1 St",
    shipZipCode: "1",
    shipCity: "C",
    shipEmail: "s@x.test",
    shipMobile: "1",
  };
  await db.owner.insert(orders).values([
    { ...order, number: 1, totalCents: 1000 },
    { ...order, number: 2, totalCents: 2500 },
    { ...order, number: 3, totalCents: 9900, status: "cancelled" },
  ]);
});
afterAll(async () => {
  await db.dispose();
});
beforeEach(async () => {
  await db.owner
    .update(users)
    .set({ isAdmin: false, blockedAt: null })
    .where(and(eq(users.storeId, alpha.storeId), eq(users.id, alpha.userId)));
  shopperCookie = await userCookie(alpha.storeId, alpha.userId, A);
});

describe("admin users list", () => {
  it("shows this store's users with orders count and spend (cancelled orders not spent)", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const shopper = res.data.rows.find((r) => r.id === alpha.userId)!;
    expect(shopper).toMatchObject({ ordersCount: 3, spendCents: 3500, isAdmin: false, blocked: false });
    expect(res.data.rows.map((r) => r.email)).not.toContain("admin@beta.test");
  });

  it("searches by name or email, '%' being a letter", async () => {
    expect((await list("?q=shopper@")).data.rows.map((r) => r.id)).toEqual([alpha.userId]);
    expect((await list("?q=%25")).data.rows).toEqual([]);
  });

  it("pages with keyset cursors, and a tampered cursor shows the first page", async () => {
    const extra = Array.from({ length: 26 }, (_, i) => ({
      storeId: alpha.storeId,
      email: `page${String(i).padStart(2, "0")}@alpha.test`,
      name: `Page ${String(i).padStart(2, "0")}`,
    }));
    const inserted = await db.owner.insert(users).values(extra).returning({ id: users.id });
    try {
      const first = await list("?sort=email&dir=asc");
      expect(first.data.rows).toHaveLength(25);
      expect(first.data.prevCursor).toBeNull();
      const second = await list(`?sort=email&dir=asc&cursor=${first.data.nextCursor}`);
      expect(second.data.rows.map((r) => r.email)).toEqual([
        "page24@alpha.test",
        "page25@alpha.test",
        "shopper@alpha.test",
      ]);
      const back = await list(`?sort=email&dir=asc&cursor=${second.data.prevCursor}`);
      expect(back.data.rows.map((r) => r.id)).toEqual(first.data.rows.map((r) => r.id));
      expect(back.data.prevCursor).toBeNull();
      expect((await list("?cursor=garbage")).status).toBe(200);
    } finally {
      for (const { id } of inserted) await db.owner.delete(users).where(eq(users.id, id));
    }
  });

  it("sends anonymous visitors to sign in and refuses a shopper", async () => {
    const anonymous = await list("", "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/login");
    expect((await list("", shopperCookie)).status).toBe(403);
  });
});

describe("admin flag", () => {
  it("makes a shopper admin and back", async () => {
    const made = await post({ intent: "admin", userId: alpha.userId, value: "true" });
    expect(made.status).toBe(302);
    expect((await userRow(alpha.userId)).isAdmin).toBe(true);
    await post({ intent: "admin", userId: alpha.userId, value: "false" });
    expect((await userRow(alpha.userId)).isAdmin).toBe(false);
  });

  it("never changes your own role", async () => {
    const res = await post({ intent: "admin", userId: adminId, value: "false" });
    expect(res.status).toBe(403);
    expect(res.data.notice?.key).toBe("admin.users.notYourself");
    expect((await userRow(adminId)).isAdmin).toBe(true);
  });

  it("never removes the last admin", async () => {
    // A second admin tries to remove the only other one, then the first removes the second.
    await post({ intent: "admin", userId: alpha.userId, value: "true" });
    const secondCookie = await userCookie(alpha.storeId, alpha.userId, A);
    await db.owner.update(users).set({ isAdmin: false }).where(eq(users.id, alpha.userId));
    // Now only adminId is admin; removing it from a (former) admin's session is refused at the door.
    expect((await post({ intent: "admin", userId: adminId, value: "false" }, secondCookie)).status).toBe(403);
    await db.owner.update(users).set({ isAdmin: true }).where(eq(users.id, alpha.userId));
    const removed = await post({ intent: "admin", userId: adminId, value: "false" }, secondCookie);
    expect(removed.status).toBe(302);
    const last = await post({ intent: "admin", userId: alpha.userId, value: "false" }, secondCookie);
    expect(last.status).toBe(403); // yourself, and the last admin either way
    await db.owner.update(users).set({ isAdmin: true }).where(eq(users.id, adminId));
  });

  it("refuses removing the last admin even when the caller is another admin row being changed", async () => {
    // Only adminId is admin; alpha's shopper is made admin then adminId removes it: fine.
    // Then the service's last-admin rule is hit directly: a lone admin cannot be removed.
    const { setUserAdmin } = await import("~/services/identity/users-admin.server");
    const result = await setUserAdmin(alpha.storeId, alpha.userId, adminId, false);
    expect(result).toEqual({ ok: false, error: "last-admin" });
    expect((await userRow(adminId)).isAdmin).toBe(true);
  });

  it("answers 404 for another store's user and changes nothing", async () => {
    const res = await post({ intent: "admin", userId: betaAdminId, value: "false" });
    expect(res.status).toBe(404);
    expect((await userRow(betaAdminId)).isAdmin).toBe(true);
  });

  it("answers 400 for bad input and changes nothing", async () => {
    for (const fields of <Record<string, string>[]>[
      { intent: "admin", userId: "not-a-uuid", value: "true" },
      { intent: "delete", userId: alpha.userId, value: "true" },
      { intent: "admin", userId: alpha.userId, value: "yes" },
      {},
    ]) {
      expect((await post(fields)).status).toBe(400);
    }
    expect((await userRow(alpha.userId)).isAdmin).toBe(false);
  });

  it("refuses a shopper (403) and changes nothing", async () => {
    const res = await post({ intent: "admin", userId: alpha.userId, value: "true" }, shopperCookie);
    expect(res.status).toBe(403);
    expect((await userRow(alpha.userId)).isAdmin).toBe(false);
  });
});

describe("blocking", () => {
  it("blocks a shopper: their sessions end, session cookies stop working, sign-in is refused", async () => {
    const { user } = (await signUp(alpha.storeId, {
      name: "Blockee",
      email: "blockee@alpha.test",
      password: "secret123",
    })) as { ok: true; user: { id: string } };
    const cookie = await userCookie(alpha.storeId, user.id, A);
    const blocked = await post({ intent: "block", userId: user.id, value: "true" });
    expect(blocked.status).toBe(302);
    expect((await userRow(user.id)).blockedAt).not.toBeNull();
    expect(await db.owner.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await signInWithPassword(alpha.storeId, "blockee@alpha.test", "secret123")).toEqual({
      ok: false,
      error: "blocked",
    });
    // A new session row for a blocked user (e.g. a reset link) is never read back.
    const late = await userCookie(alpha.storeId, user.id, A);
    for (const old of [cookie, late]) {
      const asBlocked = await answer(() =>
        loader({
          request: new Request(`${A}/admin/users`, { headers: { Cookie: old } }),
          context: ctx,
          params: {},
        }),
      );
      // Read as nobody: sent to sign in, not refused as a shopper.
      expect(asBlocked.status).toBe(302);
    }

    // The sign-in page says so, in words, with a 4xx (the right password only).
    const refused = await answer<{ notice?: { key: string } }>(() =>
      loginAction({
        request: postForm(`${A}/login`, { email: "blockee@alpha.test", password: "secret123" }),
        context: ctx,
        params: {},
      }),
    );
    expect(refused.status).toBe(403);
    expect(refused.data.notice?.key).toBe("auth.blocked");
    const wrong = await answer<{ notice?: { key: string } }>(() =>
      loginAction({
        request: postForm(`${A}/login`, { email: "blockee@alpha.test", password: "wrong-one" }),
        context: ctx,
        params: {},
      }),
    );
    expect(wrong.data.notice?.key).toBe("auth.invalidCredentials");

    const unblocked = await post({ intent: "block", userId: user.id, value: "false" });
    expect(unblocked.status).toBe(302);
    expect((await signInWithPassword(alpha.storeId, "blockee@alpha.test", "secret123")).ok).toBe(true);
  });

  it("never blocks an admin or yourself", async () => {
    expect((await post({ intent: "block", userId: adminId, value: "true" })).status).toBe(403);
    await db.owner.update(users).set({ isAdmin: true }).where(eq(users.id, alpha.userId));
    const res = await post({ intent: "block", userId: alpha.userId, value: "true" });
    expect(res.status).toBe(409);
    expect(res.data.notice?.key).toBe("admin.users.cannotBlockAdmin");
    expect((await userRow(alpha.userId)).blockedAt).toBeNull();
  });

  it("answers 404 for another store's shopper and changes nothing", async () => {
    expect((await post({ intent: "block", userId: beta.userId, value: "true" })).status).toBe(404);
    expect((await userRow(beta.userId)).blockedAt).toBeNull();
  });
});
