/**
 * A shopper's orders through their routes: My orders (newest first, ten a page, keyset
 * Previous/Next), order details, the confirmed and cancelled pages, and cancelling (pending or
 * confirmed only, stock back, an event and an email). Another shopper's or store's order is
 * 'Order Not Found' with a 404, and cannot be cancelled.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, orderEvents, orders, products, rateLimits, stores, storeSettings } from "~/db/schema";
import { loader as detailsLoader } from "~/routes/orders.$number._index";
import { action as cancelAction, loader as cancelLoader } from "~/routes/orders.$number.cancel";
import { loader as cancelledLoader } from "~/routes/orders.$number.cancelled";
import { loader as confirmedLoader } from "~/routes/orders.$number.confirmed";
import { loader as listLoader } from "~/routes/orders._index";
import { placeOrder } from "~/services/orders/checkout.server";
import { markOrderPaid } from "~/services/orders/orders.server";
import type { OrderRowView, OrderView } from "~/services/orders/order-view.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import {
  A,
  ADDRESS,
  B,
  addProduct,
  addShopper,
  fillCart,
  newToken,
  signedIn,
  stockOf,
  type Ctx,
  type RefusalData,
} from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: Ctx;
let betaCtx: Ctx;
let cookie: string;
let otherCookie: string;
let betaCookie: string;
let otherShopper: string;
let dye: string;

/** Places a COD (or card) order of `quantity` dyes for `userId`; returns its number. */
async function order(userId = alpha.userId, quantity = 2, method: "cod" | "card" = "cod"): Promise<number> {
  await fillCart(db, alpha.storeId, userId, [{ productId: dye, quantity }]);
  const result = await placeOrder(
    { store: { id: alpha.storeId, currency: "USD" }, userId, locale: "en" },
    {
      shipping: ADDRESS,
      paymentMethod: method,
      checkoutToken: newToken(),
      expectedTotalCents: 800 * quantity,
    },
  );
  if (result.kind !== "placed") throw new Error(`not placed: ${result.kind}`);
  return result.number;
}

const get = <T>(
  loader: (args: { request: Request; context: Ctx; params: Record<string, string> }) => unknown,
  path: string,
  params: Record<string, string> = {},
  withCookie = cookie,
  context = ctx,
  base = A,
) =>
  answer<T>(() =>
    loader({ request: new Request(`${base}${path}`, { headers: { Cookie: withCookie } }), context, params }),
  );

const cancel = (number: string, withCookie = cookie, context = ctx, base = A) =>
  answer<RefusalData>(() =>
    cancelAction({
      request: postForm(`${base}/orders/${number}/cancel`, {}, withCookie),
      context,
      params: { number },
    }),
  );

const statusOf = async (number: number) =>
  (await db.owner.select({ status: orders.status }).from(orders).where(eq(orders.number, number)))[0]?.status;

beforeAll(async () => {
  db = await createTestDb();
  alpha = await createStoreFixture(db, "alpha");
  beta = await createStoreFixture(db, "beta");
  ctx = await contextFor(db, "alpha.localhost");
  betaCtx = await contextFor(db, "beta.localhost");
  dye = await addProduct(db, alpha.storeId, { slug: "dye", priceCents: 800, stock: 1000 });
  otherShopper = await addShopper(db, alpha.storeId);
  cookie = await signedIn(alpha.storeId, alpha.userId);
  otherCookie = await signedIn(alpha.storeId, otherShopper);
  betaCookie = await signedIn(beta.storeId, beta.userId, B);
  await db.owner.update(storeSettings).set({ cashOnDeliveryEnabled: true });
});
afterAll(async () => {
  await db?.dispose();
});
beforeEach(async () => {
  await db.owner.delete(orders);
  await db.owner.delete(emailOutbox);
  await db.owner.delete(rateLimits);
  await db.owner.update(products).set({ stock: 1000 }).where(eq(products.id, dye));
});

describe("My orders", () => {
  type List = { orders: OrderRowView[]; previous: string | null; next: string | null };
  const list = (cursor?: string | null) =>
    get<List>(listLoader, cursor ? `/orders?cursor=${encodeURIComponent(cursor)}` : "/orders");

  it("shows only the shopper's orders, newest first, ten a page, with Previous/Next", async () => {
    const mine: number[] = [];
    for (let i = 0; i < 23; i++) mine.push(await order(alpha.userId, 1));
    await order(otherShopper, 1);
    const first = await list();
    expect(first.status).toBe(200);
    const numbers = (page: List) => page.orders.map((o) => o.number);
    const newest = [...mine].reverse();
    expect(numbers(first.data)).toEqual(newest.slice(0, 10));
    expect(first.data.previous).toBeNull();
    expect(first.data.orders[0]).toMatchObject({
      status: "confirmed",
      paymentStatus: "unpaid",
      total: "$8.00",
      totalQuantity: 1,
    });
    const second = await list(first.data.next);
    expect(numbers(second.data)).toEqual(newest.slice(10, 20));
    const third = await list(second.data.next);
    expect(numbers(third.data)).toEqual(newest.slice(20));
    expect(third.data.next).toBeNull();
    const back = await list(third.data.previous);
    expect(numbers(back.data)).toEqual(newest.slice(10, 20));
    const front = await list(back.data.previous);
    expect(numbers(front.data)).toEqual(newest.slice(0, 10));
    expect(front.data.previous).toBeNull();
  });

  it("answers a cursor it did not make with 400", async () => {
    for (const bad of ["x", "a.%%%", "a.bm90LWEtY3Vyc29y", "'; drop table orders"]) {
      expect((await list(bad)).status).toBe(400);
    }
  });

  it("sends an anonymous visitor to sign in", async () => {
    const res = await get(listLoader, "/orders", {}, "");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Forders");
  });
});

describe("order details", () => {
  it("shows the lines, address, payment and history", async () => {
    const number = await order();
    const res = await get<{ order: OrderView }>(detailsLoader, `/orders/${number}`, {
      number: String(number),
    });
    expect(res.status).toBe(200);
    expect(res.data.order).toMatchObject({
      number,
      status: "confirmed",
      paymentMethod: "cod",
      paymentStatus: "unpaid",
      total: "$16.00",
      address: ADDRESS,
      cancellable: true,
      lines: [{ name: "dye dye", quantity: 2, lineTotal: "$16.00" }],
      events: [{ type: "placed", toStatus: "confirmed", paymentStatus: "unpaid" }],
    });
    const confirmed = await get<{ order: OrderView }>(confirmedLoader, `/orders/${number}/confirmed`, {
      number: String(number),
    });
    expect(confirmed.status).toBe(200);
  });

  it("is 'Order Not Found' (404) for another shopper's order, another store, or no such number", async () => {
    const number = String(await order());
    const expectNotFound = async (res: { status: number; data: unknown }) => {
      expect(res.status).toBe(404);
      expect(res.data).toEqual({ notice: { key: "notFound.order" } });
    };
    for (const loader of [detailsLoader, confirmedLoader, cancelledLoader, cancelLoader]) {
      await expectNotFound(await get(loader, `/orders/${number}`, { number }, otherCookie));
      await expectNotFound(await get(loader, `/orders/${number}`, { number }, betaCookie, betaCtx, B));
      await expectNotFound(await get(loader, "/orders/99999", { number: "99999" }));
      await expectNotFound(await get(loader, "/orders/abc", { number: "abc" }));
      await expectNotFound(await get(loader, "/orders/1e3", { number: "1e3" }));
    }
    // The shopper's session cookie of store alpha means nothing on store beta's host.
    const crossCookie = await get(detailsLoader, `/orders/${number}`, { number }, cookie, betaCtx, B);
    expect(crossCookie.status).toBe(302);
  });
});

describe("cancelling", () => {
  it("cancels a confirmed order: stock back, an event, an email, to the cancelled page", async () => {
    const number = await order(alpha.userId, 3);
    expect(await stockOf(db, dye)).toBe(997);
    const page = await get<{ number: number }>(cancelLoader, `/orders/${number}/cancel`, {
      number: String(number),
    });
    expect(page.status).toBe(200);
    const res = await cancel(String(number));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/orders/${number}/cancelled`);
    expect(await statusOf(number)).toBe("cancelled");
    expect(await stockOf(db, dye)).toBe(1000);
    const [row] = await db.owner.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
    const events = await db.owner.select().from(orderEvents).where(eq(orderEvents.orderId, row!.id));
    expect(events.map((e) => [e.type, e.toStatus])).toEqual([
      ["placed", "confirmed"],
      ["status", "cancelled"],
    ]);
    expect(events[1]!.actorUserId).toBe(alpha.userId);
    const emails = await db.owner.select({ kind: emailOutbox.kind }).from(emailOutbox);
    expect(emails).toEqual([{ kind: "order-cancelled" }]);
    const cancelled = await get<{ order: OrderView }>(cancelledLoader, `/orders/${number}/cancelled`, {
      number: String(number),
    });
    expect(cancelled.data.order.status).toBe("cancelled");
    expect(cancelled.data.order.cancellable).toBe(false);
  });

  it("refuses a second cancel and a shipped order with 409, changing nothing", async () => {
    const number = await order();
    await cancel(String(number));
    const again = await cancel(String(number));
    expect(again.status).toBe(409);
    expect(again.data.notice).toEqual({ key: "orders.notCancellable", params: { status: "cancelled" } });
    expect(await stockOf(db, dye)).toBe(1000);

    const shipped = await order();
    await db.owner.update(orders).set({ status: "shipped" }).where(eq(orders.number, shipped));
    const res = await cancel(String(shipped));
    expect(res.status).toBe(409);
    expect(await statusOf(shipped)).toBe("shipped");
    expect(await stockOf(db, dye)).toBe(998);
    // The confirmation page is not offered for it either.
    const page = await get(cancelLoader, `/orders/${shipped}/cancel`, { number: String(shipped) });
    expect(page.status).toBe(302);
  });

  it("never cancels another shopper's or store's order (404, nothing changed)", async () => {
    const number = await order();
    expect((await cancel(String(number), otherCookie)).status).toBe(404);
    expect((await cancel(String(number), betaCookie, betaCtx, B)).status).toBe(404);
    expect((await cancel("abc")).status).toBe(404);
    expect(await statusOf(number)).toBe("confirmed");
    expect(await stockOf(db, dye)).toBe(998);
  });
});

describe("card orders (for the payment webhook)", () => {
  it("holds stock while pending; paid → confirmed; a cancelled pending payment is failed and restocked", async () => {
    await db.owner.update(storeSettings).set({ cashOnDeliveryEnabled: true });

    await db.owner
      .update(stores)
      .set({ stripeAccountId: "acct_test_alpha", stripeChargesEnabled: true })
      .where(eq(stores.id, alpha.storeId));
    process.env.STRIPE_SECRET_KEY = "sk_test_orders";
    try {
      const paid = await order(alpha.userId, 1, "card");
      const [row] = await db.owner.select().from(orders).where(eq(orders.number, paid));
      expect(row).toMatchObject({ status: "pending", paymentStatus: "pending" });
      expect(await stockOf(db, dye)).toBe(999);
      expect(await markOrderPaid(alpha.storeId, row!.id, { paymentIntentId: "pi_1" })).toEqual({
        kind: "paid",
        orderId: row!.id,
      });
      expect(await markOrderPaid(alpha.storeId, row!.id)).toMatchObject({ kind: "unchanged" });
      expect(await statusOf(paid)).toBe("confirmed");

      const abandoned = await order(alpha.userId, 1, "card");
      expect((await cancel(String(abandoned))).status).toBe(302);
      const [gone] = await db.owner.select().from(orders).where(eq(orders.number, abandoned));
      expect(gone).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
      expect(await stockOf(db, dye)).toBe(999);
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
    }
  });
});
