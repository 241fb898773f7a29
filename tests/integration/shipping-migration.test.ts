/**
 * Migration 0035 (issue 33, decision 039): every store without a zone gets one "Everywhere" zone
 * whose flat rate carries its settings' fee and threshold, so its totals are unchanged. Proved on
 * the demo: the demo orders' lines, put back in their shoppers' carts, price to the same totals
 * (goods, shipping, COD fee) before and after, at their own delivery country; the dye store's own
 * zones are left as they were; run again, it writes nothing.
 */
import { readFileSync } from "node:fs";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "~/db/seed";
import {
  cartItems,
  orderItems,
  orders,
  shippingRates,
  shippingZones,
  stores,
  storeSettings,
} from "~/db/schema";
import { priceCheckout } from "~/services/orders/pricing.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { MATRIX_STORES } from "../helpers/matrix/demo";

let db: TestDb;
let inks: string;
let dyes: string;

const storeId = async (slug: string) =>
  (await db.owner.select({ id: stores.id }).from(stores).where(eq(stores.slug, slug)))[0]!.id;

async function runMigration() {
  const text = readFileSync("drizzle/0035_shipping_admin.sql", "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    if (statement.replace(/--.*$/gm, "").trim()) await db.owner.execute(sql.raw(statement));
  }
}

/** A sample of the store's demo orders, each priced again from its lines in its shopper's cart. */
async function reprice(store: string) {
  const sample = await db.owner
    .select({ id: orders.id, userId: orders.userId, country: orders.shipCountry })
    .from(orders)
    .where(eq(orders.storeId, store))
    .orderBy(asc(orders.number))
    .limit(12);
  expect(sample.length).toBeGreaterThan(3);
  const totals: Record<string, unknown>[] = [];
  for (const order of sample) {
    if (!order.userId) continue;
    const lines = await db.owner
      .select({
        productId: orderItems.productId,
        variantId: orderItems.variantId,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(and(eq(orderItems.storeId, store), eq(orderItems.orderId, order.id)));
    await db.owner
      .delete(cartItems)
      .where(and(eq(cartItems.storeId, store), eq(cartItems.userId, order.userId)));
    await db.owner
      .insert(cartItems)
      .values(lines.map((line) => ({ storeId: store, userId: order.userId!, ...line })));
    const price = await db.withStore(store, (tx) =>
      priceCheckout(tx, store, order.userId!, {
        place: { country: order.country ?? "SA", city: "", postalCode: "" },
      }),
    );
    totals.push({
      order: order.id,
      subtotal: price.subtotalCents,
      shipping: price.shippingCents,
      cod: price.codFeeCents,
      total: price.totalCents,
    });
  }
  return totals;
}

beforeAll(async () => {
  db = await createTestDb();
  await seedDemo(db, { stores: MATRIX_STORES });
  inks = await storeId("inks");
  dyes = await storeId("dyes");
  // Before the migration: the ink store has no zone and a flat fee with a threshold in its
  // settings (as the dye store had before zones), so some carts pay shipping and some do not.
  await db.owner.delete(shippingZones).where(eq(shippingZones.storeId, inks));
  await db.owner
    .update(storeSettings)
    .set({ shippingFeeCents: 499, freeShippingThresholdCents: 4000 })
    .where(eq(storeSettings.storeId, inks));
}, 240_000);
afterAll(() => db.dispose());

describe("migration 0035", () => {
  it("gives a store without zones one Everywhere zone and re-prices its demo orders to the same totals", async () => {
    const dyesZonesBefore = await db.owner
      .select()
      .from(shippingZones)
      .where(eq(shippingZones.storeId, dyes))
      .orderBy(asc(shippingZones.id));
    const inksBefore = await reprice(inks);
    const dyesBefore = await reprice(dyes);
    // Both sides of the threshold are in the sample.
    expect(new Set(inksBefore.map((row) => row.shipping))).toEqual(new Set([0, 499]));

    await runMigration();

    const zones = await db.owner.select().from(shippingZones).where(eq(shippingZones.storeId, inks));
    expect(zones.map((zone) => [zone.name, zone.everywhere])).toEqual([["Everywhere", true]]);
    const rates = await db.owner.select().from(shippingRates).where(eq(shippingRates.storeId, inks));
    expect(rates.map((rate) => [rate.kind, rate.priceCents, rate.freeFromCents, rate.codAllowed])).toEqual([
      ["flat", 499, 4000, true],
    ]);
    expect(await reprice(inks)).toEqual(inksBefore);
    expect(await reprice(dyes)).toEqual(dyesBefore);
    expect(
      await db.owner
        .select()
        .from(shippingZones)
        .where(eq(shippingZones.storeId, dyes))
        .orderBy(asc(shippingZones.id)),
    ).toEqual(dyesZonesBefore);

    // Run again: nothing more.
    await runMigration();
    const all = await db.owner
      .select({ id: shippingZones.id })
      .from(shippingZones)
      .where(inArray(shippingZones.storeId, [inks, dyes]));
    expect(all.length).toBe(dyesZonesBefore.length + 1);
  });
});
