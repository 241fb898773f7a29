/**
 * Best Seller (units_sold) and Trending (units_sold_7d) kept by orders: placing adds the
 * quantities, cancelling takes them back (never below 0), a week-old order leaves Trending through
 * the sweep but stays in Best Seller, and each order is subtracted once whichever comes first.
 * Read through the storefront's listing, i.e. through the catalogue cache, which the order's
 * product changes invalidate (catalog_changed).
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders, products, storeSettings } from "~/db/schema";
import type { ListingPageData } from "~/http/catalog-page.server";
import { loader as listingLoader } from "~/routes/products._index";
import { placeOrder } from "~/services/orders/checkout.server";
import { cancelOrder } from "~/services/orders/orders.server";
import { sweepTrending } from "~/services/orders/trending.server";
import type { TestDb } from "../helpers/db";
import { eventually } from "../helpers/eventually";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer } from "../helpers/routes";
import { A, ADDRESS, addProduct, fillCart, newToken, type Ctx } from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: Ctx;
const ids: Record<string, string> = {};
const PRICE = 500;

async function order(lines: Record<string, number>): Promise<number> {
  const cart = Object.entries(lines).map(([slug, quantity]) => ({ productId: ids[slug]!, quantity }));
  await fillCart(db, alpha.storeId, alpha.userId, cart);
  const result = await placeOrder(
    { store: { id: alpha.storeId, currency: "USD" }, userId: alpha.userId, locale: "en" },
    {
      shipping: ADDRESS,
      paymentMethod: "cod",
      checkoutToken: newToken(),
      expectedTotalCents: PRICE * Object.values(lines).reduce((a, b) => a + b, 0),
    },
  );
  if (result.kind !== "placed") throw new Error(`not placed: ${result.kind}`);
  return result.number;
}

const cancel = (number: number) =>
  cancelOrder(alpha.storeId, number, "test", { kind: "shopper", userId: alpha.userId });

/** The first three slugs of a sorted listing, as the storefront shows it. */
const top = async (sort: "best-seller" | "trending") =>
  (
    await answer<ListingPageData>(() =>
      listingLoader({ request: new Request(`${A}/products?sort=${sort}`), context: ctx, params: {} }),
    )
  ).data.listing.products
    .slice(0, 3)
    .map((p) => p.slug);

/** The listing once the catalogue cache heard of the change (asynchronous on PostgreSQL). */
const topSettles = async (sort: "best-seller" | "trending", expected: string[]) =>
  expect(
    await eventually(
      () => top(sort),
      (slugs) => slugs.join() === expected.join(),
    ),
  ).toEqual(expected);

const counters = async () =>
  Object.fromEntries(
    (
      await db.owner
        .select({ slug: products.slug, sold: products.unitsSold, week: products.unitsSold7d })
        .from(products)
        .where(inArray(products.id, Object.values(ids)))
    ).map((row) => [row.slug, [row.sold, row.week]]),
  );

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores());
  // Made in this order, so with nothing sold the listing shows them by id: amber, blue, cedar.
  for (const slug of ["amber", "blue", "cedar"])
    ids[slug] = await addProduct(db, alpha.storeId, { slug, priceCents: PRICE, stock: 100 });
  await db.owner.update(products).set({ active: false }).where(eq(products.id, alpha.productId));
  await db.owner.update(storeSettings).set({ cashOnDeliveryEnabled: true });
});
afterAll(() => db?.dispose());
beforeEach(async () => {
  await db.owner.delete(orders);
  await db.owner.update(products).set({ unitsSold: 0, unitsSold7d: 0, stock: 100 });
});

describe("Best Seller and Trending follow orders", () => {
  it("placing adds the quantities and cancelling takes them back; the listing's order follows", async () => {
    await topSettles("best-seller", ["amber", "blue", "cedar"]);
    const cedar = await order({ cedar: 3, blue: 1 });
    await order({ blue: 1 });
    expect(await counters()).toEqual({ amber: [0, 0], blue: [2, 2], cedar: [3, 3] });
    await topSettles("best-seller", ["cedar", "blue", "amber"]);
    await topSettles("trending", ["cedar", "blue", "amber"]);

    await cancel(cedar);
    expect(await counters()).toEqual({ amber: [0, 0], blue: [1, 1], cedar: [0, 0] });
    await topSettles("best-seller", ["blue", "amber", "cedar"]);
    await topSettles("trending", ["blue", "amber", "cedar"]);
  });

  it("a week-old order leaves Trending but not Best Seller, and a later cancel subtracts it once", async () => {
    const old = await order({ amber: 5 });
    await order({ cedar: 2 });
    await db.owner
      .update(orders)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(orders.number, old));
    expect(await sweepTrending()).toEqual({ stores: 1, orders: 1 });
    expect(await counters()).toEqual({ amber: [5, 0], blue: [0, 0], cedar: [2, 2] });
    await topSettles("best-seller", ["amber", "cedar", "blue"]);
    await topSettles("trending", ["cedar", "amber", "blue"]);
    // Nothing left to age out: a second sweep (another process) changes nothing.
    expect(await sweepTrending()).toEqual({ stores: 0, orders: 0 });

    await cancel(old);
    expect(await counters()).toEqual({ amber: [0, 0], blue: [0, 0], cedar: [2, 2] });
    expect(await sweepTrending()).toEqual({ stores: 0, orders: 0 });
  });

  it("a cancelled order is not aged out again, and counters never go below 0", async () => {
    const number = await order({ blue: 4 });
    // Counters an admin reset by hand: the cancel stops at 0.
    await db.owner.update(products).set({ unitsSold: 1, unitsSold7d: 1 }).where(eq(products.id, ids.blue!));
    await cancel(number);
    await db.owner
      .update(orders)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(orders.number, number));
    expect(await sweepTrending()).toEqual({ stores: 0, orders: 0 });
    expect(await counters()).toMatchObject({ blue: [0, 0] });
  });

  it("another store's orders never move this store's counters", async () => {
    const betaDye = await addProduct(db, beta.storeId, { slug: "beta-dye", priceCents: PRICE, stock: 10 });
    await fillCart(db, beta.storeId, beta.userId, [{ productId: betaDye, quantity: 2 }]);
    const placed = await placeOrder(
      { store: { id: beta.storeId, currency: "USD" }, userId: beta.userId, locale: "en" },
      { shipping: ADDRESS, paymentMethod: "cod", checkoutToken: newToken(), expectedTotalCents: 2 * PRICE },
    );
    expect(placed.kind).toBe("placed");
    expect(await counters()).toEqual({ amber: [0, 0], blue: [0, 0], cedar: [0, 0] });
    const [row] = await db.owner
      .select({ sold: products.unitsSold, week: products.unitsSold7d })
      .from(products)
      .where(eq(products.id, betaDye));
    expect(row).toEqual({ sold: 2, week: 2 });
  });
});
