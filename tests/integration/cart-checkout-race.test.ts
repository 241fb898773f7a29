/**
 * A shopper adding to the cart while their own checkout runs (two tabs, a double click, the soak
 * of issue 18): the checkout empties the cart and takes stock, the add locks the variant and
 * writes its line. Taken in opposite orders those two deadlock, and PostgreSQL ends one of them
 * with an error (a 500 for the add), or the checkout's delete removes a line added after it
 * priced the cart (an item neither ordered nor left in the cart). Every add must end either in
 * the order or in the cart, and nothing may fail. PostgreSQL only: PGlite has one connection.
 */
import { and, eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, orderItems, orders } from "~/db/schema";
import { addToCart } from "~/services/commerce/cart.server";
import { placeOrder } from "~/services/orders/checkout.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { ADDRESS, addProduct, addShopper, fillCart, newToken } from "./checkout-fixtures";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROUNDS = 40;

describe.skipIf(!onPostgres)("cart adds racing the same shopper's checkout", () => {
  let db: TestDb;
  let store: StoreFixture;
  let productId: string;
  let userId: string;

  beforeAll(async () => {
    db = await createTestDb();
    store = await createStoreFixture(db, "alpha");
    productId = await addProduct(db, store.storeId, { slug: "busy", priceCents: 700, stock: 100_000 });
    userId = await addShopper(db, store.storeId, "Racing Shopper");
  }, 60_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("never fails an add and never loses one: each is ordered or still in the cart", async () => {
    let added = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await fillCart(db, store.storeId, userId, [{ productId, quantity: 1 }]);
      const [[checkout], adds] = await Promise.all([
        Promise.all([
          placeOrder(
            { store: { id: store.storeId, currency: "USD" }, userId, locale: "en" },
            { shipping: ADDRESS, paymentMethod: "cod", checkoutToken: newToken(), expectedTotalCents: 700 },
          ),
        ]),
        Promise.all([1, 2, 3].map(() => addToCart(store.storeId, userId, productId, 1))),
      ]);
      expect(["placed", "price-changed"]).toContain(checkout!.kind);
      expect(adds.map((add) => add.ok)).toEqual([true, true, true]);
      added += 1 + adds.length;
      // Empty the cart into an order so the next round starts from one line again.
      const [left] = await db.owner
        .select({ quantity: sum(cartItems.quantity).mapWith(Number) })
        .from(cartItems)
        .where(and(eq(cartItems.storeId, store.storeId), eq(cartItems.userId, userId)));
      if ((left?.quantity ?? 0) > 0) {
        const placed = await placeOrder(
          { store: { id: store.storeId, currency: "USD" }, userId, locale: "en" },
          {
            shipping: ADDRESS,
            paymentMethod: "cod",
            checkoutToken: newToken(),
            expectedTotalCents: 700 * left!.quantity,
          },
        );
        expect(placed.kind).toBe("placed");
      }
    }
    const [ordered] = await db.owner
      .select({ quantity: sum(orderItems.quantity).mapWith(Number) })
      .from(orderItems)
      .innerJoin(orders, and(eq(orders.storeId, orderItems.storeId), eq(orders.id, orderItems.orderId)))
      .where(and(eq(orders.storeId, store.storeId), eq(orders.userId, userId)));
    expect(ordered?.quantity).toBe(added);
  }, 120_000);
});
