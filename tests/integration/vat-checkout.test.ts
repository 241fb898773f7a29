/**
 * VAT at checkout (issue 35, decision 042), through the checkout's loader and action: a store
 * that is not registered charges and records no VAT (totals as before); registered with prices
 * that include VAT, the total is unchanged and the VAT inside it is shown and frozen on the order
 * and its lines; with prices that exclude it, VAT goes on top of goods, shipping and the COD fee,
 * and the order is charged exactly what the page showed; €50 incl. 20 % minus a €10 code is
 * €40.00 with €6.67 VAT; a rate changed later never changes a placed order.
 */
import { and, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  cartDiscountCodes,
  discountCodes,
  emailOutbox,
  orderItems,
  orders,
  rateLimits,
  shippingAddresses,
  storeSettings,
} from "~/db/schema";
import { deliveriesSettled } from "~/services/outbox/outbox.server";
import { loader as cartLoader } from "~/routes/cart";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { answer, postForm } from "../helpers/routes";
import { openTwoStores } from "../helpers/two-stores";
import { A, ADDRESS, addProduct, fillCart, newToken, signedIn, type Ctx } from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let ctx: Ctx;
let cookie: string;
let dye: string; // 11.50 a unit
let kit: string; // 50.00

type Vat = { inclusive: boolean; rates: { rate: string; amount: string }[] } | null;
type CheckoutPage = {
  summary: {
    total: string;
    totalCents: number;
    codFeeCents: number;
    codTotal: string;
    vat: Vat;
    codVat: Vat;
  };
};

const page = () =>
  answer<CheckoutPage>(() =>
    checkoutLoader({
      request: new Request(`${A}/checkout?lng=en`, { headers: { Cookie: cookie } }),
      context: ctx,
      params: {},
    }),
  );

/** Places the cart as the page shows it now, paying `method`; the order row and its lines. */
async function place(method: "cod" | "stripe" = "cod") {
  const shown = await page();
  const placed = await answer(() =>
    checkoutAction({
      request: postForm(
        `${A}/checkout`,
        {
          ...ADDRESS,
          intent: "place",
          paymentMethod: method,
          checkoutToken: newToken(),
          expectedTotal: String(shown.data.summary.totalCents),
          expectedCodFee: String(shown.data.summary.codFeeCents),
        },
        cookie,
      ),
      context: ctx,
      params: {},
    }),
  );
  expect(placed.status, JSON.stringify(placed.data)).toBe(302);
  const [order] = await db.owner.select().from(orders).where(eq(orders.storeId, alpha.storeId));
  const lines = await db.owner
    .select({
      vatRateBp: orderItems.vatRateBp,
      vatCents: orderItems.vatCents,
      total: orderItems.lineTotalCents,
    })
    .from(orderItems)
    .where(and(eq(orderItems.storeId, alpha.storeId), eq(orderItems.orderId, order!.id)));
  return { shown: shown.data.summary, order: order!, lines };
}

/** The text of the order's "placed" email, once sent. */
async function placedEmail(): Promise<string> {
  await deliveriesSettled();
  const [mail] = await db.owner
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.storeId, alpha.storeId), eq(emailOutbox.kind, "order-placed")));
  return mail!.text;
}

const settings = (values: Partial<typeof storeSettings.$inferInsert>) =>
  db.owner.update(storeSettings).set(values).where(eq(storeSettings.storeId, alpha.storeId));

const REGISTERED = {
  vatRegistered: true,
  vatNumber: "310122393500003",
  vatLegalNameEn: "Alpha Co.",
  vatLegalNameAr: "شركة ألفا",
};

beforeAll(async () => {
  ({ db, alpha, alphaCtx: ctx } = await openTwoStores());
  dye = await addProduct(db, alpha.storeId, { slug: "vat-dye", priceCents: 1150, stock: 100 });
  kit = await addProduct(db, alpha.storeId, { slug: "vat-kit", priceCents: 5000, stock: 100 });
  cookie = await signedIn(alpha.storeId, alpha.userId);
});
afterAll(async () => {
  // The order emails go out after the commit: let them finish before the database closes.
  await deliveriesSettled();
  await db?.dispose();
});
beforeEach(async () => {
  await db.owner.delete(rateLimits);
  await db.owner.delete(orders);
  await db.owner.delete(shippingAddresses);
  await db.owner.delete(cartDiscountCodes);
  await db.owner.delete(emailOutbox);
  await settings({
    vatRegistered: false,
    vatNumber: null,
    pricesIncludeVat: true,
    vatOnShipping: true,
    vatOnCodFee: true,
    vatRates: {},
    shippingFeeCents: 600,
    freeShippingThresholdCents: 0,
    codFeeCents: 0,
  });
});

describe("VAT at checkout", () => {
  it("an unregistered store shows and records no VAT, and totals are as before", async () => {
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: dye, quantity: 2 }]);
    const { shown, order, lines } = await place();
    expect(shown.vat).toBeNull();
    expect(order.totalCents).toBe(2300 + 600);
    expect(order).toMatchObject({ vatCents: 0, vatInclusive: null, vatRates: [] });
    expect(lines).toEqual([{ vatRateBp: 0, vatCents: 0, total: 2300 }]);
  });

  it("prices with VAT in them: the total is unchanged, the VAT inside is shown and frozen per line", async () => {
    await settings({ ...REGISTERED, codFeeCents: 200 });
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: dye, quantity: 2 }]);
    const { shown, order, lines } = await place();
    // Goods 23.00 → 3.00 inside; shipping 6.00 → 0.78; the COD fee 2.00 → 0.26.
    expect(shown.vat).toEqual({ inclusive: true, rates: [{ rate: "15%", amount: "$3.78" }] });
    expect(shown.codVat).toEqual({ inclusive: true, rates: [{ rate: "15%", amount: "$4.04" }] });
    expect(order.totalCents).toBe(2300 + 600 + 200);
    expect(order).toMatchObject({
      vatCents: 404,
      vatInclusive: true,
      vatRates: [{ rateBp: 1500, net: 3100 - 404, vat: 404 }],
    });
    expect(lines).toEqual([{ vatRateBp: 1500, vatCents: 300, total: 2300 }]);
    expect(await placedEmail()).toContain("Includes VAT (15%): $4.04");
  });

  it("prices without VAT: VAT goes on top of goods, shipping and the fee, and is charged as shown", async () => {
    await settings({ ...REGISTERED, pricesIncludeVat: false, vatOnCodFee: false, codFeeCents: 200 });
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: dye, quantity: 2 }]);
    const { shown, order } = await place();
    // 23.00 + 6.00 = 29.00, VAT 3.45 + 0.90; the fee untaxed, at 0 %.
    expect(shown.totalCents).toBe(2900 + 435);
    expect(shown.codTotal).toBe("$35.35");
    expect(shown.vat).toEqual({ inclusive: false, rates: [{ rate: "15%", amount: "$4.35" }] });
    expect(order.totalCents).toBe(2900 + 435 + 200);
    expect(order.vatCents).toBe(435);
    expect(order.vatRates).toEqual([
      { rateBp: 1500, net: 2900, vat: 435 },
      { rateBp: 0, net: 200, vat: 0 },
    ]);
    expect(await placedEmail()).toContain("VAT (15%): $4.35\nTotal: $35.35");
  });

  it("€50 incl. 20 % minus a €10 code is €40.00 with €6.67 VAT", async () => {
    await settings({ ...REGISTERED, vatRates: { SA: 2000 }, vatOnShipping: false, shippingFeeCents: 0 });
    const codeId = uuidv7();
    await db.owner.insert(discountCodes).values({
      storeId: alpha.storeId,
      id: codeId,
      code: "TENOFF",
      kind: "fixed",
      value: 1000,
      startsAt: new Date(Date.now() - 60_000),
    });
    await db.owner
      .insert(cartDiscountCodes)
      .values({ storeId: alpha.storeId, userId: alpha.userId, discountCodeId: codeId });
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: kit, quantity: 1 }]);
    const { order, lines } = await place();
    expect(order.totalCents).toBe(4000);
    expect(order.vatCents).toBe(667);
    expect(lines).toEqual([{ vatRateBp: 2000, vatCents: 667, total: 5000 }]);
  });

  it("the cart shows the goods' VAT for the store's country: inside the total, or added to it", async () => {
    const cart = () =>
      answer<{
        cart: { totalCents: number; vat: { inclusive: boolean; rateBp: number; vatCents: number } | null };
      }>(() =>
        cartLoader({
          request: new Request(`${A}/cart?lng=en`, { headers: { Cookie: cookie } }),
          context: ctx,
          params: {},
        }),
      );
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: dye, quantity: 2 }]);
    expect((await cart()).data.cart).toMatchObject({ totalCents: 2300, vat: null });
    await settings(REGISTERED);
    expect((await cart()).data.cart).toMatchObject({
      totalCents: 2300,
      vat: { inclusive: true, rateBp: 1500, vatCents: 300 },
    });
    await settings({ pricesIncludeVat: false, vatRates: { SA: 500 } });
    expect((await cart()).data.cart).toMatchObject({
      totalCents: 2300 + 115,
      vat: { inclusive: false, rateBp: 500, vatCents: 115 },
    });
  });

  it("a rate changed after the order never changes it", async () => {
    await settings(REGISTERED);
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: kit, quantity: 1 }]);
    const { order } = await place();
    await settings({ vatRates: { SA: 500 }, pricesIncludeVat: false });
    const [again] = await db.owner.select().from(orders).where(eq(orders.id, order.id));
    expect(again).toMatchObject({
      totalCents: order.totalCents,
      vatCents: order.vatCents,
      vatRates: order.vatRates,
    });
  });
});
