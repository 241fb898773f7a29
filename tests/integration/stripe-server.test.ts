/**
 * The project's Stripe-compatible test server, driven by the real `stripe` SDK through
 * getStripe(): Connect onboarding, payment Checkout on a connected account (idempotent create,
 * hosted page paid or declined, expiry, refunds), subscription Checkout with the billing portal
 * and renewals, Stripe's error shapes, and webhooks received over HTTP and verified with
 * verifyStripeEvent exactly as the app's webhook route will.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  apiBaseOptions,
  getStripe,
  stripeConfigured,
  verifyStripeEvent,
} from "~/services/stripe/stripe-client.server";
import { DECLINED_CARD, GOOD_CARD, startStripeServer, type StripeServer } from "../stripe-server";
import { parseForm } from "../stripe-server/form";

interface Received {
  body: string;
  signature: string | undefined;
}

let server: StripeServer;
let listener: Server;
let received: Received[] = [];
/** How many of the next webhook deliveries the listener answers with a 500. */
let failNext = 0;
const savedEnv = { ...process.env };

beforeAll(async () => {
  listener = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (failNext > 0) {
        failNext--;
        response.writeHead(500).end("not now");
        return;
      }
      received.push({
        body: Buffer.concat(chunks).toString("utf8"),
        signature: request.headers["stripe-signature"] as string,
      });
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/webhooks/stripe`;
  server = await startStripeServer({ webhookUrl, retryDelaysMs: [10, 10, 10] });
  Object.assign(process.env, server.env);
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => listener?.close(resolve));
  for (const name of Object.keys(server?.env ?? {})) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

beforeEach(() => {
  received = [];
  failNext = 0;
});

/** Every webhook the listener got so far, each checked with the app's verifier. */
async function verifiedEvents(): Promise<Stripe.Event[]> {
  await server.webhooksSettled();
  return received.map((r) => verifyStripeEvent(r.body, r.signature));
}

async function eventOfType(type: string): Promise<Stripe.Event> {
  const event = (await verifiedEvents()).find((e) => e.type === type);
  if (!event) throw new Error(`no ${type} webhook among ${received.length}`);
  return event;
}

async function payOnHostedPage(url: string, card: string): Promise<Response> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('name="card_number"');
  expect(html).toContain(">Pay</button>");
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ card_number: card }),
    redirect: "manual",
  });
}

async function onboardedAccount(): Promise<string> {
  const stripe = getStripe();
  const account = await stripe.accounts.create({ type: "express" });
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: "account_onboarding",
    return_url: "http://shop.test/admin/payments?connected=1",
    refresh_url: "http://shop.test/admin/payments/refresh",
  });
  const submitted = await fetch(link.url, { method: "POST", redirect: "manual" });
  expect(submitted.status).toBe(303);
  return account.id;
}

function paymentParams(orderId: string): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "payment",
    line_items: [
      {
        price_data: { currency: "usd", unit_amount: 1250, product_data: { name: "Indigo dye" } },
        quantity: 2,
      },
      { price_data: { currency: "usd", unit_amount: 500, product_data: { name: "Shipping" } }, quantity: 1 },
    ],
    success_url: "http://shop.test/checkout/done?session={CHECKOUT_SESSION_ID}",
    cancel_url: "http://shop.test/cart",
    client_reference_id: orderId,
    metadata: { orderId },
    payment_intent_data: { metadata: { orderId } },
    expires_at: Math.floor(Date.now() / 1000) + 3600,
  };
}

describe("the Stripe client", () => {
  it("turns STRIPE_API_BASE into the SDK's host, port and protocol", () => {
    expect(apiBaseOptions("http://127.0.0.1:12111")).toEqual({
      host: "127.0.0.1",
      port: "12111",
      protocol: "http",
    });
    expect(apiBaseOptions("https://api.stripe.com")).toEqual({
      host: "api.stripe.com",
      port: 443,
      protocol: "https",
    });
    expect(apiBaseOptions(undefined)).toEqual({});
    expect(() => apiBaseOptions("ftp://x")).toThrow(/http/);
  });

  it("is not configured without a secret key", () => {
    const key = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    try {
      expect(stripeConfigured()).toBe(false);
      expect(() => getStripe()).toThrow(/not configured/);
    } finally {
      process.env.STRIPE_SECRET_KEY = key;
    }
    expect(stripeConfigured()).toBe(true);
  });
});

describe("the wire format", () => {
  it("reads Stripe's nested form keys into objects and arrays", () => {
    const body =
      "mode=payment&line_items[0][price_data][currency]=usd&line_items[0][quantity]=2" +
      "&line_items[1][price]=price_1&metadata[orderId]=7&expand[]=a&expand[]=b&success_url=http%3A%2F%2Fx.test%2F%3Fs%3D%7BCHECKOUT_SESSION_ID%7D";
    expect(parseForm(body)).toEqual({
      mode: "payment",
      line_items: [{ price_data: { currency: "usd" }, quantity: "2" }, { price: "price_1" }],
      metadata: { orderId: "7" },
      expand: ["a", "b"],
      success_url: "http://x.test/?s={CHECKOUT_SESSION_ID}",
    });
  });
});

describe("Connect onboarding", () => {
  it("enables charges once the hosted form is submitted, and says so in a signed account.updated", async () => {
    const stripe = getStripe();
    const account = await stripe.accounts.create({ type: "standard", email: "owner@shop.test" });
    expect(account).toMatchObject({
      object: "account",
      type: "standard",
      charges_enabled: false,
      details_submitted: false,
    });

    const link = await stripe.accountLinks.create({
      account: account.id,
      type: "account_onboarding",
      return_url: "http://shop.test/admin/payments?connected=1",
      refresh_url: "http://shop.test/admin/payments/refresh",
    });
    expect(link.url).toMatch(new RegExp(`^${server.url}/connect/onboarding/`));
    const page = await fetch(link.url);
    expect(await page.text()).toContain("Agree and submit");

    const submitted = await fetch(link.url, { method: "POST", redirect: "manual" });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get("location")).toBe("http://shop.test/admin/payments?connected=1");

    const after = await stripe.accounts.retrieve(account.id);
    expect(after).toMatchObject({ charges_enabled: true, details_submitted: true });
    // The account's own view (GET /v1/account with Stripe-Account) agrees.
    expect(await stripe.accounts.retrieve(null, {}, { stripeAccount: account.id })).toMatchObject({
      id: account.id,
      charges_enabled: true,
    });

    const event = await eventOfType("account.updated");
    expect(event.account).toBe(account.id);
    expect(event.data.object).toMatchObject({ id: account.id, charges_enabled: true });
    expect(event.data.previous_attributes).toMatchObject({ charges_enabled: false });

    // A used link sends the owner to refresh_url for a new one, as Stripe does.
    const reused = await fetch(link.url, { redirect: "manual" });
    expect(reused.status).toBe(303);
    expect(reused.headers.get("location")).toBe("http://shop.test/admin/payments/refresh");
  });
});

describe("payment Checkout on a connected account", () => {
  let account: string;
  beforeAll(async () => {
    account = await onboardedAccount();
  });

  it("creates a session once per idempotency key and refuses the key with other params", async () => {
    const stripe = getStripe();
    const options = { stripeAccount: account, idempotencyKey: "order-101-attempt-1" };
    // The same parameters object twice: paymentParams stamps expires_at from the clock, and two
    // calls a second apart would be different parameters (refused, as Stripe refuses them).
    const params = paymentParams("101");
    const first = await stripe.checkout.sessions.create(params, options);
    const again = await stripe.checkout.sessions.create(params, options);
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: 3000,
      currency: "usd",
      client_reference_id: "101",
      metadata: { orderId: "101" },
    });
    expect(first.url).toBe(`${server.url}/pay/${first.id}`);

    const other = stripe.checkout.sessions.create(paymentParams("102"), options);
    await expect(other).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(other).rejects.toMatchObject({ type: "StripeIdempotencyError", statusCode: 400 });

    // The session lives on the connected account: the platform does not see it.
    const fromPlatform = stripe.checkout.sessions.retrieve(first.id);
    await expect(fromPlatform).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("pays with 4242…, redirects to success_url and sends a signed checkout.session.completed", async () => {
    const stripe = getStripe();
    const session = await stripe.checkout.sessions.create(paymentParams("201"), { stripeAccount: account });
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain("Indigo dye");
    expect(page).toContain('href="http://shop.test/cart"');

    const paid = await payOnHostedPage(session.url!, GOOD_CARD);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://shop.test/checkout/done?session=${session.id}`);

    const after = await stripe.checkout.sessions.retrieve(
      session.id,
      { expand: ["payment_intent"] },
      { stripeAccount: account },
    );
    expect(after).toMatchObject({ status: "complete", payment_status: "paid", url: null });
    const intent = after.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      object: "payment_intent",
      status: "succeeded",
      amount: 3000,
      metadata: { orderId: "201" },
    });

    const event = await eventOfType("checkout.session.completed");
    expect(event.account).toBe(account);
    const object = event.data.object as Stripe.Checkout.Session;
    expect(object).toMatchObject({
      id: session.id,
      payment_status: "paid",
      client_reference_id: "201",
      payment_intent: intent.id,
    });

    // A completed session's page no longer takes payment.
    expect((await fetch(session.url!)).status).toBe(410);
  });

  it("declines 4000…0002 on the page and completes nothing", async () => {
    const stripe = getStripe();
    const session = await stripe.checkout.sessions.create(paymentParams("301"), { stripeAccount: account });
    const declined = await payOnHostedPage(session.url!, DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    const after = await stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: account });
    expect(after).toMatchObject({ status: "open", payment_status: "unpaid", payment_intent: null });
    expect((await verifiedEvents()).map((e) => e.type)).not.toContain("checkout.session.completed");
  });

  it("expires an open session with a checkout.session.expired webhook", async () => {
    const stripe = getStripe();
    const session = await stripe.checkout.sessions.create(paymentParams("401"), { stripeAccount: account });
    const expired = await stripe.checkout.sessions.expire(session.id, {}, { stripeAccount: account });
    expect(expired).toMatchObject({ status: "expired", url: null });
    const event = await eventOfType("checkout.session.expired");
    expect(event).toMatchObject({ account, data: { object: { id: session.id, status: "expired" } } });
    expect((await fetch(session.url!)).status).toBe(410);
    await expect(
      stripe.checkout.sessions.expire(session.id, {}, { stripeAccount: account }),
    ).rejects.toMatchObject({
      statusCode: 400,
      type: "StripeInvalidRequestError",
    });
  });

  it("refunds part, then the rest, with charge.refunded each time, and refuses a third refund", async () => {
    const stripe = getStripe();
    const session = await stripe.checkout.sessions.create(paymentParams("501"), { stripeAccount: account });
    await payOnHostedPage(session.url!, GOOD_CARD);
    const { payment_intent } = await stripe.checkout.sessions.retrieve(
      session.id,
      {},
      { stripeAccount: account },
    );
    received = [];

    const part = await stripe.refunds.create(
      { payment_intent: payment_intent as string, amount: 500 },
      { stripeAccount: account },
    );
    expect(part).toMatchObject({ object: "refund", amount: 500, status: "succeeded", payment_intent });
    const rest = await stripe.refunds.create(
      { payment_intent: payment_intent as string },
      { stripeAccount: account },
    );
    expect(rest.amount).toBe(2500);

    const refunded = (await verifiedEvents()).filter((e) => e.type === "charge.refunded");
    expect(refunded.map((e) => (e.data.object as Stripe.Charge).amount_refunded)).toEqual([500, 3000]);
    expect(refunded.map((e) => (e.data.object as Stripe.Charge).refunded)).toEqual([false, true]);
    expect(refunded.every((e) => e.account === account)).toBe(true);

    await expect(
      stripe.refunds.create({ payment_intent: payment_intent as string }, { stripeAccount: account }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: "charge_already_refunded",
    });
  });
});

describe("subscriptions for the platform", () => {
  it("subscribes through Checkout, shows the portal, renews and cancels with the matching webhooks", async () => {
    const stripe = getStripe();
    const product = await stripe.products.create({ name: "Pro plan" });
    const price = await stripe.prices.create({
      product: product.id,
      currency: "usd",
      unit_amount: 2900,
      recurring: { interval: "month" },
    });
    const listed = await stripe.prices.list({ product: product.id });
    expect(listed.data.map((p) => p.id)).toEqual([price.id]);
    const customer = await stripe.customers.create({ email: "owner@shop.test", metadata: { storeId: "s1" } });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      email: "owner@shop.test",
    });

    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://platform.test/admin/billing?ok=1",
      cancel_url: "http://platform.test/admin/billing",
      subscription_data: { metadata: { storeId: "s1" } },
    });
    const paid = await payOnHostedPage(session.url!, GOOD_CARD);
    expect(paid.headers.get("location")).toBe("http://platform.test/admin/billing?ok=1");

    const types = (await verifiedEvents()).map((e) => e.type);
    expect(types).toEqual(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]);
    const completed = (await eventOfType("checkout.session.completed")).data
      .object as Stripe.Checkout.Session;
    expect(completed.customer).toBe(customer.id);

    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string);
    expect(subscription).toMatchObject({
      status: "active",
      customer: customer.id,
      metadata: { storeId: "s1" },
    });
    const periodEnd = subscription.items.data[0]!.current_period_end;
    expect(periodEnd - Math.floor(Date.now() / 1000)).toBeGreaterThan(29 * 86_400);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data.map((s) => s.id)).toEqual([
      subscription.id,
    ]);

    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: "http://platform.test/admin/billing",
    });
    const portalPage = await (await fetch(portal.url)).text();
    expect(portalPage).toContain(subscription.id);
    expect(portalPage).toContain('href="http://platform.test/admin/billing"');

    received = [];
    const renewed = await fetch(`${server.url}/test/advance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ subscription: subscription.id, action: "renew" }),
    });
    expect(renewed.status).toBe(200);
    expect((await verifiedEvents()).map((e) => e.type)).toEqual([
      "invoice.paid",
      "customer.subscription.updated",
    ]);
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.items.data[0]!.current_period_end).toBeGreaterThan(periodEnd);

    received = [];
    const cancelled = await fetch(`${portal.url}/cancel`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ subscription: subscription.id }),
      redirect: "manual",
    });
    expect(cancelled.status).toBe(303);
    const deleted = await eventOfType("customer.subscription.deleted");
    expect(deleted.data.object).toMatchObject({ id: subscription.id, status: "canceled" });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: "all" })).data).toHaveLength(1);
  });

  it("cancels through the API with customer.subscription.deleted", async () => {
    const stripe = getStripe();
    const price = await stripe.prices.create({
      product_data: { name: "Basic" },
      currency: "usd",
      unit_amount: 900,
      recurring: { interval: "year" },
    });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://p.test/ok",
    });
    await payOnHostedPage(session.url!, GOOD_CARD);
    const { subscription } = await stripe.checkout.sessions.retrieve(session.id);
    received = [];
    const cancelled = await stripe.subscriptions.cancel(subscription as string);
    expect(cancelled.status).toBe("canceled");
    expect((await eventOfType("customer.subscription.deleted")).data.object).toMatchObject({
      id: subscription,
    });
  });
});

describe("subscriptions created through the API", () => {
  it("starts one active with a paid first invoice, sends created and invoice.paid, refuses bad items", async () => {
    const stripe = getStripe();
    const customer = await stripe.customers.create({ name: "Dye & Shade Co.", metadata: { storeId: "s1" } });
    const price = await stripe.prices.create({
      product_data: { name: "Growth" },
      currency: "usd",
      unit_amount: 4900,
      recurring: { interval: "month" },
    });
    const before = Math.floor(Date.now() / 1000);
    const subscription = await stripe.subscriptions.create(
      { customer: customer.id, items: [{ price: price.id }], metadata: { storeId: "s1", packageId: "p1" } },
      { idempotencyKey: "demo-subscription-s1" },
    );
    expect(subscription).toMatchObject({
      object: "subscription",
      customer: customer.id,
      status: "active",
      metadata: { storeId: "s1", packageId: "p1" },
      collection_method: "charge_automatically",
    });
    const [item] = subscription.items.data;
    expect(item).toMatchObject({ price: { id: price.id, unit_amount: 4900 }, quantity: 1 });
    expect(item!.current_period_end - item!.current_period_start).toBe(30 * 86_400);
    expect(item!.current_period_start).toBeGreaterThanOrEqual(before);
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 4900, customer: customer.id });
    expect((await verifiedEvents()).map((e) => e.type)).toEqual([
      "customer.subscription.created",
      "invoice.paid",
    ]);
    // The same key and params answer the same subscription; the customer has one.
    const again = await stripe.subscriptions.create(
      { customer: customer.id, items: [{ price: price.id }], metadata: { storeId: "s1", packageId: "p1" } },
      { idempotencyKey: "demo-subscription-s1" },
    );
    expect(again.id).toBe(subscription.id);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data.map((s) => s.id)).toEqual([
      subscription.id,
    ]);

    const oneTime = await stripe.prices.create({
      product_data: { name: "Once" },
      currency: "usd",
      unit_amount: 100,
    });
    const refusals: [Stripe.SubscriptionCreateParams, RegExp][] = [
      [{ customer: customer.id }, /Missing required param: items/],
      [{ customer: "cus_nobody", items: [{ price: price.id }] }, /No such customer: 'cus_nobody'/],
      [{ customer: customer.id, items: [{ price: "price_nothing" }] }, /No such price: 'price_nothing'/],
      [
        { customer: customer.id, items: [{ price: oneTime.id }] },
        /only accepts prices with `type=recurring`/,
      ],
      [
        {
          customer: customer.id,
          items: [{ price: price.id }],
          collection_method: "send_invoice",
          days_until_due: 30,
        },
        /supports charge_automatically/,
      ],
    ];
    for (const [params, message] of refusals) {
      await expect(stripe.subscriptions.create(params)).rejects.toMatchObject({
        type: "StripeInvalidRequestError",
        message: expect.stringMatching(message),
      });
    }
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1);
  });
});

describe("subscriptions over time", () => {
  async function subscribe(): Promise<string> {
    const stripe = getStripe();
    const price = await stripe.prices.create({
      product_data: { name: "Growth" },
      currency: "usd",
      unit_amount: 4900,
      recurring: { interval: "month" },
    });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer_email: "owner@grow.test",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://p.test/ok",
    });
    await payOnHostedPage(session.url!, GOOD_CARD);
    const { subscription } = await stripe.checkout.sessions.retrieve(session.id);
    await server.webhooksSettled();
    received = [];
    return subscription as string;
  }

  it("marks a failed renewal past_due with invoice.payment_failed", async () => {
    const id = await subscribe();
    expect(server.advance(id, "fail")).toMatchObject({ status: "past_due" });
    expect((await verifiedEvents()).map((e) => e.type)).toEqual([
      "invoice.payment_failed",
      "customer.subscription.updated",
    ]);
    expect((await getStripe().subscriptions.retrieve(id)).status).toBe("past_due");
  });

  it("ends a subscription set to cancel at period end when the period ends", async () => {
    const id = await subscribe();
    const updated = await getStripe().subscriptions.update(id, { cancel_at_period_end: true });
    expect(updated).toMatchObject({ status: "active", cancel_at_period_end: true });
    server.advance(id, "renew");
    expect((await verifiedEvents()).map((e) => e.type)).toEqual([
      "customer.subscription.updated",
      "customer.subscription.deleted",
    ]);
  });
});

describe("test clocks", () => {
  const DAY = 86_400;

  async function subscribeOnClock(frozenTime: number) {
    const stripe = getStripe();
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: frozenTime, name: "Lapse" });
    expect(clock).toMatchObject({
      object: "test_helpers.test_clock",
      frozen_time: frozenTime,
      name: "Lapse",
      status: "ready",
      livemode: false,
    });
    const customer = await stripe.customers.create({ email: "owner@clock.test", test_clock: clock.id });
    expect(customer.test_clock).toBe(clock.id);
    const price = await stripe.prices.create({
      product_data: { name: "Clocked" },
      currency: "usd",
      unit_amount: 1900,
      recurring: { interval: "month" },
    });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://p.test/ok",
    });
    await payOnHostedPage(session.url!, GOOD_CARD);
    const { subscription } = await stripe.checkout.sessions.retrieve(session.id);
    await server.webhooksSettled();
    received = [];
    return { clock, subscription: await stripe.subscriptions.retrieve(subscription as string) };
  }

  it("starts its customers' subscriptions at the clock's time and renews each period end it passes", async () => {
    const stripe = getStripe();
    const frozen = Math.floor(Date.now() / 1000);
    const { clock, subscription } = await subscribeOnClock(frozen);
    expect(subscription.items.data[0]).toMatchObject({
      current_period_start: frozen,
      current_period_end: frozen + 30 * DAY,
    });

    const advancing = await stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: frozen + 65 * DAY,
    });
    expect(advancing).toMatchObject({ id: clock.id, status: "advancing" });
    expect(await stripe.testHelpers.testClocks.retrieve(clock.id)).toMatchObject({
      status: "ready",
      frozen_time: frozen + 65 * DAY,
    });
    // Two period ends passed (day 30 and day 60): two renewals, each paid.
    expect((await verifiedEvents()).map((e) => e.type)).toEqual([
      "invoice.paid",
      "customer.subscription.updated",
      "invoice.paid",
      "customer.subscription.updated",
    ]);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe("active");
    expect(renewed.items.data[0]!.current_period_end).toBe(frozen + 90 * DAY);
  });

  it("ends a subscription set to cancel at period end, at that period end", async () => {
    const stripe = getStripe();
    const frozen = Math.floor(Date.now() / 1000);
    const { clock, subscription } = await subscribeOnClock(frozen);
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: frozen + 40 * DAY });
    expect((await verifiedEvents()).map((e) => e.type)).toEqual([
      "customer.subscription.updated",
      "customer.subscription.deleted",
    ]);
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      status: "canceled",
      ended_at: frozen + 30 * DAY,
    });
  });

  it("leaves other customers alone and refuses to go back in time or an unknown clock", async () => {
    const stripe = getStripe();
    const frozen = Math.floor(Date.now() / 1000);
    const { clock } = await subscribeOnClock(frozen);
    const other = await subscribeOnClock(frozen);
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: frozen + 31 * DAY });
    const untouched = await stripe.subscriptions.retrieve(other.subscription.id);
    expect(untouched.items.data[0]!.current_period_end).toBe(frozen + 30 * DAY);

    await expect(
      stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: frozen }),
    ).rejects.toMatchObject({ type: "StripeInvalidRequestError", param: "frozen_time" });
    await expect(stripe.testHelpers.testClocks.retrieve("clock_nope")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
    await expect(
      stripe.customers.create({ email: "x@clock.test", test_clock: "clock_nope" }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("errors as Stripe shapes them", () => {
  it("answers a missing param with 400 invalid_request_error, which the SDK throws as StripeInvalidRequestError", async () => {
    const stripe = getStripe();
    const missingMode = stripe.checkout.sessions.create({
      line_items: [{ price: "price_x", quantity: 1 }],
    } as Stripe.Checkout.SessionCreateParams);
    await expect(missingMode).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(missingMode).rejects.toMatchObject({
      statusCode: 400,
      code: "parameter_missing",
      param: "mode",
      message: "Missing required param: mode.",
      raw: { type: "invalid_request_error" },
    });
    await expect(
      stripe.checkout.sessions.create({ mode: "payment", success_url: "http://x.test/" }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: "line_items",
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [{ price_data: { currency: "usd", product_data: { name: "No price" } }, quantity: 1 }],
      }),
    ).rejects.toMatchObject({ param: "line_items[0][price_data][unit_amount]" });
  });

  it("answers an unknown object with 404 resource_missing", async () => {
    await expect(getStripe().customers.retrieve("cus_nope")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
      message: "No such customer: 'cus_nope'",
    });
  });

  it("refuses a wrong key (401) and an unknown connected account (403)", async () => {
    const wrong = new Stripe("sk_test_wrong", { ...apiBaseOptions(server.url), maxNetworkRetries: 0 });
    await expect(wrong.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(getStripe().customers.create({}, { stripeAccount: "acct_nope" })).rejects.toBeInstanceOf(
      Stripe.errors.StripePermissionError,
    );
  });
});

describe("webhook delivery", () => {
  it("signs with the webhook secret, so a changed body or another secret fails verification", async () => {
    const stripe = getStripe();
    await stripe.accountLinks.create({ account: await onboardedAccount(), type: "account_update" });
    const [first] = received;
    expect(first).toBeDefined();
    expect(first!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() =>
      verifyStripeEvent(first!.body.replace("account.updated", "account.deleted"), first!.signature),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => stripe.webhooks.constructEvent(first!.body, first!.signature!, "whsec_other")).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => verifyStripeEvent(first!.body, undefined)).toThrow();
  });

  it("retries a failed delivery and reports every attempt on /test/events", async () => {
    failNext = 2;
    const account = await onboardedAccount();
    await server.webhooksSettled();
    expect(received).toHaveLength(1);
    const listed = (await (await fetch(`${server.url}/test/events?type=account.updated`)).json()) as {
      data: { event: { account: string }; attempts: { status: number }[]; delivered: boolean }[];
    };
    const record = listed.data.find((e) => e.event.account === account)!;
    expect(record.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    expect(record.delivered).toBe(true);
  });
});
