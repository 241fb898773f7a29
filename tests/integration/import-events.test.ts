/**
 * The CSV import's webhook events (issue 38, decision 047): an import writes, in its transaction
 * and in the file's order, `products/created` or `products/updated` for each product it creates
 * or changes (nothing for one it leaves as it is) and `inventory/updated` after it where the
 * stock changed, with the API's JSON of each product as payload, and a delivery per event for the
 * store's subscription; another store's subscription gets nothing; a refused import writes no
 * event; the events feed lists them. Through the import service (its route belongs to the page).
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, storeEvents, stores, users, webhookDeliveries } from "~/db/schema";
import { loader as eventsLoader } from "~/routes/api.v1.events";
import { apiProduct } from "~/services/api/catalog.server";
import { applyProductImport, CSV_HEADER } from "~/services/catalog/products-csv.server";
import { deliveriesSettled } from "~/services/outbox/outbox.server";
import { createWebhook } from "~/services/webhooks/subscriptions.server";
import { apiToken } from "../helpers/api";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: AppLoadContext;
let currency: string;
let adminId: string;
let hookA: string;
let hookB: string;
const A = "http://alpha.localhost:3000";
const STEADY = uuidv7();
const TOPICS = ["products/created", "products/updated", "inventory/updated"] as const;

function csvOf(rows: Record<string, string | number>[]): string {
  const quote = (value: string | number) => {
    const text = String(value);
    return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [
    CSV_HEADER.join(","),
    ...rows.map((row) => CSV_HEADER.map((column) => quote(row[column] ?? "")).join(",")),
  ].join("\n");
}

const row = (slug: string, over: Record<string, string | number> = {}) => ({
  slug,
  name_en: `Dye ${slug}`,
  name_ar: `صبغة ${slug}`,
  price: "10.00",
  stock: 5,
  active: "true",
  ...over,
});

const importCsv = (csv: string) => applyProductImport(alpha.storeId, csv, currency, { deleteMissing: false });

async function lastSeq(storeId: string): Promise<number> {
  const rows = await db.owner
    .select({ seq: storeEvents.seq })
    .from(storeEvents)
    .where(eq(storeEvents.storeId, storeId));
  return Math.max(0, ...rows.map((event) => event.seq));
}

async function eventsAfter(storeId: string, seq: number) {
  return db.owner
    .select()
    .from(storeEvents)
    .where(and(eq(storeEvents.storeId, storeId), gt(storeEvents.seq, seq)))
    .orderBy(asc(storeEvents.seq));
}

async function idOf(slug: string): Promise<string> {
  const [found] = await db.owner
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, alpha.storeId), eq(products.slug, slug)));
  return found!.id;
}

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores());
  adminId = uuidv7();
  await db.owner
    .insert(users)
    .values({ storeId: alpha.storeId, id: adminId, email: "admin@alpha.test", name: "Admin", isAdmin: true });
  const [store] = await db.owner
    .select({ currency: stores.currency })
    .from(stores)
    .where(eq(stores.id, alpha.storeId));
  currency = store!.currency;
  // A product the file names as it is: no event.
  await db.owner.insert(products).values({
    storeId: alpha.storeId,
    id: STEADY,
    slug: "steady",
    nameEn: "Dye steady",
    nameAr: "صبغة steady",
    priceCents: 1000,
    stock: 5,
  });
  const made = await Promise.all([
    createWebhook(alpha.storeId, adminId, { url: "https://hooks.example.com/alpha", topics: [...TOPICS] }),
    createWebhook(beta.storeId, null, { url: "https://hooks.example.com/beta", topics: [...TOPICS] }),
  ]);
  if (!made[0].ok || !made[1].ok) throw new Error("subscriptions refused");
  [hookA, hookB] = [made[0].id, made[1].id];
});

afterAll(async () => {
  await deliveriesSettled();
  await db?.dispose();
});

describe("the products CSV import's events", () => {
  let before: number;
  let createdIds: string[];

  it("writes one event per product created or updated, stock events where stock changed, in seq order, each delivered", async () => {
    before = await lastSeq(alpha.storeId);
    const betaBefore = await lastSeq(beta.storeId);
    const csv = csvOf([
      row(alpha.slug + "-product", { name_en: "Renamed red dye", price: "12.50", stock: 9 }),
      row("imported-one", { stock: 3 }),
      row("steady"),
      row("imported-two", { price: "7.25", stock: 0 }),
    ]);
    expect(await importCsv(csv)).toEqual({ ok: true, created: 2, updated: 1 });
    createdIds = [await idOf("imported-one"), await idOf("imported-two")];
    const events = await eventsAfter(alpha.storeId, before);
    expect(
      events.map((event) => [event.topic, event.resourceType, event.resourceId, event.resourceSeq]),
    ).toEqual([
      ["products/updated", "product", alpha.productId, 1],
      ["inventory/updated", "inventory", alpha.productId, 1],
      ["products/created", "product", createdIds[0], 1],
      ["inventory/updated", "inventory", createdIds[0], 1],
      ["products/created", "product", createdIds[1], 1],
      ["inventory/updated", "inventory", createdIds[1], 1],
    ]);
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6].map((n) => before + n));
    // The payload is the product as the API answers it, read after the commit.
    for (const event of events.filter((e) => e.resourceType === "product")) {
      expect(event.payload).toEqual(await apiProduct(alpha.storeId, currency, event.resourceId));
    }
    expect(events[0]!.payload).toMatchObject({ nameEn: "Renamed red dye", priceCents: 1250, stock: 9 });
    expect(events[5]!.payload).toEqual({
      productId: createdIds[1],
      stock: 0,
      variants: [{ id: createdIds[1], sku: null, stock: 0 }],
    });
    // One delivery per event for alpha's subscription, due now; beta's subscription nothing.
    const deliveries = await db.owner
      .select()
      .from(webhookDeliveries)
      .where(
        inArray(
          webhookDeliveries.eventId,
          events.map((event) => event.id),
        ),
      );
    expect(deliveries.map((d) => [d.storeId, d.subscriptionId, d.status]).sort()).toEqual(
      events.map(() => [alpha.storeId, hookA, "queued"]),
    );
    expect(new Set(deliveries.map((d) => d.eventId)).size).toBe(6);
    expect(deliveries.every((d) => d.nextAttemptAt !== null)).toBe(true);
    expect(
      await db.owner.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, hookB)),
    ).toEqual([]);
    expect(await lastSeq(beta.storeId)).toBe(betaBefore);
  });

  it("numbers a product's later events after its earlier ones", async () => {
    const seq = await lastSeq(alpha.storeId);
    const csv = csvOf([row("imported-one", { name_en: "Imported, renamed", stock: 3 })]);
    expect(await importCsv(csv)).toEqual({ ok: true, created: 0, updated: 1 });
    const events = await eventsAfter(alpha.storeId, seq);
    // Its name changed, not its stock: no inventory event.
    expect(events.map((event) => [event.seq, event.topic, event.resourceId, event.resourceSeq])).toEqual([
      [seq + 1, "products/updated", createdIds[0], 2],
    ]);
  });

  it("gives a product with options the API's JSON, variants in the API's order", async () => {
    const seq = await lastSeq(alpha.storeId);
    const variant = (shade: string, size: string, stock: number) =>
      row("sampler", {
        price: "",
        stock: "",
        option1_name: "Shade",
        option1_name_ar: "اللون",
        option1_value: shade,
        option1_value_ar: shade,
        option2_name: "Size",
        option2_name_ar: "الحجم",
        option2_value: size,
        option2_value_ar: size,
        sku: `SAMPLER-${shade}-${size}`,
        variant_price: "9.00",
        variant_stock: stock,
      });
    const csv = csvOf([
      variant("Blue", "L", 1),
      variant("Red", "S", 2),
      variant("Blue", "S", 3),
      variant("Red", "L", 4),
    ]);
    expect(await importCsv(csv)).toEqual({ ok: true, created: 1, updated: 0 });
    const [created, stock] = await eventsAfter(alpha.storeId, seq);
    const product = await apiProduct(alpha.storeId, currency, created!.resourceId);
    expect(product!.variants).toHaveLength(4);
    expect(created!.payload).toEqual(product);
    expect(stock!.payload).toEqual({
      productId: product!.id,
      stock: 10,
      variants: product!.variants.map((v) => ({ id: v.id, sku: v.sku, stock: v.stock })),
    });
  });

  it("writes nothing for a refused import", async () => {
    const seq = await lastSeq(alpha.storeId);
    const csv = csvOf([row("imported-three"), row("imported-one", { price: "not a price", stock: 1 })]);
    const result = await importCsv(csv);
    expect(result.ok).toBe(false);
    expect(await eventsAfter(alpha.storeId, seq)).toEqual([]);
    expect(
      await db.owner.select({ id: products.id }).from(products).where(eq(products.slug, "imported-three")),
    ).toEqual([]);
  });

  it("lists the import's events in the events feed after the cursor", async () => {
    const token = await apiToken(alpha.storeId, adminId, ["orders.view", "products.edit"], "Feed");
    const response = await eventsLoader({
      request: new Request(`${A}/api/v1/events?after=${before}&limit=6`, {
        headers: { Authorization: `Bearer ${token}` },
      }),
      context: ctx,
      params: {},
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: { seq: number; topic: string; resource: { id: string }; payload: { slug?: string } }[];
      nextCursor: string;
      hasMore: boolean;
    };
    expect(body.data.map((event) => [event.seq, event.topic, event.resource.id])).toEqual([
      [before + 1, "products/updated", alpha.productId],
      [before + 2, "inventory/updated", alpha.productId],
      [before + 3, "products/created", createdIds[0]],
      [before + 4, "inventory/updated", createdIds[0]],
      [before + 5, "products/created", createdIds[1]],
      [before + 6, "inventory/updated", createdIds[1]],
    ]);
    expect(body.data[2]!.payload.slug).toBe("imported-one");
    expect(body).toMatchObject({ nextCursor: String(before + 6), hasMore: true });
  });
});
