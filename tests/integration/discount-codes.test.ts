/**
 * Discount codes (issue 20, decision 029) through the routes: applying and removing a code on the
 * cart and the checkout (every refusal with its message, bad input → 4xx and nothing stored),
 * the arithmetic with running sales, free shipping and minimums, per-shopper limits (account and
 * email), another store's code, placing an order with a code (the order, its redemption, the use
 * counted, the email and the CSV), cancelling it (the use given back), and the admin's pages
 * (create, edit, deactivate, delete only when unused, bad input, who may, another store's ids).
 */
import { and, count, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  cartDiscountCodes,
  discountCodes,
  discountCodeTargets,
  discountRedemptions,
  emailOutbox,
  orders,
  products,
  rateLimits,
  sales,
  saleTargets,
  storeSettings,
  users,
} from "~/db/schema";
import { action as editAction, loader as editLoader } from "~/routes/admin.discounts.$id";
import { action as listAction, loader as listLoader } from "~/routes/admin.discounts._index";
import { loader as csvLoader } from "~/routes/admin.orders.export[.csv]";
import { action as cartAction, loader as cartLoader } from "~/routes/cart";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import type { AdminDiscountRow } from "~/services/discounts/admin.server";
import { placeOrder } from "~/services/orders/checkout.server";
import { cancelOrder } from "~/services/orders/orders.server";
import { salesReport } from "~/services/reports/reports.server";
import { parseCsv } from "~/lib/csv";
import { toZonedDateTimeValue } from "~/lib/time-zone";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer, contextFor, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";
import { ADDRESS, addProduct, addShopper, fillCart, newToken, toastOf, type Ctx } from "./checkout-fixtures";

const A = "http://codea.localhost:3000";
const HOUR = 3_600_000;

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: Ctx;
let shopper: string;
let adminCookie: string;
/** 10.00 in the category, on a 10 % sale: 9.00. */
let red: string;
/** 5.00, in no category, no sale. */
let ink: string;

type CodeAnswer = {
  result: null;
  notice: { key: string; params?: Record<string, unknown> } | null;
  discount?: {
    result: { error?: Record<string, string[] | null> | null } | null;
    message: { key: string; params?: Record<string, unknown> } | null;
  };
};
type CheckoutPage = {
  summary: {
    totalCents: number;
    total: string;
    shipping: string | null;
    codeDiscount: string | null;
    code: { code: string; amountCents: number; refusal: { reason: string } | null } | null;
  };
};
type CartPage = {
  cart: {
    totalCents: number;
    codeDiscountCents: number;
    code: { code: string; amountCents: number; refusal: { reason: string } | null } | null;
  };
};

const cartPost = (fields: Record<string, string>, cookie = shopper) =>
  answer<CodeAnswer>(() =>
    cartAction({ request: postForm(`${A}/cart`, fields, cookie), context: ctx, params: {} }),
  );
const checkoutPost = (fields: Record<string, string>, cookie = shopper) =>
  answer<CodeAnswer>(() =>
    checkoutAction({ request: postForm(`${A}/checkout`, fields, cookie), context: ctx, params: {} }),
  );
const apply = (code: string, via: "cart" | "checkout" = "cart") =>
  (via === "cart" ? cartPost : checkoutPost)({ intent: "apply-code", code });
const checkoutPage = async () =>
  (
    await answer<CheckoutPage>(() =>
      checkoutLoader({
        request: new Request(`${A}/checkout`, { headers: { Cookie: shopper } }),
        context: ctx,
        params: {},
      }),
    )
  ).data.summary;
const cartPage = async () =>
  (
    await answer<CartPage>(() =>
      cartLoader({
        request: new Request(`${A}/cart`, { headers: { Cookie: shopper } }),
        context: ctx,
        params: {},
      }),
    )
  ).data.cart;

interface CodeOptions {
  kind?: "percentage" | "fixed" | "free_shipping";
  value?: number;
  minSubtotalCents?: number;
  startsAt?: Date;
  endsAt?: Date | null;
  usageLimit?: number | null;
  perShopperLimit?: number | null;
  scope?: "store" | "categories" | "products";
  categoryIds?: string[];
  productIds?: string[];
  active?: boolean;
  uses?: number;
  storeId?: string;
}

/** A code written as the table owner; returns its id. */
async function addCode(code: string, options: CodeOptions = {}): Promise<string> {
  const id = uuidv7();
  const storeId = options.storeId ?? alpha.storeId;
  await db.owner.insert(discountCodes).values({
    storeId,
    id,
    code,
    kind: options.kind ?? "percentage",
    value: options.value ?? (options.kind === "free_shipping" ? 0 : 10),
    minSubtotalCents: options.minSubtotalCents ?? 0,
    startsAt: options.startsAt ?? new Date(Date.now() - HOUR),
    endsAt: options.endsAt ?? null,
    usageLimit: options.usageLimit ?? null,
    perShopperLimit: options.perShopperLimit ?? null,
    scope: options.scope ?? "store",
    active: options.active ?? true,
    uses: options.uses ?? 0,
  });
  const targets = [
    ...(options.categoryIds ?? []).map((categoryId) => ({
      storeId,
      id: uuidv7(),
      discountCodeId: id,
      categoryId,
    })),
    ...(options.productIds ?? []).map((productId) => ({
      storeId,
      id: uuidv7(),
      discountCodeId: id,
      productId,
    })),
  ];
  if (targets.length > 0) await db.owner.insert(discountCodeTargets).values(targets);
  return id;
}

const appliedRows = async (userId = alpha.userId) =>
  db.owner.select().from(cartDiscountCodes).where(eq(cartDiscountCodes.userId, userId));
const codeRow = async (id: string) =>
  (await db.owner.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]!;
const orderCount = async () =>
  (await db.owner.select({ n: count() }).from(orders).where(eq(orders.storeId, alpha.storeId)))[0]!.n;

/** Places the shopper's cart as the checkout would, with the total the page shows. */
async function place(userId = alpha.userId, email = ADDRESS.email) {
  const total = (await checkoutPage()).totalCents;
  return placeOrder(
    { store: { id: alpha.storeId, currency: "USD" }, userId, locale: "en" },
    {
      shipping: { ...ADDRESS, email },
      paymentMethod: "cod",
      checkoutToken: newToken(),
      expectedTotalCents: total,
    },
  );
}

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores({ alpha: "codea", beta: "codeb" }));
  red = await addProduct(db, alpha.storeId, {
    slug: "code-red",
    priceCents: 1000,
    stock: 100,
    categoryId: alpha.categoryId,
  });
  ink = await addProduct(db, alpha.storeId, { slug: "code-ink", priceCents: 500, stock: 100 });
  const saleId = uuidv7();
  await db.owner.insert(sales).values({
    storeId: alpha.storeId,
    id: saleId,
    nameEn: "Ten off",
    nameAr: "خصم",
    kind: "percent",
    value: 10,
    scope: "categories",
    startsAt: new Date(Date.now() - HOUR),
    endsAt: new Date(Date.now() + 24 * HOUR),
  });
  await db.owner.insert(saleTargets).values({ storeId: alpha.storeId, saleId, categoryId: alpha.categoryId });
  shopper = await userCookie(alpha.storeId, alpha.userId, A);
  const adminId = uuidv7();
  await db.owner
    .insert(users)
    .values({ storeId: alpha.storeId, id: adminId, email: "admin@codea.test", name: "Admin", isAdmin: true });
  adminCookie = await userCookie(alpha.storeId, adminId, A);
});
afterAll(async () => {
  await db?.dispose();
});
beforeEach(async () => {
  await db.owner.delete(rateLimits);
  await db.owner.delete(orders);
  await db.owner.delete(emailOutbox);
  await db.owner.delete(cartDiscountCodes);
  await db.owner.delete(discountCodes);
  await db.owner.update(storeSettings).set({ shippingFeeCents: 0, freeShippingThresholdCents: 0 });
  // 2 × 9.00 (on sale) + 5.00 = 23.00 of goods.
  await fillCart(db, alpha.storeId, alpha.userId, [
    { productId: red, quantity: 2 },
    { productId: ink, quantity: 1 },
  ]);
});

describe("applying a code: every refusal says why and stores nothing", () => {
  const refused = async (code: string, key: string, params?: Record<string, unknown>) => {
    const res = await apply(code);
    expect(res.status, code).toBe(409);
    expect(res.data.discount?.message?.key, code).toBe(key);
    if (params) expect(res.data.discount?.message?.params).toEqual(params);
    expect(res.data.discount?.result?.error?.code, code).toEqual([key]);
    expect(await appliedRows(), code).toEqual([]);
  };

  it("unknown, switched off, or another store's code: not valid", async () => {
    await addCode("BETA10", { storeId: beta.storeId });
    await addCode("OFF10", { active: false });
    await refused("NOPE", "discounts.refused.unknown");
    await refused("beta10", "discounts.refused.unknown");
    await refused("OFF10", "discounts.refused.unknown");
  });

  it("not started and expired", async () => {
    await addCode("SOON", { startsAt: new Date(Date.now() + HOUR) });
    await addCode("GONE", { startsAt: new Date(Date.now() - 2 * HOUR), endsAt: new Date(Date.now() - HOUR) });
    await refused("SOON", "discounts.refused.notStarted");
    await refused("GONE", "discounts.refused.expired");
  });

  it("minimum not reached, saying how much more in money", async () => {
    await addCode("BIG", { minSubtotalCents: 5000 });
    await refused("BIG", "discounts.refused.minimum", { amount: "$27.00" });
    // Only the items it applies to count: the red dyes after their sale, 18.00.
    await addCode("REDS", { scope: "categories", categoryIds: [alpha.categoryId], minSubtotalCents: 2000 });
    await refused("REDS", "discounts.refused.minimumScoped", { amount: "$2.00" });
  });

  it("says the minimum in Arabic with the shopper's language", async () => {
    await addCode("BIGAR", { minSubtotalCents: 5000 });
    const arCtx = await contextFor(db, "codea.localhost", { request: new Request(`${A}/cart?lng=ar`) });
    const res = await answer<CodeAnswer>(() =>
      cartAction({
        request: postForm(`${A}/cart?lng=ar`, { intent: "apply-code", code: "bigar" }, shopper),
        context: arCtx,
        params: {},
      }),
    );
    expect(res.status).toBe(409);
    expect(String(res.data.discount?.message?.params?.amount)).toContain("27.00");
  });

  it("used up, and already used by you", async () => {
    await addCode("GONE1", { usageLimit: 1, uses: 1 });
    await refused("GONE1", "discounts.refused.usedUp");
    await addCode("ONCE", { perShopperLimit: 1 });
    expect((await apply("ONCE")).status).toBe(302);
    expect((await place()).kind).toBe("placed");
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: ink, quantity: 1 }]);
    await refused("ONCE", "discounts.refused.usedByYou");
  });

  it("applies to none of your items", async () => {
    await addCode("OTHER", { scope: "products", productIds: [alpha.productId] });
    await refused("OTHER", "discounts.refused.noItems");
  });

  it("answers 400 with the field's message for an empty or malformed code, or an unknown intent", async () => {
    const empty = await cartPost({ intent: "apply-code", code: "  " });
    expect(empty.status).toBe(400);
    expect(empty.data.discount?.result?.error?.code).toEqual(["discounts.errors.codeRequired"]);
    const bad = await cartPost({ intent: "apply-code", code: "WELCOME 10!" });
    expect(bad.status).toBe(400);
    expect(bad.data.discount?.result?.error?.code).toEqual(["discounts.errors.codeFormat"]);
    const long = await checkoutPost({ intent: "apply-code", code: "A".repeat(41) });
    expect(long.status).toBe(400);
    expect(await appliedRows()).toEqual([]);
  });

  it("sends an anonymous visitor to sign in and stores nothing", async () => {
    await addCode("WELCOME10");
    const res = await cartPost({ intent: "apply-code", code: "WELCOME10" }, "");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login/);
    expect(await db.owner.select().from(cartDiscountCodes)).toEqual([]);
  });
});

describe("applying and removing: the cart and checkout totals", () => {
  it("applies a code typed in any case on the cart, shows it on both pages, and removes it", async () => {
    await addCode("WELCOME10", { value: 10 });
    const res = await apply("welcome10");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/cart");
    expect(await toastOf(res.headers)).toBe("discounts.applied");
    // 10 % of the goods after the sale: 23.00 → 2.30.
    const cart = await cartPage();
    expect(cart.code).toMatchObject({ code: "WELCOME10", amountCents: 230, refusal: null });
    expect(cart.totalCents).toBe(2070);
    const summary = await checkoutPage();
    expect(summary.code).toMatchObject({ code: "WELCOME10", amountCents: 230 });
    expect(summary.codeDiscount).toBe("$2.30");
    expect(summary.totalCents).toBe(2070);

    const removed = await checkoutPost({ intent: "remove-code" });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe("/checkout");
    expect(await toastOf(removed.headers)).toBe("discounts.removed");
    expect(await appliedRows()).toEqual([]);
    expect((await checkoutPage()).totalCents).toBe(2300);
  });

  it("keeps one code per cart: a second replaces the first; a refused one leaves the first", async () => {
    await addCode("FIRST", { value: 10 });
    await addCode("SECOND", { kind: "fixed", value: 100 });
    await addCode("LATER", { startsAt: new Date(Date.now() + HOUR) });
    expect((await apply("FIRST", "checkout")).status).toBe(302);
    expect((await apply("SECOND", "checkout")).status).toBe(302);
    expect((await apply("LATER", "checkout")).status).toBe(409);
    expect((await checkoutPage()).code).toMatchObject({ code: "SECOND", amountCents: 100 });
    expect(await appliedRows()).toHaveLength(1);
  });

  it("a percentage code takes its share of sale prices, rounded half-up once on the eligible goods", async () => {
    // On the red dyes only (their category): 50 % of 2 × 9.00.
    await addCode("HALFRED", { value: 50, scope: "categories", categoryIds: [alpha.categoryId] });
    await apply("HALFRED");
    expect((await checkoutPage()).code?.amountCents).toBe(900);
    // 3 × 4.15 = 12.45 → 10 % = 1.245 → 1.25 (per unit it would be 3 × 0.42 = 1.26).
    const odd = await addProduct(db, alpha.storeId, { slug: "code-odd", priceCents: 415, stock: 10 });
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: odd, quantity: 3 }]);
    await addCode("TEN", { value: 10 });
    await apply("TEN");
    expect((await checkoutPage()).code?.amountCents).toBe(125);
    expect((await checkoutPage()).totalCents).toBe(1245 - 125);
  });

  it("a category code covers its sub categories", async () => {
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: alpha.productId, quantity: 1 }]);
    await addCode("CATS", { value: 20, scope: "categories", categoryIds: [alpha.subcategoryId] });
    await apply("CATS");
    // 12.50 filed under the sub category (and on the category's 10 % sale: 11.25) → 2.25.
    expect((await checkoutPage()).code?.amountCents).toBe(225);
  });

  it("a fixed amount is capped at the eligible goods and never eats into shipping", async () => {
    await db.owner.update(storeSettings).set({ shippingFeeCents: 499 });
    await addCode("HUGE", { kind: "fixed", value: 10_000 });
    await apply("HUGE");
    const summary = await checkoutPage();
    expect(summary.code?.amountCents).toBe(2300);
    expect(summary.totalCents).toBe(499);
  });

  it("free shipping takes the fee off, and nothing when shipping is already free", async () => {
    await db.owner.update(storeSettings).set({ shippingFeeCents: 499, freeShippingThresholdCents: 5000 });
    await addCode("SHIPFREE", { kind: "free_shipping" });
    await apply("SHIPFREE");
    let summary = await checkoutPage();
    expect(summary.shipping).toBe("$4.99");
    expect(summary.code?.amountCents).toBe(499);
    expect(summary.totalCents).toBe(2300);
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: ink, quantity: 12 }]);
    summary = await checkoutPage();
    expect(summary.code?.amountCents).toBe(0);
    expect(summary.totalCents).toBe(6000);
  });

  it("a code that stops applying stays on the cart with the reason and adds nothing", async () => {
    await addCode("MIN20", { minSubtotalCents: 2000 });
    expect((await apply("MIN20")).status).toBe(302);
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: ink, quantity: 1 }]);
    const cart = await cartPage();
    expect(cart.code).toMatchObject({ code: "MIN20", amountCents: 0, refusal: { reason: "minimum" } });
    expect(cart.totalCents).toBe(500);
    // Placing is refused with the reason, nothing placed.
    const placed = await place();
    expect(placed).toMatchObject({ kind: "code-refused", refusal: { reason: "minimum", shortCents: 1500 } });
    expect(await orderCount()).toBe(0);
  });
});

describe("placing an order with a code", () => {
  it("keeps the code and amount on the order, records the use, empties the cart's code", async () => {
    const id = await addCode("WELCOME10", { value: 10 });
    await apply("WELCOME10");
    const fields = {
      ...ADDRESS,
      intent: "place",
      paymentMethod: "cod",
      checkoutToken: newToken(),
      expectedTotal: String((await checkoutPage()).totalCents),
    };
    const res = await checkoutPost(fields);
    expect(res.status, JSON.stringify(res.data)).toBe(302);
    const [order] = await db.owner.select().from(orders).where(eq(orders.storeId, alpha.storeId));
    expect(order).toMatchObject({
      discountCode: "WELCOME10",
      codeDiscountCents: 230,
      discountCents: 200,
      subtotalCents: 2500,
      totalCents: 2070,
    });
    expect((await codeRow(id)).uses).toBe(1);
    const [redemption] = await db.owner.select().from(discountRedemptions);
    expect(redemption).toMatchObject({
      discountCodeId: id,
      orderId: order!.id,
      userId: alpha.userId,
      email: ADDRESS.email,
      amountCents: 230,
      releasedAt: null,
    });
    expect(await appliedRows()).toEqual([]);
    // The order email names the code and its amount.
    const [mail] = await db.owner.select().from(emailOutbox).where(eq(emailOutbox.kind, "order-placed"));
    expect(mail?.text).toContain("Code WELCOME10: −$2.30");
    // So does the admin's CSV.
    const csv = await answer<string>(() =>
      csvLoader({
        request: new Request(`${A}/admin/orders/export.csv`, { headers: { Cookie: adminCookie } }),
        context: ctx,
        params: {},
      }),
    );
    const rows = parseCsv(csv.data);
    // Read by the header's names: columns are added at the end as the orders grow facts.
    const column = rows[0]!.indexOf("Discount code");
    expect(rows[0]!.slice(column, column + 2)).toEqual(["Discount code", "Code discount"]);
    expect(rows[1]!.slice(column, column + 2)).toEqual(["WELCOME10", "2.30"]);
    // And the sales report counts it apart from the sales.
    const day = new Date().toISOString().slice(0, 10);
    const report = await salesReport(alpha.storeId, { start: day, end: day }, "UTC");
    expect(report.totals).toMatchObject({ discounts: 200, codeDiscounts: 230, revenue: 2070 });
  });

  it("editing the code later never changes the order", async () => {
    const id = await addCode("WELCOME10", { value: 10 });
    await apply("WELCOME10");
    expect((await place()).kind).toBe("placed");
    await db.owner.update(discountCodes).set({ code: "RENAMED", value: 50 }).where(eq(discountCodes.id, id));
    const [order] = await db.owner.select().from(orders);
    expect(order).toMatchObject({ discountCode: "WELCOME10", codeDiscountCents: 230 });
  });

  it("refuses a code switched off after it was applied: nothing placed, the stock untouched", async () => {
    const id = await addCode("BRIEF");
    await apply("BRIEF");
    const stockOfRed = async () =>
      (await db.owner.select({ stock: products.stock }).from(products).where(eq(products.id, red)))[0]!.stock;
    const before = await stockOfRed();
    const total = (await checkoutPage()).totalCents;
    await db.owner.update(discountCodes).set({ active: false }).where(eq(discountCodes.id, id));
    const res = await checkoutPost({
      ...ADDRESS,
      intent: "place",
      paymentMethod: "cod",
      checkoutToken: newToken(),
      expectedTotal: String(total),
    });
    expect(res.status).toBe(409);
    expect(res.data.notice?.key).toBe("discounts.refused.unknown");
    expect(await orderCount()).toBe(0);
    expect(await stockOfRed()).toBe(before);
  });

  it("a code that expires while the shopper is on the page comes off the cart: the next Place order succeeds at the total shown", async () => {
    const id = await addCode("ENDSOON", { endsAt: new Date(Date.now() + HOUR) });
    await apply("ENDSOON");
    const shown = await checkoutPage();
    expect(shown.totalCents).toBe(2300 - 230);
    await db.owner
      .update(discountCodes)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(discountCodes.id, id));
    const placeAt = (total: number) =>
      checkoutPost({
        ...ADDRESS,
        intent: "place",
        paymentMethod: "cod",
        checkoutToken: newToken(),
        expectedTotal: String(total),
      });
    const refused = await placeAt(shown.totalCents);
    expect(refused.status).toBe(409);
    expect(refused.data.notice).toEqual({
      key: "discounts.refused.expired",
      followUp: { key: "checkout.codeRemoved", params: { code: "ENDSOON", total: "$23.00" } },
    });
    expect(await orderCount()).toBe(0);
    // The code is off the cart: the page (reloaded after the 409) shows the total without it.
    expect(await appliedRows()).toEqual([]);
    const now = await checkoutPage();
    expect(now.code).toBeNull();
    expect(now.totalCents).toBe(2300);
    const placed = await placeAt(now.totalCents);
    expect(placed.status, JSON.stringify(placed.data)).toBe(302);
    const [order] = await db.owner.select().from(orders).where(eq(orders.storeId, alpha.storeId));
    expect(order).toMatchObject({ discountCode: null, codeDiscountCents: 0, totalCents: 2300 });
  });

  it("counts the per-shopper limit by the order's email too, across accounts", async () => {
    await addCode("ONEEACH", { perShopperLimit: 1 });
    await apply("ONEEACH");
    expect((await place()).kind).toBe("placed");
    const other = await addShopper(db, alpha.storeId, "Same Email");
    await fillCart(db, alpha.storeId, other, [{ productId: ink, quantity: 1 }]);
    await db.owner.insert(cartDiscountCodes).values({
      storeId: alpha.storeId,
      userId: other,
      discountCodeId: (await db.owner.select().from(discountCodes))[0]!.id,
    });
    const placed = await placeOrder(
      { store: { id: alpha.storeId, currency: "USD" }, userId: other, locale: "en" },
      { shipping: ADDRESS, paymentMethod: "cod", checkoutToken: newToken(), expectedTotalCents: 450 },
    );
    expect(placed).toMatchObject({ kind: "code-refused", refusal: { reason: "used-by-you" } });
    expect(await orderCount()).toBe(1);
  });

  it("a used-up code at placement is refused and nothing is placed", async () => {
    const id = await addCode("LAST", { usageLimit: 1 });
    await apply("LAST");
    await db.owner.update(discountCodes).set({ uses: 1 }).where(eq(discountCodes.id, id));
    expect(await place()).toMatchObject({ kind: "code-refused", refusal: { reason: "used-up" } });
    expect(await orderCount()).toBe(0);
    expect((await codeRow(id)).uses).toBe(1);
  });

  it("cancelling the order gives the use back, once; the order keeps its code", async () => {
    const id = await addCode("BACK", { usageLimit: 1, perShopperLimit: 1 });
    await apply("BACK");
    const placed = await place();
    expect(placed.kind).toBe("placed");
    expect((await codeRow(id)).uses).toBe(1);
    const number = (placed as { number: number }).number;
    expect(
      (await cancelOrder(alpha.storeId, number, "test", { kind: "shopper", userId: alpha.userId })).kind,
    ).toBe("cancelled");
    expect((await codeRow(id)).uses).toBe(0);
    const [redemption] = await db.owner.select().from(discountRedemptions);
    expect(redemption!.releasedAt).not.toBeNull();
    const [order] = await db.owner.select().from(orders);
    expect(order).toMatchObject({ status: "cancelled", discountCode: "BACK" });
    // A second cancel changes nothing.
    await cancelOrder(alpha.storeId, number, "again", { kind: "system" });
    expect((await codeRow(id)).uses).toBe(0);
    // The use is free again, for this shopper too.
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: ink, quantity: 1 }]);
    expect((await apply("BACK")).status).toBe(302);
    expect((await place()).kind).toBe("placed");
    expect((await codeRow(id)).uses).toBe(1);
  });
});

describe("admin: /admin/discounts", () => {
  type Fields = Record<string, string | string[]>;
  const post = (path: string, fields: Fields, cookie = adminCookie) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields))
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    return new Request(`${A}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: A, Cookie: cookie },
      body,
    });
  };
  type Reply = {
    result?: { error?: Record<string, string[]> } | null;
    notice?: { key: string; params?: unknown };
  };
  const save = (id: string, fields: Fields, cookie = adminCookie) =>
    answer<Reply>(() =>
      editAction({ request: post(`/admin/discounts/${id}`, fields, cookie), context: ctx, params: { id } }),
    );
  const row = (intent: string, discountId: string, cookie = adminCookie) =>
    answer<Reply>(() =>
      listAction({
        request: post("/admin/discounts", { intent, discountId }, cookie),
        context: ctx,
        params: {},
      }),
    );
  const list = (query = "") =>
    answer<{ rows: AdminDiscountRow[] }>(() =>
      listLoader({
        request: new Request(`${A}/admin/discounts${query}`, { headers: { Cookie: adminCookie } }),
        context: ctx,
        params: {},
      }),
    );
  const valid = (overrides: Fields = {}): Fields => ({
    code: "Spring20",
    kind: "percentage",
    value: "20",
    minSubtotal: "",
    startsAt: toZonedDateTimeValue(new Date(Date.now() - HOUR), "UTC"),
    endsAt: "",
    usageLimit: "",
    perShopperLimit: "",
    scope: "store",
    active: "on",
    ...overrides,
  });
  const codesOf = async (storeId = alpha.storeId) =>
    db.owner.select().from(discountCodes).where(eq(discountCodes.storeId, storeId));

  it("creates a code, then edits it; shoppers can use it as typed in any case", async () => {
    const res = await save("new", valid({ minSubtotal: "10.50", usageLimit: "50", perShopperLimit: "1" }));
    expect(res.status, JSON.stringify(res.data)).toBe(302);
    expect(await toastOf(res.headers)).toBe("discounts.admin.created");
    const [created] = await codesOf();
    expect(created).toMatchObject({
      code: "Spring20",
      kind: "percentage",
      value: 20,
      minSubtotalCents: 1050,
      endsAt: null,
      usageLimit: 50,
      perShopperLimit: 1,
      scope: "store",
      active: true,
      uses: 0,
    });
    expect((await apply("SPRING20")).status).toBe(302);

    const edited = await save(
      created!.id,
      valid({ code: "SPRING20", kind: "fixed", value: "3.00", scope: "products", productIds: [ink] }),
    );
    expect(edited.status, JSON.stringify(edited.data)).toBe(302);
    const [after] = await codesOf();
    expect(after).toMatchObject({ code: "SPRING20", kind: "fixed", value: 300, scope: "products" });
    const targets = await db.owner
      .select()
      .from(discountCodeTargets)
      .where(eq(discountCodeTargets.discountCodeId, after!.id));
    expect(targets.map((t) => t.productId)).toEqual([ink]);
    expect((await checkoutPage()).code).toMatchObject({ code: "SPRING20", amountCents: 300 });

    const form = await answer<{ start: Record<string, unknown> }>(() =>
      editLoader({
        request: new Request(`${A}/admin/discounts/${after!.id}`, { headers: { Cookie: adminCookie } }),
        context: ctx,
        params: { id: after!.id },
      }),
    );
    expect(form.data.start).toMatchObject({
      code: "SPRING20",
      kind: "fixed",
      value: "3.00",
      productIds: [ink],
    });
  });

  it("an unknown intent on the code's page is a 400 and writes nothing (the form itself sends none)", async () => {
    const before = await codesOf();
    for (const intent of ["publish", "toString"]) {
      const res = await save("new", valid({ code: "Intent1", intent }));
      expect(res.status, intent).toBe(400);
      expect(res.data.notice?.key).toBe("errors.badRequest");
    }
    expect(await codesOf()).toEqual(before);
  });

  it("refuses bad input with the field's message and writes nothing", async () => {
    const cases: Array<[Fields, string, string]> = [
      [{ code: "" }, "code", "discounts.admin.errors.codeRequired"],
      [{ code: "NO SPACES" }, "code", "discounts.admin.errors.codeFormat"],
      [{ code: "<b>" }, "code", "discounts.admin.errors.codeFormat"],
      [{ kind: "bogus" }, "kind", "discounts.admin.errors.kindRequired"],
      [{ value: "0" }, "value", "discounts.admin.errors.percentInvalid"],
      [{ value: "101" }, "value", "discounts.admin.errors.percentInvalid"],
      [{ value: "" }, "value", "discounts.admin.errors.valueRequired"],
      [{ kind: "fixed", value: "1e9" }, "value", "discounts.admin.errors.amountInvalid"],
      [{ kind: "fixed", value: "5.001" }, "value", "discounts.admin.errors.amountInvalid"],
      [{ minSubtotal: "-1" }, "minSubtotal", "discounts.admin.errors.minInvalid"],
      [{ usageLimit: "0" }, "usageLimit", "discounts.admin.errors.limitInvalid"],
      [{ perShopperLimit: "2.5" }, "perShopperLimit", "discounts.admin.errors.limitInvalid"],
      [{ startsAt: "" }, "startsAt", "discounts.admin.errors.startRequired"],
      [{ startsAt: "2026-02-31T10:00" }, "startsAt", "discounts.admin.errors.dateInvalid"],
      [
        { endsAt: toZonedDateTimeValue(new Date(Date.now() - 2 * HOUR), "UTC") },
        "endsAt",
        "discounts.admin.errors.endBeforeStart",
      ],
      [{ scope: "categories" }, "categoryIds", "discounts.admin.errors.chooseCategories"],
      [{ scope: "products" }, "productIds", "discounts.admin.errors.chooseProducts"],
      [{ scope: "products", productIds: ["1; drop"] }, "productIds[0]", "validation.choiceInvalid"],
    ];
    for (const [overrides, field, key] of cases) {
      const res = await save("new", valid(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.data.result?.error?.[field], JSON.stringify(overrides)).toEqual([key]);
    }
    // Another store's product is "not this store's" and nothing is written.
    const foreign = await save("new", valid({ scope: "products", productIds: [beta.productId] }));
    expect(foreign.status).toBe(400);
    expect(foreign.data.result?.error?.productIds).toEqual(["validation.choiceInvalid"]);
    expect(await codesOf()).toEqual([]);
  });

  it("refuses a code the store already has, whatever the case (409), but another store may have it", async () => {
    await addCode("WELCOME10", { storeId: beta.storeId });
    expect((await save("new", valid({ code: "welcome10" }))).status).toBe(302);
    const again = await save("new", valid({ code: "Welcome10" }));
    expect(again.status).toBe(409);
    expect(again.data.result?.error?.code).toEqual(["discounts.admin.errors.codeTaken"]);
    expect(await codesOf()).toHaveLength(1);
  });

  it("lists codes with state, uses and revenue; filters by state and searches by code", async () => {
    const used = await addCode("USEDONE", { usageLimit: 1 });
    await addCode("SOONER", { startsAt: new Date(Date.now() + HOUR) });
    await addCode("PAST", { startsAt: new Date(Date.now() - 2 * HOUR), endsAt: new Date(Date.now() - HOUR) });
    await addCode("SLEEPY", { active: false });
    await addCode("LIVE");
    await apply("USEDONE");
    expect((await place()).kind).toBe("placed");
    const all = await list();
    const byCode = Object.fromEntries(all.data.rows.map((r) => [r.code, r]));
    expect(byCode.USEDONE).toMatchObject({ state: "used-up", uses: 1, revenueCents: 2070 });
    expect(byCode.SOONER!.state).toBe("scheduled");
    expect(byCode.PAST!.state).toBe("expired");
    expect(byCode.SLEEPY!.state).toBe("inactive");
    expect(byCode.LIVE).toMatchObject({ state: "active", uses: 0, revenueCents: 0 });
    expect((await list("?state=used-up")).data.rows.map((r) => r.code)).toEqual(["USEDONE"]);
    expect((await list("?state=inactive")).data.rows.map((r) => r.code)).toEqual(["SLEEPY"]);
    expect((await list("?q=oon")).data.rows.map((r) => r.code)).toEqual(["SOONER"]);
    expect((await list("?state=bogus&cursor=junk")).status).toBe(200);
    expect(used).toBeTruthy();
  });

  it("deactivates and activates; deletes an unused code; refuses to delete a used one", async () => {
    const unused = await addCode("UNUSED");
    const off = await row("deactivate", unused);
    expect(off.status).toBe(302);
    expect((await codeRow(unused)).active).toBe(false);
    expect((await row("activate", unused)).status).toBe(302);
    expect((await codeRow(unused)).active).toBe(true);
    expect((await row("delete", unused)).status).toBe(302);
    expect(await db.owner.select().from(discountCodes).where(eq(discountCodes.id, unused))).toEqual([]);

    const usedId = await addCode("USED");
    await apply("USED");
    const placed = await place();
    // Cancelled or not, an order named it: it stays.
    await cancelOrder(alpha.storeId, (placed as { number: number }).number, "x", { kind: "system" });
    const refused = await row("delete", usedId);
    expect(refused.status).toBe(409);
    expect(refused.data.notice).toMatchObject({ key: "discounts.admin.deleteUsed", params: { count: 1 } });
    const fromForm = await save(usedId, { intent: "delete", discountId: usedId });
    expect(fromForm.status).toBe(409);
    expect(await codeRow(usedId)).toBeTruthy();
  });

  it("403s a shopper, 404s another store's code, and 400s a malformed row action", async () => {
    const betaCode = await addCode("BETAONLY", { storeId: beta.storeId });
    expect((await save("new", valid(), shopper)).status).toBe(403);
    expect((await row("delete", betaCode, shopper)).status).toBe(403);
    expect((await row("delete", betaCode)).status).toBe(404);
    expect((await row("deactivate", betaCode)).status).toBe(404);
    expect((await save(betaCode, valid())).status).toBe(404);
    expect((await row("explode", betaCode)).status).toBe(400);
    expect(
      (
        await answer(() =>
          editLoader({
            request: new Request(`${A}/admin/discounts/${betaCode}`, { headers: { Cookie: adminCookie } }),
            context: ctx,
            params: { id: betaCode },
          }),
        )
      ).status,
    ).toBe(404);
    const [still] = await db.owner
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.id, betaCode), eq(discountCodes.active, true)));
    expect(still).toBeTruthy();
  });
});
