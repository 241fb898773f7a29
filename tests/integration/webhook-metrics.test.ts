/**
 * The webhook metrics (decision 021) count every Stripe delivery through POST /webhooks/stripe:
 * store payments (connected accounts) and platform billing (the platform's own account), by
 * outcome and by where the event was recorded: the store's `stripe_events`, or
 * `platform_stripe_events` for an event of no store, or nowhere (a bad signature).
 */
import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { platformStripeEvents, stores, stripeEvents } from "~/db/schema";
import { action as webhookAction } from "~/routes/webhooks.stripe";
import { processMetrics } from "../../server/metrics/registry";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { signPayload } from "../stripe-server/webhooks";

const SECRET = "whsec_webhook_metrics_test";
const savedSecret = process.env.STRIPE_WEBHOOK_SECRET;
let db: TestDb;
let store: StoreFixture;
const observed = processMetrics({ defaults: false });

beforeAll(async () => {
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  db = await createTestDb();
  store = await createStoreFixture(db, "hooks");
  await db.owner.update(stores).set({ stripeAccountId: "acct_hooks" }).where(eq(stores.id, store.storeId));
});
afterAll(async () => {
  if (savedSecret === undefined) delete process.env.STRIPE_WEBHOOK_SECRET;
  else process.env.STRIPE_WEBHOOK_SECRET = savedSecret;
  await db?.dispose();
});

async function deliver(event: Record<string, unknown>, secret = SECRET): Promise<Response> {
  const body = JSON.stringify({ object: "event", api_version: "2025-01-27", created: 1, ...event });
  const request = new Request("http://localhost:3000/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signPayload(body, secret) },
    body,
  });
  return webhookAction({ request, context: {} as AppLoadContext, params: {} });
}

it("counts platform billing and store deliveries by outcome and by the ledger that kept them", async () => {
  // Platform billing, of no store: platform_stripe_events, then a redelivery.
  const unknownSubscription = {
    id: "evt_billing_nobody",
    type: "customer.subscription.updated",
    data: { object: { id: "sub_nobody", object: "subscription", customer: "cus_nobody", metadata: {} } },
  };
  expect(await (await deliver(unknownSubscription)).text()).toBe("ignored");
  expect(await (await deliver(unknownSubscription)).text()).toBe("duplicate");
  // Platform billing about a store (no subscription on the invoice): the store's stripe_events.
  const invoice = {
    id: "evt_billing_store",
    type: "invoice.paid",
    data: {
      object: {
        id: "in_1",
        object: "invoice",
        customer: "cus_hooks",
        parent: { subscription_details: { subscription: null, metadata: { storeId: store.storeId } } },
      },
    },
  };
  expect(await (await deliver(invoice)).text()).toBe("ignored");
  // A store's connected account: applied in the store's ledger.
  const accountUpdated = {
    id: "evt_store_account",
    type: "account.updated",
    account: "acct_hooks",
    data: {
      object: {
        id: "acct_hooks",
        object: "account",
        charges_enabled: true,
        metadata: { storeId: store.storeId },
      },
    },
  };
  expect(await (await deliver(accountUpdated)).text()).toBe("applied");
  // A connected account's event naming no store: platform_stripe_events.
  const strayCharge = {
    id: "evt_store_stray",
    type: "charge.succeeded",
    account: "acct_elsewhere",
    data: { object: { id: "ch_1", object: "charge", metadata: {} } },
  };
  expect(await (await deliver(strayCharge)).text()).toBe("ignored");
  // A bad signature is recorded nowhere.
  expect((await deliver({ ...strayCharge, id: "evt_forged" }, "whsec_wrong")).status).toBe(400);

  const text = await observed.registry.metrics();
  expect(text).toContain('webhook_events_total{outcome="ignored",ledger="platform"} 2');
  expect(text).toContain('webhook_events_total{outcome="duplicate",ledger="platform"} 1');
  expect(text).toContain('webhook_events_total{outcome="ignored",ledger="store"} 1');
  expect(text).toContain('webhook_events_total{outcome="applied",ledger="store"} 1');
  expect(text).toContain('webhook_events_total{outcome="rejected",ledger="none"} 1');

  // The ledgers hold what the metrics say they do.
  const platformRows = await db.owner.select({ id: platformStripeEvents.id }).from(platformStripeEvents);
  expect(platformRows.map((row) => row.id).sort()).toEqual(["evt_billing_nobody", "evt_store_stray"]);
  const storeRows = await db.owner.select({ id: stripeEvents.id }).from(stripeEvents);
  expect(storeRows.map((row) => row.id).sort()).toEqual(["evt_billing_store", "evt_store_account"]);
  const [row] = await db.owner
    .select({ enabled: stores.stripeChargesEnabled })
    .from(stores)
    .where(eq(stores.id, store.storeId));
  expect(row?.enabled).toBe(true);
});
