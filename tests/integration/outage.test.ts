/**
 * Issue 18, database outages (decision 020), on the production server (server.ts, the build)
 * with PostgreSQL behind a TCP proxy of the test's own. While a bounded load of signed-in pages,
 * cached anonymous pages and checkouts runs, the proxy is cut (every connection reset, the port
 * closed) for a few seconds and then restored: the process stays up, signed-in pages answer 503
 * with Retry-After within a second, cached pages keep answering 200 (stale), `/healthz` says
 * unavailable, pages recover within 5 s on their own, and no order is half-written. Once with
 * one process and once with two (WEB_CONCURRENCY=2) on the same database. The checkouts are in
 * another store than the cached pages: an order's stock change rightly drops its store's pages.
 * PostgreSQL only (TEST_DATABASE_URL): the embedded database cannot be cut from its process.
 */
import { existsSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, setDb, type Db } from "~/db/client.server";
import { orderItems, orders, products, stores } from "~/db/schema";
import { DEFAULT_REQUEST_DEADLINES } from "~/lib/config.server";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/scratch-database";
import {
  checkoutForm,
  DatabaseProxy,
  send,
  SESSION_SECRET,
  shopperWithCart,
  startInstance,
  stopInstance,
  STORE,
  type Answer,
  type Instance,
} from "./faults-support";

const serverUrl = process.env.TEST_DATABASE_URL;
/** A checkout's client timeout: the server's write deadline (decision 020) and 5 s more. */
const CHECKOUT_TIMEOUT_MS = DEFAULT_REQUEST_DEADLINES.writeMs + 5_000;
const BUYING_STORE = "inks";
const OUTAGE_MS = 3_000;
const CHECKOUTS = 6;

interface Sample extends Answer {
  kind: "signed-in" | "anonymous" | "checkout";
  sentAt: number;
}

const failed = (error: Error): Answer => ({ status: 0, headers: {}, body: error.message, ms: 0 });
// eslint-disable-next-line no-restricted-syntax -- the outage's timeline (page life, sampling, outage length); issue 32 left its review to this file's owner
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!serverUrl)("database outage", () => {
  let database: ScratchDatabase;
  let proxy: DatabaseProxy;
  let instance: Instance | undefined;
  let db: Db;

  beforeAll(async () => {
    if (!existsSync("build/server/index.js")) throw new Error("needs the build: npx remix vite:build");
    process.env.SESSION_SECRET = SESSION_SECRET;
    database = await createScratchDatabase(serverUrl!, "outage");
    proxy = await DatabaseProxy.start();
  });

  afterAll(async () => {
    await stopInstance(instance);
    await proxy?.cut();
    setDb(undefined);
    await db?.close();
    await database?.drop();
  }, 60_000);

  async function start(workers: number) {
    await stopInstance(instance);
    instance = await startInstance({
      DATABASE_URL: proxy.through(database.url),
      APP_DATABASE_URL: proxy.through(database.appUrl),
      WEB_CONCURRENCY: String(workers),
      // Entries are past their life when the outage starts: what is served then is stale.
      PAGE_CACHE_TTL_SECONDS: "1",
    });
    if (!db) {
      // The test's own connection does not go through the proxy.
      db = await createDb({ url: database.url, appUrl: database.appUrl, max: 2, migrate: false });
      setDb(db);
    }
    return instance;
  }

  async function storeAndProduct(slug: string) {
    const [store] = await db.owner.select({ id: stores.id }).from(stores).where(eq(stores.slug, slug));
    const [product] = await db.owner
      .update(products)
      .set({ stock: 500 })
      .where(
        eq(products.id, sql`(select id from products where store_id = ${store!.id} order by slug limit 1)`),
      )
      .returning({ id: products.id, stock: products.stock });
    return { storeId: store!.id, productId: product!.id, stock: product!.stock };
  }

  it.each([1, 2])(
    "with %i process(es): 503 within a second, cached pages served, recovery by itself, nothing half-written",
    async (workers) => {
      const server = await start(workers);
      const dyes = await storeAndProduct(STORE);
      const inks = await storeAndProduct(BUYING_STORE);
      const browser = await shopperWithCart(db, dyes.storeId, dyes.productId);
      const buyers = await Promise.all(
        Array.from({ length: CHECKOUTS }, () =>
          shopperWithCart(db, inks.storeId, inks.productId, 2, BUYING_STORE),
        ),
      );
      const forms = await Promise.all(buyers.map((buyer) => checkoutForm(server, buyer)));

      const samples: Sample[] = [];
      const started = performance.now();
      const checkout = async (index: number) => {
        const sentAt = performance.now() - started;
        const answer = await send(server, {
          path: "/checkout",
          method: "POST",
          store: BUYING_STORE,
          cookie: buyers[index]!.cookie,
          form: forms[index]!,
          // How long answers take while the database is down is asserted below; outside the
          // outage, a new process's first checkout on a busy CI may take longer than 10 s. Past
          // the server's write deadline, so that a checkout that never settles is seen as the
          // server answers it (503 at the deadline), not as the client giving up at the same moment.
          timeoutMs: CHECKOUT_TIMEOUT_MS,
        }).catch(failed);
        samples.push({ kind: "checkout", sentAt, ...answer });
        return answer;
      };
      const first = await checkout(0);
      expect([302, 303], `first checkout: ${first.body.slice(0, 200)}`).toContain(first.status);

      // Cached, then past their life by the time the database goes.
      for (const path of ["/", "/products"]) {
        await send(server, { path });
        await expect.poll(async () => (await send(server, { path })).headers["x-cache"]).toBe("hit");
      }
      await pause(1_100);

      let running = true;
      const loop = async (kind: Sample["kind"], path: string, cookie?: string) => {
        while (running) {
          const sentAt = performance.now() - started;
          const answer = await send(server, { path, cookie, timeoutMs: 8_000 }).catch(failed);
          samples.push({ kind, sentAt, ...answer });
          await pause(40);
        }
      };
      const loops = [
        loop("signed-in", "/cart", browser.cookie),
        loop("anonymous", "/"),
        loop("anonymous", "/products"),
      ];
      await pause(500);
      // Checkouts in flight as the database goes.
      const racing = [1, 2, 3].map((index) => checkout(index));
      const cutAt = performance.now() - started;
      await proxy.cut();

      await pause(1_000);
      const during = await checkout(4);
      expect(during.status).toBe(503);
      expect(during.body).toContain("Nothing was saved");
      const health = await send(server, { path: "/healthz" });
      expect(health.status).toBe(503);
      expect(JSON.parse(health.body)).toEqual({ status: "unavailable" });
      const arabic = await send(server, { path: "/cart", cookie: browser.cookie, lang: "ar" });
      expect(arabic.status).toBe(503);
      expect(arabic.body).toContain('lang="ar" dir="rtl"');
      expect(arabic.body).toContain("الخدمة غير متاحة مؤقتًا");
      expect(server.process.exitCode).toBeNull();

      await pause(OUTAGE_MS - 1_000);
      const restoredAt = performance.now() - started;
      await proxy.restore();
      await Promise.all(racing);
      // Recovered: the last few signed-in pages (both processes' share of them) are all 200.
      const trailing = () =>
        samples
          .filter((s) => s.kind === "signed-in" && s.sentAt > restoredAt)
          .slice(-6)
          .map((s) => s.status);
      await expect
        .poll(() => trailing().length === 6 && trailing().every((status) => status === 200), {
          timeout: 10_000,
        })
        .toBe(true);
      const settled = samples.filter((s) => s.kind === "signed-in");
      await pause(300);
      const after = await checkout(5);
      expect([302, 303], `checkout after the restore: ${after.body.slice(0, 200)}`).toContain(after.status);
      running = false;
      await Promise.all(loops);
      expect(server.process.exitCode).toBeNull();

      const signedIn = samples.filter((s) => s.kind === "signed-in");
      const down = (s: Sample) => s.sentAt > cutAt && s.sentAt < restoredAt;
      // Every answer while the database was down came within a second.
      for (const s of samples.filter(down)) expect(s.ms, `${s.kind} at ${s.sentAt}`).toBeLessThan(1_000);
      const outageAnswers = signedIn.filter(down);
      expect(outageAnswers.length).toBeGreaterThan(5);
      for (const s of outageAnswers) {
        expect(s.status).toBe(503);
        expect(s.headers["retry-after"]).toBeDefined();
        expect(s.body).toContain("Temporarily unavailable");
      }
      const first503 = signedIn.find((s) => s.sentAt > cutAt && s.status === 503)!;
      const toUnavailable = first503.sentAt + first503.ms - cutAt;
      expect(toUnavailable).toBeLessThan(1_000);
      // The anonymous storefront kept answering from the page cache, stale, from every process:
      // one whose tenant cache never held the host finds it in the shared page cache.
      const anonymous = samples.filter((s) => s.kind === "anonymous" && down(s));
      expect(
        anonymous
          .filter((s) => s.status !== 200)
          .map((s) => `${s.status} at ${Math.round(s.sentAt)}: ${s.body.slice(0, 120)}`),
        server.output(),
      ).toEqual([]);
      expect(anonymous.some((s) => s.headers["x-cache"] === "stale")).toBe(true);
      // Back by itself: the first signed-in page after which every one is 200.
      const lastFailure = settled.filter((s) => s.status !== 200).at(-1)!;
      const recovered = settled.find((s) => s.sentAt > lastFailure.sentAt)!;
      const toRecovery = recovered.sentAt + recovered.ms - restoredAt;
      expect(toRecovery).toBeLessThan(5_000);

      // The checkouts that were refused are sent again with their token: each places one order.
      for (const index of [1, 2, 3, 4]) {
        const again = await checkout(index);
        expect(
          [302, 303],
          `re-sent checkout ${index}: ${again.body.slice(0, 200)}\n${server.output()}`,
        ).toContain(again.status);
      }
      const placed = await db.owner
        .select({ id: orders.id, userId: orders.userId })
        .from(orders)
        .where(eq(orders.storeId, inks.storeId));
      const mine = placed.filter((order) => buyers.some((buyer) => buyer.userId === order.userId));
      expect(mine.length).toBe(CHECKOUTS);
      expect(new Set(mine.map((order) => order.userId)).size).toBe(CHECKOUTS);
      // Nothing half-written: every order has its lines, and the stock went down by what they hold.
      const [{ bare }] = (await db.owner.execute(
        sql`select count(*)::int as bare from ${orders} o where not exists
            (select 1 from ${orderItems} i where i.store_id = o.store_id and i.order_id = o.id)`,
      )) as unknown as [{ bare: number }];
      expect(bare).toBe(0);
      const [current] = await db.owner
        .select({ stock: products.stock })
        .from(products)
        .where(and(eq(products.storeId, inks.storeId), eq(products.id, inks.productId)));
      expect(current!.stock).toBe(inks.stock - CHECKOUTS * 2);

      const processes = workers > 1 ? `${workers} processes` : "1 process";
      console.log(
        `outage (${processes}): first 503 ${Math.round(toUnavailable)} ms after the cut, ` +
          `slowest answer while down ${Math.round(Math.max(...samples.filter(down).map((s) => s.ms)))} ms, ` +
          `recovered ${Math.round(toRecovery)} ms after the restore; ${samples.length} requests, ` +
          `${anonymous.filter((s) => s.headers["x-cache"] === "stale").length} stale pages; ` +
          `${mine.length} orders for ${CHECKOUTS} checkouts (4 refused, then re-sent)`,
      );
    },
    240_000,
  );
});
