/**
 * The demo's plan as a real subscription (issue 21): with the Stripe test server running, start-up
 * gives the seeded Dye & Shade Co. (Growth, active) a customer and a Growth subscription there,
 * its id on the store's row, so /admin/billing marks Growth "Your current plan" with a
 * subscription behind it and the checklist reads the same state. A subscription the server still
 * knows is kept; one it forgot (the server restarted) is replaced. Ink Atelier's trial, and every
 * store without the test server, are left as seeded.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BillingData } from "~/components/admin/BillingPage";
import { seedDemo } from "~/db/seed";
import { packages, stores, users } from "~/db/schema";
import { loader as billingLoader } from "~/routes/admin.billing";
import { subscribeDemoStores } from "~/services/billing/demo-subscription.server";
import { getStripe } from "~/services/stripe/stripe-client.server";
import { gettingStarted } from "~/services/store/getting-started.server";
import { startStripeServer, type StripeServer } from "../stripe-server";
import { createTestDb, type TestDb } from "../helpers/db";
import { answer, contextFor } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

const STRIPE_VARS = ["STRIPE_SECRET_KEY", "STRIPE_API_BASE", "STRIPE_WEBHOOK_SECRET"] as const;
const savedEnv = { ...process.env };
function restoreEnv() {
  for (const name of STRIPE_VARS) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
}

let db: TestDb;
let server: StripeServer;
let growthId: string;
const DYES = "http://dyes.localhost:3000";

const row = async (slug: string) =>
  (
    await db.owner
      .select({
        id: stores.id,
        packageId: stores.packageId,
        customerId: stores.stripeCustomerId,
        subscriptionId: stores.stripeSubscriptionId,
        status: stores.subscriptionStatus,
        periodEnd: stores.subscriptionCurrentPeriodEnd,
      })
      .from(stores)
      .where(eq(stores.slug, slug))
  )[0]!;

async function dyesBilling(): Promise<BillingData> {
  const store = await row("dyes");
  const [admin] = await db.owner
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, store.id), eq(users.email, "admin@dyes.test")));
  const cookie = await userCookie(store.id, admin!.id, DYES);
  const context: AppLoadContext = await contextFor(db, "dyes.localhost");
  const request = new Request(`${DYES}/admin/billing`, { headers: { Cookie: cookie } });
  return (await answer<{ billing: BillingData }>(() => billingLoader({ request, context, params: {} }))).data
    .billing;
}

beforeAll(async () => {
  db = await createTestDb();
  await seedDemo(db);
  growthId = (
    await db.owner.select({ id: packages.id }).from(packages).where(eq(packages.code, "growth"))
  )[0]!.id;
}, 120_000);
afterAll(async () => {
  restoreEnv();
  await server?.stop();
  await db?.dispose();
});

describe("the demo's plan on the Stripe test server", () => {
  it("is left as seeded without the test server (no Stripe ids), and the billing loader has no subscription", async () => {
    for (const name of STRIPE_VARS) delete process.env[name];
    expect(await subscribeDemoStores(["dyes", "inks"])).toEqual([]);
    process.env.STRIPE_SECRET_KEY = "sk_test_real_stripe";
    expect(await subscribeDemoStores(["dyes"])).toEqual([]);
    expect(await row("dyes")).toMatchObject({ packageId: growthId, customerId: null, subscriptionId: null });
    restoreEnv();
  });

  it("becomes a Growth subscription with a Stripe id; billing marks Growth current and the checklist agrees", async () => {
    server = await startStripeServer();
    Object.assign(process.env, server.env);
    const seeded = await row("dyes");
    const lines = await subscribeDemoStores(["dyes", "inks", "no-such-store"]);
    const dyes = await row("dyes");
    expect(dyes).toMatchObject({
      packageId: growthId,
      customerId: expect.stringMatching(/^cus_/),
      subscriptionId: expect.stringMatching(/^sub_/),
      status: "active",
    });
    expect(lines).toEqual([`Billing: dyes subscribed to Growth (${dyes.subscriptionId})`]);

    // The server holds it: the store's customer, Growth's price, the store and plan in metadata.
    const subscription = await getStripe().subscriptions.retrieve(dyes.subscriptionId!);
    expect(subscription).toMatchObject({
      status: "active",
      customer: dyes.customerId,
      metadata: { storeId: dyes.id, packageId: growthId },
    });
    expect(subscription.items.data[0]!.price).toMatchObject({
      unit_amount: 4900,
      currency: "usd",
      recurring: { interval: "month" },
    });
    expect(dyes.periodEnd!.getTime()).toBe(subscription.items.data[0]!.current_period_end * 1000);
    expect(dyes.periodEnd!.getTime()).toBeGreaterThan(Date.now());
    expect(seeded.subscriptionId).toBeNull();

    const billing = await dyesBilling();
    expect(billing).toMatchObject({
      plan: { id: growthId, nameEn: "Growth" },
      status: "active",
      onPlan: true,
      hasCustomer: true,
      hasSubscription: true,
      subscribed: true,
      expired: false,
    });
    expect((await gettingStarted(dyes.id)).find((step) => step.key === "plan")!.done).toBe(true);

    // Ink Atelier's trial is not a chosen plan: no subscription is started for it.
    expect(await row("inks")).toMatchObject({ status: "trialing", customerId: null, subscriptionId: null });
  });

  it("keeps the subscription on the next start and replaces it once the server forgot it", async () => {
    const first = await row("dyes");
    expect(await subscribeDemoStores(["dyes"])).toEqual([
      `Billing: dyes keeps Growth (${first.subscriptionId})`,
    ]);
    expect(await row("dyes")).toEqual(first);
    expect((await getStripe().subscriptions.list({ customer: first.customerId! })).data).toHaveLength(1);

    await server.stop();
    server = await startStripeServer({ port: server.port });
    Object.assign(process.env, server.env);
    await subscribeDemoStores(["dyes"]);
    const second = await row("dyes");
    expect(second.subscriptionId).toMatch(/^sub_/);
    expect(second.subscriptionId).not.toBe(first.subscriptionId);
    expect(second.customerId).toMatch(/^cus_/);
    expect(second.customerId).not.toBe(first.customerId);
    expect(second).toMatchObject({ packageId: growthId, status: "active" });
    expect((await getStripe().subscriptions.retrieve(second.subscriptionId!)).customer).toBe(
      second.customerId,
    );
    expect((await dyesBilling()).subscribed).toBe(true);
  });

  it("keeps a subscription the owner cancelled, and reports a server that does not answer", async () => {
    const before = await row("dyes");
    await getStripe().subscriptions.cancel(before.subscriptionId!);
    expect(await subscribeDemoStores(["dyes"])).toEqual([
      `Billing: dyes keeps Growth (${before.subscriptionId})`,
    ]);
    expect((await getStripe().subscriptions.list({ customer: before.customerId! })).data).toEqual([]);

    await server.stop();
    const lines = await subscribeDemoStores(["dyes"]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Billing: dyes not subscribed, the Stripe test server at http/);
    expect((await row("dyes")).subscriptionId).toBe(before.subscriptionId);
  }, 30_000);
});
