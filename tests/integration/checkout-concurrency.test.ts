/**
 * Never oversold (DESIGN §9): 200 shoppers place an order for the same product at once, 50 in
 * stock → exactly 50 orders, stock 0, the other 150 told which product ran out. PostgreSQL only:
 * PGlite has one connection, so nothing would actually run at the same time there.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "~/db/schema";
import { placeOrder } from "~/services/orders/checkout.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { ADDRESS, addProduct, addShopper, fillCart, newToken, stockOf } from "./checkout-fixtures";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)("200 concurrent orders for 50 units", () => {
  let db: TestDb;
  let alpha: StoreFixture;
  let productId: string;
  const shoppers: string[] = [];

  beforeAll(async () => {
    db = await createTestDb();
    alpha = await createStoreFixture(db, "alpha");
    productId = await addProduct(db, alpha.storeId, { slug: "rare", priceCents: 1500, stock: 50 });
    for (let i = 0; i < 200; i++) {
      const id = await addShopper(db, alpha.storeId, `Shopper ${i}`);
      await fillCart(db, alpha.storeId, id, [{ productId, quantity: 1 }]);
      shoppers.push(id);
    }
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("places exactly 50, leaves stock at 0 and tells the other 150 it ran out", async () => {
    const results = await Promise.all(
      shoppers.map((userId) =>
        placeOrder(
          { store: { id: alpha.storeId, currency: "USD" }, userId, locale: "en" },
          { shipping: ADDRESS, paymentMethod: "cod", checkoutToken: newToken(), expectedTotalCents: 1500 },
        ),
      ),
    );
    const kinds = results.map((r) => r.kind);
    expect(kinds.filter((k) => k === "placed")).toHaveLength(50);
    expect(kinds.filter((k) => k === "out-of-stock")).toHaveLength(150);
    expect(results.find((r) => r.kind === "out-of-stock")).toMatchObject({ nameEn: "rare dye", stock: 0 });
    expect(await stockOf(db, productId)).toBe(0);
    const [placed] = await db.owner
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.storeId, alpha.storeId));
    expect(placed!.n).toBe(50);
    const numbers = (await db.owner.select({ number: orders.number }).from(orders)).map((r) => r.number);
    expect(new Set(numbers).size).toBe(50);
    const [product] = await db.owner
      .select({ unitsSold: products.unitsSold })
      .from(products)
      .where(eq(products.id, productId));
    expect(product!.unitsSold).toBe(50);
  }, 120_000);
});
