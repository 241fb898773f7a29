/** Composite foreign keys: even the table owner cannot point a row into another store. */
import { eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, categories, images, orders, productImages, products, reviews } from "~/db/schema";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";

let db: TestDb;
let a: StoreFixture;
let b: StoreFixture;
/** One image per store, so an image link can be wrong in exactly one of its two keys. */
const imageA = uuidv7();
const imageB = uuidv7();

beforeAll(async () => {
  db = await createTestDb();
  a = await createStoreFixture(db, "alpha");
  b = await createStoreFixture(db, "beta");
  const image = {
    contentType: "image/png" as const,
    bytes: Buffer.from([1]),
    byteSize: 1,
    width: 1,
    height: 1,
  };
  await db.owner.insert(images).values([
    { ...image, storeId: a.storeId, id: imageA, sha256: "a" },
    { ...image, storeId: b.storeId, id: imageB, sha256: "b" },
  ]);
});
afterAll(() => db.dispose());

type PgError = { code?: string; constraint?: string; constraint_name?: string };

/**
 * Expects a foreign key violation of exactly the named constraint: each case breaks one key
 * only, so it fails if that key is missing even when others exist. PGlite names the constraint
 * `constraint`, postgres.js `constraint_name`; drizzle wraps either in `cause`.
 */
async function rejectsWithFk(promise: Promise<unknown>, constraint: string | readonly string[]) {
  const error = await promise.then(
    () => null,
    (e: PgError & { cause?: PgError }) => {
      const pg = e.code ? e : (e.cause ?? {});
      return { code: pg.code, constraint: pg.constraint ?? pg.constraint_name };
    },
  );
  expect(error?.code).toBe("23503"); // foreign_key_violation
  expect(typeof constraint === "string" ? [constraint] : constraint).toContain(error?.constraint);
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
      "products_category_fk",
    );
  });

  it("refuse re-pointing an existing product at store B's sub category", async () => {
    await rejectsWithFk(
      db.owner.update(products).set({ subcategoryId: b.subcategoryId }).where(eq(products.id, a.productId)),
      "products_subcategory_fk",
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
      "categories_parent_fk",
    );
  });

  it("refuse a cart line for store B's product or store B's shopper", async () => {
    // A line's variant key holds its product too (store, product, variant), and a line written
    // without a variant gets its product's default one: another store's product breaks both keys.
    // Which one PostgreSQL reports first follows its triggers' names, which carry their OIDs, so it
    // changes with the server's OID counter (CI saw both).
    await rejectsWithFk(
      db.owner.insert(cartItems).values({ storeId: a.storeId, userId: a.userId, productId: b.productId }),
      ["cart_items_product_fk", "cart_items_variant_fk"],
    );
    await rejectsWithFk(
      db.owner.insert(cartItems).values({ storeId: a.storeId, userId: b.userId, productId: a.productId }),
      "cart_items_user_fk",
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
      "reviews_user_fk",
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
      "orders_user_fk",
    );
    // Store B's product with store A's own image: only the product key is broken …
    await rejectsWithFk(
      db.owner.insert(productImages).values({ storeId: a.storeId, productId: b.productId, imageId: imageA }),
      "product_images_product_fk",
    );
    // … and store A's product with store B's image: only the image key.
    await rejectsWithFk(
      db.owner.insert(productImages).values({ storeId: a.storeId, productId: a.productId, imageId: imageB }),
      "product_images_image_fk",
    );
  });

  it("accept the same links inside one store", async () => {
    await db.owner.insert(cartItems).values({ storeId: a.storeId, userId: a.userId, productId: a.productId });
    const rows = await db.owner.select().from(cartItems).where(eq(cartItems.storeId, a.storeId));
    expect(rows).toHaveLength(1);
    // The image rows above are valid in their own store: the same link inside store A is accepted.
    await db.owner
      .insert(productImages)
      .values({ storeId: a.storeId, productId: a.productId, imageId: imageA });
    expect(
      await db.owner.select().from(productImages).where(eq(productImages.storeId, a.storeId)),
    ).toHaveLength(1);
  });
});
