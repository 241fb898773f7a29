/**
 * The demo with card payments: with the Stripe test server configured, the demo stores get a
 * connected account that can take charges at start-up; an account the server still knows is
 * kept, one it forgot (the test server restarted) is replaced; without STRIPE_API_BASE, or with
 * the test server down, nothing changes and start-up goes on.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { stores } from "~/db/schema";
import { loadPaymentOptions } from "~/services/orders/payment-options.server";
import { connectDemoStores } from "~/services/payments/demo-account.server";
import { getStripe } from "~/services/stripe/stripe-client.server";
import { startStripeServer, type StripeServer } from "../stripe-server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
const savedEnv = { ...process.env };
const STRIPE_VARS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_API_BASE",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_DEMO_CONNECT",
] as const;

function restoreEnv() {
  for (const name of STRIPE_VARS) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
}

const account = async (storeId: string) =>
  (
    await db.owner
      .select({ id: stores.stripeAccountId, enabled: stores.stripeChargesEnabled })
      .from(stores)
      .where(eq(stores.id, storeId))
  )[0]!;

beforeAll(async () => {
  ({ db, alpha, beta } = await openTwoStores());
});
afterAll(async () => {
  restoreEnv();
  await db?.dispose();
});

describe("demo stores and the Stripe test server", () => {
  it("without Stripe configuration, or against Stripe itself, changes nothing", async () => {
    for (const name of STRIPE_VARS) delete process.env[name];
    expect(await connectDemoStores(["alpha"])).toEqual([]);
    process.env.STRIPE_SECRET_KEY = "sk_test_real_stripe";
    expect(await connectDemoStores(["alpha"])).toEqual([]);
    // The test server, turned off.
    process.env.STRIPE_API_BASE = "http://127.0.0.1:9";
    process.env.STRIPE_DEMO_CONNECT = "0";
    expect(await connectDemoStores(["alpha"])).toEqual([]);
    delete process.env.STRIPE_DEMO_CONNECT;
    expect(await account(alpha.storeId)).toEqual({ id: null, enabled: false });
    restoreEnv();
  });

  it("connects the demo store on the test server, keeps the account on the next start, replaces a forgotten one", async () => {
    let server: StripeServer = await startStripeServer();
    Object.assign(process.env, server.env);
    try {
      const lines = await connectDemoStores(["alpha", "no-such-store"]);
      const first = await account(alpha.storeId);
      expect(first).toEqual({ id: expect.stringMatching(/^acct_/), enabled: true });
      expect(lines).toEqual([`Pay With Stripe: alpha connected ${first.id}`]);
      // The account can take charges on the server, so checkout offers Pay With Stripe.
      expect((await getStripe().accounts.retrieve(first.id!)).charges_enabled).toBe(true);
      const app = await getDb();
      const options = await app.withStore(alpha.storeId, (tx) => loadPaymentOptions(tx, alpha.storeId));
      expect(options.card).toBe(true);
      // Another store is left alone.
      expect(await account(beta.storeId)).toEqual({ id: null, enabled: false });

      expect(await connectDemoStores(["alpha"])).toEqual([`Pay With Stripe: alpha uses ${first.id}`]);
      expect(await account(alpha.storeId)).toEqual(first);

      // The test server keeps accounts in memory: after its restart the store gets a new one.
      await server.stop();
      server = await startStripeServer({ port: server.port });
      Object.assign(process.env, server.env);
      await connectDemoStores(["alpha"]);
      const second = await account(alpha.storeId);
      expect(second.id).toMatch(/^acct_/);
      expect(second.id).not.toBe(first.id);
      expect(second.enabled).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it("reports a test server that does not answer and leaves the store as it was", async () => {
    const before = await account(alpha.storeId);
    const server = await startStripeServer();
    Object.assign(process.env, server.env);
    await server.stop();
    const lines = await connectDemoStores(["alpha"]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Pay With Stripe: alpha not connected, the Stripe test server at http/);
    expect(await account(alpha.storeId)).toEqual(before);
    restoreEnv();
  }, 30_000);
});
