/**
 * /checkout through its route: who may open it, the summary (sales and shipping) computed on the
 * server, the shipping form (prefilled, saved, every bad input refused with nothing written), and
 * placing a Cash On Delivery order in one transaction: re-priced, stock taken for every line or
 * none, a per-store number, line snapshots, the cart emptied, one order per checkout token.
 */
import { and, count, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  cartItems,
  emailOutbox,
  orderEvents,
  orderItems,
  orders,
  products,
  rateLimits,
  sales,
  saleTargets,
  shippingAddresses,
  stores,
  storeSettings,
} from "~/db/schema";
import { action, loader } from "~/routes/checkout";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import {
  A,
  ADDRESS,
  addProduct,
  fillCart,
  newToken,
  signedIn,
  stockOf,
  toastOf,
  type Ctx,
  type RefusalData,
} from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let ctx: Ctx;
let cookie: string;
let red: string; // 10.00, in the category on a 10 % sale
let ink: string; // 5.00, no sale

type Page = {
  summary: {
    subtotal: string;
    discount: string | null;
    shipping: string | null;
    total: string;
    totalCents: number;
    lines: { name: string; quantity: number }[];
  };
  defaults: Record<string, string>;
  methods: string[];
  checkoutToken: string;
};

const page = (withCookie: string | undefined = cookie) =>
  answer<Page>(() =>
    loader({
      request: new Request(`${A}/checkout`, withCookie ? { headers: { Cookie: withCookie } } : {}),
      context: ctx,
      params: {},
    }),
  );

const post = (fields: Record<string, string>, withCookie: string | undefined = cookie) =>
  answer<RefusalData>(() =>
    action({ request: postForm(`${A}/checkout`, fields, withCookie), context: ctx, params: {} }),
  );

async function placeFields(overrides: Record<string, string> = {}) {
  const current = await page();
  return {
    ...ADDRESS,
    intent: "place",
    paymentMethod: "cod",
    checkoutToken: newToken(),
    expectedTotal: String(current.data.summary.totalCents),
    ...overrides,
  };
}

const orderCount = async () => (await db.owner.select({ n: count() }).from(orders))[0]!.n;
const cartCount = async () => (await db.owner.select({ n: count() }).from(cartItems))[0]!.n;

beforeAll(async () => {
  db = await createTestDb();
  alpha = await createStoreFixture(db, "alpha");
  await createStoreFixture(db, "beta");
  ctx = await contextFor(db, "alpha.localhost");
  red = await addProduct(db, alpha.storeId, {
    slug: "red",
    priceCents: 1000,
    stock: 10,
    categoryId: alpha.categoryId,
  });
  ink = await addProduct(db, alpha.storeId, { slug: "ink", priceCents: 500, stock: 10 });
  await db.owner.insert(sales).values({
    storeId: alpha.storeId,
    id: uuidv7(),
    nameEn: "Ten off",
    nameAr: "خصم",
    kind: "percent",
    value: 10,
    scope: "categories",
    startsAt: new Date(Date.now() - 3_600_000),
    endsAt: new Date(Date.now() + 3_600_000),
  });
  const [sale] = await db.owner.select({ id: sales.id }).from(sales);
  await db.owner
    .insert(saleTargets)
    .values({ storeId: alpha.storeId, saleId: sale!.id, categoryId: alpha.categoryId });
  cookie = await signedIn(alpha.storeId, alpha.userId);
});
afterAll(async () => {
  await db?.dispose();
});
beforeEach(async () => {
  await db.owner.delete(rateLimits);
  await db.owner.delete(orders);
  await db.owner.delete(shippingAddresses);
  await db.owner.delete(emailOutbox);
  await db.owner.update(products).set({ stock: 10, active: true });
  await db.owner
    .update(storeSettings)
    .set({ shippingFeeCents: 0, freeShippingThresholdCents: 0, cashOnDeliveryEnabled: true });
  await fillCart(db, alpha.storeId, alpha.userId, [
    { productId: red, quantity: 2 },
    { productId: ink, quantity: 1 },
  ]);
});

describe("opening the checkout", () => {
  it("sends an anonymous visitor to sign in and back", async () => {
    const res = await page("");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fcheckout");
  });

  it("sends a shopper with an empty cart to the cart with 'Your Shopping cart is empty'", async () => {
    await fillCart(db, alpha.storeId, alpha.userId, []);
    const res = await page();
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/cart");
    expect(await toastOf(res.headers)).toBe("toast.cartEmpty");
  });

  it("prices the cart with the running sale, no shipping by default", async () => {
    const res = await page();
    expect(res.status).toBe(200);
    const { summary } = res.data;
    // 2 × 10.00 (9.00 on sale) + 1 × 5.00
    expect(summary.subtotal).toBe("$25.00");
    expect(summary.discount).toBe("$2.00");
    expect(summary.shipping).toBeNull();
    expect(summary.total).toBe("$23.00");
    expect(summary.totalCents).toBe(2300);
    expect(res.data.methods).toEqual(["cod"]);
  });

  it("adds the flat shipping fee below the free-shipping threshold, and none from it", async () => {
    await db.owner.update(storeSettings).set({ shippingFeeCents: 700, freeShippingThresholdCents: 5000 });
    let res = await page();
    expect(res.data.summary.shipping).toBe("$7.00");
    expect(res.data.summary.total).toBe("$30.00");
    await db.owner.update(storeSettings).set({ freeShippingThresholdCents: 2300 });
    res = await page();
    expect(res.data.summary.shipping).toBeNull();
    expect(res.data.summary.totalCents).toBe(2300);
  });

  it("prefills the shopper's name and email, then the saved address", async () => {
    let res = await page();
    expect(res.data.defaults).toEqual({ fullName: "Shopper", email: "shopper@alpha.test" });
    const saved = await post({ ...ADDRESS, intent: "save", checkoutToken: newToken(), expectedTotal: "0" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/checkout");
    expect(await toastOf(saved.headers)).toBe("toast.shippingSaved");
    res = await page();
    expect(res.data.defaults).toEqual(ADDRESS);
    // Saving again updates the one address rather than adding another.
    await post({ ...ADDRESS, city: "Tyre", intent: "save", checkoutToken: newToken(), expectedTotal: "0" });
    const rows = await db.owner.select({ city: shippingAddresses.city }).from(shippingAddresses);
    expect(rows).toEqual([{ city: "Tyre" }]);
  });

  it("offers no payment method when Cash On Delivery is off and no card account is connected", async () => {
    await db.owner.update(storeSettings).set({ cashOnDeliveryEnabled: false });
    const res = await page();
    expect(res.data.methods).toEqual([]);
    const placed = await post(await placeFields());
    expect(placed.status).toBe(409);
    expect(placed.data.notice?.key).toBe("checkout.methodUnavailable");
    expect(await orderCount()).toBe(0);
  });
});

describe("bad shipping input", () => {
  const cases: [string, Record<string, string>, string, string][] = [
    ["empty name", { fullName: "" }, "fullName", "validation.nameRequired"],
    ["blank name", { fullName: "   " }, "fullName", "validation.nameRequired"],
    ["empty street", { streetAddress: "" }, "streetAddress", "validation.addressRequired"],
    ["empty zip", { zipCode: "" }, "zipCode", "validation.zipRequired"],
    ["markup in zip", { zipCode: "<b>1</b>" }, "zipCode", "validation.zipInvalid"],
    ["empty city", { city: "" }, "city", "validation.cityRequired"],
    ["empty email", { email: "" }, "email", "validation.emailRequired"],
    ["invalid email", { email: "not-an-email" }, "email", "validation.emailInvalid"],
    ["empty mobile", { mobile: "" }, "mobile", "validation.mobileRequired"],
    ["letters in mobile", { mobile: "call me" }, "mobile", "validation.mobileInvalid"],
    ["too few digits", { mobile: "12" }, "mobile", "validation.mobileInvalid"],
    ["100 KB street", { streetAddress: "x".repeat(100_000) }, "streetAddress", "validation.fieldTooLong"],
    ["bidi override in city", { city: "Bei\u202erut" }, "city", "validation.cityInvalid"],
    ["unknown payment", { paymentMethod: "bitcoin" }, "paymentMethod", "checkout.paymentRequired"],
    ["no payment", { paymentMethod: "" }, "paymentMethod", "checkout.paymentRequired"],
    ["bad token", { checkoutToken: "'; drop table orders" }, "checkoutToken", "checkout.tokenInvalid"],
    ["NaN total", { expectedTotal: "NaN" }, "expectedTotal", "checkout.tokenInvalid"],
    ["negative total", { expectedTotal: "-1" }, "expectedTotal", "checkout.tokenInvalid"],
    ["huge total", { expectedTotal: "1e309" }, "expectedTotal", "checkout.tokenInvalid"],
  ];
  it.each(cases)("%s → a field error, nothing written", async (_name, override, field, key) => {
    const fields = await placeFields(override);
    if (override.paymentMethod === "") delete (fields as Record<string, string>).paymentMethod;
    const res = await post(fields);
    expect(res.status).toBe(400);
    expect(res.data.result?.error?.[field]).toContain(key);
    expect(await orderCount()).toBe(0);
    expect(await cartCount()).toBe(2);
    expect(await db.owner.select().from(shippingAddresses)).toEqual([]);
    expect(await stockOf(db, red)).toBe(10);
  });

  it("refuses a JSON body with 415 and an anonymous post with the login page", async () => {
    const json = await answer<RefusalData>(() =>
      action({
        request: new Request(`${A}/checkout`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: cookie, Origin: A },
          body: JSON.stringify(ADDRESS),
        }),
        context: ctx,
        params: {},
      }),
    );
    expect(json.status).toBe(415);
    const anonymous = await post(await placeFields(), "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(await orderCount()).toBe(0);
  });
});

describe("rate limit", () => {
  it("refuses the 31st checkout submit within a minute from one shopper with 429", async () => {
    const fields = { ...ADDRESS, intent: "save", checkoutToken: newToken(), expectedTotal: "0" };
    for (let i = 0; i < 30; i++) expect((await post(fields)).status).toBe(302);
    const res = await post(fields);
    expect(res.status).toBe(429);
    expect(res.data.notice?.key).toBe("errors.tooManyRequests");
  });
});

describe("placing a Cash On Delivery order", () => {
  it("places it confirmed and unpaid, with snapshots, stock taken, the cart emptied and an event", async () => {
    await db.owner.update(storeSettings).set({ shippingFeeCents: 700, freeShippingThresholdCents: 0 });
    const res = await post(await placeFields());
    expect(res.status).toBe(302);
    const [order] = await db.owner.select().from(orders);
    expect(res.headers.get("Location")).toBe(`/orders/${order!.number}/confirmed`);
    expect(await toastOf(res.headers)).toBe("toast.orderPlaced");
    expect(order).toMatchObject({
      status: "confirmed",
      paymentStatus: "unpaid",
      paymentMethod: "cod",
      subtotalCents: 2500,
      discountCents: 200,
      shippingCents: 700,
      totalCents: 3000,
      totalQuantity: 3,
      shipFullName: ADDRESS.fullName,
      shipMobile: ADDRESS.mobile,
      locale: "en",
    });
    const lines = await db.owner
      .select({
        nameEn: orderItems.nameEn,
        nameAr: orderItems.nameAr,
        unitPriceCents: orderItems.unitPriceCents,
        unitDiscountCents: orderItems.unitDiscountCents,
        quantity: orderItems.quantity,
        lineTotalCents: orderItems.lineTotalCents,
      })
      .from(orderItems)
      .orderBy(orderItems.nameEn);
    expect(lines).toEqual([
      {
        nameEn: "ink dye",
        nameAr: "صبغة ink",
        unitPriceCents: 500,
        unitDiscountCents: 0,
        quantity: 1,
        lineTotalCents: 500,
      },
      {
        nameEn: "red dye",
        nameAr: "صبغة red",
        unitPriceCents: 1000,
        unitDiscountCents: 100,
        quantity: 2,
        lineTotalCents: 1800,
      },
    ]);
    expect(await stockOf(db, red)).toBe(8);
    expect(await stockOf(db, ink)).toBe(9);
    expect(await cartCount()).toBe(0);
    const events = await db.owner.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events).toMatchObject([{ type: "placed", toStatus: "confirmed", paymentStatus: "unpaid" }]);
    const mail = await db.owner.select().from(emailOutbox);
    expect(mail).toMatchObject([{ kind: "order-placed", to: ADDRESS.email, locale: "en" }]);
    expect(mail[0]!.text).toContain("$30.00");
  });

  it("numbers orders per store from the store's counter", async () => {
    const before = await db.owner
      .select({ n: stores.lastOrderNumber })
      .from(stores)
      .where(eq(stores.id, alpha.storeId));
    await post(await placeFields());
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: ink, quantity: 1 }]);
    await post(await placeFields());
    const numbers = (
      await db.owner.select({ number: orders.number }).from(orders).orderBy(orders.number)
    ).map((row) => row.number);
    expect(numbers).toEqual([before[0]!.n + 1, before[0]!.n + 2]);
  });

  it("makes one order of a double-submitted form (same token), and sends the second to it too", async () => {
    const fields = await placeFields();
    // Four at once (a double click and two retries): each waits for the one before, none may
    // find the cart the first one emptied.
    const together = await Promise.all([post(fields), post(fields), post(fields), post(fields)]);
    const later = await post(fields);
    expect(await orderCount()).toBe(1);
    const [order] = await db.owner.select({ number: orders.number }).from(orders);
    for (const res of [...together, later]) {
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/orders/${order!.number}/confirmed`);
    }
    expect(await stockOf(db, red)).toBe(8);
  });

  it("places from a form without an intent; an unknown intent is a 400 that places nothing", async () => {
    const { intent: _intent, ...fields } = await placeFields();
    for (const intent of ["ship", "toString"]) {
      const refused = await post({ ...fields, intent });
      expect(refused.status, intent).toBe(400);
      expect(refused.data.notice?.key).toBe("errors.badRequest");
    }
    expect(await orderCount()).toBe(0);
    const placed = await post(fields);
    expect(placed.status).toBe(302);
    expect(await orderCount()).toBe(1);
  });

  it("places nothing when a price changed since the page was shown, and tells the new total", async () => {
    const fields = await placeFields();
    await db.owner.update(products).set({ priceCents: 1100 }).where(eq(products.id, red));
    try {
      const res = await post(fields);
      expect(res.status).toBe(409);
      // 2 × 9.90 + 5.00
      expect(res.data.notice).toEqual({ key: "checkout.priceChanged", params: { total: "$24.80" } });
      expect(res.data.result).toBeTruthy();
      expect(await orderCount()).toBe(0);
      expect(await cartCount()).toBe(2);
      expect(await stockOf(db, red)).toBe(10);
    } finally {
      await db.owner.update(products).set({ priceCents: 1000 }).where(eq(products.id, red));
    }
  });

  it("names the product that ran out and takes no stock from any line", async () => {
    const fields = await placeFields();
    await db.owner.update(products).set({ stock: 1 }).where(eq(products.id, red));
    const res = await post(fields);
    expect(res.status).toBe(409);
    expect(res.data.notice).toEqual({ key: "checkout.outOfStock", params: { name: "red dye", stock: 1 } });
    expect(await orderCount()).toBe(0);
    expect(await stockOf(db, ink)).toBe(10);
    expect(await stockOf(db, red)).toBe(1);
    expect(await cartCount()).toBe(2);
    expect(await db.owner.select().from(orderEvents)).toEqual([]);
  });

  it("refuses a product archived since it was put in the cart", async () => {
    const fields = await placeFields();
    await db.owner.update(products).set({ active: false }).where(eq(products.id, ink));
    const res = await post(fields);
    expect(res.status).toBe(409);
    expect(res.data.notice?.key).toBe("checkout.unavailable");
    expect(await orderCount()).toBe(0);
  });

  it("writes the Arabic names in an Arabic message", async () => {
    const arCtx = await contextFor(db, "alpha.localhost", { request: new Request(`${A}/checkout?lng=ar`) });
    const fields = await placeFields();
    await db.owner.update(products).set({ stock: 0 }).where(eq(products.id, red));
    const res = await answer<RefusalData>(() =>
      action({ request: postForm(`${A}/checkout?lng=ar`, fields, cookie), context: arCtx, params: {} }),
    );
    expect(res.status).toBe(409);
    expect(res.data.notice?.params?.name).toBe("صبغة red");
  });

  it("keeps another store's cart and products out of this store's order", async () => {
    const res = await post(await placeFields());
    expect(res.status).toBe(302);
    const foreign = await db.owner
      .select({ n: count() })
      .from(orderItems)
      .where(and(eq(orderItems.storeId, alpha.storeId)));
    const rows = await db.owner.select({ productId: orderItems.productId }).from(orderItems);
    expect(foreign[0]!.n).toBe(2);
    expect(rows.map((r) => r.productId).sort()).toEqual([red, ink].sort());
  });
});
