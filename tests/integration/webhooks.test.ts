/**
 * The events feed and the webhook pages (issue 38, decision 047): GET /api/v1/events in order
 * with cursor pagination, a store's token seeing only its store's events, its scopes (403 without
 * orders.view; product events only with products.edit); /admin/api/webhooks creating a
 * subscription (https only; secret once; audit), and its page refusing another store's id (404)
 * and people without staff.manage (403), nothing changed.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders, storeEvents, stores, users, webhookSubscriptions } from "~/db/schema";
import { seedDemo } from "~/db/seed";
import type { Permission } from "~/lib/permissions";
import { takeOrderStep } from "~/services/orders/order-transitions.server";
import { deliveriesSettled } from "~/services/outbox/outbox.server";
import { createWebhook } from "~/services/webhooks/subscriptions.server";
import { loader as eventsLoader } from "~/routes/api.v1.events";
import { action as listAction, loader as listLoader } from "~/routes/admin.api.webhooks._index";
import { action as hookAction, loader as hookLoader } from "~/routes/admin.api.webhooks.$id";
import { apiToken } from "../helpers/api";
import { createTestDb, type TestDb } from "../helpers/db";
import { MATRIX_STORES } from "../helpers/matrix/demo";
import { answer, contextFor, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

const ORIGIN_A = "http://dyes.localhost:3000";
const ORIGIN_B = "http://inks.localhost:3000";

let db: TestDb;
let ctxA: AppLoadContext;
let ctxB: AppLoadContext;
let storeA: string;
let storeB: string;
let ownerA: string;
let ownerB: string;
let ordersStaffA: string;

async function userIdOf(storeId: string, email: string | null) {
  const [row] = await db.owner
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeId), email ? eq(users.email, email) : eq(users.isAdmin, true)))
    .limit(1);
  return row!.id;
}

const token = (storeId: string, actor: string, scopes: Permission[]) =>
  apiToken(storeId, actor, scopes, "Feed");

async function feed(path: string, secret: string, origin = ORIGIN_A) {
  const response = await eventsLoader({
    request: new Request(`${origin}${path}`, { headers: { Authorization: `Bearer ${secret}` } }),
    context: origin === ORIGIN_A ? ctxA : ctxB,
    params: {},
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked field by field
  return { status: response.status, body: (await response.json()) as any };
}

/** Steps one of store A's orders (confirmed → shipped), writing an orders/updated event. */
async function stepAnOrder(storeId = storeA, actor = ownerA) {
  const [row] = await db.owner
    .select({ number: orders.number })
    .from(orders)
    .where(eq(orders.storeId, storeId))
    .orderBy(sql`random()`)
    .limit(1);
  await db.owner.execute(
    sql`update orders set status = 'confirmed', payment_status = 'unpaid', payment_method = 'cod' where store_id = ${storeId} and number = ${row!.number}`,
  );
  const done = await takeOrderStep(
    storeId,
    row!.number,
    "ship",
    { status: "confirmed", paymentStatus: "unpaid" },
    actor,
  );
  expect(done.kind).toBe("done");
}

beforeAll(async () => {
  db = await createTestDb();
  await seedDemo(db, { stores: MATRIX_STORES });
  ctxA = await contextFor(db, "dyes.localhost");
  ctxB = await contextFor(db, "inks.localhost");
  const rows = await db.owner.select({ id: stores.id, slug: stores.slug }).from(stores);
  storeA = rows.find((row) => row.slug === "dyes")!.id;
  storeB = rows.find((row) => row.slug === "inks")!.id;
  ownerA = await userIdOf(storeA, "admin@dyes.test");
  ordersStaffA = await userIdOf(storeA, "orders@dyes.test");
  ownerB = await userIdOf(storeB, null);
});

afterAll(async () => {
  await deliveriesSettled();
  await db?.dispose();
});

describe("GET /api/v1/events", () => {
  it("lists the store's events in order, page by page, with the payload snapshots", async () => {
    const secret = await token(storeA, ownerA, ["orders.view", "products.edit"]);
    for (let i = 0; i < 3; i++) await stepAnOrder();
    const all = await feed("/api/v1/events?limit=250", secret);
    expect(all.status).toBe(200);
    const seqs: number[] = all.body.data.map((event: { seq: number }) => event.seq);
    expect(seqs.length).toBeGreaterThanOrEqual(3);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    // Page by page from the start: the same events, no gaps, no repeats.
    const paged: number[] = [];
    let after = "0";
    for (;;) {
      const page = await feed(`/api/v1/events?after=${after}&limit=2`, secret);
      expect(page.status).toBe(200);
      paged.push(...page.body.data.map((event: { seq: number }) => event.seq));
      after = page.body.nextCursor;
      if (!page.body.hasMore) break;
    }
    expect(paged).toEqual(seqs);
    // At the end the cursor stays put: asking again later gets only what is new.
    expect((await feed(`/api/v1/events?after=${after}`, secret)).body.data).toEqual([]);
    await stepAnOrder();
    const fresh = await feed(`/api/v1/events?after=${after}`, secret);
    expect(fresh.body.data).toHaveLength(1);
    expect(fresh.body.data[0]).toMatchObject({
      topic: "orders/updated",
      resource: { type: "order" },
      payload: { status: "shipped" },
    });
  });

  it("shows a store's token only its own store's events", async () => {
    await stepAnOrder();
    await stepAnOrder(storeB, ownerB);
    const secretB = await token(storeB, ownerB, ["orders.view", "products.edit"]);
    const page = await feed("/api/v1/events?limit=250", secretB, ORIGIN_B);
    expect(page.status).toBe(200);
    const ids = page.body.data.map((event: { id: string }) => event.id);
    const ofA = await db.owner
      .select({ id: storeEvents.id })
      .from(storeEvents)
      .where(eq(storeEvents.storeId, storeA));
    expect(ids.some((id: string) => ofA.some((row) => row.id === id))).toBe(false);
    // B's token on A's host is unknown.
    expect((await feed("/api/v1/events", secretB)).status).toBe(401);
  });

  it("needs orders.view (403), and shows product events only with products.edit", async () => {
    const productsOnly = await token(storeA, ownerA, ["products.edit"]);
    const refused = await feed("/api/v1/events", productsOnly);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    await db.owner.execute(sql`select 1`);
    const ordersOnly = await token(storeA, ordersStaffA, ["orders.view"]);
    const page = await feed("/api/v1/events?limit=250", ordersOnly);
    expect(page.status).toBe(200);
    expect(page.body.data.every((event: { topic: string }) => event.topic.startsWith("orders/"))).toBe(true);
  });

  it("refuses a bad cursor or limit with 400", async () => {
    const secret = await token(storeA, ownerA, ["orders.view"]);
    for (const query of ["after=-1", "after=abc", "limit=0", "limit=999", "cursor=1"])
      expect((await feed(`/api/v1/events?${query}`, secret)).status).toBe(400);
  });
});

describe("/admin/api/webhooks", () => {
  const post = async (
    path: string,
    fields: Record<string, string | readonly string[]>,
    options: { who?: string; params?: Record<string, string>; store?: "A" | "B" } = {},
  ) => {
    const origin = options.store === "B" ? ORIGIN_B : ORIGIN_A;
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields))
      for (const one of typeof value === "string" ? [value] : value) body.append(name, one);
    const who = options.who ?? (options.store === "B" ? ownerB : ownerA);
    const request = postForm(
      `${origin}${path}`,
      {},
      await userCookie(options.store === "B" ? storeB : storeA, who, origin),
    );
    const handler = options.params ? hookAction : listAction;
    return answer<{
      created?: { url: string; secret: string };
      rotated?: { secret: string };
      notice?: { key: string };
    }>(() =>
      handler({
        request: new Request(request, { body }),
        context: options.store === "B" ? ctxB : ctxA,
        params: options.params ?? {},
      }),
    );
  };
  const count = async () =>
    (await db.owner.select({ n: sql<number>`count(*)::int` }).from(webhookSubscriptions))[0]!.n;

  it("creates a subscription, shows its secret once, and records it in the activity log", async () => {
    const made = await post("/admin/api/webhooks", {
      intent: "create",
      url: "https://hooks.example.com/in",
      topics: ["orders/created", "orders/updated"],
    });
    expect(made.status).toBe(200);
    const secret = made.data.created!.secret;
    expect(secret).toMatch(/^whsec_/);
    const list = await answer<{ rows: { id: string; url: string; topics: string[] }[] }>(async () =>
      listLoader({
        request: new Request(`${ORIGIN_A}/admin/api/webhooks`, {
          headers: { Cookie: await userCookie(storeA, ownerA, ORIGIN_A) },
        }),
        context: ctxA,
        params: {},
      }),
    );
    expect(JSON.stringify(list.data)).not.toContain(secret);
    const row = list.data.rows.find((r) => r.url === "https://hooks.example.com/in")!;
    expect(row.topics).toEqual(["orders/created", "orders/updated"]);
    const [entry] = await db.owner
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.storeId, storeA), eq(auditLog.entityId, row.id)));
    expect(entry!.action).toBe("webhook.create");
    expect(JSON.stringify(entry!.changes)).not.toContain(secret);
    // Rotated: a new secret shown once, the rotation logged; deleted: logged, gone.
    const rotated = await post(
      `/admin/api/webhooks/${row.id}`,
      { intent: "rotate", grace: "24" },
      { params: { id: row.id } },
    );
    expect(rotated.data.rotated!.secret).toMatch(/^whsec_/);
    expect(rotated.data.rotated!.secret).not.toBe(secret);
    const deleted = await post(
      `/admin/api/webhooks/${row.id}`,
      { intent: "delete" },
      { params: { id: row.id } },
    );
    expect(deleted.status).toBe(302);
    const actions = await db.owner
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.storeId, storeA), eq(auditLog.entityId, row.id)));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "webhook.create",
      "webhook.delete",
      "webhook.rotate",
    ]);
  });

  it("refuses http, private addresses and no topics (4xx), nothing written", async () => {
    const before = await count();
    for (const fields of [
      { url: "http://hooks.example.com/in", topics: ["orders/created"] },
      { url: "https://10.0.0.5/in", topics: ["orders/created"] },
      { url: "https://127.0.0.1/in", topics: ["orders/created"] },
      { url: "https://[::ffff:169.254.169.254]/", topics: ["orders/created"] },
      { url: "not a url", topics: ["orders/created"] },
      { url: "https://hooks.example.com/in", topics: [] },
      { url: "https://hooks.example.com/in", topics: ["orders/exploded"] },
    ]) {
      const refused = await post("/admin/api/webhooks", { intent: "create", ...fields });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
    expect(await count()).toBe(before);
  });

  it("answers 404 for another store's subscription and 403 without staff.manage", async () => {
    const b = await createWebhook(storeB, ownerB, {
      url: "https://b.example.com/in",
      topics: ["orders/created"],
    });
    if (!b.ok) throw new Error(b.error);
    const page = await answer(async () =>
      hookLoader({
        request: new Request(`${ORIGIN_A}/admin/api/webhooks/${b.id}`, {
          headers: { Cookie: await userCookie(storeA, ownerA, ORIGIN_A) },
        }),
        context: ctxA,
        params: { id: b.id },
      }),
    );
    expect(page.status).toBe(404);
    for (const fields of [
      { intent: "delete" } as Record<string, string>,
      { intent: "pause" },
      { intent: "rotate", grace: "1" },
      { intent: "redeliver", deliveryId: b.id },
    ]) {
      const refused = await post(`/admin/api/webhooks/${b.id}`, fields, { params: { id: b.id } });
      expect(refused.status).toBe(404);
    }
    const [still] = await db.owner
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, b.id));
    expect(still!.pausedAt).toBeNull();
    // Someone without staff.manage: 403, nothing made.
    const before = await count();
    const refused = await post(
      "/admin/api/webhooks",
      { intent: "create", url: "https://x.example.com/", topics: ["orders/created"] },
      { who: ordersStaffA },
    );
    expect(refused.status).toBe(403);
    expect(await count()).toBe(before);
  });
});
