/**
 * Tax classes (issue 35 item 1, decision 042): a product is standard (the default: every product
 * written before the column existed is standard, so every total is unchanged), zero-rated or
 * exempt. Zero-rated and exempt lines are taxed at 0 %; the order's frozen per-rate VAT keeps
 * them apart (0 % and exempt); a code scoped to some products is shared, for VAT, only over the
 * lines it reaches; the cart's VAT row leaves the untaxed products out.
 */
import { and, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  cartDiscountCodes,
  discountCodes,
  discountCodeTargets,
  orderItems,
  orders,
  products,
  rateLimits,
  shippingAddresses,
  storeSettings,
} from "~/db/schema";
import type { TaxClass } from "~/lib/vat-math";
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
let dye: string; // 11.50, standard
let kit: string; // 50.00, zero-rated in the mixed tests
let book: string; // 10.00, exempt in the mixed tests

const page = () =>
  answer<{ summary: { totalCents: number; codFeeCents: number } }>(() =>
    checkoutLoader({
      request: new Request(`${A}/checkout?lng=en`, { headers: { Cookie: cookie } }),
      context: ctx,
      params: {},
    }),
  );

async function place() {
  const shown = await page();
  const placed = await answer(() =>
    checkoutAction({
      request: postForm(
        `${A}/checkout`,
        {
          ...ADDRESS,
          intent: "place",
          paymentMethod: "cod",
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
      productId: orderItems.productId,
      vatRateBp: orderItems.vatRateBp,
      vatCents: orderItems.vatCents,
    })
    .from(orderItems)
    .where(and(eq(orderItems.storeId, alpha.storeId), eq(orderItems.orderId, order!.id)));
  const byProduct = Object.fromEntries(
    lines.map((line) => [line.productId, [line.vatRateBp, line.vatCents]]),
  );
  return { order: order!, byProduct };
}

const settings = (values: Partial<typeof storeSettings.$inferInsert>) =>
  db.owner.update(storeSettings).set(values).where(eq(storeSettings.storeId, alpha.storeId));
const classOf = (productId: string, taxClass: TaxClass) =>
  db.owner.update(products).set({ taxClass }).where(eq(products.id, productId));

const REGISTERED = {
  vatRegistered: true,
  vatNumber: "310122393500003",
  vatLegalNameEn: "Alpha Co.",
  vatLegalNameAr: "شركة ألفا",
};

beforeAll(async () => {
  ({ db, alpha, alphaCtx: ctx } = await openTwoStores());
  dye = await addProduct(db, alpha.storeId, { slug: "class-dye", priceCents: 1150, stock: 100 });
  kit = await addProduct(db, alpha.storeId, { slug: "class-kit", priceCents: 5000, stock: 100 });
  book = await addProduct(db, alpha.storeId, { slug: "class-book", priceCents: 1000, stock: 100 });
  cookie = await signedIn(alpha.storeId, alpha.userId);
});
afterAll(async () => {
  await deliveriesSettled();
  await db?.dispose();
});
beforeEach(async () => {
  await db.owner.delete(rateLimits);
  await db.owner.delete(orders);
  await db.owner.delete(shippingAddresses);
  await db.owner.delete(cartDiscountCodes);
  await settings({
    ...REGISTERED,
    pricesIncludeVat: true,
    vatOnShipping: true,
    vatOnCodFee: true,
    vatRates: {},
    shippingFeeCents: 600,
    freeShippingThresholdCents: 0,
    codFeeCents: 0,
  });
  for (const id of [dye, kit, book]) await classOf(id, "standard");
});

describe("tax classes", () => {
  it("a product written without a class is standard, and its order's VAT is as before classes", async () => {
    const id = await addProduct(db, alpha.storeId, { slug: "class-old", priceCents: 1150, stock: 5 });
    const [row] = await db.owner
      .select({ taxClass: products.taxClass })
      .from(products)
      .where(eq(products.id, id));
    expect(row!.taxClass).toBe("standard");
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: dye, quantity: 2 }]);
    const { order } = await place();
    // The same figures as before classes existed (vat-checkout.test.ts): 23.00 + 6.00, 3.78 inside.
    expect(order).toMatchObject({
      totalCents: 2900,
      vatCents: 378,
      vatRates: [{ rateBp: 1500, net: 2900 - 378, vat: 378 }],
    });
  });

  it("a mixed cart's order freezes 15 %, 0 % and exempt apart; a scoped code shares over its lines", async () => {
    await classOf(kit, "zero-rated");
    await classOf(book, "exempt");
    const codeId = uuidv7();
    await db.owner.insert(discountCodes).values({
      storeId: alpha.storeId,
      id: codeId,
      code: `SCOPED${Date.now()}`,
      kind: "fixed",
      value: 600,
      scope: "products",
      startsAt: new Date(Date.now() - 60_000),
    });
    await db.owner.insert(discountCodeTargets).values([
      { storeId: alpha.storeId, discountCodeId: codeId, productId: kit },
      { storeId: alpha.storeId, discountCodeId: codeId, productId: book },
    ]);
    await db.owner
      .insert(cartDiscountCodes)
      .values({ storeId: alpha.storeId, userId: alpha.userId, discountCodeId: codeId });
    await fillCart(db, alpha.storeId, alpha.userId, [
      { productId: dye, quantity: 2 },
      { productId: kit, quantity: 1 },
      { productId: book, quantity: 1 },
    ]);
    const { order, byProduct } = await place();
    // The 6.00 code reaches the kit and the book only: 5.00 and 1.00 off them, none off the dye,
    // whose 23.00 keeps its 3.00 of VAT (shared over every line it would have been 2.78).
    // Shipping 6.00 (15 %): 0.78 inside.
    expect(order.totalCents).toBe(2300 + 5000 + 1000 + 600 - 600);
    expect(order.vatCents).toBe(300 + 78);
    expect(order.vatRates).toEqual([
      { rateBp: 1500, net: 2900 - 378, vat: 378 },
      { rateBp: 0, net: 4500, vat: 0 },
      { rateBp: 0, net: 900, vat: 0, exempt: true },
    ]);
    expect(byProduct).toEqual({ [dye]: [1500, 300], [kit]: [0, 0], [book]: [0, 0] });
  });

  it("prices without VAT add it on the standard lines only", async () => {
    await settings({ pricesIncludeVat: false });
    await classOf(kit, "zero-rated");
    await fillCart(db, alpha.storeId, alpha.userId, [
      { productId: dye, quantity: 2 },
      { productId: kit, quantity: 1 },
    ]);
    const { order } = await place();
    // 23.00 → 3.45, shipping 6.00 → 0.90, the kit nothing.
    expect(order.totalCents).toBe(2300 + 5000 + 600 + 345 + 90);
    expect(order.vatRates).toEqual([
      { rateBp: 1500, net: 2900, vat: 435 },
      { rateBp: 0, net: 5000, vat: 0 },
    ]);
  });

  it("the cart's VAT leaves a zero-rated product out, and shows no row for untaxed goods only", async () => {
    const cart = async () =>
      (
        await answer<{ cart: { vat: { vatCents: number } | null } }>(() =>
          cartLoader({
            request: new Request(`${A}/cart?lng=en`, { headers: { Cookie: cookie } }),
            context: ctx,
            params: {},
          }),
        )
      ).data.cart.vat?.vatCents;
    await fillCart(db, alpha.storeId, alpha.userId, [
      { productId: dye, quantity: 2 },
      { productId: kit, quantity: 1 },
    ]);
    expect(await cart()).toBe(300 + 652);
    await classOf(kit, "zero-rated");
    expect(await cart()).toBe(300);
    await classOf(dye, "exempt");
    expect(await cart()).toBe(0);
  });
});
