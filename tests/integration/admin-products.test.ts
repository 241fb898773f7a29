/**
 * /admin/products through its loaders and actions on a real database: the list (search, filters,
 * sorts, keyset pages), create and edit (one schema, field errors, slug uniqueness, sub category
 * of its category, images checked by content), image order/alt/removal, delete or archive, CSV
 * export and import (preview, all-or-nothing apply), who may call them (anonymous → login,
 * shopper → 403, another store's admin → login) and another store's ids (404, nothing changed).
 * The storefront shows a saved price in its very next response.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, asc, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, images, orderItems, orders, productImages, products, users } from "~/db/schema";
import { action as editAction, loader as editLoader } from "~/routes/admin.products.$id";
import { loader as exportLoader } from "~/routes/admin.products.export[.csv]";
import { action as importAction } from "~/routes/admin.products.import";
import { loader as listLoader } from "~/routes/admin.products._index";
import { action as newAction, loader as newLoader } from "~/routes/admin.products.new";
import { loader as productPageLoader } from "~/routes/products.$slug";
import { VARIANT_CSV_COLUMNS } from "~/lib/validation/variant-csv";
import type { ImportCheck } from "~/services/catalog/products-csv.server";
import type { AdminProductRow } from "~/services/catalog/products-admin.server";
import type { ProductDetail } from "~/services/catalog/products.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: AppLoadContext;
let adminCookie: string;
let shopperCookie: string;
let betaAdminCookie: string;
/** A second top-level category of alpha, with a sub category of its own. */
let otherCategoryId: string;
let otherSubId: string;
let png: Uint8Array;
let jpeg: Uint8Array;
const A = "http://alpha.localhost:3000";

type FormAnswer = {
  result?: { error?: Record<string, string[]> } | null;
  imagesError?: string | null;
  notice?: { key: string };
  preview?: ImportCheck;
  csv?: string | null;
};

async function addAdmin(storeId: string, email: string): Promise<string> {
  const id = uuidv7();
  await db.owner.insert(users).values({ storeId, id, email, name: "Admin", isAdmin: true });
  return id;
}

/** A product form as the browser posts it (multipart), with any files in `newImages`. */
function productForm(
  path: string,
  fields: Record<string, string>,
  files: Array<{ bytes: Uint8Array; type: string; name?: string }> = [],
  cookie = adminCookie,
): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      "newImages",
      new File([new Uint8Array(file.bytes)], file.name ?? "image.png", { type: file.type }),
    );
  }
  if (files.length === 0) form.append("newImages", new File([], "", { type: "application/octet-stream" }));
  return new Request(`${A}${path}`, { method: "POST", headers: { Cookie: cookie, Origin: A }, body: form });
}

const VALID = {
  intent: "save",
  nameEn: "Ocean Blue",
  nameAr: "أزرق المحيط",
  descriptionEn: "A deep blue dye.\nWashes well.",
  descriptionAr: "صبغة زرقاء عميقة.",
  slug: "",
  price: "12.50",
  stock: "7",
  categoryId: "",
  subcategoryId: "",
  shadeHex: "#1a5276",
  colorFamily: "blue",
  active: "on",
};

const create = (
  fields: Record<string, string>,
  files: Parameters<typeof productForm>[2] = [],
  cookie = adminCookie,
) =>
  answer<FormAnswer>(() =>
    newAction({
      request: productForm("/admin/products/new", fields, files, cookie),
      context: ctx,
      params: {},
    }),
  );

const edit = (
  id: string,
  fields: Record<string, string>,
  files: Parameters<typeof productForm>[2] = [],
  cookie = adminCookie,
) =>
  answer<FormAnswer>(() =>
    editAction({
      request: productForm(`/admin/products/${id}`, fields, files, cookie),
      context: ctx,
      params: { id },
    }),
  );

const post = (id: string, fields: Record<string, string>, cookie = adminCookie) =>
  answer<FormAnswer>(() =>
    editAction({
      request: postForm(`${A}/admin/products/${id}`, fields, cookie),
      context: ctx,
      params: { id },
    }),
  );

function list(query = "", cookie = adminCookie) {
  return answer<{ rows: AdminProductRow[]; nextCursor: string | null; prevCursor: string | null }>(() =>
    listLoader({
      request: new Request(`${A}/admin/products${query}`, { headers: { Cookie: cookie } }),
      context: ctx,
      params: {},
    }),
  );
}

async function productBySlug(slug: string, storeId = alpha.storeId) {
  const [row] = await db.owner
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.slug, slug)));
  return row ?? null;
}

const countOf = async (
  table: typeof products | typeof images | typeof productImages,
  storeId = alpha.storeId,
) => (await db.owner.select({ n: count() }).from(table).where(eq(table.storeId, storeId)))[0]!.n;

/** Row counts of what a refused request must not change. */
const snapshot = async () => ({
  products: await countOf(products),
  images: await countOf(images),
  productImages: await countOf(productImages),
  betaProducts: await db.owner.select().from(products).where(eq(products.storeId, beta.storeId)),
});

async function storefrontPrice(slug: string): Promise<number | null> {
  const res = await answer<{ product: ProductDetail }>(() =>
    productPageLoader({ request: new Request(`${A}/products/${slug}`), context: ctx, params: { slug } }),
  );
  return res.status === 200 ? res.data.product.priceCents : null;
}

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores());
  adminCookie = await userCookie(alpha.storeId, await addAdmin(alpha.storeId, "admin@alpha.test"), A);
  shopperCookie = await userCookie(alpha.storeId, alpha.userId, A);
  betaAdminCookie = await userCookie(beta.storeId, await addAdmin(beta.storeId, "admin@beta.test"), A);
  otherCategoryId = uuidv7();
  otherSubId = uuidv7();
  await db.owner.insert(categories).values([
    { storeId: alpha.storeId, id: otherCategoryId, slug: "inks", nameEn: "Inks", nameAr: "أحبار" },
    {
      storeId: alpha.storeId,
      id: otherSubId,
      parentId: otherCategoryId,
      slug: "inks-sub",
      nameEn: "Ink sub",
      nameAr: "فرعي",
    },
  ]);
  png = new Uint8Array(
    await sharp({ create: { width: 40, height: 30, channels: 3, background: "#1a5276" } })
      .png()
      .toBuffer(),
  );
  jpeg = new Uint8Array(
    await sharp({ create: { width: 30, height: 40, channels: 3, background: "#aa3300" } })
      .jpeg()
      .toBuffer(),
  );
});
afterAll(async () => {
  await db.dispose();
});

describe("who may call the product pages", () => {
  it("sends anonymous visitors to sign in, refuses a shopper (403) and another store's admin", async () => {
    const anonymous = await list("", "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/login");
    expect((await list("", shopperCookie)).status).toBe(403);
    // Store B's session means nothing on store A's host: signed out there.
    expect((await list("", betaAdminCookie)).status).toBe(302);
    const before = await snapshot();
    expect((await create(VALID, [], shopperCookie)).status).toBe(403);
    expect((await edit(alpha.productId, { ...VALID, slug: "alpha-product" }, [], shopperCookie)).status).toBe(
      403,
    );
    expect((await post(alpha.productId, { intent: "delete" }, shopperCookie)).status).toBe(403);
    expect((await create(VALID, [], betaAdminCookie)).status).toBe(302);
    expect(await snapshot()).toEqual(before);
  });
});

describe("creating a product", () => {
  it("creates it with two images, the price in minor units and the slug from the English name", async () => {
    const res = await create(VALID, [
      { bytes: png, type: "image/png" },
      { bytes: jpeg, type: "image/jpeg", name: "photo.jpg" },
    ]);
    expect(res.status).toBe(302);
    expect(res.headers.get("Set-Cookie")).toContain("toast=");
    const product = (await productBySlug("ocean-blue"))!;
    expect(res.headers.get("Location")).toBe(`/admin/products/${product.id}`);
    expect(product).toMatchObject({
      nameEn: "Ocean Blue",
      nameAr: "أزرق المحيط",
      descriptionEn: "A deep blue dye.\nWashes well.",
      priceCents: 1250,
      stock: 7,
      shadeHex: "#1A5276",
      colorFamily: "blue",
      active: true,
      categoryId: null,
    });
    const gallery = await db.owner
      .select({ position: productImages.position, type: images.contentType })
      .from(productImages)
      .innerJoin(images, and(eq(images.storeId, productImages.storeId), eq(images.id, productImages.imageId)))
      .where(eq(productImages.productId, product.id))
      .orderBy(asc(productImages.position));
    expect(gallery).toEqual([
      { position: 0, type: "image/png" },
      { position: 1, type: "image/jpeg" },
    ]);
    // The storefront has it at once.
    expect(await storefrontPrice("ocean-blue")).toBe(1250);
  });

  it("numbers a suggested slug that is taken, and refuses a typed one that is (field error)", async () => {
    expect((await create(VALID)).status).toBe(302);
    expect(await productBySlug("ocean-blue-2")).not.toBeNull();
    const before = await snapshot();
    const taken = await create({ ...VALID, slug: "alpha-product" });
    expect(taken.status).toBe(400);
    expect(taken.data.result?.error?.slug).toEqual(["admin.products.errors.slugTaken"]);
    expect(await snapshot()).toEqual(before);
  });

  it("puts it in a category and sub category of this store", async () => {
    const res = await create({
      ...VALID,
      slug: "placed",
      categoryId: alpha.categoryId,
      subcategoryId: alpha.subcategoryId,
    });
    expect(res.status).toBe(302);
    expect(await productBySlug("placed")).toMatchObject({
      categoryId: alpha.categoryId,
      subcategoryId: alpha.subcategoryId,
    });
  });

  it.each([
    ["no English name", { nameEn: "" }, "nameEn", "admin.products.errors.nameEnRequired"],
    ["no Arabic name", { nameAr: "  " }, "nameAr", "admin.products.errors.nameArRequired"],
    ["markup in a name", { nameEn: "<b>x</b>" }, "nameEn", "admin.products.errors.textInvalid"],
    ["no price", { price: "" }, "price", "admin.products.errors.priceRequired"],
    ["three decimals", { price: "12.345" }, "price", "admin.products.errors.priceInvalid"],
    ["negative price", { price: "-1" }, "price", "admin.products.errors.priceNegative"],
    ["negative decimal price", { price: "-12.50" }, "price", "admin.products.errors.priceNegative"],
    ["1e9 price", { price: "1e9" }, "price", "admin.products.errors.priceInvalid"],
    ["price too high", { price: "1000001" }, "price", "admin.products.errors.priceTooHigh"],
    ["fractional stock", { stock: "1.5" }, "stock", "admin.products.errors.stockInvalid"],
    ["bad slug", { slug: "Not a slug!" }, "slug", "admin.products.errors.slugInvalid"],
    ["bad shade", { shadeHex: "red" }, "shadeHex", "admin.products.errors.shadeInvalid"],
    [
      "sub without category",
      { subcategoryId: uuidv7() },
      "subcategoryId",
      "admin.products.errors.subNeedsCategory",
    ],
    [
      "sub of another category",
      { categoryId: "OTHER", subcategoryId: "SUB" },
      "subcategoryId",
      "admin.products.errors.subNotInCategory",
    ],
    ["a sub as the category", { categoryId: "SUB" }, "categoryId", "admin.products.errors.categoryNotTop"],
    ["active not a checkbox value", { active: "yes" }, "active", "admin.products.errors.activeInvalid"],
  ])("refuses %s with a field error and writes nothing", async (_label, change, field, key) => {
    const fields: Record<string, string> = { ...VALID, slug: "refused", ...change };
    if (fields.categoryId === "OTHER") fields.categoryId = otherCategoryId;
    if (fields.subcategoryId === "SUB") fields.subcategoryId = alpha.subcategoryId;
    if (fields.categoryId === "SUB") fields.categoryId = alpha.subcategoryId;
    const before = await snapshot();
    const res = await create(fields, [{ bytes: png, type: "image/png" }]);
    expect(res.status).toBe(400);
    expect(res.data.result?.error?.[field]).toEqual([key]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses another store's category or sub category id with 404 and writes nothing", async () => {
    const before = await snapshot();
    expect((await create({ ...VALID, slug: "foreign", categoryId: beta.categoryId })).status).toBe(404);
    expect(
      (
        await create({
          ...VALID,
          slug: "foreign",
          categoryId: alpha.categoryId,
          subcategoryId: beta.subcategoryId,
        })
      ).status,
    ).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("checks images by content: a GIF named .png (415), text (415), over 5 MB (413); nothing written", async () => {
    const gif = new Uint8Array(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
        .gif()
        .toBuffer(),
    );
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(png.slice(0, 8));
    const before = await snapshot();
    for (const [bytes, status] of [
      [gif, 415],
      [new TextEncoder().encode("not an image at all"), 415],
      [big, 413],
    ] as const) {
      const res = await create({ ...VALID, slug: "with-bad-image" }, [
        { bytes: png, type: "image/png" },
        { bytes, type: "image/png", name: "sneaky.png" },
      ]);
      expect(res.status).toBe(status);
      expect(res.data.imagesError).toMatch(/^validation\.image/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers a JSON body with 415 and an unknown intent with 400", async () => {
    const json = new Request(`${A}/admin/products/new`, {
      method: "POST",
      headers: { Cookie: adminCookie, Origin: A, "Content-Type": "application/json" },
      body: "{}",
    });
    expect((await answer(() => newAction({ request: json, context: ctx, params: {} }))).status).toBe(415);
    expect((await post(alpha.productId, { intent: "nonsense" })).status).toBe(400);
  });

  it("offers this store's categories only", async () => {
    const res = await answer<{ categories: Array<{ id: string }> }>(() =>
      newLoader({
        request: new Request(`${A}/admin/products/new`, { headers: { Cookie: adminCookie } }),
        context: ctx,
        params: {},
      }),
    );
    const ids = res.data.categories.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([alpha.categoryId, alpha.subcategoryId, otherCategoryId]));
    expect(ids).not.toContain(beta.categoryId);
  });
});

describe("editing a product", () => {
  it("saves a new price that the storefront shows in its next response", async () => {
    expect(await storefrontPrice("alpha-product")).toBe(1250);
    const res = await edit(alpha.productId, {
      ...VALID,
      nameEn: "alpha red dye",
      slug: "alpha-product",
      price: "19.99",
      categoryId: alpha.categoryId,
      subcategoryId: alpha.subcategoryId,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/admin/products/${alpha.productId}`);
    expect(await storefrontPrice("alpha-product")).toBe(1999);
  });

  it("loads the form with the price in major units", async () => {
    const res = await answer<{ defaultValue: Record<string, string> }>(() =>
      editLoader({
        request: new Request(`${A}/admin/products/${alpha.productId}`, { headers: { Cookie: adminCookie } }),
        context: ctx,
        params: { id: alpha.productId },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.data.defaultValue).toMatchObject({ price: "19.99", slug: "alpha-product", active: "on" });
  });

  it("saves the tax class the form shows, and refuses an unknown one (400, nothing changed)", async () => {
    const fields = {
      ...VALID,
      nameEn: "alpha red dye",
      slug: "alpha-product",
      price: "19.99",
      categoryId: alpha.categoryId,
      subcategoryId: alpha.subcategoryId,
    };
    const classOf = async () =>
      (
        await db.owner.select({ c: products.taxClass }).from(products).where(eq(products.id, alpha.productId))
      )[0]!.c;
    expect(await classOf()).toBe("standard");
    expect((await edit(alpha.productId, { ...fields, taxClass: "zero-rated" })).status).toBe(302);
    expect(await classOf()).toBe("zero-rated");
    const form = await answer<{ defaultValue: Record<string, string> }>(() =>
      editLoader({
        request: new Request(`${A}/admin/products/${alpha.productId}`, { headers: { Cookie: adminCookie } }),
        context: ctx,
        params: { id: alpha.productId },
      }),
    );
    expect(form.data.defaultValue).toMatchObject({ taxClass: "zero-rated" });
    const bad = await edit(alpha.productId, { ...fields, price: "1.00", taxClass: "reduced" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("admin.products.errors.taxClassInvalid");
    expect(await classOf()).toBe("zero-rated");
    expect(await storefrontPrice("alpha-product")).toBe(1999);
    expect((await edit(alpha.productId, { ...fields, taxClass: "standard" })).status).toBe(302);
    expect(await classOf()).toBe("standard");
  });

  it("unticking active takes it off the storefront", async () => {
    const product = (await productBySlug("placed"))!;
    const { active: _active, ...inactive } = VALID;
    const res = await edit(product.id, { ...inactive, slug: "placed", categoryId: alpha.categoryId });
    expect(res.status).toBe(302);
    expect((await productBySlug("placed"))!.active).toBe(false);
    expect(await storefrontPrice("placed")).toBeNull();
  });

  it("answers 404 for another store's product, or no uuid, and changes nothing", async () => {
    const before = await snapshot();
    for (const id of [beta.productId, "not-a-uuid", uuidv7()]) {
      const page = await answer(() =>
        editLoader({
          request: new Request(`${A}/admin/products/${id}`, { headers: { Cookie: adminCookie } }),
          context: ctx,
          params: { id },
        }),
      );
      expect(page.status).toBe(404);
      expect((await edit(id, { ...VALID, slug: "stolen" })).status).toBe(404);
      expect((await post(id, { intent: "delete" })).status).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("keeps its own slug but refuses another product's", async () => {
    const product = (await productBySlug("ocean-blue-2"))!;
    expect((await edit(product.id, { ...VALID, slug: "ocean-blue-2" })).status).toBe(302);
    const taken = await edit(product.id, { ...VALID, slug: "ocean-blue" });
    expect(taken.status).toBe(400);
    expect(taken.data.result?.error?.slug).toEqual(["admin.products.errors.slugTaken"]);
    expect((await productBySlug("ocean-blue-2"))!.id).toBe(product.id);
  });
});

describe("a product's images", () => {
  async function gallery(productId: string) {
    return db.owner
      .select({
        id: productImages.id,
        imageId: productImages.imageId,
        altEn: productImages.altEn,
        altAr: productImages.altAr,
      })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position));
  }

  it("adds more, captions, reorders and removes them", async () => {
    const product = (await productBySlug("ocean-blue"))!;
    // The images panel's own upload; the product form's Save leaves the images alone.
    const before = await gallery(product.id);
    expect(
      (await edit(product.id, { ...VALID, slug: "ocean-blue" }, [{ bytes: png, type: "image/png" }])).status,
    ).toBe(302);
    expect(await gallery(product.id)).toEqual(before);
    expect(
      (await edit(product.id, { intent: "images-add" }, [{ bytes: png, type: "image/png" }])).status,
    ).toBe(302);
    const [first, second, third] = await gallery(product.id);
    expect(third).toBeDefined();

    const captioned = await post(product.id, {
      intent: "image-save",
      imageRowId: second!.id,
      altEn: "Swatch",
      altAr: "عينة",
    });
    expect(captioned.status).toBe(302);
    expect((await gallery(product.id))[1]).toMatchObject({ altEn: "Swatch", altAr: "عينة" });

    expect((await post(product.id, { intent: "image-up", imageRowId: second!.id })).status).toBe(302);
    expect((await gallery(product.id)).map((row) => row.id)).toEqual([second!.id, first!.id, third!.id]);
    expect((await post(product.id, { intent: "image-down", imageRowId: second!.id })).status).toBe(302);
    expect((await gallery(product.id)).map((row) => row.id)).toEqual([first!.id, second!.id, third!.id]);

    const images0 = await countOf(images);
    expect((await post(product.id, { intent: "image-remove", imageRowId: third!.id })).status).toBe(302);
    expect((await gallery(product.id)).map((row) => row.id)).toEqual([first!.id, second!.id]);
    // Its bytes went too: nothing else showed them.
    expect(await countOf(images)).toBe(images0 - 1);
  });

  it("refuses an upload without files (400), of a file that is no image (415), of another store's product (404)", async () => {
    const product = (await productBySlug("ocean-blue"))!;
    const before = await gallery(product.id);
    const none = await edit(product.id, { intent: "images-add" });
    expect(none.status).toBe(400);
    expect(none.data).toMatchObject({ imagesError: "admin.products.errors.noImagesChosen" });
    const text = new TextEncoder().encode("not an image");
    const bad = await edit(product.id, { intent: "images-add" }, [{ bytes: text, type: "image/png" }]);
    expect(bad.status).toBe(415);
    expect(bad.data).toMatchObject({ imagesError: "validation.imageType" });
    // The other store's product, by its id on this store's host: not found.
    expect(
      (await edit(beta.productId, { intent: "images-add" }, [{ bytes: png, type: "image/png" }])).status,
    ).toBe(404);
    expect(await gallery(product.id)).toEqual(before);
  });

  it("refuses another product's image row (404), bad alt text (400); nothing changes", async () => {
    const product = (await productBySlug("ocean-blue"))!;
    const other = (await productBySlug("ocean-blue-2"))!;
    const [row] = await gallery(product.id);
    const before = await gallery(product.id);
    expect((await post(other.id, { intent: "image-remove", imageRowId: row!.id })).status).toBe(404);
    expect((await post(product.id, { intent: "image-remove", imageRowId: uuidv7() })).status).toBe(404);
    const bad = await post(product.id, {
      intent: "image-save",
      imageRowId: row!.id,
      altEn: "a\u202eb",
      altAr: "",
    });
    expect(bad.status).toBe(400);
    expect(bad.data.notice?.key).toBe("admin.products.errors.altInvalid");
    expect(
      (await post(product.id, { intent: "image-save", imageRowId: "x", altEn: "", altAr: "" })).status,
    ).toBe(400);
    expect(await gallery(product.id)).toEqual(before);
  });
});

describe("the list", () => {
  it("shows this store's products with price, stock and category; filters by search, category and status", async () => {
    const all = await list();
    expect(all.status).toBe(200);
    const slugs = all.data.rows.map((row) => row.slug);
    expect(slugs).toEqual(expect.arrayContaining(["alpha-product", "ocean-blue", "placed"]));
    expect(slugs).not.toContain("beta-product");
    expect(all.data.rows.find((row) => row.slug === "alpha-product")).toMatchObject({
      priceCents: 1999,
      stock: 7,
      categoryName: "Cat › Sub",
      active: true,
    });
    // "placed" was made from the same form values: its English name is "Ocean Blue" too.
    expect((await list("?q=ocean")).data.rows.map((r) => r.slug).sort()).toEqual([
      "ocean-blue",
      "ocean-blue-2",
      "placed",
    ]);
    expect((await list("?q=%25")).data.rows).toEqual([]);
    expect((await list("?status=inactive")).data.rows.map((r) => r.slug)).toEqual(["placed"]);
    expect((await list(`?category=${alpha.subcategoryId}`)).data.rows.map((r) => r.slug)).toEqual([
      "alpha-product",
    ]);
    expect((await list(`?category=${beta.categoryId}`)).data.rows).toEqual([]);
  });

  it("sorts by price and pages with keyset cursors; a cursor of another sort or a tampered one starts over", async () => {
    const extra = Array.from({ length: 30 }, (_, i) => ({
      storeId: alpha.storeId,
      slug: `bulk-${String(i).padStart(2, "0")}`,
      nameEn: `Bulk ${i}`,
      nameAr: `كمية ${i}`,
      priceCents: 100 + (i % 5),
      stock: i,
    }));
    await db.owner.insert(products).values(extra);
    const first = await list("?sort=price&dir=asc");
    expect(first.data.rows).toHaveLength(25);
    expect(first.data.prevCursor).toBeNull();
    const prices = first.data.rows.map((r) => r.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const second = await list(`?sort=price&dir=asc&cursor=${first.data.nextCursor}`);
    const seen = new Set([...first.data.rows, ...second.data.rows].map((r) => r.id));
    expect(seen.size).toBe(first.data.rows.length + second.data.rows.length);
    expect(second.data.rows.at(-1)!.priceCents).toBeGreaterThanOrEqual(first.data.rows.at(-1)!.priceCents);
    const back = await list(`?sort=price&dir=asc&cursor=${second.data.prevCursor}`);
    expect(back.data.rows.map((r) => r.id)).toEqual(first.data.rows.map((r) => r.id));
    // Newest first by default, paging the same way.
    const newest = await list();
    const newer = await list(`?cursor=${newest.data.nextCursor}`);
    expect(newer.status).toBe(200);
    expect(new Set([...newest.data.rows, ...newer.data.rows].map((r) => r.id)).size).toBe(
      newest.data.rows.length + newer.data.rows.length,
    );
    // The price cursor under the stock sort, and garbage: the first page.
    expect((await list(`?sort=stock&dir=asc&cursor=${first.data.nextCursor}`)).data.prevCursor).toBeNull();
    expect((await list("?cursor=garbage&sort=name&dir=sideways")).status).toBe(200);
  });
});

describe("deleting a product", () => {
  it("deletes one without orders and archives one with orders, saying so", async () => {
    const plain = (await productBySlug("ocean-blue-2"))!;
    const deleted = await post(plain.id, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/admin/products");
    expect(await productBySlug("ocean-blue-2")).toBeNull();

    const ordered = (await productBySlug("ocean-blue"))!;
    const [order] = await db.owner
      .insert(orders)
      .values({
        storeId: alpha.storeId,
        userId: alpha.userId,
        number: 1,
        paymentMethod: "cod",
        currency: "USD",
        subtotalCents: 1250,
        totalCents: 1250,
        totalQuantity: 1,
        shipFullName: "S",
        shipStreetAddress: "1 St",
        shipZipCode: "1",
        shipCity: "C",
        shipEmail: "s@x.test",
        shipMobile: "1",
      })
      .returning({ id: orders.id });
    await db.owner.insert(orderItems).values({
      storeId: alpha.storeId,
      orderId: order!.id,
      productId: ordered.id,
      nameEn: ordered.nameEn,
      nameAr: ordered.nameAr,
      unitPriceCents: 1250,
      quantity: 1,
      lineTotalCents: 1250,
    });
    expect(await storefrontPrice("ocean-blue")).toBe(1250);
    const archived = await post(ordered.id, { intent: "delete" });
    expect(archived.status).toBe(302);
    expect(archived.headers.get("Location")).toBe(`/admin/products/${ordered.id}`);
    expect(decodeURIComponent(archived.headers.get("Set-Cookie") ?? "")).not.toBe("");
    expect((await productBySlug("ocean-blue"))!.active).toBe(false);
    expect(await storefrontPrice("ocean-blue")).toBeNull();
  });
});

describe("CSV export and import", () => {
  function upload(text: string | Uint8Array, name = "products.csv", type = "text/csv", cookie = adminCookie) {
    const form = new FormData();
    form.append("intent", "preview");
    form.append("file", new File([typeof text === "string" ? text : new Uint8Array(text)], name, { type }));
    return answer<FormAnswer>(() =>
      importAction({
        request: new Request(`${A}/admin/products/import`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: A },
          body: form,
        }),
        context: ctx,
        params: {},
      }),
    );
  }
  const apply = (csv: string, cookie = adminCookie) =>
    answer<FormAnswer>(() =>
      importAction({
        request: postForm(`${A}/admin/products/import`, { intent: "apply", csv }, cookie),
        context: ctx,
        params: {},
      }),
    );
  const carried = (text: string) => Buffer.from(text, "utf8").toString("base64");

  const HEADER =
    "slug,name_en,name_ar,description_en,description_ar,price,stock,category,subcategory,shade,color_family,active";
  const THREE =
    "\ufeff" +
    [
      HEADER,
      `csv-one,"Dye, one","صبغة ""واحد""","Line one\r\nline two",,9.99,3,alpha-cat,alpha-sub,#112233,red,true`,
      `csv-two,Dye two,صبغة اثنان,,,10,0,inks,,,,false`,
      `alpha-product,alpha red dye,صبغة alpha,,,21.00,5,alpha-cat,alpha-sub,#CC0000,red,yes`,
    ].join("\r\n") +
    "\r\n";

  it("exports the catalogue with a BOM, the header, Arabic text and major-unit prices", async () => {
    const res = await answer<string>(() =>
      exportLoader({
        request: new Request(`${A}/admin/products/export.csv`, { headers: { Cookie: adminCookie } }),
        context: ctx,
        params: {},
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    expect(res.headers.get("Content-Disposition")).toContain("attachment");
    const raw = (await exportLoader({
      request: new Request(`${A}/admin/products/export.csv`, { headers: { Cookie: adminCookie } }),
      context: ctx,
      params: {},
    })) as Response;
    const bytes = new Uint8Array(await raw.arrayBuffer());
    // The byte order mark Excel needs to read the file as UTF-8 (Response.text() would drop it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    // Today's product columns and the tax class (issue 35), then the variant ones (decision 027).
    expect(text.startsWith(`\ufeff${HEADER},tax_class,${VARIANT_CSV_COLUMNS.join(",")}\r\n`)).toBe(true);
    expect(text).toContain("alpha-product,alpha red dye,أزرق المحيط");
    expect(text).toContain(",19.99,7,alpha-cat,alpha-sub,#1A5276,blue,true");
    expect(text).not.toContain("beta-product");
    expect(
      (
        await answer(() =>
          exportLoader({
            request: new Request(`${A}/admin/products/export.csv`, { headers: { Cookie: shopperCookie } }),
            context: ctx,
            params: {},
          }),
        )
      ).status,
    ).toBe(403);
  });

  it("previews three rows (quotes, BOM, CRLF, Arabic) without writing, then applies them in one go", async () => {
    const before = await snapshot();
    const preview = await upload(THREE);
    expect(preview.status).toBe(200);
    expect(preview.data.preview).toMatchObject({ ok: true, invalid: 0 });
    const rows = (preview.data.preview as Extract<ImportCheck, { ok: true }>).rows;
    expect(rows.map((row) => [row.line, row.slug, row.action, row.priceCents])).toEqual([
      [2, "csv-one", "create", 999],
      [3, "csv-two", "create", 1000],
      [4, "alpha-product", "update", 2100],
    ]);
    expect(rows[0]!.nameAr).toBe('صبغة "واحد"');
    expect(await snapshot()).toEqual(before);
    // Carried without the byte order mark, which decoding took off.
    expect(preview.data.csv).toBe(carried(THREE.slice(1)));

    const applied = await apply(preview.data.csv!);
    expect(applied.status).toBe(302);
    expect(await productBySlug("csv-one")).toMatchObject({
      nameEn: "Dye, one",
      descriptionEn: "Line one\nline two",
      priceCents: 999,
      categoryId: alpha.categoryId,
      subcategoryId: alpha.subcategoryId,
      shadeHex: "#112233",
      active: true,
    });
    expect(await productBySlug("csv-two")).toMatchObject({
      categoryId: otherCategoryId,
      active: false,
      stock: 0,
    });
    // Updated by slug, keeping its id and images; the storefront has the new price at once.
    expect((await productBySlug("alpha-product"))!.id).toBe(alpha.productId);
    expect(await storefrontPrice("alpha-product")).toBe(2100);
  });

  it("shows per-row errors, offers no apply, and an apply with a bad row writes nothing (422)", async () => {
    const bad = [
      HEADER,
      "good-row,Good,جيد,,,5,1,,,,,",
      "bad-price,Bad,سيئ,,,12.345,1,,,,,",
      "bad-cat,Bad cat,فئة,,,5,1,nowhere,,,,",
      "good-row,Dup,مكرر,,,5,1,,,,,",
      "wrong-sub,Sub,فرعي,,,5,1,inks,alpha-sub,,,",
      ",,,,,,,,,,,maybe",
    ].join("\n");
    const before = await snapshot();
    const preview = await upload(bad);
    expect(preview.status).toBe(200);
    const check = preview.data.preview as Extract<ImportCheck, { ok: true }>;
    expect(check.invalid).toBe(5);
    expect(preview.data.csv).toBeNull();
    const errorsOf = (line: number) => check.rows.find((row) => row.line === line)!.errors;
    expect(errorsOf(2)).toEqual([]);
    expect(errorsOf(3)).toEqual([{ column: "price", key: "admin.products.errors.priceInvalid" }]);
    expect(errorsOf(4)).toEqual([{ column: "category", key: "admin.products.import.unknownCategory" }]);
    expect(errorsOf(5)).toEqual([{ column: "slug", key: "admin.products.import.duplicateSlug" }]);
    expect(errorsOf(6)).toEqual([{ column: "subcategory", key: "admin.products.errors.subNotInCategory" }]);
    expect(errorsOf(7).map((e) => e.column)).toEqual(
      expect.arrayContaining(["name_en", "name_ar", "price", "stock", "active"]),
    );

    const refused = await apply(carried(bad));
    expect(refused.status).toBe(422);
    expect(await productBySlug("good-row")).toBeNull();
    expect(await snapshot()).toEqual(before);
  });

  it("lists at most 200 rows of a long file, those with problems first, and counts them all", async () => {
    const lines = Array.from({ length: 300 }, (_, i) =>
      i === 289 ? `long-${i},Long ${i},طويل,,,oops,1,,,,,` : `long-${i},Long ${i},طويل,,,1.00,1,,,,,`,
    );
    const preview = await answer<
      FormAnswer & {
        counts: {
          rows: number;
          create: number;
          update: number;
          unchanged: number;
          invalid: number;
          missing: { deleted: number; deactivated: number; untouched: number };
        };
      }
    >(async () => {
      const form = new FormData();
      form.append("intent", "preview");
      form.append("file", new File([[HEADER, ...lines].join("\n")], "long.csv", { type: "text/csv" }));
      return importAction({
        request: new Request(`${A}/admin/products/import`, {
          method: "POST",
          headers: { Cookie: adminCookie, Origin: A },
          body: form,
        }),
        context: ctx,
        params: {},
      });
    });
    expect(preview.data.counts).toEqual({
      rows: 300,
      create: 300,
      update: 0,
      unchanged: 0,
      invalid: 1,
      missing: { deleted: 0, deactivated: 0, untouched: 0 },
    });
    const rows = (preview.data.preview as Extract<ImportCheck, { ok: true }>).rows;
    expect(rows).toHaveLength(200);
    expect(rows.map((row) => row.line)).toContain(291);
    expect(await productBySlug("long-0")).toBeNull();
  });

  it("refuses a missing file (400), a large one (413), a non-CSV (415) and a broken file's structure", async () => {
    const before = await snapshot();
    expect((await upload("")).status).toBe(400);
    expect((await upload(`${HEADER}\n${"x".repeat(1024 * 1024)}`)).status).toBe(413);
    expect((await upload(png, "image.png", "image/png")).status).toBe(415);
    expect((await upload(png, "sheet.csv", "text/csv")).status).toBe(415);
    expect(
      (
        await upload(
          new Uint8Array([0x50, 0x4b, 0x03, 0x04]),
          "book.xlsx",
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )
      ).status,
    ).toBe(415);
    const missing = await upload("slug,name_en\nx,y\n");
    expect(missing.status).toBe(422);
    expect((missing.data.preview as Extract<ImportCheck, { ok: false }>).fileError.key).toBe(
      "admin.products.import.missingColumns",
    );
    const unclosed = await upload(`${HEADER}\n"open,a,b`);
    expect((unclosed.data.preview as Extract<ImportCheck, { ok: false }>).fileError).toEqual({
      key: "admin.products.import.unclosedQuote",
      params: { line: 2 },
    });
    expect((await apply("not base64 !")).status).toBe(400);
    expect((await apply("")).status).toBe(400);
    expect((await upload(THREE, "products.csv", "text/csv", shopperCookie)).status).toBe(403);
    expect((await apply(carried(THREE), shopperCookie)).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("never touches another store: the same slugs there stay as they are", async () => {
    const betaBefore = await db.owner.select().from(products).where(eq(products.storeId, beta.storeId));
    const text = [HEADER, "beta-product,Taken over,استيلاء,,,1,1,,,,,"].join("\n");
    const preview = await upload(text);
    const check = preview.data.preview as Extract<ImportCheck, { ok: true }>;
    // beta's slug is new in alpha: a create in alpha, never an update of beta's row.
    expect(check.rows[0]!.action).toBe("create");
    expect((await apply(preview.data.csv!)).status).toBe(302);
    expect(await db.owner.select().from(products).where(eq(products.storeId, beta.storeId))).toEqual(
      betaBefore,
    );
  });
});
