/**
 * Card refunds (issue 37, decision 048) against the project's Stripe-compatible test server
 * (tests/stripe-server), webhooks delivered over HTTP to the app's own /webhooks/stripe action:
 * a refund of one unit then of the rest make two Stripe refunds of the right amounts; asking
 * again for the same record makes no second one (idempotency key per record); two staff
 * refunding the last amount at once make exactly one; `charge.refunded` completes the records
 * and never adds one; a cancelled paid order's whole refund becomes one record.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  creditNotes,
  invoices,
  orderItems,
  orders,
  refunds,
  storeSettings,
  stores,
  users,
} from "~/db/schema";
import { handleStripeEvent } from "~/services/payments/webhook.server";
import { action as checkoutAction } from "~/routes/checkout";
import { action as cancelAction } from "~/routes/orders.$number.cancel";
import { action as optionsAction } from "~/routes/admin.storesetting.paymentOptions";
import { action as webhookAction } from "~/routes/webhooks.stripe";
import { askStripe, createRefund, type RefundRequest } from "~/services/orders/refunds.server";
import { getStripe, type Stripe } from "~/services/stripe/stripe-client.server";
import { GOOD_CARD, startStripeServer, type StripeServer } from "../stripe-server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import { A, ADDRESS, addProduct, fillCart, newToken, signedIn, stockOf, type Ctx } from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let ctx: Ctx;
let cookie: string;
let adminCookie: string;
let adminId: string;
let dye: string;
let server: StripeServer;
let listener: Server;
const savedEnv = { ...process.env };

function startListener(): Promise<Server> {
  const http = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = new Headers({ "Content-Type": "application/json" });
      const signature = request.headers["stripe-signature"] as string | undefined;
      if (signature) headers.set("Stripe-Signature", signature);
      const body = Buffer.concat(chunks).toString("utf8");
      void webhookAction({
        request: new Request("http://localhost:3000/webhooks/stripe", { method: "POST", headers, body }),
        context: {} as Ctx,
        params: {},
      })
        .then((res) => response.writeHead(res.status).end())
        .catch(() => response.writeHead(500).end());
    });
  });
  return new Promise((resolve) => http.listen(0, "127.0.0.1", () => resolve(http)));
}

async function placePaidCardOrder(quantity: number): Promise<number> {
  await fillCart(db, alpha.storeId, alpha.userId, [{ productId: dye, quantity }]);
  const placed = await answer(() =>
    checkoutAction({
      request: postForm(
        `${A}/checkout`,
        {
          ...ADDRESS,
          intent: "place",
          paymentMethod: "card",
          checkoutToken: newToken(),
          expectedTotal: String(800 * quantity),
        },
        cookie,
      ),
      context: ctx,
      params: {},
    }),
  );
  expect(placed.status).toBe(302);
  const payUrl = placed.headers.get("Location")!;
  await fetch(payUrl, {
    method: "POST",
    body: new URLSearchParams({ card_number: GOOD_CARD }),
    redirect: "manual",
  });
  await server.webhooksSettled();
  const [row] = await db.owner
    .select({ number: orders.number })
    .from(orders)
    .where(eq(orders.stripeCheckoutSessionId, new URL(payUrl).pathname.split("/").at(-1)!));
  return row!.number;
}

const orderRow = async (number: number) =>
  (await db.owner.select().from(orders).where(eq(orders.number, number)))[0]!;
const refundsOf = async (orderId: string) =>
  db.owner.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.createdAt);

/** What Stripe's charge of the order says was refunded, and how many `charge.refunded` events it sent. */
async function chargeOf(number: number) {
  const order = await orderRow(number);
  const [store] = await db.owner.select().from(stores).where(eq(stores.id, alpha.storeId));
  const stripe = getStripe();
  const on = { stripeAccount: store!.stripeAccountId! };
  const intent = await stripe.paymentIntents.retrieve(order.stripePaymentIntentId!, {}, on);
  return stripe.charges.retrieve(intent.latest_charge as string, {}, on);
}

const unit = (quantity = 1): Partial<RefundRequest> => ({ lines: [], extraCents: 800 * quantity });
const request = (partial: Partial<RefundRequest>): RefundRequest => ({
  lines: [],
  shippingCents: 0,
  codFeeCents: 0,
  extraCents: 0,
  reasonCode: "returned",
  ...partial,
});

beforeAll(async () => {
  db = await createTestDb();
  alpha = await createStoreFixture(db, "alpha");
  ctx = await contextFor(db, "alpha.localhost");
  dye = await addProduct(db, alpha.storeId, { slug: "dye", priceCents: 800, stock: 100 });
  const [admin] = await db.owner
    .insert(users)
    .values({ storeId: alpha.storeId, email: "owner@alpha.test", name: "Owner", isAdmin: true })
    .returning({ id: users.id });
  adminId = admin!.id;
  cookie = await signedIn(alpha.storeId, alpha.userId);
  adminCookie = await signedIn(alpha.storeId, adminId);
  listener = await startListener();
  const webhookUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/webhooks/stripe`;
  server = await startStripeServer({ webhookUrl, retryDelaysMs: [10, 50, 250, 1000, 3000] });
  Object.assign(process.env, server.env);
  // Connect the store through Payment Options and the hosted onboarding form.
  const started = await answer(() =>
    optionsAction({
      request: postForm(`${A}/admin/storesetting/paymentOptions`, { intent: "connect" }, adminCookie),
      context: ctx,
      params: {},
    }),
  );
  await fetch(started.headers.get("Location")!, { method: "POST", redirect: "manual" });
  await server.webhooksSettled();
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => listener?.close(resolve));
  for (const name of Object.keys(server?.env ?? {})) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
  await db?.dispose();
});

describe("card refunds through Stripe", () => {
  it("refunds one unit, then the rest: two Stripe refunds, Partially refunded then Refunded, no extra record", async () => {
    const number = await placePaidCardOrder(3);
    const order = await orderRow(number);
    const [line] = await db.owner.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const lineId = line!.id;
    const stock = await stockOf(db, dye);
    const one = await createRefund(
      alpha.storeId,
      number,
      request({ lines: [{ orderItemId: lineId, quantity: 1, restock: true }] }),
      adminId,
    );
    await server.webhooksSettled();
    expect(one.kind === "created" && one.refund.status).toBe("succeeded");
    expect(await stockOf(db, dye)).toBe(stock + 1);
    expect((await orderRow(number)).paymentStatus).toBe("partially_refunded");
    expect((await chargeOf(number)).amount_refunded).toBe(800);
    // Asking Stripe again for the same record (a retry): the same refund, not a second.
    if (one.kind === "created") await askStripe(alpha.storeId, one.refund);
    expect((await chargeOf(number)).amount_refunded).toBe(800);

    // More than is left: refused with what remains, nothing asked of Stripe.
    expect(await createRefund(alpha.storeId, number, request(unit(3)), adminId)).toEqual({
      kind: "over",
      remainingCents: 1600,
    });
    const rest = await createRefund(alpha.storeId, number, request(unit(2)), adminId);
    await server.webhooksSettled();
    expect(rest.kind === "created" && rest.refund.status).toBe("succeeded");
    const charge = await chargeOf(number);
    expect(charge).toMatchObject({ amount_refunded: 2400, refunded: true });
    expect((await orderRow(number)).paymentStatus).toBe("refunded");
    // charge.refunded completed nothing new: still the two records, each with its Stripe id.
    const records = await refundsOf(order.id);
    expect(records.map((r) => [r.amountCents, r.status])).toEqual([
      [800, "succeeded"],
      [1600, "succeeded"],
    ]);
    expect(records.every((r) => r.stripeRefundId?.startsWith("re_"))).toBe(true);
  });

  it("two staff refunding the last amount at once make exactly one Stripe refund", async () => {
    const number = await placePaidCardOrder(1);
    const order = await orderRow(number);
    const results = await Promise.all([
      createRefund(alpha.storeId, number, request(unit(1)), adminId),
      createRefund(alpha.storeId, number, request(unit(1)), adminId),
    ]);
    await server.webhooksSettled();
    expect(results.filter((r) => r.kind === "created")).toHaveLength(1);
    expect(results.filter((r) => r.kind === "over")).toHaveLength(1);
    expect((await chargeOf(number)).amount_refunded).toBe(800);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect((await orderRow(number)).paymentStatus).toBe("refunded");
  });

  it("a cancelled paid order's whole refund (today's cancel path) becomes one refund record", async () => {
    const number = await placePaidCardOrder(2);
    const cancelled = await answer(() =>
      cancelAction({
        request: postForm(`${A}/orders/${number}/cancel`, {}, cookie),
        context: ctx,
        params: { number: String(number) },
      }),
    );
    expect(cancelled.status).toBe(302);
    await server.webhooksSettled();
    const order = await orderRow(number);
    expect(order).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    const records = await refundsOf(order.id);
    expect(records).toEqual([
      expect.objectContaining({
        amountCents: 1600,
        status: "succeeded",
        reasonCode: "cancelled",
        method: "card",
      }),
    ]);
    // Stripe delivering the event again adds nothing.
    const event = server
      .events()
      .filter((e) => e.event.type === "charge.refunded")
      .at(-1)!;
    expect((await handleStripeEvent(event.event as unknown as Stripe.Event)).outcome).toBe("duplicate");
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it("cancelling a paid invoiced order issues one credit note for the whole of it", async () => {
    const registration = { vatRegistered: true, vatNumber: "310122393500003", country: "SA" };
    await db.owner.update(storeSettings).set(registration).where(eq(storeSettings.storeId, alpha.storeId));
    try {
      const number = await placePaidCardOrder(1);
      const order = await orderRow(number);
      const [invoice] = await db.owner.select().from(invoices).where(eq(invoices.orderId, order.id));
      expect(invoice?.totalCents).toBe(800);
      const cancelled = await answer(() =>
        cancelAction({
          request: postForm(`${A}/orders/${number}/cancel`, {}, cookie),
          context: ctx,
          params: { number: String(number) },
        }),
      );
      expect(cancelled.status).toBe(302);
      await server.webhooksSettled();
      const notes = await db.owner.select().from(creditNotes).where(eq(creditNotes.orderId, order.id));
      expect(notes).toEqual([
        expect.objectContaining({ invoiceId: invoice!.id, totalCents: -800, vatCents: -invoice!.vatCents }),
      ]);
    } finally {
      await db.owner
        .update(storeSettings)
        .set({ vatRegistered: false })
        .where(eq(storeSettings.storeId, alpha.storeId));
    }
  });
});
