/**
 * Discount code limits under load (issue 20, decision 029), on PostgreSQL: 200 shoppers place an
 * order at once with a code limited to 50 uses → exactly 50 orders carry it, the code counts 50
 * uses and 50 redemptions, and the other 150 are told it is used up with nothing placed (stock
 * and carts untouched). A per-shopper limit of 1 holds when 20 accounts with one email check out
 * at once, and a double submit of one form makes one order and one use. PostgreSQL only: PGlite
 * has one connection, so nothing would actually run at the same time there.
 */
import { and, count, eq, isNotNull } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartDiscountCodes, cartItems, discountCodes, discountRedemptions, orders } from "~/db/schema";
import { placeOrder } from "~/services/orders/checkout.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { ADDRESS, addProduct, addShopper, fillCart, newToken, stockOf } from "./checkout-fixtures";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)("discount code limits under concurrent checkouts", () => {
  let db: TestDb;
  let alpha: StoreFixture;
  let productId: string;
  const store = () => ({ id: alpha.storeId, currency: "USD" });

  async function addCode(code: string, values: { usageLimit?: number; perShopperLimit?: number }) {
    const id = uuidv7();
    await db.owner.insert(discountCodes).values({
      storeId: alpha.storeId,
      id,
      code,
      kind: "percentage",
      value: 10,
      startsAt: new Date(Date.now() - 3_600_000),
      usageLimit: values.usageLimit ?? null,
      perShopperLimit: values.perShopperLimit ?? null,
    });
    return id;
  }

  async function shopperWithCode(codeId: string, name: string): Promise<string> {
    const userId = await addShopper(db, alpha.storeId, name);
    await fillCart(db, alpha.storeId, userId, [{ productId, quantity: 1 }]);
    await db.owner
      .insert(cartDiscountCodes)
      .values({ storeId: alpha.storeId, userId, discountCodeId: codeId });
    return userId;
  }

  const codeOrders = async (code: string) =>
    (
      await db.owner
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.storeId, alpha.storeId), eq(orders.discountCode, code)))
    )[0]!.n;

  beforeAll(async () => {
    db = await createTestDb();
    alpha = await createStoreFixture(db, "alpha");
    productId = await addProduct(db, alpha.storeId, { slug: "plenty", priceCents: 1500, stock: 10_000 });
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("200 checkouts for a code limited to 50: exactly 50 orders with it, 150 told it is used up", async () => {
    const codeId = await addCode("LIMIT50", { usageLimit: 50 });
    const shoppers: string[] = [];
    for (let i = 0; i < 200; i++) shoppers.push(await shopperWithCode(codeId, `Racer ${i}`));
    const stockBefore = await stockOf(db, productId);

    const results = await Promise.all(
      shoppers.map((userId) =>
        placeOrder(
          { store: store(), userId, locale: "en" },
          // 15.00 less 10 %: the total every shopper's page showed.
          { shipping: ADDRESS, paymentMethod: "cod", checkoutToken: newToken(), expectedTotalCents: 1350 },
        ),
      ),
    );
    const kinds = results.map((r) => r.kind);
    expect(kinds.filter((k) => k === "placed")).toHaveLength(50);
    const refused = results.filter((r) => r.kind !== "placed");
    expect(refused).toHaveLength(150);
    for (const r of refused)
      expect(r).toMatchObject({ kind: "code-refused", code: "LIMIT50", refusal: { reason: "used-up" } });

    expect(await codeOrders("LIMIT50")).toBe(50);
    const [code] = await db.owner.select().from(discountCodes).where(eq(discountCodes.id, codeId));
    expect(code!.uses).toBe(50);
    const [redeemed] = await db.owner
      .select({ n: count() })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.discountCodeId, codeId));
    expect(redeemed!.n).toBe(50);
    // Nothing was placed for the others: their stock is back (never taken) and their carts kept.
    expect(await stockOf(db, productId)).toBe(stockBefore - 50);
    const [carts] = await db.owner
      .select({ n: count() })
      .from(cartItems)
      .where(eq(cartItems.storeId, alpha.storeId));
    expect(carts!.n).toBe(150);
    const [codesLeft] = await db.owner
      .select({ n: count() })
      .from(cartDiscountCodes)
      .where(eq(cartDiscountCodes.discountCodeId, codeId));
    expect(codesLeft!.n).toBe(150);
  }, 180_000);

  it("a per-shopper limit of 1 holds for 20 accounts with one email checking out at once", async () => {
    const codeId = await addCode("ONCEONLY", { perShopperLimit: 1 });
    const shoppers: string[] = [];
    for (let i = 0; i < 20; i++) shoppers.push(await shopperWithCode(codeId, `Twin ${i}`));
    const results = await Promise.all(
      shoppers.map((userId) =>
        placeOrder(
          { store: store(), userId, locale: "en" },
          { shipping: ADDRESS, paymentMethod: "cod", checkoutToken: newToken(), expectedTotalCents: 1350 },
        ),
      ),
    );
    expect(results.filter((r) => r.kind === "placed")).toHaveLength(1);
    for (const r of results.filter((r) => r.kind !== "placed"))
      expect(r).toMatchObject({ kind: "code-refused", refusal: { reason: "used-by-you" } });
    expect(await codeOrders("ONCEONLY")).toBe(1);
  }, 120_000);

  it("a double submit of one form makes one order and one use", async () => {
    const codeId = await addCode("DOUBLE", { perShopperLimit: 1 });
    const userId = await shopperWithCode(codeId, "Double clicker");
    const token = newToken();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        placeOrder(
          { store: store(), userId, locale: "en" },
          { shipping: ADDRESS, paymentMethod: "cod", checkoutToken: token, expectedTotalCents: 1350 },
        ),
      ),
    );
    expect(results.filter((r) => r.kind === "placed")).toHaveLength(1);
    expect(results.filter((r) => r.kind === "existing")).toHaveLength(4);
    expect(await codeOrders("DOUBLE")).toBe(1);
    const [code] = await db.owner.select().from(discountCodes).where(eq(discountCodes.id, codeId));
    expect(code!.uses).toBe(1);
    const released = await db.owner
      .select({ n: count() })
      .from(discountRedemptions)
      .where(and(eq(discountRedemptions.discountCodeId, codeId), isNotNull(discountRedemptions.releasedAt)));
    expect(released[0]!.n).toBe(0);
  }, 60_000);
});
