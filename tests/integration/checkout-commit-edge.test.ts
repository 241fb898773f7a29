/**
 * The request edge never answers a committed write with its outage page (issue 42 deliverable 3,
 * decision 020): the real edge (server/app.ts with the outage guard) in front of /checkout's real
 * action on PostgreSQL, the app's connections through a proxy that breaks them at the order's
 * COMMIT (tests/helpers/commit-fault-proxy.ts), and the database's fall (the health probe finding
 * it gone) forced between the COMMIT and the action's answer:
 *
 * - the database gone right after the commit: the shopper gets the placed order's redirect, not
 *   the 503 "Nothing was saved" the edge answered when the fall beat the action's return;
 * - the COMMIT's answer lost, the fall while the checkout looks its order up by token: the placed
 *   answer again;
 * - the COMMIT's answer lost and the database unreachable: the outcome is unknown, and the page
 *   says so ("sending it again is safe", the token) instead of "Nothing was saved".
 *
 * PostgreSQL only (TEST_DATABASE_URL): the faults are a network's.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, inject } from "vitest";
import { createDb, setDb, type Db } from "~/db/client.server";
import { orders } from "~/db/schema";
import { action, loader } from "~/routes/checkout";
import { deliveriesSettled } from "~/services/outbox/outbox.server";
import { databaseHealth, type DatabaseHealth } from "../../server/outage/health";
import { CommitFaultProxy, type CommitFault } from "../helpers/commit-fault-proxy";
import type { TestDb } from "../helpers/db";
import { startEdge, type EdgeServer } from "../helpers/edge-app";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { textRequest } from "../helpers/raw-http";
import { answer, contextFor, postForm } from "../helpers/routes";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/scratch-database";
import { startSmtpServer } from "../helpers/smtp";
import { A, ADDRESS, addProduct, fillCart, newToken, signedIn, type Ctx } from "./checkout-fixtures";
import en from "../../app/locales/en.json";

const serverUrl = process.env.TEST_DATABASE_URL;

/** The action's answer as the Remix handler would send it (the edge only needs its status). */
async function asResponse(run: () => Promise<unknown>): Promise<Response> {
  const value = await run().catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  });
  if (value instanceof Response) return value;
  const { data, init } = value as { data: unknown; init: ResponseInit | null };
  return Response.json(data, init ?? {});
}

describe.skipIf(!serverUrl)("the edge and a committed checkout", () => {
  let scratch: ScratchDatabase;
  let proxy: CommitFaultProxy;
  let db: Db;
  let direct: TestDb;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let alpha: StoreFixture;
  let ctx: Ctx;
  let cookie: string;
  let red: string;
  let health: DatabaseHealth;
  let reachable = true;
  let edge: EdgeServer | undefined;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, "test", inject("postgresTemplate") ?? undefined);
    proxy = await CommitFaultProxy.start();
    db = await createDb({ url: proxy.through(scratch.url), appUrl: proxy.through(scratch.appUrl), max: 4 });
    setDb(db);
    const own = await createDb({ url: scratch.url, max: 2, migrate: false });
    direct = Object.assign(own, { dispose: () => own.close() });
    alpha = await createStoreFixture(direct, "alpha");
    red = await addProduct(direct, alpha.storeId, { slug: "red", priceCents: 1000, stock: 50 });
    ctx = await contextFor(db, "alpha.localhost");
    cookie = await signedIn(alpha.storeId, alpha.userId);
    smtp = await startSmtpServer();
    process.env.SMTP_URL = smtp.url;
  });

  afterAll(async () => {
    delete process.env.SMTP_URL;
    await deliveriesSettled();
    setDb(undefined);
    await db?.close();
    await direct?.close();
    await proxy?.close();
    await smtp?.close();
    await scratch?.drop();
  });

  beforeEach(async () => {
    reachable = true;
    // The probe is the test's: the database falls when the test says so, not when the proxy cuts.
    health = databaseHealth({
      ping: () => (reachable ? Promise.resolve() : Promise.reject(new Error("connect ECONNREFUSED"))),
      intervalMs: 60_000,
      log: () => {},
    });
    await fillCart(direct, alpha.storeId, alpha.userId, [{ productId: red, quantity: 1 }]);
  });

  afterEach(async () => {
    await edge?.close();
    edge = undefined;
    await health.stop();
    await proxy.restore();
    await deliveriesSettled();
  });

  async function placeFields() {
    const page = await answer<{ summary: { totalCents: number } }>(() =>
      loader({
        request: new Request(`${A}/checkout`, { headers: { Cookie: cookie } }),
        context: ctx,
        params: {},
      }),
    );
    return {
      ...ADDRESS,
      intent: "place",
      paymentMethod: "cod",
      checkoutToken: newToken(),
      expectedTotal: String(page.data.summary.totalCents),
    };
  }

  const orderOf = async (token: string) =>
    (
      await direct.owner
        .select({ number: orders.number })
        .from(orders)
        .where(and(eq(orders.storeId, alpha.storeId), eq(orders.checkoutToken, token)))
    )[0];

  /** The database falls: the probe finds it gone (two failed probes) and tells the edge. */
  async function fall() {
    reachable = false;
    await health.check();
    expect(health.down).toBe(true);
  }

  /**
   * Posts the checkout through the edge with `fault` armed at the order's COMMIT; the database
   * falls once the fault has happened (`onFault`), and the action's answer is held until then, so
   * the fall always comes before it.
   */
  async function checkoutThroughEdge(fault: CommitFault, onFault: () => Promise<void>) {
    const fields = await placeFields();
    proxy.arm(fault);
    const fell = proxy.firedAt.then(onFault);
    edge = await startEdge({
      outage: { health },
      deadlines: { pageMs: 10_000, writeMs: 20_000, commitGraceMs: 8_000 },
      handle: async () => {
        const settled = asResponse(() =>
          action({ request: postForm(`${A}/checkout`, fields, cookie), context: ctx, params: {} }),
        );
        // Awaited below, after the fall: not an unhandled rejection meanwhile.
        settled.catch(() => {});
        await fell;
        return settled;
      },
    });
    const reply = await textRequest({
      port: edge.port,
      host: `127.0.0.1:${edge.port}`,
      path: "/checkout",
      method: "POST",
      headers: { origin: edge.origin, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=place",
    });
    return { reply, order: await orderOf(fields.checkoutToken) };
  }

  it("the database gone right after the commit: the shopper is sent to the placed order", async () => {
    const { reply, order } = await checkoutThroughEdge("cut-after", fall);
    expect(order).toBeDefined();
    expect(reply.status, reply.body.slice(0, 300)).toBe(302);
    expect(reply.headers.location).toBe(`/orders/${order!.number}/confirmed`);
  });

  it("the COMMIT's answer lost, the fall while the order is looked up by its token: placed", async () => {
    const { reply, order } = await checkoutThroughEdge("lose-answer", fall);
    expect(order).toBeDefined();
    expect(reply.status, reply.body.slice(0, 300)).toBe(302);
    expect(reply.headers.location).toBe(`/orders/${order!.number}/confirmed`);
  });

  it("the COMMIT's answer lost and the database unreachable: the page says it could not confirm, not that nothing was saved", async () => {
    const { reply, order } = await checkoutThroughEdge("lose-answer", async () => {
      await proxy.cut();
      await fall();
    });
    // PostgreSQL committed it: the shopper must not be told otherwise.
    expect(order).toBeDefined();
    expect(reply.status).toBe(503);
    expect(reply.body).not.toContain(en.outage.writeMessage.slice(0, 20));
    expect(reply.body).toContain(en.outage.unconfirmedResendSafe.slice(0, 20));
  });
});
