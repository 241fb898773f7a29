/**
 * Never oversold (DESIGN §9): 200 shoppers place an order for the same product at once, 50 in
 * stock → exactly 50 orders, stock 0, the other 150 told which product ran out; then the same
 * with half paying Cash On Delivery and half by card (each card order also opening its Checkout
 * Session on the project's Stripe test server, as the checkout route does). PostgreSQL only:
 * PGlite has one connection, so nothing would actually run at the same time there.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products, productVariants, stores, storeSettings } from "~/db/schema";
import { placeOrder, type PlaceOrderResult } from "~/services/orders/checkout.server";
import { startCardCheckout, type CardCheckoutResult } from "~/services/payments/card-checkout.server";
import { getStripe } from "~/services/stripe/stripe-client.server";
import { startStripeServer, type StripeServer } from "../stripe-server";
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
    // Stock is the variant's (decision 023): the product's only variant, under its id.
    const [variant] = await db.owner
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, productId));
    expect(variant?.stock).toBe(0);
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

describe.skipIf(!onPostgres)(
  "200 concurrent orders for 50 units, half Cash On Delivery and half card",
  () => {
    let db: TestDb;
    let alpha: StoreFixture;
    let productId: string;
    let stripe: StripeServer;
    const shoppers: string[] = [];
    const savedEnv = { ...process.env };

    beforeAll(async () => {
      db = await createTestDb();
      alpha = await createStoreFixture(db, "alpha");
      productId = await addProduct(db, alpha.storeId, { slug: "rare", priceCents: 1500, stock: 50 });
      for (let i = 0; i < 200; i++) {
        const id = await addShopper(db, alpha.storeId, `Shopper ${i}`);
        await fillCart(db, alpha.storeId, id, [{ productId, quantity: 1 }]);
        shoppers.push(id);
      }
      // Events are only recorded: this test is about stock, not payments completing.
      stripe = await startStripeServer();
      Object.assign(process.env, stripe.env);
      // A connected account that finished onboarding on the test server, as Payment Options makes one.
      const account = await getStripe().accounts.create({ type: "express" });
      const link = await getStripe().accountLinks.create({
        account: account.id,
        type: "account_onboarding",
        refresh_url: "http://alpha.localhost:3000/r",
        return_url: "http://alpha.localhost:3000/r",
      });
      expect((await fetch(link.url, { method: "POST", redirect: "manual" })).status).toBe(303);
      await db.owner
        .update(stores)
        .set({ stripeAccountId: account.id, stripeChargesEnabled: true })
        .where(eq(stores.id, alpha.storeId));
      await db.owner.update(storeSettings).set({ cashOnDeliveryEnabled: true });
    }, 120_000);
    afterAll(async () => {
      await stripe?.stop();
      for (const name of Object.keys(stripe?.env ?? {})) {
        if (savedEnv[name] === undefined) delete process.env[name];
        else process.env[name] = savedEnv[name];
      }
      await db?.dispose();
    });

    it("places exactly 50 across both methods, stock 0 and never below, the other 150 told it ran out", async () => {
      const store = {
        id: alpha.storeId,
        currency: "USD",
        slug: "alpha",
        customDomain: null,
        matchedBy: "slug" as const,
      };
      /** What the checkout route does: place, then for a card order open its Checkout Session. */
      const checkout = async (
        userId: string,
        paymentMethod: "cod" | "card",
      ): Promise<{ placed: PlaceOrderResult; card?: CardCheckoutResult }> => {
        const placed = await placeOrder(
          { store, userId, locale: "en" },
          { shipping: ADDRESS, paymentMethod, checkoutToken: newToken(), expectedTotalCents: 1500 },
        );
        if (placed.kind !== "placed" || paymentMethod !== "card") return { placed };
        return { placed, card: await startCardCheckout(store, placed.number) };
      };
      // Watch the stock while the orders run: it must never be seen below 0.
      const readings: number[] = [];
      let running = true;
      const watcher = (async () => {
        while (running) {
          readings.push(await stockOf(db, productId));
          // eslint-disable-next-line no-restricted-syntax -- the watcher samples the stock every 5 ms while the orders run
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      const results = await Promise.all(
        shoppers.map((userId, i) => checkout(userId, i % 2 === 0 ? "cod" : "card")),
      );
      running = false;
      await watcher;

      const placed = results.filter((r) => r.placed.kind === "placed");
      expect(placed).toHaveLength(50);
      const refused = results.filter((r) => r.placed.kind === "out-of-stock");
      expect(refused).toHaveLength(150);
      for (const r of refused)
        expect(r.placed).toMatchObject({ nameEn: "rare dye", nameAr: "صبغة rare", stock: 0 });
      // Every card order that got stock went on to Stripe's hosted page.
      for (const r of placed.filter((r) => r.card)) {
        expect(r.card).toMatchObject({ kind: "redirect" });
        expect((r.card as { url: string }).url.startsWith(`${stripe.url}/pay/`)).toBe(true);
      }
      expect(await stockOf(db, productId)).toBe(0);
      // The watcher did read while the orders ran (else "never below 0" would prove nothing).
      expect(readings.length).toBeGreaterThan(1);
      expect(Math.min(...readings)).toBeGreaterThanOrEqual(0);

      const rows = await db.owner
        .select({
          number: orders.number,
          method: orders.paymentMethod,
          status: orders.status,
          payment: orders.paymentStatus,
          session: orders.stripeCheckoutSessionId,
        })
        .from(orders)
        .where(eq(orders.storeId, alpha.storeId));
      expect(rows).toHaveLength(50);
      expect(new Set(rows.map((r) => r.number)).size).toBe(50);
      const cod = rows.filter((r) => r.method === "cod");
      const card = rows.filter((r) => r.method === "card");
      expect(cod.length + card.length).toBe(50);
      // With 100 of each racing, both kinds get through.
      expect(cod.length).toBeGreaterThan(0);
      expect(card.length).toBeGreaterThan(0);
      for (const r of cod) expect(r).toMatchObject({ status: "confirmed", payment: "unpaid", session: null });
      for (const r of card) {
        expect(r).toMatchObject({ status: "pending", payment: "pending" });
        expect(r.session).toMatch(/^cs_/);
      }
      const [product] = await db.owner
        .select({ unitsSold: products.unitsSold, week: products.unitsSold7d })
        .from(products)
        .where(eq(products.id, productId));
      expect(product).toEqual({ unitsSold: 50, week: 50 });
    }, 120_000);
  },
);
