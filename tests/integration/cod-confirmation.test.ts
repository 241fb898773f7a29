/**
 * Cash On Delivery orders confirmed by the shopper (issue 34, decision 040), through the routes
 * and the sweep: the setting, the awaiting state with its stock held, the signed link (confirm,
 * cancel, single use, expiry, another store's link 404 with nothing changed), the shopper's order
 * page, the staff's by-phone steps with their history, the packing slip held back, the to-do
 * count, reminders and auto-cancel with a fake clock, two sweeps at once and a confirm racing the
 * auto-cancel (one final state, one restock).
 */
import { asc, count, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  emailOutbox,
  orderEvents,
  orders,
  products,
  rateLimits,
  shippingAddresses,
  storeSettings,
  users,
} from "~/db/schema";
import { deliveriesSettled } from "~/services/outbox/outbox.server";
import {
  answerByLink,
  confirmAwaitingOrder,
  confirmationToken,
  readConfirmationToken,
  sweepCodConfirmations,
} from "~/services/orders/cod-confirmation.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { action as linkAction, loader as linkLoader } from "~/routes/confirm-order.$token";
import { action as shopperConfirmAction } from "~/routes/orders.$number._index";
import { action as stepAction, loader as adminOrderLoader } from "~/routes/admin.orders.$number";
import { loader as slipLoader } from "~/routes/admin_.orders.$number.packing-slip";
import { action as optionsAction } from "~/routes/admin.storesetting.paymentOptions";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import {
  A,
  ADDRESS,
  addProduct,
  B,
  fillCart,
  newToken,
  signedIn,
  stockOf,
  type Ctx,
} from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: Ctx;
let betaCtx: Ctx;
let cookie: string;
let adminCookie: string;
let adminId: string;
let ink: string;

const get = (url: string, withCookie?: string) =>
  new Request(url, { headers: withCookie ? { Cookie: withCookie } : {} });

async function placeCod(): Promise<{ number: number; id: string }> {
  await fillCart(db, alpha.storeId, alpha.userId, [{ productId: ink, quantity: 2 }]);
  const current = await answer<{ summary: { totalCents: number; codFeeCents: number } }>(() =>
    checkoutLoader({ request: get(`${A}/checkout`, cookie), context: ctx, params: {} }),
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
      context: ctx,
      params: {},
    }),
  );
  expect(placed.status).toBe(302);
  await deliveriesSettled();
  const [order] = await db.owner
    .select({ number: orders.number, id: orders.id })
    .from(orders)
    .orderBy(asc(orders.number))
    .limit(1)
    .offset((await db.owner.select({ n: count() }).from(orders))[0]!.n - 1);
  return order!;
}

const orderRow = async (id: string) => (await db.owner.select().from(orders).where(eq(orders.id, id)))[0]!;
const events = (id: string) =>
  db.owner.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.createdAt));
const mails = (kind: string) =>
  db.owner.select().from(emailOutbox).where(eq(emailOutbox.kind, kind)).orderBy(asc(emailOutbox.createdAt));

/** The token in the link of the order's awaiting-confirmation email, as the shopper gets it. */
async function tokenFromEmail(): Promise<string> {
  const [mail] = await mails("order-awaiting-confirmation");
  const token = /\/confirm-order\/([A-Za-z0-9._-]+)/.exec(mail!.text)?.[1];
  expect(token).toBeDefined();
  return token!;
}

const link = (token: string, host = A, context = ctx) =>
  answer<{ order: { status: string }; expired: boolean }>(() =>
    linkLoader({ request: get(`${host}/confirm-order/${token}`), context, params: { token } }),
  );
const press = (token: string, intent: string, host = A, context = ctx) =>
  answer(() =>
    linkAction({
      request: postForm(`${host}/confirm-order/${token}`, { intent }),
      context,
      params: { token },
    }),
  );

const setConfirm = (values: Partial<typeof storeSettings.$inferInsert>) =>
  db.owner.update(storeSettings).set(values).where(eq(storeSettings.storeId, alpha.storeId));

const HOUR = 3_600_000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

beforeAll(async () => {
  db = await createTestDb();
  alpha = await createStoreFixture(db, "alpha");
  beta = await createStoreFixture(db, "beta");
  ctx = await contextFor(db, "alpha.localhost");
  betaCtx = await contextFor(db, "beta.localhost");
  ink = await addProduct(db, alpha.storeId, { slug: "ink", priceCents: 500, stock: 100 });
  adminId = uuidv7();
  await db.owner
    .insert(users)
    .values({ storeId: alpha.storeId, id: adminId, email: "ada@alpha.test", name: "Ada", isAdmin: true });
  cookie = await signedIn(alpha.storeId, alpha.userId);
  adminCookie = await signedIn(alpha.storeId, adminId);
});
afterAll(async () => {
  await db?.dispose();
});
beforeEach(async () => {
  await db.owner.delete(rateLimits);
  await db.owner.delete(orders);
  await db.owner.delete(shippingAddresses);
  await db.owner.delete(emailOutbox);
  await db.owner.update(products).set({ stock: 100, active: true });
  await setConfirm({
    cashOnDeliveryEnabled: true,
    codConfirm: true,
    codConfirmRemindHours: 6,
    codConfirmCancelHours: 24,
  });
});

describe("placing a Cash On Delivery order", () => {
  it("stays confirmed when the store does not ask (the default)", async () => {
    await setConfirm({ codConfirm: false });
    const placed = await placeCod();
    const row = await orderRow(placed.id);
    expect(row.status).toBe("confirmed");
    expect(row.confirmCancelAt).toBeNull();
    expect(await mails("order-awaiting-confirmation")).toHaveLength(0);
  });

  it("awaits confirmation with its stock held, its due times, and an email with the link", async () => {
    const placed = await placeCod();
    const row = await orderRow(placed.id);
    expect(row.status).toBe("awaiting_confirmation");
    expect(await stockOf(db, ink)).toBe(98);
    const created = row.createdAt.getTime();
    expect(row.confirmRemindAt!.getTime() - created).toBeGreaterThan(6 * HOUR - 60_000);
    expect(row.confirmRemindAt!.getTime() - created).toBeLessThan(6 * HOUR + 60_000);
    expect(row.confirmCancelAt!.getTime() - created).toBeGreaterThan(24 * HOUR - 60_000);
    const [mail] = await mails("order-awaiting-confirmation");
    expect(mail!.to).toBe(ADDRESS.email);
    expect(mail!.text).toContain(`${A}/confirm-order/`);
    // The to-do count and the orders filter show it; no packing slip yet.
    const admin = await answer<{ order: { status: string } }>(() =>
      adminOrderLoader({
        request: get(`${A}/admin/orders/${placed.number}`, adminCookie),
        context: ctx,
        params: { number: String(placed.number) },
      }),
    );
    expect(admin.data.order.status).toBe("awaiting_confirmation");
    const slip = await answer(() =>
      slipLoader({
        request: get(`${A}/admin/orders/${placed.number}/packing-slip`, adminCookie),
        context: ctx,
        params: { number: String(placed.number) },
      }),
    );
    expect(slip.status).toBe(409);
  });
});

describe("the link", () => {
  it("confirms once, signed out; a second press changes nothing", async () => {
    const placed = await placeCod();
    const token = await tokenFromEmail();
    const shown = await link(token);
    expect(shown.status).toBe(200);
    expect(shown.data.order.status).toBe("awaiting_confirmation");
    const pressed = await press(token, "confirm");
    expect(pressed.status).toBe(302);
    expect((await orderRow(placed.id)).status).toBe("confirmed");
    const history = await events(placed.id);
    expect(history.at(-1)).toMatchObject({
      fromStatus: "awaiting_confirmation",
      toStatus: "confirmed",
      note: "Confirmed by the shopper",
    });
    const again = await press(token, "cancel");
    expect(again.status).toBe(409);
    expect((await orderRow(placed.id)).status).toBe("confirmed");
    expect(await stockOf(db, ink)).toBe(98);
    expect(await events(placed.id)).toHaveLength(history.length);
  });

  it("cancels with the stock back", async () => {
    const placed = await placeCod();
    const token = await tokenFromEmail();
    expect((await press(token, "cancel")).status).toBe(302);
    expect((await orderRow(placed.id)).status).toBe("cancelled");
    expect(await stockOf(db, ink)).toBe(100);
    expect((await press(token, "confirm")).status).toBe(409);
    expect((await orderRow(placed.id)).status).toBe("cancelled");
  });

  it("is not found on another store, forged or for another order; bad intent is 400; nothing changes", async () => {
    const placed = await placeCod();
    const token = await tokenFromEmail();
    expect((await link(token, B, betaCtx)).status).toBe(404);
    expect((await press(token, "confirm", B, betaCtx)).status).toBe(404);
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await link(forged)).status).toBe(404);
    expect((await press(forged, "confirm")).status).toBe(404);
    expect((await link("not-a-token")).status).toBe(404);
    // A valid signature of store B for this order's id is not store A's.
    const signedForBeta = confirmationToken(beta.storeId, placed.id, later(1));
    expect((await press(signedForBeta, "confirm")).status).toBe(404);
    for (const intent of ["ship", "toString", ""])
      expect((await press(token, intent)).status, intent).toBe(400);
    expect((await orderRow(placed.id)).status).toBe("awaiting_confirmation");
    expect(await stockOf(db, ink)).toBe(98);
  });

  it("expires with the window", async () => {
    const placed = await placeCod();
    const token = await tokenFromEmail();
    expect(readConfirmationToken(alpha.storeId, token).kind).toBe("valid");
    expect(readConfirmationToken(alpha.storeId, token, later(25)).kind).toBe("expired");
    expect(await answerByLink(alpha.storeId, token, "confirm", undefined, later(25))).toBe("expired");
    expect((await orderRow(placed.id)).status).toBe("awaiting_confirmation");
  });
});

describe("the shopper's order page", () => {
  it("confirms their own order; another shopper's is not found", async () => {
    const placed = await placeCod();
    const other = uuidv7();
    await db.owner
      .insert(users)
      .values({ storeId: alpha.storeId, id: other, email: "o@alpha.test", name: "O" });
    const otherCookie = await signedIn(alpha.storeId, other);
    const post = (withCookie: string) =>
      answer(() =>
        shopperConfirmAction({
          request: postForm(`${A}/orders/${placed.number}?index`, { intent: "confirm" }, withCookie),
          context: ctx,
          params: { number: String(placed.number) },
        }),
      );
    expect((await post(otherCookie)).status).toBe(404);
    expect((await orderRow(placed.id)).status).toBe("awaiting_confirmation");
    expect((await post(cookie)).status).toBe(302);
    expect((await orderRow(placed.id)).status).toBe("confirmed");
    expect((await post(cookie)).status).toBe(409);
  });
});

describe("staff by phone", () => {
  const step = (number: number, intent: string) =>
    answer(() =>
      stepAction({
        request: postForm(
          `${A}/admin/orders/${number}`,
          { intent, expectedStatus: "awaiting_confirmation", expectedPayment: "unpaid" },
          adminCookie,
        ),
        context: ctx,
        params: { number: String(number) },
      }),
    );

  it("confirmed by phone: confirmed, who and when on the history", async () => {
    const placed = await placeCod();
    expect((await step(placed.number, "ship")).status).toBe(409);
    expect((await step(placed.number, "confirmByPhone")).status).toBe(302);
    expect((await orderRow(placed.id)).status).toBe("confirmed");
    expect((await events(placed.id)).at(-1)).toMatchObject({
      note: "Confirmed by phone",
      actorUserId: adminId,
    });
    expect((await step(placed.number, "refuseByPhone")).status).toBe(409);
  });

  it("refused by phone: cancelled, stock back", async () => {
    const placed = await placeCod();
    expect((await step(placed.number, "refuseByPhone")).status).toBe(302);
    expect((await orderRow(placed.id)).status).toBe("cancelled");
    expect(await stockOf(db, ink)).toBe(100);
    expect((await events(placed.id)).at(-1)).toMatchObject({
      note: "Refused by phone",
      actorUserId: adminId,
    });
  });
});

describe("the sweep", () => {
  it("reminds once after the reminder hours, cancels after the window with the stock back", async () => {
    const placed = await placeCod();
    expect(await sweepCodConfirmations(later(1))).toMatchObject({ reminded: 0, cancelled: 0 });
    // Two sweeps at once: one reminder.
    const both = await Promise.all([sweepCodConfirmations(later(7)), sweepCodConfirmations(later(7))]);
    expect(both[0].reminded + both[1].reminded).toBe(1);
    await deliveriesSettled();
    const reminders = await mails("order-confirmation-reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain("/confirm-order/");
    expect((await orderRow(placed.id)).status).toBe("awaiting_confirmation");
    const cancels = await Promise.all([sweepCodConfirmations(later(25)), sweepCodConfirmations(later(25))]);
    expect(cancels[0].cancelled + cancels[1].cancelled).toBe(1);
    expect((await orderRow(placed.id)).status).toBe("cancelled");
    expect(await stockOf(db, ink)).toBe(100);
    expect((await events(placed.id)).filter((e) => e.toStatus === "cancelled")).toHaveLength(1);
    expect((await events(placed.id)).at(-1)).toMatchObject({
      note: "Not confirmed in time",
      actorUserId: null,
    });
  });

  it("leaves a confirmed order alone", async () => {
    const placed = await placeCod();
    const token = await tokenFromEmail();
    await press(token, "confirm");
    expect(await sweepCodConfirmations(later(25))).toMatchObject({ reminded: 0, cancelled: 0 });
    expect((await orderRow(placed.id)).status).toBe("confirmed");
  });

  it("a confirm racing the auto-cancel ends in one state and at most one restock", async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      await db.owner.delete(orders);
      await db.owner.update(products).set({ stock: 100 });
      const placed = await placeCod();
      const [confirmed, swept] = await Promise.all([
        confirmAwaitingOrder(
          alpha.storeId,
          placed.id,
          { kind: "shopper", userId: alpha.userId },
          "Confirmed by the shopper",
        ),
        sweepCodConfirmations(later(25)),
      ]);
      const row = await orderRow(placed.id);
      const history = await events(placed.id);
      const transitions = history.filter((e) => e.fromStatus === "awaiting_confirmation");
      expect(transitions).toHaveLength(1);
      expect(confirmed !== (swept.cancelled === 1)).toBe(true);
      if (confirmed) {
        expect(row.status).toBe("confirmed");
        expect(await stockOf(db, ink)).toBe(98);
      } else {
        expect(row.status).toBe("cancelled");
        expect(await stockOf(db, ink)).toBe(100);
      }
      outcomes.add(row.status);
    }
    expect([...outcomes].every((s) => s === "confirmed" || s === "cancelled")).toBe(true);
  });
});

describe("Payment Options", () => {
  const save = (fields: Record<string, string>) =>
    answer(() =>
      optionsAction({
        request: postForm(
          `${A}/admin/storesetting/paymentOptions`,
          { intent: "cod", codFee: "0", ...fields },
          adminCookie,
        ),
        context: ctx,
        params: {},
      }),
    );
  const row = async () =>
    (
      await db.owner
        .select({
          on: storeSettings.codConfirm,
          remind: storeSettings.codConfirmRemindHours,
          cancel: storeSettings.codConfirmCancelHours,
        })
        .from(storeSettings)
        .where(eq(storeSettings.storeId, alpha.storeId))
    )[0]!;

  it("saves the setting and its hours; bad hours are 400 and change nothing", async () => {
    await setConfirm({ codConfirm: false });
    const saved = await save({
      cashOnDelivery: "on",
      codConfirm: "on",
      codConfirmRemindHours: "3",
      codConfirmCancelHours: "12",
    });
    expect(saved.status).toBe(302);
    expect(await row()).toEqual({ on: true, remind: 3, cancel: 12 });
    for (const bad of [
      { codConfirmRemindHours: "0", codConfirmCancelHours: "12" },
      { codConfirmRemindHours: "12", codConfirmCancelHours: "6" },
      { codConfirmRemindHours: "x", codConfirmCancelHours: "12" },
      { codConfirmRemindHours: "3", codConfirmCancelHours: "999" },
    ]) {
      const refused = await save({ cashOnDelivery: "on", codConfirm: "on", ...bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(await row()).toEqual({ on: true, remind: 3, cancel: 12 });
    }
  });
});
