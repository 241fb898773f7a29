/**
 * /admin/contact-requests: unread first, mark read and unread, who may call it, another store's
 * ids (404) and bad input (400), nothing changed on a refusal.
 */
import type { AppLoadContext } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactRequests, users } from "~/db/schema";
import { action, loader } from "~/routes/admin.contact-requests";
import type { ContactRequestRow } from "~/services/store/contact-requests.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer, postForm } from "../helpers/routes";
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

type Page = { rows: ContactRequestRow[]; prevCursor: string | null; nextCursor: string | null };

function list(cookie = adminCookie, query = "") {
  return answer<Page>(() =>
    loader({
      request: new Request(`${A}/admin/contact-requests${query}`, { headers: { Cookie: cookie } }),
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
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores());
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
    expect(res.data.rows.map((r) => [r.id, r.read])).toEqual([
      [ids.fresh, false],
      [ids.old, false],
      [ids.read, true],
    ]);
  });

  it("pages 60 requests 25 at a time, unread first, forward and back, none lost or repeated", async () => {
    // The first 40 share one timestamp with microseconds (as now() writes on PostgreSQL), which a
    // cursor holding a JS Date (milliseconds) would skip past. The rest share a second four at a time.
    const many = Array.from({ length: 57 }, (_, i) => ({
      storeId: alpha.storeId,
      id: uuidv7(),
      name: `Sender ${i}`,
      email: `s${i}@x.test`,
      comments: "Hi",
      status: i % 3 === 0 ? ("read" as const) : ("new" as const),
      createdAt:
        i < 40
          ? sql`'2026-06-01 10:00:00.123456+00'::timestamptz`
          : new Date(Date.UTC(2026, 4, 1, 0, 0, Math.floor(i / 4))),
    }));
    await db.owner.insert(contactRequests).values(many);
    const seen: ContactRequestRow[] = [];
    const cursors: (string | null)[] = [];
    let page = await list();
    for (;;) {
      seen.push(...page.data.rows);
      if (!page.data.nextCursor) break;
      cursors.push(page.data.nextCursor);
      page = await list(adminCookie, `?cursor=${page.data.nextCursor}`);
    }
    expect(seen.map((r) => r.id)).toHaveLength(60);
    expect(new Set(seen.map((r) => r.id)).size).toBe(60);
    const firstRead = seen.findIndex((r) => r.read);
    expect(seen.slice(firstRead).every((r) => r.read)).toBe(true);
    expect(seen.slice(0, firstRead).every((r) => !r.read)).toBe(true);
    const times = seen.slice(0, firstRead).map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(cursors).toHaveLength(2);
    // Previous from the last page gives back the middle page exactly.
    const back = await list(adminCookie, `?cursor=${page.data.prevCursor}`);
    expect(back.data.rows.map((r) => r.id)).toEqual(seen.slice(25, 50).map((r) => r.id));
    // A tampered cursor is the first page, not an error.
    const tampered = await list(adminCookie, "?cursor=WzEsIngiLCJhZnRlciJd");
    expect(tampered.status).toBe(200);
    expect(tampered.data.rows.map((r) => r.id)).toEqual(seen.slice(0, 25).map((r) => r.id));
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
