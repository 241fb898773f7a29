/** Composite foreign keys: even the table owner cannot point a row into another store. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, categories, orders, productImages, products, reviews } from "~/db/schema";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";

let db: TestDb;
let a: StoreFixture;
let b: StoreFixture;

beforeAll(async () => {
  db = await createTestDb();
  a = await createStoreFixture(db, "alpha");
  b = await createStoreFixture(db, "beta");
});
afterAll(() => db.dispose());

async function rejectsWithFk(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: { code?: string; cause?: { code?: string } }) => e.code ?? e.cause?.code,
  );
  expect(error).toBe("23503"); // foreign_key_violation
}

describe("composite foreign keys", () => {
  it("refuse a product in store A under a category of store B", async () => {
    await rejectsWithFk(
      db.owner.insert(products).values({
        storeId: a.storeId,
        slug: "cross",
        nameEn: "Cross",
        nameAr: "عبر",
        priceCents: 100,
        categoryId: b.categoryId,
      }),
    );
  });

  it("refuse re-pointing an existing product at store B's sub category", async () => {
    await rejectsWithFk(
      db.owner.update(products).set({ subcategoryId: b.subcategoryId }).where(eq(products.id, a.productId)),
    );
  });

  it("refuse a sub category whose parent is in another store", async () => {
    await rejectsWithFk(
      db.owner.insert(categories).values({
        storeId: a.storeId,
        parentId: b.categoryId,
        slug: "orphan",
        nameEn: "Orphan",
        nameAr: "يتيم",
      }),
    );
  });

  it("refuse a cart line for store B's product or store B's shopper", async () => {
    await rejectsWithFk(
      db.owner.insert(cartItems).values({ storeId: a.storeId, userId: a.userId, productId: b.productId }),
    );
    await rejectsWithFk(
      db.owner.insert(cartItems).values({ storeId: a.storeId, userId: b.userId, productId: a.productId }),
    );
  });

  it("refuse a review, order or image link that crosses stores", async () => {
    await rejectsWithFk(
      db.owner.insert(reviews).values({
        storeId: a.storeId,
        productId: a.productId,
        userId: b.userId,
        rating: 5,
        title: "t",
        comment: "c",
      }),
    );
    await rejectsWithFk(
      db.owner.insert(orders).values({
        storeId: a.storeId,
        number: 1001,
        userId: b.userId,
        paymentMethod: "cod",
        currency: "USD",
        subtotalCents: 0,
        totalCents: 0,
        totalQuantity: 0,
        shipFullName: "x",
        shipStreetAddress: "x",
        shipZipCode: "x",
        shipCity: "x",
        shipEmail: "x@x.test",
        shipMobile: "1",
      }),
    );
    await rejectsWithFk(
      db.owner
        .insert(productImages)
        .values({ storeId: a.storeId, productId: b.productId, imageId: a.productId }),
    );
  });

  it("accept the same links inside one store", async () => {
    await db.owner.insert(cartItems).values({ storeId: a.storeId, userId: a.userId, productId: a.productId });
    const rows = await db.owner.select().from(cartItems).where(eq(cartItems.storeId, a.storeId));
    expect(rows).toHaveLength(1);
  });
});
