/**
 * /admin/contact-requests: unread first, mark read and unread, who may call it, another store's
 * ids (404) and bad input (400), nothing changed on a refusal.
 */
import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactRequests, users } from "~/db/schema";
import { action, loader } from "~/routes/admin.contact-requests";
import type { ContactRequestRow } from "~/services/admin/contact-requests.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: AppLoadContext;
let adminCookie: string;
let shopperCookie: string;
const A = "http://alpha.localhost:3000";
const ids = { old: uuidv7(), read: uuidv7(), fresh: uuidv7(), beta: uuidv7() };

function post(fields: Record<string, string>, cookie = adminCookie) {
  return answer<{ notice?: { key: string } }>(() =>
    action({ request: postForm(`${A}/admin/contact-requests`, fields, cookie), context: ctx, params: {} }),
  );
}

function list(cookie = adminCookie) {
  return answer<{ requests: ContactRequestRow[] }>(() =>
    loader({
      request: new Request(`${A}/admin/contact-requests`, { headers: { Cookie: cookie } }),
      context: ctx,
      params: {},
    }),
  );
}

async function statusOf(id: string) {
  const [row] = await db.owner.select().from(contactRequests).where(eq(contactRequests.id, id));
  return row!.status;
}

beforeAll(async () => {
  db = await createTestDb();
  alpha = await createStoreFixture(db, "alpha");
  beta = await createStoreFixture(db, "beta");
  ctx = await contextFor(db, "alpha.localhost");
  const adminId = uuidv7();
  await db.owner
    .insert(users)
    .values({ storeId: alpha.storeId, id: adminId, email: "admin@alpha.test", name: "Admin", isAdmin: true });
  adminCookie = await userCookie(alpha.storeId, adminId, A);
  shopperCookie = await userCookie(alpha.storeId, alpha.userId, A);
});
afterAll(async () => {
  await db.dispose();
});
beforeEach(async () => {
  await db.owner.delete(contactRequests);
  const base = { name: "Sara", email: "sara@x.test", comments: "Hello" };
  await db.owner.insert(contactRequests).values([
    { ...base, storeId: alpha.storeId, id: ids.old, createdAt: new Date("2026-01-01") },
    { ...base, storeId: alpha.storeId, id: ids.read, status: "read", createdAt: new Date("2026-03-01") },
    { ...base, storeId: alpha.storeId, id: ids.fresh, createdAt: new Date("2026-02-01") },
    { ...base, storeId: beta.storeId, id: ids.beta },
  ]);
});

describe("admin contact requests", () => {
  it("lists this store's requests, unread first and newest first", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.data.requests.map((r) => [r.id, r.read])).toEqual([
      [ids.fresh, false],
      [ids.old, false],
      [ids.read, true],
    ]);
  });

  it("marks a request read and unread", async () => {
    const read = await post({ requestId: ids.old, read: "true" });
    expect(read.status).toBe(302);
    expect(await statusOf(ids.old)).toBe("read");
    await post({ requestId: ids.old, read: "false" });
    expect(await statusOf(ids.old)).toBe("new");
  });

  it("answers 404 for another store's request and changes nothing", async () => {
    expect((await post({ requestId: ids.beta, read: "true" })).status).toBe(404);
    expect(await statusOf(ids.beta)).toBe("new");
  });

  it("answers 400 for bad input and changes nothing", async () => {
    for (const fields of <Record<string, string>[]>[
      { requestId: "x", read: "true" },
      { requestId: ids.old, read: "maybe" },
      {},
    ]) {
      expect((await post(fields)).status).toBe(400);
    }
    expect(await statusOf(ids.old)).toBe("new");
  });

  it("refuses a shopper (403) and sends anonymous visitors to sign in", async () => {
    expect((await list(shopperCookie)).status).toBe(403);
    expect((await post({ requestId: ids.old, read: "true" }, shopperCookie)).status).toBe(403);
    expect(await statusOf(ids.old)).toBe("new");
    const anonymous = await list("");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/login");
  });
});
