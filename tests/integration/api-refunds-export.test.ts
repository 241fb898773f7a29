/**
 * The rest of issue 38's API, on the demo stores, PostgreSQL and PGlite: refunds through
 * /api/v1/orders/:number/refunds (the admin's service: what is left re-checked, 422 naming what
 * remains, restock, the activity log named after the token, orders/refunded; Idempotency-Key
 * replays and never refunds twice; scopes 403, other stores' orders and lines 404/400, bad input
 * 400 naming the field, nothing changed on any refusal), the customers export
 * (`customers.export`, every customer of this store only, its cursor), the `customers/created`
 * event written with a shopper's sign-up (and not when the sign-up is refused), and an /api/v1
 * call while the database is down: 503 in the API's shape.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, asc, eq, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, setDb, type Db } from "~/db/client.server";
import {
  auditLog,
  orderItems,
  orders,
  productVariants,
  refunds,
  storeEvents,
  stores,
  users,
  webhookDeliveries,
} from "~/db/schema";
import { seedDemo } from "~/db/seed";
import type { Permission } from "~/lib/permissions";
import { customer as customerSchema } from "~/lib/validation/api";
import { consumeSignInLink, createSignInLinkToken, signUp } from "~/services/identity/accounts.server";
import { loader as refundsLoader, action as refundsAction } from "~/routes/api.v1.orders.$number.refunds";
import { loader as exportLoader } from "~/routes/api.v1.customers.export";
import { loader as eventsLoader } from "~/routes/api.v1.events";
import { loader as ordersLoader } from "~/routes/api.v1.orders._index";
import { loader as orderLoader } from "~/routes/api.v1.orders.$number._index";
import { databaseHealth, type DatabaseHealth } from "../../server/outage/health";
import { apiToken, callApi, type ApiCall, type ApiHandler, type ApiReply } from "../helpers/api";
import { createTestDb, type TestDb } from "../helpers/db";
import { startEdge, type EdgeServer } from "../helpers/edge-app";
import { MATRIX_STORES } from "../helpers/matrix/demo";
import { textRequest } from "../helpers/raw-http";
import { contextFor } from "../helpers/routes";

const ORIGIN_A = "http://dyes.localhost:3000";
const ORIGIN_B = "http://inks.localhost:3000";

let db: TestDb;
let ctxA: AppLoadContext;
let ctxB: AppLoadContext;
let storeA: string;
let storeB: string;
let ownerA: string;
let full: string;
let viewOnly: string;

/** `path` under /api/v1 on store A's host (or B's), with `token`, an Idempotency-Key and an If-Match. */
function call(
  handler: ApiHandler,
  path: string,
  options: ApiCall & { token: string; key?: string; ifMatch?: string; host?: "A" | "B" },
): Promise<ApiReply> {
  const { key, ifMatch, host, ...rest } = options;
  const headers: Record<string, string> = {};
  if (key) headers["Idempotency-Key"] = key;
  if (ifMatch) headers["If-Match"] = ifMatch;
  const origin = host === "B" ? ORIGIN_B : ORIGIN_A;
  return callApi(handler, `${origin}/api/v1${path}`, host === "B" ? ctxB : ctxA, { ...rest, headers });
}

const token = (scopes: Permission[], name: string) => apiToken(storeA, ownerA, scopes, name);

/**
 * A new order of the store, delivered and paid by Cash On Delivery: a copy of its first order and
 * lines under new ids and the next number, so each test has one no other test refunded.
 */
async function paidOrder(storeId = storeA) {
  const [source] = await db.owner
    .select()
    .from(orders)
    .where(eq(orders.storeId, storeId))
    .orderBy(asc(orders.number))
    .limit(1);
  const [max] = await db.owner
    .select({ n: sql<number>`max(${orders.number})::int` })
    .from(orders)
    .where(eq(orders.storeId, storeId));
  const id = uuidv7();
  const number = max!.n + 1;
  await db.owner.insert(orders).values({
    ...source!,
    id,
    number,
    checkoutToken: null,
    status: "delivered",
    paymentStatus: "paid",
    paymentMethod: "cod",
  });
  const items = await db.owner
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.storeId, storeId), eq(orderItems.orderId, source!.id)));
  await db.owner.insert(orderItems).values(items.map((item) => ({ ...item, id: uuidv7(), orderId: id })));
  const lines = await db.owner
    .select({ id: orderItems.id, variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.storeId, storeId), eq(orderItems.orderId, id)))
    .orderBy(asc(orderItems.nameEn), asc(orderItems.id));
  return { id, number, lines };
}

const refundCount = async (orderId: string) =>
  (
    await db.owner
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .where(eq(refunds.orderId, orderId))
  )[0]!.n;

const stockOf = async (variantId: string) =>
  (
    await db.owner
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId))
  )[0]!.stock;

const eventsOf = (storeId: string, topic: string, resourceId?: string) =>
  db.owner
    .select()
    .from(storeEvents)
    .where(
      and(
        eq(storeEvents.storeId, storeId),
        eq(storeEvents.topic, topic),
        resourceId ? eq(storeEvents.resourceId, resourceId) : undefined,
      ),
    )
    .orderBy(asc(storeEvents.seq));

beforeAll(async () => {
  db = await createTestDb();
  await seedDemo(db, { stores: MATRIX_STORES });
  ctxA = await contextFor(db, "dyes.localhost");
  ctxB = await contextFor(db, "inks.localhost");
  const rows = await db.owner.select({ id: stores.id, slug: stores.slug }).from(stores);
  storeA = rows.find((row) => row.slug === "dyes")!.id;
  storeB = rows.find((row) => row.slug === "inks")!.id;
  const [owner] = await db.owner
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeA), eq(users.email, "admin@dyes.test")));
  ownerA = owner!.id;
  full = await token(
    ["orders.view", "orders.refund", "customers.view", "customers.export"],
    "Accounting sync",
  );
  viewOnly = await token(["orders.view", "customers.view"], "Read only");
}, 120_000);

afterAll(async () => {
  await db?.dispose();
});

describe("refunds through the API", () => {
  it("lists what is left, refunds units with restock, names the token in the log and records orders/refunded", async () => {
    const order = await paidOrder();
    const number = String(order.number);
    const list = await call(refundsLoader, `/orders/${number}/refunds`, {
      token: viewOnly,
      params: { number },
    });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
    expect(list.body.remaining.refundable).toBe(true);
    const line = order.lines[0]!;
    expect(list.body.remaining.lines.map((l: { orderItemId: string }) => l.orderItemId)).toContain(line.id);
    const stock = await stockOf(line.variantId!);

    const made = await call(refundsAction, `/orders/${number}/refunds`, {
      token: full,
      params: { number },
      key: `refund-${number}`,
      body: { lines: [{ orderItemId: line.id, quantity: 1, restock: true }], reason: "damaged" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ status: "succeeded", method: "cash", reason: "damaged" });
    expect(made.body.data.lines).toEqual([
      expect.objectContaining({ orderItemId: line.id, quantity: 1, restock: true }),
    ]);
    expect(await stockOf(line.variantId!)).toBe(stock + 1);
    expect(await refundCount(order.id)).toBe(1);

    const [entry] = await db.owner
      .select({ actorName: auditLog.actorName, actorId: auditLog.actorId })
      .from(auditLog)
      .where(
        and(eq(auditLog.storeId, storeA), eq(auditLog.action, "order.refund"), eq(auditLog.entityId, number)),
      );
    expect(entry).toEqual({ actorName: "API token: Accounting sync", actorId: ownerA });
    const refunded = await eventsOf(storeA, "orders/refunded", order.id);
    expect(refunded).toHaveLength(1);

    const after = await call(refundsLoader, `/orders/${number}/refunds`, { token: full, params: { number } });
    expect(after.body.data).toHaveLength(1);
    expect(after.body.remaining.refundedCents).toBe(made.body.data.amountCents);
    expect(after.body.remaining.amountCents).toBe(
      after.body.remaining.paidCents - made.body.data.amountCents,
    );
  });

  it("Idempotency-Key: the same request replays the refund, another body is 422, one refund only", async () => {
    const order = await paidOrder();
    const number = String(order.number);
    const body = { amountCents: 100, reason: "goodwill", reference: "T-1" };
    const first = await call(refundsAction, `/orders/${number}/refunds`, {
      token: full,
      params: { number },
      key: "same-key-1",
      body,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await call(refundsAction, `/orders/${number}/refunds`, {
      token: full,
      params: { number },
      key: "same-key-1",
      body,
    });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await call(refundsAction, `/orders/${number}/refunds`, {
      token: full,
      params: { number },
      key: "same-key-1",
      body: { ...body, amountCents: 101 },
    });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe("unprocessable");
    expect(await refundCount(order.id)).toBe(1);
  });

  it("If-Match: the order's ETag refunds; an ETag read before the order changed is 412, nothing refunded", async () => {
    const order = await paidOrder();
    const number = String(order.number);
    const read = await call(orderLoader, `/orders/${number}`, { token: full, params: { number } });
    const etag = read.headers.get("ETag")!;
    expect(etag).toBeTruthy();
    const made = await call(refundsAction, `/orders/${number}/refunds`, {
      token: full,
      params: { number },
      ifMatch: etag,
      body: { amountCents: 100, reason: "goodwill" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // The refund changed the order: the ETag read before it is stale now.
    const stale = await call(refundsAction, `/orders/${number}/refunds`, {
      token: full,
      params: { number },
      ifMatch: etag,
      body: { amountCents: 100, reason: "goodwill" },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe("precondition_failed");
    expect(await refundCount(order.id)).toBe(1);
  });

  it("more than is left: 422 naming what remains, nothing changed", async () => {
    const order = await paidOrder();
    const number = String(order.number);
    const before = await call(refundsLoader, `/orders/${number}/refunds`, {
      token: full,
      params: { number },
    });
    const left = before.body.remaining.amountCents as number;
    const over = await call(refundsAction, `/orders/${number}/refunds`, {
      token: full,
      params: { number },
      body: { amountCents: left + 1, reason: "goodwill" },
    });
    expect(over.status).toBe(422);
    expect(over.body.error.message).toContain(String(left));
    expect(over.body.error.fields).toEqual({ amountCents: [`at most ${left}`] });
    const line = order.lines[0]!;
    const units = await call(refundsAction, `/orders/${number}/refunds`, {
      token: full,
      params: { number },
      body: { lines: [{ orderItemId: line.id, quantity: line.quantity + 1 }], reason: "returned" },
    });
    expect(units.status).toBe(422);
    expect(units.body.error.fields).toEqual({ "lines.0.quantity": [`at most ${line.quantity}`] });
    expect(await refundCount(order.id)).toBe(0);
    // All of it, then nothing more.
    const all = await call(refundsAction, `/orders/${number}/refunds`, {
      token: full,
      params: { number },
      body: { amountCents: left, reason: "goodwill" },
    });
    expect(all.status).toBe(201);
    const more = await call(refundsAction, `/orders/${number}/refunds`, {
      token: full,
      params: { number },
      body: { amountCents: 1, reason: "goodwill" },
    });
    expect(more.status).toBe(422);
    expect(more.body.error.fields).toEqual({ amountCents: ["at most 0"] });
    expect(await refundCount(order.id)).toBe(1);
  });

  it("an unpaid order has nothing to refund (422)", async () => {
    const order = await paidOrder();
    await db.owner.update(orders).set({ paymentStatus: "unpaid" }).where(eq(orders.id, order.id));
    const number = String(order.number);
    const refused = await call(refundsAction, `/orders/${number}/refunds`, {
      token: full,
      params: { number },
      body: { amountCents: 1, reason: "other" },
    });
    expect(refused.status).toBe(422);
    expect(await refundCount(order.id)).toBe(0);
  });

  it("bad input: 400 naming the field, nothing changed", async () => {
    const order = await paidOrder();
    const number = String(order.number);
    const cases: [unknown, string][] = [
      [{ amountCents: 10 }, "reason"],
      [{ amountCents: -1, reason: "other" }, "amountCents"],
      [{ lines: [{ orderItemId: order.lines[0]!.id, quantity: 0 }], reason: "other" }, "lines.0.quantity"],
      [{ lines: [{ orderItemId: "not-an-id", quantity: 1 }], reason: "other" }, "lines.0.orderItemId"],
      [{ reason: "other" }, "lines"],
      [{ amountCents: 10, reason: "because" }, "reason"],
      [{ amountCents: 10, reason: "other", method: "card" }, "method"],
    ];
    for (const [body, field] of cases) {
      const reply = await call(refundsAction, `/orders/${number}/refunds`, {
        token: full,
        params: { number },
        body,
      });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error.code).toBe("bad_request");
      expect(Object.keys(reply.body.error.fields), JSON.stringify(body)).toContain(field);
    }
    expect(await refundCount(order.id)).toBe(0);
  });

  it("scopes: without orders.refund the POST is 403, without orders.view the list is 403; nothing changed", async () => {
    const order = await paidOrder();
    const number = String(order.number);
    const refused = await call(refundsAction, `/orders/${number}/refunds`, {
      token: viewOnly,
      params: { number },
      body: { amountCents: 10, reason: "other" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("orders.refund");
    const refundOnly = await token(["orders.refund"], "Refund only");
    const list = await call(refundsLoader, `/orders/${number}/refunds`, {
      token: refundOnly,
      params: { number },
    });
    expect(list.status).toBe(403);
    expect(await refundCount(order.id)).toBe(0);
  });

  it("other stores: their host 401, an order number this store lacks 404, their order's line 400; nothing changed", async () => {
    const order = await paidOrder();
    const theirs = await paidOrder(storeB);
    const number = String(order.number);
    const onB = await call(refundsAction, `/orders/${theirs.number}/refunds`, {
      token: full,
      host: "B",
      params: { number: String(theirs.number) },
      body: { amountCents: 10, reason: "other" },
    });
    expect(onB.status).toBe(401);
    const [max] = await db.owner
      .select({ n: sql<number>`max(${orders.number})::int` })
      .from(orders)
      .where(eq(orders.storeId, storeA));
    const missing = String(max!.n + 1000);
    for (const handler of [refundsLoader, refundsAction]) {
      const reply = await call(handler, `/orders/${missing}/refunds`, {
        token: full,
        params: { number: missing },
        body: handler === refundsAction ? { amountCents: 10, reason: "other" } : undefined,
      });
      expect(reply.status).toBe(404);
      expect(reply.body.error.code).toBe("not_found");
    }
    const foreignLine = await call(refundsAction, `/orders/${number}/refunds`, {
      token: full,
      params: { number },
      body: { lines: [{ orderItemId: theirs.lines[0]!.id, quantity: 1 }], reason: "other" },
    });
    expect(foreignLine.status).toBe(400);
    expect(foreignLine.body.error.fields).toEqual({ "lines.0.orderItemId": ["not a line of this order"] });
    expect(await refundCount(order.id)).toBe(0);
    expect(await refundCount(theirs.id)).toBe(0);
  });
});

describe("the customers export", () => {
  it("needs customers.export, answers every customer of this store only, and pages by cursor", async () => {
    const refused = await call(exportLoader, "/customers/export", { token: viewOnly });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("customers.export");
    const page = await call(exportLoader, "/customers/export", { token: full });
    expect(page.status).toBe(200);
    const ids = (
      await db.owner
        .select({ id: users.id })
        .from(users)
        .where(eq(users.storeId, storeA))
        .orderBy(asc(users.id))
    ).map((row) => row.id);
    expect(page.body.data.map((row: { id: string }) => row.id)).toEqual(ids);
    expect(page.body.nextCursor).toBeNull();
    for (const row of page.body.data)
      customerSchema.extend({ createdAt: customerSchema.shape.name }).parse(row);
    const rest = await call(exportLoader, `/customers/export?cursor=${ids[0]}`, { token: full });
    expect(rest.body.data.map((row: { id: string }) => row.id)).toEqual(ids.slice(1));
    const bad = await call(exportLoader, "/customers/export?cursor=nope", { token: full });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(["cursor"]);
    const onB = await call(exportLoader, "/customers/export", { token: full, host: "B" });
    expect(onB.status).toBe(401);
  });
});

describe("customers/created", () => {
  it("is written with a shopper's sign-up (password or first sign-in link), a snapshot in the API's customer shape", async () => {
    const email = `api-signup-${Date.now()}@example.com`;
    const made = await signUp(storeA, { name: "Webhook Shopper", email, password: "correct horse battery" });
    expect(made.ok).toBe(true);
    const id = made.ok ? made.user.id : "";
    const [event] = await eventsOf(storeA, "customers/created", id);
    expect(event).toMatchObject({ resourceType: "customer", resourceSeq: 1 });
    expect(customerSchema.parse(event!.payload)).toEqual({
      id,
      name: "Webhook Shopper",
      email,
      isStaff: false,
      blocked: false,
      ordersCount: 0,
      spendCents: 0,
    });
    // The demo's subscription to every topic gets a delivery of it, written with it.
    const deliveries = await db.owner
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.storeId, storeA), eq(webhookDeliveries.eventId, event!.id)));
    expect(deliveries.length).toBeGreaterThan(0);

    // Refused (the address is taken): no account, no event.
    const count = (await eventsOf(storeA, "customers/created")).length;
    expect((await signUp(storeA, { name: "Again", email, password: "correct horse battery" })).ok).toBe(
      false,
    );
    expect(await eventsOf(storeA, "customers/created")).toHaveLength(count);

    const linkEmail = `api-link-${Date.now()}@example.com`;
    const { token: linkToken } = await createSignInLinkToken(storeA, linkEmail);
    const linked = await consumeSignInLink(storeA, linkToken);
    expect(linked).not.toBeNull();
    const [linkEvent] = await eventsOf(storeA, "customers/created", linked!.id);
    expect(linkEvent!.payload).toMatchObject({ email: linkEmail });
    expect(await eventsOf(storeB, "customers/created", linked!.id)).toHaveLength(0);
  });

  it("is in the events feed for a token that can read customers, not for one that cannot", async () => {
    const feedToken = await token(["orders.view", "customers.view"], "Feed");
    const ordersOnly = await token(["orders.view"], "Orders feed");
    const topics = async (secret: string) => {
      const topicsSeen: string[] = [];
      let after = "0";
      for (;;) {
        const page = await call(eventsLoader, `/events?after=${after}&limit=250`, { token: secret });
        expect(page.status).toBe(200);
        topicsSeen.push(...page.body.data.map((event: { topic: string }) => event.topic));
        if (!page.body.hasMore) return topicsSeen;
        after = page.body.nextCursor;
      }
    };
    expect(await topics(feedToken)).toContain("customers/created");
    expect(await topics(ordersOnly)).not.toContain("customers/created");
  });
});

describe("an /api/v1 call while the database is down", () => {
  let health: DatabaseHealth | undefined;
  let edge: EdgeServer | undefined;
  let real: Db | undefined;

  afterEach(async () => {
    if (real) setDb(real);
    real = undefined;
    await edge?.close();
    await health?.stop();
  });

  /** The real edge (server/app.ts with the outage guard) in front of the real API loader. */
  async function edgeInFront(reachable: { value: boolean }) {
    health = databaseHealth({
      ping: () => (reachable.value ? Promise.resolve() : Promise.reject(new Error("connect ECONNREFUSED"))),
      intervalMs: 60_000,
      log: () => {},
    });
    edge = await startEdge({
      outage: { health },
      handle: async (request) => {
        const url = new URL(request.url);
        return ordersLoader({
          request: new Request(`${ORIGIN_A}${url.pathname}${url.search}`, { headers: request.headers }),
          context: ctxA,
          params: {},
        });
      },
    });
    return edge;
  }

  const get = (server: EdgeServer) =>
    textRequest({
      port: server.port,
      host: `127.0.0.1:${server.port}`,
      path: "/api/v1/orders",
      method: "GET",
      headers: { authorization: `Bearer ${full}` },
    });

  it("answers 503 in the API's error shape, found down before the call or failing under it", async () => {
    const reachable = { value: true };
    const server = await edgeInFront(reachable);
    const up = await get(server);
    expect(up.status, up.body.slice(0, 200)).toBe(200);

    // The database's connections fail under the request: the API's 500 becomes the outage's 503.
    real = await getDb();
    const gone = () =>
      Promise.reject(
        Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      );
    const cut = new Set<PropertyKey>(["withStore", "withPlatform", "queryInStore"]);
    setDb(new Proxy(real, { get: (target, key) => (cut.has(key) ? gone : Reflect.get(target, key)) }));
    reachable.value = false;
    const failing = await get(server);
    expect(failing.status).toBe(503);
    expect(failing.headers["content-type"]).toContain("application/json");
    expect(failing.headers["retry-after"]).toBeDefined();
    expect(JSON.parse(failing.body)).toEqual({
      error: { code: "unavailable", message: expect.stringContaining("temporarily unavailable") },
    });

    // Now known down: answered at once, the same shape.
    expect(health!.down).toBe(true);
    const down = await get(server);
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body).error.code).toBe("unavailable");
  });
});
