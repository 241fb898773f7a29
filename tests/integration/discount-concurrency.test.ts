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
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { placeOrder } from "~/services/orders/checkout.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import {
  A,
  ADDRESS,
  addProduct,
  addShopper,
  fillCart,
  newToken,
  signedIn,
  stockOf,
  type Ctx,
} from "./checkout-fixtures";

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
    // Each is told the total without the code (issue 39): 15.00.
    for (const r of refused)
      expect(r).toEqual({
        kind: "code-refused",
        code: "LIMIT50",
        refusal: { reason: "used-up" },
        totalCents: 1500,
      });

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
    // The used-up code is off their carts, so their next Place order is not refused again.
    const [codesLeft] = await db.owner
      .select({ n: count() })
      .from(cartDiscountCodes)
      .where(eq(cartDiscountCodes.discountCodeId, codeId));
    expect(codesLeft!.n).toBe(0);
  }, 180_000);

  it("two shoppers race for a limit-1 code through the page: one order with it, the other placed next at the total shown without it", async () => {
    const codeId = await addCode("LASTONE", { usageLimit: 1 });
    const ctx: Ctx = await contextFor(db, "alpha.localhost");
    type Page = { summary: { totalCents: number; code: { code: string } | null } };
    type Refused = { notice: { key: string; followUp?: { key: string; params: Record<string, string> } } };
    const page = async (cookie: string) =>
      (
        await answer<Page>(() =>
          checkoutLoader({
            request: new Request(`${A}/checkout`, { headers: { Cookie: cookie } }),
            context: ctx,
            params: {},
          }),
        )
      ).data.summary;
    const place = (cookie: string, total: number) =>
      answer<Refused>(() =>
        checkoutAction({
          request: postForm(
            `${A}/checkout`,
            {
              ...ADDRESS,
              intent: "place",
              paymentMethod: "cod",
              checkoutToken: newToken(),
              expectedTotal: String(total),
            },
            cookie,
          ),
          context: ctx,
          params: {},
        }),
      );
    const cookies = await Promise.all(
      ["Racer A", "Racer B"].map(async (name) =>
        signedIn(alpha.storeId, await shopperWithCode(codeId, name)),
      ),
    );
    const shown = await Promise.all(cookies.map(page));
    expect(shown.map((s) => s.totalCents)).toEqual([1350, 1350]);

    const raced = await Promise.all(cookies.map((cookie, i) => place(cookie, shown[i]!.totalCents)));
    expect(raced.map((r) => r.status).sort()).toEqual([302, 409]);
    const loser = cookies[raced.findIndex((r) => r.status === 409)]!;
    const refusal = raced.find((r) => r.status === 409)!.data;
    expect(refusal.notice).toEqual({
      key: "discounts.refused.usedUp",
      followUp: { key: "checkout.codeRemoved", params: { code: "LASTONE", total: "$15.00" } },
    });
    expect(await codeOrders("LASTONE")).toBe(1);

    // The loser's page, reloaded after the 409, shows the summary without the code…
    const now = await page(loser);
    expect(now).toMatchObject({ totalCents: 1500, code: null });
    // …and Place order again goes through at that total.
    const again = await place(loser, now.totalCents);
    expect(again.status, JSON.stringify(again.data)).toBe(302);
    const placed = await db.owner
      .select({ code: orders.discountCode, total: orders.totalCents })
      .from(orders)
      .where(eq(orders.storeId, alpha.storeId));
    expect(placed.filter((o) => o.code === "LASTONE")).toEqual([{ code: "LASTONE", total: 1350 }]);
    expect(placed.filter((o) => o.code === null && o.total === 1500)).toHaveLength(1);
  }, 60_000);

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
