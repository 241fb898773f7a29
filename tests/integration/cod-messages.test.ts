/**
 * Cash On Delivery confirmation by SMS and WhatsApp (issue 34 item 3, decision 040): the real
 * `twilio` SDK against the Twilio-compatible test server (tests/twilio-server). A placed order's
 * two messages reach it after the commit, in the order's language, with a link that works; a
 * provider failing is retried with a growing pause and delivers each message once, never failing
 * the checkout; a checkout whose commit fails sends nothing; without configuration the messages
 * are logged and kept in the outbox; the reminder goes the same ways; the link is another store's
 * 404.
 */
import { asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import {
  emailOutbox,
  messageOutbox,
  orders,
  products,
  rateLimits,
  shippingAddresses,
  storeSettings,
} from "~/db/schema";
import { logTo } from "~/lib/log.server";
import { deliveriesSettled } from "~/services/outbox/outbox.server";
import { sweepMessages } from "~/services/messages/messages.server";
import { sweepCodConfirmations } from "~/services/orders/cod-confirmation.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { action as linkAction, loader as linkLoader } from "~/routes/confirm-order.$token";
import { startTwilioServer, type TwilioServer } from "../twilio-server/index";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import { A, ADDRESS, addProduct, B, fillCart, newToken, signedIn } from "./checkout-fixtures";

const logged: Record<string, unknown>[] = [];
logTo({ write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) });

let db: TestDb;
let alpha: StoreFixture;
let en: AppLoadContext;
let ar: AppLoadContext;
let betaCtx: AppLoadContext;
let cookie: string;
let ink: string;
let twilio: TwilioServer;
/** Per message the test server accepted: how many orders the database had when it arrived. */
let ordersWhenReceived: Promise<number>[] = [];

const MOBILE = "+966501234567"; // ADDRESS.mobile in E.164
const TWILIO_ENV = [
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_SMS_FROM",
  "TWILIO_WHATSAPP_FROM",
  "TWILIO_API_BASE",
] as const;

const get = (url: string, withCookie?: string) =>
  new Request(url, { headers: withCookie ? { Cookie: withCookie } : {} });

/** A COD order placed through /checkout in the context's language; the action's status and order. */
async function placeCod(context = en): Promise<{ status: number; order?: { number: number; id: string } }> {
  await fillCart(db, alpha.storeId, alpha.userId, [{ productId: ink, quantity: 1 }]);
  const current = await answer<{ summary: { totalCents: number; codFeeCents: number } }>(() =>
    checkoutLoader({ request: get(`${A}/checkout`, cookie), context, params: {} }),
  );
  const placed = await answer(() =>
    checkoutAction({
      request: postForm(
        `${A}/checkout`,
        {
          ...ADDRESS,
          intent: "place",
          paymentMethod: "cod",
          checkoutToken: newToken(),
          expectedTotal: String(current.data.summary.totalCents),
          expectedCodFee: String(current.data.summary.codFeeCents),
        },
        cookie,
      ),
      context,
      params: {},
    }),
  );
  await deliveriesSettled();
  const [order] = await db.owner
    .select({ number: orders.number, id: orders.id })
    .from(orders)
    .orderBy(asc(orders.createdAt));
  return { status: placed.status, order };
}

const outbox = () => db.owner.select().from(messageOutbox).orderBy(asc(messageOutbox.channel));
const tokenIn = (body: string) => /\/confirm-order\/([A-Za-z0-9._-]+)/.exec(body)?.[1];

/** Makes every queued retry due now, as time passing would. */
const retriesDue = () =>
  db.owner
    .update(messageOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(sql`${messageOutbox.nextAttemptAt} is not null`);

const useTwilio = () => Object.assign(process.env, twilio.env);
const noTwilio = () => TWILIO_ENV.forEach((name) => delete process.env[name]);

beforeAll(async () => {
  db = await createTestDb();
  alpha = await createStoreFixture(db, "alpha");
  await createStoreFixture(db, "beta");
  en = await contextFor(db, "alpha.localhost");
  ar = await contextFor(db, "alpha.localhost", { request: get(`${A}/?lng=ar`) });
  betaCtx = await contextFor(db, "beta.localhost");
  ink = await addProduct(db, alpha.storeId, { slug: "ink", priceCents: 500, stock: 100 });
  cookie = await signedIn(alpha.storeId, alpha.userId);
  twilio = await startTwilioServer({
    onMessage: () =>
      ordersWhenReceived.push(
        db.owner
          .select({ n: count() })
          .from(orders)
          .then(([row]) => row!.n),
      ),
  });
});
afterAll(async () => {
  noTwilio();
  await deliveriesSettled();
  await twilio?.stop();
  await db?.dispose();
});
beforeEach(async () => {
  useTwilio();
  twilio.reset();
  ordersWhenReceived = [];
  logged.length = 0;
  await db.owner.delete(rateLimits);
  await db.owner.delete(orders);
  await db.owner.delete(messageOutbox);
  await db.owner.delete(emailOutbox);
  await db.owner.delete(shippingAddresses);
  await db.owner.update(products).set({ stock: 100, active: true });
  await db.owner
    .update(storeSettings)
    .set({
      cashOnDeliveryEnabled: true,
      codConfirm: true,
      codConfirmRemindHours: 6,
      codConfirmCancelHours: 24,
    })
    .where(eq(storeSettings.storeId, alpha.storeId));
});

describe("the confirmation messages", () => {
  for (const [locale, wording] of [
    ["en", "please confirm your Cash On Delivery order #"],
    ["ar", "يُرجى تأكيد طلبك رقم"],
  ] as const) {
    it(`reach the provider after the commit, in the order's language (${locale}), with a link that confirms`, async () => {
      const placed = await placeCod(locale === "en" ? en : ar);
      expect(placed.status).toBe(302);
      const received = twilio.messages();
      expect(received.map((m) => [m.channel, m.to, m.from])).toEqual([
        ["sms", MOBILE, twilio.env.TWILIO_SMS_FROM],
        ["whatsapp", `whatsapp:${MOBILE}`, `whatsapp:${twilio.env.TWILIO_WHATSAPP_FROM}`],
      ]);
      // Sent once the order was committed: the server's look at the database found it.
      expect(await Promise.all(ordersWhenReceived)).toEqual([1, 1]);
      for (const message of received) {
        expect(message.body).toContain(wording);
        expect(message.body).toContain(String(placed.order!.number));
        expect(message.body).toContain(`${A}/confirm-order/`);
      }
      expect((await outbox()).map((row) => [row.status, row.attempts, row.providerId, row.locale])).toEqual(
        received.map((m) => ["sent", 1, m.sid, locale]),
      );

      const token = tokenIn(received[0]!.body)!;
      const page = await answer<{ order: { status: string } }>(() =>
        linkLoader({ request: get(`${A}/confirm-order/${token}`), context: en, params: { token } }),
      );
      expect(page.status).toBe(200);
      expect(page.data.order.status).toBe("awaiting_confirmation");
      // Another store's host does not know the link.
      const elsewhere = await answer(() =>
        linkLoader({ request: get(`${B}/confirm-order/${token}`), context: betaCtx, params: { token } }),
      );
      expect(elsewhere.status).toBe(404);
      await answer(() =>
        linkAction({
          request: postForm(`${A}/confirm-order/${token}`, { intent: "confirm" }),
          context: en,
          params: { token },
        }),
      );
      const [row] = await db.owner.select().from(orders).where(eq(orders.id, placed.order!.id));
      expect(row!.status).toBe("confirmed");
    });
  }

  it("are retried with a growing pause when the provider fails, and delivered once; the checkout is placed", async () => {
    // Each of the two messages is refused twice (they are sent one after the other).
    twilio.failNext(4);
    const placed = await placeCod();
    expect(placed.status).toBe(302);
    expect(twilio.messages()).toEqual([]);
    const pauses = async () =>
      (await outbox()).map((row) => Math.round((row.nextAttemptAt!.getTime() - Date.now()) / 10_000) * 10);
    let rows = await outbox();
    expect(rows.map((row) => [row.status, row.attempts, row.error])).toEqual([
      ["failed", 1, "Service unavailable"],
      ["failed", 1, "Service unavailable"],
    ]);
    expect(await pauses()).toEqual([30, 30]);
    expect(logged.filter((line) => line.msg === "message not delivered")).toHaveLength(2);

    await retriesDue();
    await sweepMessages();
    expect(await pauses()).toEqual([60, 60]);
    await retriesDue();
    await sweepMessages();
    rows = await outbox();
    expect(rows.map((row) => [row.status, row.attempts, row.error, row.nextAttemptAt])).toEqual([
      ["sent", 3, null, null],
      ["sent", 3, null, null],
    ]);
    // Nothing is due any more: a further sweep sends nothing again.
    expect((await sweepMessages()).delivered).toBe(0);
    expect(twilio.messages().map((m) => m.channel)).toEqual(["sms", "whatsapp"]);
    expect(twilio.refused()).toBe(4);
  });

  it("are not sent when the checkout's commit fails", async () => {
    await db.owner.execute(sql`
      create function test_refuse_commit() returns trigger language plpgsql as $$
      begin raise exception 'test: commit refused'; end $$`);
    await db.owner.execute(sql`
      create constraint trigger test_refuse_commit after insert on orders
      deferrable initially deferred for each row execute function test_refuse_commit()`);
    try {
      const placed = await placeCod();
      expect(placed.status).not.toBe(302);
      expect(placed.order).toBeUndefined();
    } finally {
      await db.owner.execute(sql`drop trigger test_refuse_commit on orders`);
      await db.owner.execute(sql`drop function test_refuse_commit()`);
    }
    await sweepMessages();
    expect(await outbox()).toEqual([]);
    expect(twilio.messages()).toEqual([]);
  });

  it("go to the server log and the outbox without configuration", async () => {
    noTwilio();
    const placed = await placeCod();
    expect(placed.status).toBe(302);
    expect(twilio.messages()).toEqual([]);
    const rows = await outbox();
    expect(rows.map((row) => [row.channel, row.status, row.to, row.nextAttemptAt])).toEqual([
      ["sms", "logged", MOBILE, null],
      ["whatsapp", "logged", MOBILE, null],
    ]);
    const lines = logged.filter((line) =>
      String(line.msg).endsWith("message logged (no provider configured)"),
    );
    expect(lines.map((line) => [line.channel, line.to])).toEqual([
      ["sms", MOBILE],
      ["whatsapp", MOBILE],
    ]);
    expect(String(lines[0]!.text)).toContain(`${A}/confirm-order/`);
  });

  it("remind the shopper in their language when the reminder is due", async () => {
    const placed = await placeCod(ar);
    twilio.reset();
    await sweepCodConfirmations(new Date(Date.now() + 7 * 3_600_000));
    await deliveriesSettled();
    const reminders = twilio.messages();
    expect(reminders.map((m) => m.channel)).toEqual(["sms", "whatsapp"]);
    expect(reminders[0]!.body).toContain("ما زال ينتظر تأكيدك");
    expect(reminders[0]!.body).toContain(String(placed.order!.number));
    const token = tokenIn(reminders[0]!.body)!;
    const page = await answer(() =>
      linkLoader({ request: get(`${A}/confirm-order/${token}`), context: en, params: { token } }),
    );
    expect(page.status).toBe(200);
    const kinds = (await outbox()).map((row) => [row.kind, row.status]);
    expect(kinds.filter(([kind]) => kind === "order-confirmation-reminder")).toEqual([
      ["order-confirmation-reminder", "sent"],
      ["order-confirmation-reminder", "sent"],
    ]);
  });
});
