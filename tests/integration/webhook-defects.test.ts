/**
 * Issue 42 D7 and D8, through POST /webhooks/stripe with signed payloads: a signature header is
 * judged as Stripe's own parser judges it (the last `t=` is the stamp), and no signed event is
 * answered in a way that makes Stripe deliver it again for ever (Stripe retries every non-2xx
 * for days): an event without a readable object is recorded once as ignored and logged once; a
 * refund naming a Cash On Delivery order is ignored (no Stripe payment will ever join it); a
 * completed session for an order the store does not have is ignored, not counted as applied.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders, platformStripeEvents, stores, stripeEvents } from "~/db/schema";
import { logTo } from "~/lib/log.server";
import { action as webhookAction } from "~/routes/webhooks.stripe";
import { processMetrics } from "../../server/metrics/registry";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { signPayload } from "../stripe-server/webhooks";
import { ORDER_SHIPPING } from "./checkout-fixtures";

const SECRET = "whsec_webhook_defects_test";
const ACCOUNT = "acct_defects";
const savedSecret = process.env.STRIPE_WEBHOOK_SECRET;
let db: TestDb;
let store: StoreFixture;
let observed: ReturnType<typeof processMetrics>;
let logLines: Record<string, unknown>[] = [];
let orderNumber = 1000;

beforeAll(async () => {
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  db = await createTestDb();
  store = await createStoreFixture(db, "defects");
  await db.owner.update(stores).set({ stripeAccountId: ACCOUNT }).where(eq(stores.id, store.storeId));
  logTo({ write: (line: string) => logLines.push(JSON.parse(line) as Record<string, unknown>) });
});
afterAll(async () => {
  if (savedSecret === undefined) delete process.env.STRIPE_WEBHOOK_SECRET;
  else process.env.STRIPE_WEBHOOK_SECRET = savedSecret;
  await db?.dispose();
});
beforeEach(() => {
  // Fresh counters for each test: the services report to the last registry made.
  observed = processMetrics({ defaults: false });
  logLines = [];
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

function eventBody(event: Record<string, unknown>): string {
  return JSON.stringify({ object: "event", api_version: "2025-01-27", created: nowSeconds(), ...event });
}

function deliver(body: string, signature = signPayload(body, SECRET)): Promise<Response> {
  const request = new Request("http://localhost:3000/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body,
  });
  return webhookAction({ request, context: {} as AppLoadContext, params: {} });
}

async function recordedIds(): Promise<string[]> {
  const platform = await db.owner.select({ id: platformStripeEvents.id }).from(platformStripeEvents);
  const store = await db.owner.select({ id: stripeEvents.id }).from(stripeEvents);
  return [...platform, ...store].map((row) => row.id).sort();
}

async function addOrder(paymentMethod: "cod" | "card"): Promise<string> {
  const id = uuidv7();
  await db.owner.insert(orders).values({
    storeId: store.storeId,
    id,
    number: ++orderNumber,
    userId: store.userId,
    paymentMethod,
    paymentStatus: paymentMethod === "cod" ? "unpaid" : "pending",
    currency: "USD",
    subtotalCents: 1250,
    totalCents: 1250,
    totalQuantity: 1,
    ...ORDER_SHIPPING,
  });
  return id;
}

async function counted(): Promise<string> {
  return observed.registry.metrics();
}

describe("D7: a signature header with two stamps", () => {
  const body = eventBody({
    id: "evt_two_stamps",
    type: "charge.succeeded",
    account: "acct_elsewhere",
    data: { object: { id: "ch_two", object: "charge", metadata: {} } },
  });

  it("refuses a signature stamped an hour ahead behind an earlier stamp: the last stamp is the one signed", async () => {
    const ahead = nowSeconds() + 3600;
    // Stripe checks the signature against the last t=, so this one is valid for an hour ahead.
    const header = `t=${nowSeconds()},${signPayload(body, SECRET, ahead)}`;
    const before = await recordedIds();
    const answer = await deliver(body, header);
    expect(answer.status).toBe(400);
    expect(await recordedIds()).toEqual(before);
  });

  it("accepts a current signature behind a stray stamp from the future, as Stripe does", async () => {
    const header = `t=${nowSeconds() + 3600},${signPayload(body, SECRET)}`;
    const answer = await deliver(body, header);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("ignored");
  });
});

describe("D8: signed events that were answered so that Stripe would deliver them for ever", () => {
  it("records an event whose data has no object once as ignored, logs it once, and answers 200", async () => {
    const body = eventBody({
      id: "evt_no_object",
      type: "checkout.session.completed",
      account: ACCOUNT,
      data: {},
    });
    const first = await deliver(body);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe("ignored");
    const again = await deliver(body);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe("duplicate");
    expect(await recordedIds()).toContain("evt_no_object");
    const warnings = logLines.filter((line) => line.level === "warn" && line.eventId === "evt_no_object");
    expect(warnings).toHaveLength(1);
    expect(await counted()).toContain('webhook_events_total{outcome="ignored",ledger="platform"} 1');
  });

  it("records a billing event whose object is null once as ignored", async () => {
    const body = eventBody({
      id: "evt_billing_null",
      type: "invoice.payment_failed",
      data: { object: null },
    });
    const answer = await deliver(body);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("ignored");
    expect(await (await deliver(body)).text()).toBe("duplicate");
    expect(await recordedIds()).toContain("evt_billing_null");
  });

  it("answers a refund naming a Cash On Delivery order for good (ignored), and still waits for a card order's payment", async () => {
    const refundOf = (id: string, orderId: string) =>
      eventBody({
        id,
        type: "charge.refunded",
        account: ACCOUNT,
        data: {
          object: {
            id: `ch_${id}`,
            object: "charge",
            refunded: true,
            payment_intent: `pi_${id}`,
            metadata: { storeId: store.storeId, orderId },
          },
        },
      });
    const cod = await addOrder("cod");
    const codAnswer = await deliver(refundOf("evt_refund_cod", cod));
    expect(codAnswer.status).toBe(200);
    expect(await codAnswer.text()).toBe("ignored");
    expect(await recordedIds()).toContain("evt_refund_cod");
    const [codRow] = await db.owner
      .select({ paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(and(eq(orders.storeId, store.storeId), eq(orders.id, cod)));
    expect(codRow?.paymentStatus).toBe("unpaid");

    // A card order whose checkout.session.completed has not arrived yet: Stripe is asked again.
    const card = await addOrder("card");
    const cardAnswer = await deliver(refundOf("evt_refund_card", card));
    expect(cardAnswer.status).toBe(409);
    expect(await recordedIds()).not.toContain("evt_refund_card");
  });

  it("does not count a completed session for an order the store does not have as applied", async () => {
    const body = eventBody({
      id: "evt_session_unknown_order",
      type: "checkout.session.completed",
      account: ACCOUNT,
      data: {
        object: {
          id: "cs_unknown",
          object: "checkout.session",
          mode: "payment",
          payment_status: "paid",
          payment_intent: "pi_unknown",
          metadata: { storeId: store.storeId, orderId: uuidv7() },
        },
      },
    });
    const answer = await deliver(body);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("ignored");
    const text = await counted();
    expect(text).toContain('webhook_events_total{outcome="ignored",ledger="store"} 1');
    expect(text).not.toContain('outcome="applied"');
  });
});
