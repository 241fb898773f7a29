/**
 * Store subscriptions end to end against the project's Stripe-compatible test server (decision
 * 013) with the real SDK (issue 12): /admin/billing's plan checkout and portal ('stripeId not
 * found!' without a customer), webhooks over HTTP to /webhooks/stripe keeping the store's status
 * and period end current (failed payment → past_due banner and email, cancel → the gate, a new
 * plan → open again), every event delivered shuffled and replayed leaving Stripe's state, and
 * /api/check-subscription's access rules.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, packages, platformStaff, stores, stripeEvents, users } from "~/db/schema";
import { getToast } from "~/lib/toast.server";
import { loader as adminLayoutLoader } from "~/routes/admin";
import { action as billingAction, loader as billingLoader } from "~/routes/admin.billing";
import { loader as checkLoader } from "~/routes/api.check-subscription.$stripeId";
import { action as webhookAction } from "~/routes/webhooks.stripe";
import { getStripe } from "~/services/stripe/stripe-client.server";
import { storeClosure } from "~/services/store/subscription-gate.server";
import { GOOD_CARD, signPayload, startStripeServer, type StripeServer } from "../stripe-server";
import type { TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer, contextFor, cookiesFrom, postForm } from "../helpers/routes";
import { staffCookie, userCookie } from "../helpers/sessions";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: AppLoadContext;
let betaCtx: AppLoadContext;
let platform: AppLoadContext;
let adminCookie: string;
let shopperCookie: string;
let betaAdminCookie: string;
let staff: string;
let server: StripeServer;
let listener: Server;
let starterId: string;
let growthId: string;
const savedEnv = { ...process.env };
const A = "http://alpha.localhost:3000";
const DAY = 86_400_000;
const DAY_S = 86_400;

function startListener(): Promise<Server> {
  const http = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void deliver(Buffer.concat(chunks).toString("utf8"), request.headers["stripe-signature"] as string)
        .then((res) => response.writeHead(res.status).end())
        .catch((error: unknown) => {
          console.error(error);
          response.writeHead(500).end();
        });
    });
  });
  return new Promise((resolve) => http.listen(0, "127.0.0.1", () => resolve(http)));
}

async function deliver(body: string, signature: string | undefined): Promise<Response> {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (signature) headers.set("Stripe-Signature", signature);
  const request = new Request("http://localhost:3000/webhooks/stripe", { method: "POST", headers, body });
  return webhookAction({ request, context: {} as AppLoadContext, params: {} });
}

const listenerUrl = () => `http://127.0.0.1:${(listener.address() as AddressInfo).port}/webhooks/stripe`;

async function storeRow(storeId = alpha.storeId) {
  const [row] = await db.owner.select().from(stores).where(eq(stores.id, storeId));
  return row!;
}

function billing(fields: Record<string, string>, cookie = adminCookie) {
  return answer<{ notice?: { key: string } }>(() =>
    billingAction({ request: postForm(`${A}/admin/billing`, fields, cookie), context: ctx, params: {} }),
  );
}

/** Chooses a plan and pays on the test server's hosted page; waits for the webhooks. */
async function subscribe(packageId: string) {
  const started = await billing({ intent: "choose", packageId });
  expect(started.status).toBe(302);
  const payUrl = started.headers.get("Location")!;
  expect(payUrl.startsWith(`${server.url}/pay/`)).toBe(true);
  const paid = await fetch(payUrl, {
    method: "POST",
    body: new URLSearchParams({ card_number: GOOD_CARD }),
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  expect(paid.headers.get("Location")).toBe(`${A}/admin/billing?checkout=done`);
  await server.webhooksSettled();
}

async function check(host: "alpha" | "beta" | "platform", customer: string, cookie?: string) {
  const context = host === "alpha" ? ctx : host === "beta" ? betaCtx : platform;
  const origin = host === "platform" ? "http://localhost:3000" : `http://${host}.localhost:3000`;
  return answer<string>(() =>
    checkLoader({
      request: new Request(`${origin}/api/check-subscription/${customer}`, {
        headers: cookie ? { Cookie: cookie } : {},
      }),
      context,
      params: { stripeId: customer },
    }),
  );
}

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx, betaCtx } = await openTwoStores());
  platform = await contextFor(db, "localhost");
  const adminId = uuidv7();
  const betaAdminId = uuidv7();
  await db.owner.insert(users).values([
    { storeId: alpha.storeId, id: adminId, email: "owner@alpha.test", name: "Owner", isAdmin: true },
    { storeId: beta.storeId, id: betaAdminId, email: "owner@beta.test", name: "Beta", isAdmin: true },
  ]);
  adminCookie = await userCookie(alpha.storeId, adminId, A);
  shopperCookie = await userCookie(alpha.storeId, alpha.userId, A);
  betaAdminCookie = await userCookie(beta.storeId, betaAdminId, "http://beta.localhost:3000");
  const [staffRow] = await db.owner
    .insert(platformStaff)
    .values({ email: "staff@p.test", name: "Staff", passwordHash: "x" })
    .returning({ id: platformStaff.id });
  staff = await staffCookie(staffRow!.id);

  listener = await startListener();
  server = await startStripeServer({ webhookUrl: listenerUrl(), retryDelaysMs: [10, 10, 10] });
  Object.assign(process.env, server.env);
  // Growth has its own Stripe price; Starter is given to Checkout inline.
  const price = await getStripe().prices.create({
    currency: "usd",
    unit_amount: 4900,
    recurring: { interval: "month" },
    product_data: { name: "Growth" },
  });
  const rows = await db.owner
    .insert(packages)
    .values([
      { code: "starter", nameEn: "Starter", nameAr: "المبتدئ", priceCents: 1900 },
      { code: "growth", nameEn: "Growth", nameAr: "النمو", priceCents: 4900, stripePriceId: price.id },
    ])
    .returning({ id: packages.id, code: packages.code });
  starterId = rows.find((r) => r.code === "starter")!.id;
  growthId = rows.find((r) => r.code === "growth")!.id;
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => listener?.close(resolve));
  for (const name of Object.keys(server?.env ?? {})) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
  await db?.dispose();
});

describe("/admin/billing", () => {
  it("is for this store's admins only", async () => {
    const as = (cookie: string) =>
      answer(() =>
        billingLoader({
          request: new Request(`${A}/admin/billing`, { headers: { Cookie: cookie } }),
          context: ctx,
          params: {},
        }),
      );
    expect((await as(adminCookie)).status).toBe(200);
    expect((await as(shopperCookie)).status).toBe(403);
    const foreign = await as(betaAdminCookie);
    expect(foreign.status).toBe(302);
    expect(foreign.headers.get("Location")).toMatch(/^\/login/);
    expect((await billing({ intent: "manage" }, shopperCookie)).status).toBe(403);
  });

  it("answers 'stripeId not found!' when the store has no Stripe customer yet", async () => {
    const res = await billing({ intent: "manage" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/billing");
    const { toast } = await getToast(new Request(A, { headers: { Cookie: cookiesFrom(res.headers) } }));
    expect(toast).toMatchObject({ key: "toast.stripeIdNotFound", type: "error" });
  });

  it("refuses a plan that is not on offer or not a plan, and an unknown intent, changing nothing", async () => {
    await db.owner.update(packages).set({ active: false }).where(eq(packages.id, starterId));
    try {
      expect((await billing({ intent: "choose", packageId: starterId })).status).toBe(400);
    } finally {
      await db.owner.update(packages).set({ active: true }).where(eq(packages.id, starterId));
    }
    expect((await billing({ intent: "choose", packageId: "nope" })).status).toBe(400);
    expect((await billing({ intent: "choose" })).status).toBe(400);
    expect((await billing({ intent: "explode" })).status).toBe(400);
    expect((await storeRow()).stripeCustomerId).toBeNull();
  });

  it("buys a plan through Checkout: the webhooks make the store active until a month from now", async () => {
    await subscribe(starterId);
    const store = await storeRow();
    expect(store.stripeCustomerId).toMatch(/^cus_/);
    expect(store.stripeSubscriptionId).toMatch(/^sub_/);
    expect(store.subscriptionStatus).toBe("active");
    expect(store.packageId).toBe(starterId);
    const ahead = store.subscriptionCurrentPeriodEnd!.getTime() - Date.now();
    expect(ahead).toBeGreaterThan(29 * DAY);
    expect(ahead).toBeLessThan(31 * DAY);
    const page = await answer<{ billing: { status: string; plan: { id: string }; hasCustomer: boolean } }>(
      () =>
        billingLoader({
          request: new Request(`${A}/admin/billing`, { headers: { Cookie: adminCookie } }),
          context: ctx,
          params: {},
        }),
    );
    expect(page.data.billing).toMatchObject({ status: "active", plan: { id: starterId }, hasCustomer: true });
    // A second plan would bill twice: refused while this one lives, nothing created.
    const second = await billing({ intent: "choose", packageId: growthId });
    expect(second.status).toBe(409);
    expect(second.data.notice?.key).toBe("billing.alreadySubscribed");
    // Manage now opens the portal for that customer.
    const manage = await billing({ intent: "manage" });
    expect(manage.status).toBe(302);
    expect(manage.headers.get("Location")).toMatch(new RegExp(`^${server.url}/portal/bps_`));
  });

  it("a failed payment: past_due, a banner and an email, and the store stays open", async () => {
    const subscription = (await storeRow()).stripeSubscriptionId!;
    server.advance(subscription, "fail");
    await server.webhooksSettled();
    const store = await storeRow();
    expect(store.subscriptionStatus).toBe("past_due");
    expect(
      storeClosure({
        status: store.status,
        subscriptionCurrentPeriodEnd: store.subscriptionCurrentPeriodEnd,
      }),
    ).toBeNull();
    const layout = await answer<{ billingAlert: { kind: string } | null }>(() =>
      adminLayoutLoader({
        request: new Request(`${A}/admin/dashboard`, { headers: { Cookie: adminCookie } }),
        context: ctx,
        params: {},
      }),
    );
    expect(layout.data.billingAlert).toEqual({ kind: "past-due" });
    const mails = await db.owner
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.storeId, alpha.storeId), eq(emailOutbox.kind, "payment-failed")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe("owner@alpha.test");
    expect(mails[0]!.text).toContain(`${A}/admin/billing`);

    server.advance(subscription, "renew");
    await server.webhooksSettled();
    const renewed = await storeRow();
    expect(renewed.subscriptionStatus).toBe("active");
    expect(renewed.subscriptionCurrentPeriodEnd!.getTime()).toBeGreaterThan(
      store.subscriptionCurrentPeriodEnd!.getTime(),
    );
  });

  it("cancelled in the portal: the period ends now and the gate closes; a new plan opens it again", async () => {
    const subscription = (await storeRow()).stripeSubscriptionId!;
    server.advance(subscription, "cancel");
    await server.webhooksSettled();
    const ended = await storeRow();
    expect(ended.subscriptionStatus).toBe("canceled");
    expect(
      storeClosure({
        status: ended.status,
        subscriptionCurrentPeriodEnd: ended.subscriptionCurrentPeriodEnd,
      }),
    ).toBe("expired");
    // The owner renews from /admin/billing, which the gate lets through.
    const closedCtx = await contextFor(db, "alpha.localhost");
    const page = await answer(() =>
      billingLoader({
        request: new Request(`${A}/admin/billing`, { headers: { Cookie: adminCookie } }),
        context: closedCtx,
        params: {},
      }),
    );
    expect(page.status).toBe(200);
    await subscribe(growthId);
    const back = await storeRow();
    expect(back.subscriptionStatus).toBe("active");
    expect(back.packageId).toBe(growthId);
    expect(back.stripeSubscriptionId).not.toBe(subscription);
    expect(
      storeClosure({ status: back.status, subscriptionCurrentPeriodEnd: back.subscriptionCurrentPeriodEnd }),
    ).toBeNull();
  });

  it("announces the trial's end (trial_will_end) to the admins by email, once", async () => {
    const subscription = await getStripe().subscriptions.retrieve((await storeRow()).stripeSubscriptionId!);
    const body = JSON.stringify({
      id: `evt_trial_${Date.now()}`,
      object: "event",
      type: "customer.subscription.trial_will_end",
      api_version: "2026-10-28",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: subscription },
    });
    for (let i = 0; i < 2; i += 1) {
      expect((await deliver(body, signPayload(body, server.webhookSecret))).status).toBe(200);
    }
    const mails = await db.owner
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.storeId, alpha.storeId), eq(emailOutbox.kind, "trial-ending")));
    expect(mails).toHaveLength(1);
  });
});

describe("billing webhooks in any order", () => {
  it("every event of a subscription's life, shuffled and replayed three times, leaves Stripe's state", async () => {
    server.setWebhookUrl(undefined);
    const first = server.events().length;
    try {
      // A life: subscribe, a failed payment, a renewal, a cancellation, a new plan.
      await db.owner
        .update(stores)
        .set({ stripeSubscriptionId: null, subscriptionStatus: null, subscriptionCurrentPeriodEnd: null })
        .where(eq(stores.id, beta.storeId));
      const betaBilling = (fields: Record<string, string>) =>
        answer(() =>
          billingAction({
            request: postForm("http://beta.localhost:3000/admin/billing", fields, betaAdminCookie),
            context: betaCtx,
            params: {},
          }),
        );
      const buy = async (packageId: string) => {
        const started = await betaBilling({ intent: "choose", packageId });
        await fetch(started.headers.get("Location")!, {
          method: "POST",
          body: new URLSearchParams({ card_number: GOOD_CARD }),
          redirect: "manual",
        });
      };
      await buy(starterId);
      const subs = await getStripe().subscriptions.list({ status: "all" });
      const oldSub = subs.data.find((s) => s.metadata.storeId === beta.storeId)!;
      server.advance(oldSub.id, "fail");
      server.advance(oldSub.id, "renew");
      server.advance(oldSub.id, "cancel");
      await buy(growthId);
      const bodies = server
        .events()
        .slice(first)
        .map((e) => JSON.stringify(e.event));
      // checkout: 3 events each, fail: 2, renew: 2, cancel: 1.
      expect(bodies.length).toBe(11);

      const current = (await getStripe().subscriptions.list({ status: "active" })).data.find(
        (s) => s.metadata.storeId === beta.storeId,
      )!;
      const truth = {
        stripeSubscriptionId: current.id,
        subscriptionStatus: "active",
        subscriptionCurrentPeriodEnd: new Date(current.items.data[0]!.current_period_end * 1000),
        packageId: growthId,
      };
      const state = async () => {
        const row = await storeRow(beta.storeId);
        return {
          stripeSubscriptionId: row.stripeSubscriptionId,
          subscriptionStatus: row.subscriptionStatus,
          subscriptionCurrentPeriodEnd: row.subscriptionCurrentPeriodEnd,
          packageId: row.packageId,
        };
      };
      const shuffled = (list: string[], seed: number) => {
        const out = [...list];
        for (let i = out.length - 1; i > 0; i--) {
          seed = (seed * 16807) % 2147483647;
          const j = seed % (i + 1);
          [out[i], out[j]] = [out[j]!, out[i]!];
        }
        return out;
      };
      // First delivery in a shuffled order, then everything three more times, shuffled again.
      for (const body of shuffled(bodies, 11))
        expect((await deliver(body, signPayload(body, server.webhookSecret))).status).toBe(200);
      expect(await state()).toEqual(truth);
      const recorded = await db.owner.select({ id: stripeEvents.id }).from(stripeEvents);
      for (const body of shuffled([...bodies, ...bodies, ...bodies], 5))
        expect((await deliver(body, signPayload(body, server.webhookSecret))).status).toBe(200);
      expect(await state()).toEqual(truth);
      expect(await db.owner.select({ id: stripeEvents.id }).from(stripeEvents)).toHaveLength(recorded.length);
    } finally {
      server.setWebhookUrl(listenerUrl());
    }
  });

  it("answers 400 to a bad signature and changes nothing", async () => {
    const before = await storeRow();
    const body = JSON.stringify({
      id: "evt_forged",
      type: "customer.subscription.deleted",
      data: { object: {} },
    });
    expect((await deliver(body, signPayload(body, "whsec_wrong"))).status).toBe(400);
    expect(await storeRow()).toEqual(before);
  });
});

describe("GET /api/check-subscription/:stripeId", () => {
  it("answers the period end in seconds to the store's admin and to staff; 404 to anyone else", async () => {
    const store = await storeRow();
    const customer = store.stripeCustomerId!;
    const seconds = Math.floor(store.subscriptionCurrentPeriodEnd!.getTime() / 1000);
    const own = await check("alpha", customer, adminCookie);
    expect(own.status).toBe(200);
    expect(JSON.parse(own.data)).toEqual({ subData: [{ current_period_end: seconds }] });
    const asStaff = await check("platform", customer, staff);
    expect(JSON.parse(asStaff.data)).toEqual({ subData: [{ current_period_end: seconds }] });

    expect((await check("alpha", customer)).status).toBe(404);
    expect((await check("alpha", customer, shopperCookie)).status).toBe(404);
    expect((await check("alpha", customer, betaAdminCookie)).status).toBe(404);
    // Another store's admin, on its own host, asking for this store's customer.
    expect((await check("beta", customer, betaAdminCookie)).status).toBe(404);
    expect((await check("platform", customer)).status).toBe(404);
    expect((await check("platform", "cus_unknown", staff)).status).toBe(404);
    expect((await check("platform", "../../etc", staff)).status).toBe(404);
  });
});

describe("a test clock moving a store's subscription through time", () => {
  it("renews at each period end it passes, and closes the store at once when a cancel-at-period-end passes", async () => {
    const gamma = await createStoreFixture(db, "gamma");
    const G = "http://gamma.localhost:3000";
    const gammaCtx = await contextFor(db, "gamma.localhost");
    const gammaAdminId = uuidv7();
    await db.owner.insert(users).values({
      storeId: gamma.storeId,
      id: gammaAdminId,
      email: "owner@gamma.test",
      name: "G",
      isAdmin: true,
    });
    const gammaCookie = await userCookie(gamma.storeId, gammaAdminId, G);
    server.setWebhookUrl(listenerUrl());

    const stripe = getStripe();
    const start = Math.floor(Date.now() / 1000);
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start });
    const customer = await stripe.customers.create({
      test_clock: clock.id,
      metadata: { storeId: gamma.storeId },
    });
    await db.owner.update(stores).set({ stripeCustomerId: customer.id }).where(eq(stores.id, gamma.storeId));

    const started = await answer(() =>
      billingAction({
        request: postForm(`${G}/admin/billing`, { intent: "choose", packageId: growthId }, gammaCookie),
        context: gammaCtx,
        params: {},
      }),
    );
    expect(started.status).toBe(302);
    const paid = await fetch(started.headers.get("Location")!, {
      method: "POST",
      body: new URLSearchParams({ card_number: GOOD_CARD }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    await server.webhooksSettled();
    const subscribed = await storeRow(gamma.storeId);
    expect(subscribed.subscriptionStatus).toBe("active");
    expect(subscribed.subscriptionCurrentPeriodEnd!.getTime()).toBe((start + 30 * DAY_S) * 1000);

    // Past one period end: renewed, open a month more.
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 31 * DAY_S });
    await server.webhooksSettled();
    const renewed = await storeRow(gamma.storeId);
    expect(renewed.subscriptionStatus).toBe("active");
    expect(renewed.subscriptionCurrentPeriodEnd!.getTime()).toBe((start + 60 * DAY_S) * 1000);
    expect(storeClosure(renewed)).toBeNull();

    // Set to cancel at the period end, and the clock passes it: the subscription ended (for Stripe)
    // 60 days from now, but the store closes now, not in 60 days of our time.
    await stripe.subscriptions.update(subscribed.stripeSubscriptionId!, { cancel_at_period_end: true });
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 61 * DAY_S });
    await server.webhooksSettled();
    const ended = await storeRow(gamma.storeId);
    expect(ended.subscriptionStatus).toBe("canceled");
    expect(ended.subscriptionCurrentPeriodEnd!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(storeClosure(ended)).toBe("expired");
  });
});
