/**
 * Variants (issue 19, decision 023): the product row's summary of its variants, the price
 * shoppers pay kept current for sorting and filtering (variant prices, sales, a sale's start),
 * the server resolving a choice of option values, and a cart line per variant.
 */
import { and, eq, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cartItems,
  productOptions,
  productOptionValues,
  products,
  productVariants,
  sales,
  saleTargets,
  stores,
} from "~/db/schema";
import { DEFAULT_QUERY, type CatalogQuery } from "~/lib/validation/catalog";
import { listProducts } from "~/services/catalog/catalog.server";
import { addToCart, setCartQuantity } from "~/services/commerce/cart.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";

let db: TestDb;
let store: StoreFixture;
let other: StoreFixture;
const ids = { a: uuidv7(), b: uuidv7(), c: uuidv7() };
const size = { option: uuidv7(), small: uuidv7(), large: uuidv7(), smallVariant: uuidv7() };
const format = { locale: "en" as const, currency: "USD" };

async function shown(over: Partial<CatalogQuery> = {}) {
  const result = await listProducts(store.storeId, { ...DEFAULT_QUERY, ...over }, format);
  if (result.kind !== "ok") throw new Error(result.kind);
  return result.products.filter((p) => p.slug.startsWith("v-")).map((p) => [p.slug, p.salePriceCents]);
}

async function product(id: string) {
  const [row] = await db.owner
    .select({ price: products.priceCents, stock: products.stock, display: products.displayPriceCents })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

beforeAll(async () => {
  db = await createTestDb();
  store = await createStoreFixture(db, "alpha");
  other = await createStoreFixture(db, "beta");
  const base = { storeId: store.storeId, nameAr: "منتج", stock: 5, categoryId: store.categoryId };
  await db.owner.insert(products).values([
    { ...base, id: ids.a, slug: "v-a", nameEn: "A", priceCents: 1000 },
    { ...base, id: ids.b, slug: "v-b", nameEn: "B", priceCents: 2000 },
    { ...base, id: ids.c, slug: "v-c", nameEn: "C", priceCents: 3000 },
  ]);
});
afterAll(() => db.dispose());

describe("a product's variants", () => {
  it("starts with one variant under the product's id, with its price and stock", async () => {
    const [variant] = await db.owner
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, ids.a));
    expect(variant).toMatchObject({ id: ids.a, priceCents: 1000, stock: 5, active: true });
    // Writing a one-variant product's price and stock writes its variant.
    await db.owner.update(products).set({ priceCents: 1100, stock: 7 }).where(eq(products.id, ids.a));
    const [after] = await db.owner.select().from(productVariants).where(eq(productVariants.id, ids.a));
    expect(after).toMatchObject({ priceCents: 1100, stock: 7 });
    expect(await product(ids.a)).toEqual({ price: 1100, stock: 7, display: 1100 });
  });

  it("sums active variants' stock and takes the lowest active price into the product", async () => {
    const { storeId } = store;
    await db.owner.insert(productOptions).values({
      storeId,
      id: size.option,
      productId: ids.c,
      position: 1,
      nameEn: "Size",
      nameAr: "الحجم",
    });
    await db.owner.insert(productOptionValues).values([
      { storeId, id: size.small, optionId: size.option, position: 0, valueEn: "50 g", valueAr: "50 غ" },
      { storeId, id: size.large, optionId: size.option, position: 1, valueEn: "1 kg", valueAr: "1 كغ" },
    ]);
    await db.owner
      .update(productVariants)
      .set({ option1ValueId: size.large, sku: "C-1KG", stock: 2 })
      .where(eq(productVariants.id, ids.c));
    await db.owner.insert(productVariants).values({
      storeId,
      id: size.smallVariant,
      productId: ids.c,
      option1ValueId: size.small,
      sku: "C-50G",
      priceCents: 900,
      stock: 4,
      position: 1,
    });
    expect(await product(ids.c)).toEqual({ price: 900, stock: 6, display: 900 });
    await db.owner
      .update(productVariants)
      .set({ active: false })
      .where(eq(productVariants.id, size.smallVariant));
    expect(await product(ids.c)).toEqual({ price: 3000, stock: 2, display: 3000 });
    await db.owner
      .update(productVariants)
      .set({ active: true })
      .where(eq(productVariants.id, size.smallVariant));
    // A product-level write on a product with several variants changes nothing.
    await db.owner.update(products).set({ priceCents: 1, stock: 99 }).where(eq(products.id, ids.c));
    expect(await product(ids.c)).toEqual({ price: 900, stock: 6, display: 900 });
    // A SKU is the store's: taken in this store, free in another.
    await expect(
      db.owner.insert(productVariants).values({ storeId, productId: ids.a, sku: "C-50G", priceCents: 1 }),
    ).rejects.toThrow();
  });
});

describe("the price shoppers pay, for sorting and filtering", () => {
  it("follows sales as they are made, and a sale's start when its moment comes", async () => {
    expect(await shown({ sort: "price-asc" })).toEqual([
      ["v-c", 900],
      ["v-a", 1100],
      ["v-b", 2000],
    ]);
    const { storeId } = store;
    const half = uuidv7();
    const now = Date.now();
    await db.owner.insert(sales).values({
      storeId,
      id: half,
      nameEn: "Half",
      nameAr: "نصف",
      kind: "percent",
      value: 50,
      scope: "products",
      startsAt: new Date(now - 60_000),
      endsAt: new Date(now + 3_600_000),
    });
    await db.owner.insert(saleTargets).values({ storeId, saleId: half, productId: ids.b });
    expect(await shown({ sort: "price-asc" })).toEqual([
      ["v-c", 900],
      ["v-b", 1000],
      ["v-a", 1100],
    ]);
    expect(await shown({ sort: "price-desc", min: 9, max: 10.5 })).toEqual([
      ["v-b", 1000],
      ["v-c", 900],
    ]);

    // A store-wide 9.50 off that starts in an hour changes nothing yet...
    const later = uuidv7();
    await db.owner.insert(sales).values({
      storeId,
      id: later,
      nameEn: "Later",
      nameAr: "لاحقا",
      kind: "fixed",
      value: 950,
      scope: "store",
      startsAt: new Date(now + 3_600_000),
      endsAt: new Date(now + 7_200_000),
    });
    expect(await shown({ sort: "price-asc" })).toEqual([
      ["v-c", 900],
      ["v-b", 1000],
      ["v-a", 1100],
    ]);
    const [{ until } = { until: null }] = await db.owner
      .select({ until: stores.displayPricesUntil })
      .from(stores)
      .where(eq(stores.id, storeId));
    expect(until?.getTime()).toBe(now + 3_600_000);
    // ...until its moment comes: played here by moving the sale back without its triggers (as
    // time would, changing no row), and the store's next change with it.
    await db.owner.transaction(async (tx) => {
      await tx.execute(sql`alter table sales disable trigger user`);
      await tx
        .update(sales)
        .set({ startsAt: new Date(now - 1000) })
        .where(eq(sales.id, later));
      await tx.execute(sql`alter table sales enable trigger user`);
      await tx
        .update(stores)
        .set({ displayPricesUntil: new Date(now - 1000) })
        .where(eq(stores.id, storeId));
    });
    expect(await shown({ sort: "price-asc" })).toEqual([
      ["v-c", 0],
      ["v-a", 150],
      ["v-b", 1000],
    ]);
  });
});

describe("a cart line per variant", () => {
  it("resolves the chosen values, refuses a combination that does not exist, and merges the same variant", async () => {
    const { storeId, userId } = store;
    expect(await addToCart(storeId, userId, ids.c, 1, { optionValueIds: [] })).toEqual({
      ok: false,
      error: "choose-options",
    });
    expect(await addToCart(storeId, userId, ids.c, 1, { optionValueIds: [size.small, size.large] })).toEqual({
      ok: false,
      error: "no-such-combination",
    });
    // Another product's value, or another store's product: nothing found.
    expect(await addToCart(storeId, userId, ids.c, 1, { optionValueIds: [uuidv7()] })).toEqual({
      ok: false,
      error: "no-such-combination",
    });
    expect(await addToCart(other.storeId, other.userId, ids.c, 1, { variantId: size.smallVariant })).toEqual({
      ok: false,
      error: "not-found",
    });
    // The answer names the variant the values meant (the product page shows it again).
    expect(await addToCart(storeId, userId, ids.c, 2, { optionValueIds: [size.small] })).toStrictEqual({
      ok: true,
      quantity: 2,
      variantId: size.smallVariant,
    });
    expect(await addToCart(storeId, userId, ids.c, 1, { variantId: size.smallVariant })).toEqual({
      ok: true,
      quantity: 3,
      variantId: size.smallVariant,
    });
    // The 1 kg has 2: its own stock limits it, with the existing message's figures.
    expect(await addToCart(storeId, userId, ids.c, 3, { optionValueIds: [size.large] })).toEqual({
      ok: false,
      error: "above-stock",
      stock: 2,
      inCart: 0,
    });
    expect(await addToCart(storeId, userId, ids.c, 2, { optionValueIds: [size.large] })).toMatchObject({
      ok: true,
    });
    expect(await setCartQuantity(storeId, userId, size.smallVariant, 5)).toMatchObject({
      ok: false,
      error: "above-stock",
      stock: 4,
    });
    const lines = await db.owner
      .select({ variantId: cartItems.variantId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.storeId, storeId), eq(cartItems.productId, ids.c)))
      .orderBy(cartItems.quantity);
    expect(lines).toEqual([
      { variantId: ids.c, quantity: 2 },
      { variantId: size.smallVariant, quantity: 3 },
    ]);
  });
});
