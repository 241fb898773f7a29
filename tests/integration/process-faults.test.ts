/**
 * Issue 18, process faults (decision 020), on two production server instances sharing one
 * PostgreSQL: one SIGKILLed while checkouts are in flight loses no order (a checkout re-sent to
 * the other with the same token places exactly one), and SIGTERM drains: the request in flight
 * finishes, a new one gets 503, the process exits 0 within 10 s.
 * PostgreSQL only (TEST_DATABASE_URL): the embedded database belongs to one process.
 */
import { existsSync } from "node:fs";
import http from "node:http";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, rowsOf, setDb, type Db } from "~/db/client.server";
import { orderItems, orders, products, stores } from "~/db/schema";
import { eventually } from "../helpers/eventually";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/scratch-database";
import {
  checkoutForm,
  send,
  printed,
  SESSION_SECRET,
  shopperWithCart,
  startInstance,
  stopInstance,
  STORE,
  type Answer,
  type Instance,
} from "./faults-support";

const serverUrl = process.env.TEST_DATABASE_URL;
const BUYERS = 8;
/** Where a placed (or already placed) order sends the shopper. */
const CONFIRMED = /^\/orders\/\d+\/confirmed$/;

describe.skipIf(!serverUrl)("process faults on two instances", () => {
  let database: ScratchDatabase;
  let a: Instance;
  let b: Instance;
  let db: Db;
  let storeId: string;
  let productId: string;

  beforeAll(async () => {
    if (!existsSync("build/server/index.js")) throw new Error("needs the build: npx remix vite:build");
    process.env.SESSION_SECRET = SESSION_SECRET;
    database = await createScratchDatabase(serverUrl!, "procfault");
    const env = { DATABASE_URL: database.url, APP_DATABASE_URL: database.appUrl };
    // The first migrates and seeds; the second finds it done.
    a = await startInstance(env);
    b = await startInstance(env);
    db = await createDb({ url: database.url, appUrl: database.appUrl, max: 2, migrate: false });
    setDb(db);
    const [store] = await db.owner.select({ id: stores.id }).from(stores).where(eq(stores.slug, STORE));
    storeId = store!.id;
    const [product] = await db.owner
      .update(products)
      .set({ stock: 500 })
      .where(
        eq(products.id, sql`(select id from products where store_id = ${storeId} order by slug limit 1)`),
      )
      .returning({ id: products.id });
    productId = product!.id;
  }, 180_000);

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    setDb(undefined);
    await db?.close();
    await database?.drop();
  }, 60_000);

  /** Backends of this test's database waiting for a lock another transaction holds. */
  async function waitingOnLocks(): Promise<number> {
    const [row] = rowsOf<{ waiting: number }>(
      await db.owner.execute(sql`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`),
    );
    return row!.waiting;
  }

  /** Runs `work` while a transaction of the test holds the store's row (`for update`). */
  async function holdingStoreRow<T>(id: string, work: () => Promise<T>): Promise<T> {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const held = new Promise<void>((resolve) => (locked = resolve));
    const transaction = db.owner.transaction(async (tx) => {
      await tx.execute(sql`select id from ${stores} where id = ${id} for update`);
      locked();
      await released;
    });
    try {
      await Promise.race([held, transaction]);
      return await work();
    } finally {
      release();
      await transaction;
    }
  }

  it("loses no order when one instance is SIGKILLed mid-checkout; a re-sent token places exactly one", async () => {
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, () => shopperWithCart(db, storeId, productId, 1)),
    );
    const forms = await Promise.all(buyers.map((buyer) => checkoutForm(b, buyer)));
    const [beforeRow] = await db.owner
      .select({ stock: products.stock })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
    const checkout = (instance: Instance, index: number) =>
      send(instance, {
        path: "/checkout",
        method: "POST",
        cookie: buyers[index]!.cookie,
        form: forms[index]!,
      }).catch((error: Error): Answer => ({ status: 0, headers: {}, body: error.message, ms: 0 }));

    // Half to each instance, all at once, while the test holds the store's row: every checkout
    // takes its order number from it, so each one stops inside its transaction (stock taken,
    // cart emptied, not committed) until the test lets go. A is killed with all of them there.
    const first = await holdingStoreRow(storeId, async () => {
      const answers = buyers.map((_, index) => checkout(index % 2 === 0 ? a : b, index));
      await eventually(waitingOnLocks, (waiting) => waiting >= BUYERS, 30_000);
      a.process.kill("SIGKILL");
      expect(await a.exited).toBeNull();
      return answers;
    });
    const answers = await Promise.all(first);
    for (const [index, answer] of answers.entries()) {
      if (index % 2 === 0) {
        // The killed instance's: no answer, nothing committed.
        expect(answer.status, `buyer ${index} on A`).toBe(0);
      } else {
        expect(answer.status, `buyer ${index} on B: ${answer.body.slice(0, 200)}`).toBe(302);
        expect(answer.headers.location).toMatch(CONFIRMED);
      }
    }
    // Every buyer sends again to B with the same token: A's buyers get their order placed now,
    // B's the order they already have.
    const again = await Promise.all(buyers.map((_, index) => checkout(b, index)));
    for (const [index, answer] of again.entries()) {
      expect(answer.status, `buyer ${index} again: ${answer.body.slice(0, 200)}`).toBe(302);
      expect(answer.headers.location).toMatch(CONFIRMED);
      if (index % 2 === 1) expect(answer.headers.location).toBe(answers[index]!.headers.location);
    }

    const placed = await db.owner
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(eq(orders.storeId, storeId));
    const mine = placed.filter((order) => buyers.some((buyer) => buyer.userId === order.userId));
    expect(mine.length).toBe(BUYERS);
    expect(new Set(mine.map((order) => order.userId)).size).toBe(BUYERS);
    const [{ bare }] = (await db.owner.execute(
      sql`select count(*)::int as bare from ${orders} o where not exists
          (select 1 from ${orderItems} i where i.store_id = o.store_id and i.order_id = o.id)`,
    )) as unknown as [{ bare: number }];
    expect(bare).toBe(0);
    const [afterRow] = await db.owner
      .select({ stock: products.stock })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
    expect(afterRow!.stock).toBe(beforeRow!.stock - BUYERS);
    console.log(
      `SIGKILL: ${BUYERS / 2} checkouts killed mid-transaction on A; ` +
        `after re-sending all ${BUYERS} to B, ${mine.length} orders`,
    );
  }, 60_000);

  it("drains on SIGTERM: the request in flight finishes, a new one gets 503, exit 0 within 10 s", async () => {
    const buyer = await shopperWithCart(db, storeId, productId, 1);
    const form = new URLSearchParams(await checkoutForm(b, buyer)).toString();
    // A checkout whose body is still to come when the signal arrives. It asks to continue first
    // (Expect: 100-continue): the server answers that once its request listener has the request,
    // so the test knows it is in flight before signalling.
    const request = http.request({
      host: "127.0.0.1",
      port: b.port,
      path: "/checkout",
      method: "POST",
      headers: {
        host: `${STORE}.localhost:${b.port}`,
        origin: `http://${STORE}.localhost:${b.port}`,
        cookie: buyer.cookie,
        "content-type": "application/x-www-form-urlencoded",
        "content-length": Buffer.byteLength(form),
        expect: "100-continue",
      },
    });
    const arrived = new Promise<void>((resolve) => request.once("continue", () => resolve()));
    const inFlight = new Promise<{ status: number; location?: string }>((resolve, reject) => {
      request.on("response", (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location }),
        );
      });
      request.on("error", reject);
    });
    request.flushHeaders();
    await arrived;

    const draining = printed(b, "SIGTERM: draining connections");
    const signalledAt = performance.now();
    b.process.kill("SIGTERM");
    await draining;
    const refused = await send(b, { path: "/products" });
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.headers.connection).toBe("close");

    // Only now does the checkout's body arrive: the drain waited for it.
    request.end(form);
    const finished = await inFlight;
    expect(finished.status).toBe(302);
    expect(finished.location).toMatch(CONFIRMED);
    expect(await b.exited).toBe(0);
    const exitMs = performance.now() - signalledAt;
    expect(exitMs).toBeLessThan(10_000);
    const [order] = await db.owner
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.userId, buyer.userId));
    expect(order).toBeDefined();
    console.log(`SIGTERM: in-flight checkout placed, new request 503, exit 0 after ${Math.round(exitMs)} ms`);
  }, 30_000);
});
