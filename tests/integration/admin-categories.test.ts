/**
 * /admin/categories: create and edit (bilingual names, slug unique per store, parent, order,
 * image checked by content), delete (a category with products asks where they go), bad input
 * (4xx, field errors, nothing written), who may call it (a shopper 403, another store's ids 404),
 * and the storefront's category page showing a change on its next request.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, count, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, images, products, users } from "~/db/schema";
import { action as editAction, loader as editLoader } from "~/routes/admin.categories.$id";
import { action as listAction, loader as listLoader } from "~/routes/admin.categories._index";
import { loader as categoryPage } from "~/routes/categories.$slug._index";
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
const A = "http://alpha.localhost:3000";

type Reply = {
  result?: { error?: Record<string, string[]> } | null;
  imageError?: string | null;
  notice?: { key: string };
};

function multipart(
  path: string,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; type: string },
  cookie = adminCookie,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set("image", new File([new Uint8Array(file.bytes)], "cat.png", { type: file.type }));
  return new Request(`${A}${path}`, { method: "POST", headers: { Cookie: cookie, Origin: A }, body: form });
}

const save = (id: string, request: Request) =>
  answer<Reply>(() => editAction({ request, context: ctx, params: { id } }));
const remove = (fields: Record<string, string>, cookie = adminCookie) =>
  answer<Reply>(() =>
    listAction({ request: postForm(`${A}/admin/categories`, fields, cookie), context: ctx, params: {} }),
  );

const categoryCount = async (storeId: string) =>
  (await db.owner.select({ n: count() }).from(categories).where(eq(categories.storeId, storeId)))[0]!.n;
const imageCount = async () =>
  (await db.owner.select({ n: count() }).from(images).where(eq(images.storeId, alpha.storeId)))[0]!.n;
/** Store A's category with this slug. */
const bySlug = async (slug: string) =>
  (
    await db.owner
      .select()
      .from(categories)
      .where(and(eq(categories.storeId, alpha.storeId), eq(categories.slug, slug)))
  )[0];

const png = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: "#884422" } })
    .png()
    .toBuffer();

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores());
  const adminId = uuidv7();
  await db.owner.insert(users).values({
    storeId: alpha.storeId,
    id: adminId,
    email: "admin@alpha.test",
    name: "Admin",
    isAdmin: true,
  });
  adminCookie = await userCookie(alpha.storeId, adminId, A);
  shopperCookie = await userCookie(alpha.storeId, alpha.userId, A);
});
afterAll(async () => {
  await db.dispose();
});

describe("admin categories: list and form", () => {
  it("lists parents followed by their sub categories, with product counts", async () => {
    const res = await answer<{ rows: { slug: string; parentId: string | null; productCount: number }[] }>(
      () =>
        listLoader({
          request: new Request(`${A}/admin/categories`, { headers: { Cookie: adminCookie } }),
          context: ctx,
          params: {},
        }),
    );
    expect(res.data.rows.map((r) => [r.slug, r.productCount])).toEqual([
      ["alpha-cat", 1],
      ["alpha-sub", 1],
    ]);
  });

  it("loads the edit form for this store's category and 404s for another store's or a bad id", async () => {
    const get = (id: string) =>
      answer<{ category: { slug: string } | null }>(() =>
        editLoader({
          request: new Request(`${A}/admin/categories/${id}`, { headers: { Cookie: adminCookie } }),
          context: ctx,
          params: { id },
        }),
      );
    expect((await get(alpha.categoryId)).data.category?.slug).toBe("alpha-cat");
    expect((await get("new")).data.category).toBeNull();
    expect((await get(beta.categoryId)).status).toBe(404);
    expect((await get("not-a-uuid")).status).toBe(404);
  });
});

describe("admin categories: create and edit", () => {
  it("creates a category with both names and a real PNG, stored in one go", async () => {
    const before = await imageCount();
    const res = await save(
      "new",
      multipart(
        "/admin/categories/new",
        { nameEn: "Fabric Dyes", nameAr: "صبغات الأقمشة", slug: "fabric-dyes", sortOrder: "3" },
        { bytes: await png(), type: "image/png" },
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/categories");
    const row = await bySlug("fabric-dyes");
    expect(row).toMatchObject({
      storeId: alpha.storeId,
      nameAr: "صبغات الأقمشة",
      sortOrder: 3,
      parentId: null,
    });
    expect(row!.imageId).not.toBeNull();
    expect(await imageCount()).toBe(before + 1);
  });

  it("makes a slug from the English name when left empty", async () => {
    const res = await save(
      "new",
      multipart("/admin/categories/new", { nameEn: "Hair Colours & Tints", nameAr: "ألوان الشعر" }),
    );
    expect(res.status).toBe(302);
    expect(await bySlug("hair-colours-and-tints")).toBeDefined();
  });

  it("refuses a slug the store already uses (field error, 409) but allows another store's", async () => {
    const before = await categoryCount(alpha.storeId);
    const taken = await save(
      "new",
      multipart("/admin/categories/new", { nameEn: "Again", nameAr: "مرة", slug: "alpha-cat" }),
    );
    expect(taken.status).toBe(409);
    expect(taken.data.result?.error?.slug).toEqual(["admin.categories.slugTaken"]);
    expect(await categoryCount(alpha.storeId)).toBe(before);
    const other = await save(
      "new",
      multipart("/admin/categories/new", { nameEn: "Beta's", nameAr: "بيتا", slug: "beta-cat" }),
    );
    expect(other.status).toBe(302);
  });

  it("answers bad input with field errors and writes nothing (not even the image)", async () => {
    const before = { categories: await categoryCount(alpha.storeId), images: await imageCount() };
    const missing = await save(
      "new",
      multipart(
        "/admin/categories/new",
        { nameAr: "اسم", slug: "Bad Slug!" },
        { bytes: await png(), type: "image/png" },
      ),
    );
    expect(missing.status).toBe(400);
    expect(missing.data.result?.error?.nameEn).toEqual(["validation.nameEnRequired"]);
    expect(missing.data.result?.error?.slug).toEqual(["validation.slugInvalid"]);
    const order = await save(
      "new",
      multipart("/admin/categories/new", { nameEn: "Order", nameAr: "ترتيب", sortOrder: "-1" }),
    );
    expect(order.status).toBe(400);
    expect(order.data.result?.error?.sortOrder).toEqual(["validation.sortOrderInvalid"]);
    const markup = await save("new", multipart("/admin/categories/new", { nameEn: "<b>x</b>", nameAr: "س" }));
    expect(markup.status).toBe(400);
    const fake = await save(
      "new",
      multipart(
        "/admin/categories/new",
        { nameEn: "Fake", nameAr: "مزيف", slug: "fake" },
        {
          bytes: new TextEncoder().encode("not an image"),
          type: "image/png",
        },
      ),
    );
    expect(fake.status).toBe(415);
    expect(fake.data.imageError).toBe("validation.imageType");
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const huge = await save(
      "new",
      multipart(
        "/admin/categories/new",
        { nameEn: "Huge", nameAr: "ضخم" },
        { bytes: big, type: "image/png" },
      ),
    );
    expect(huge.status).toBe(413);
    // Slug taken after the image passed its checks: the image is not kept either.
    const late = await save(
      "new",
      multipart(
        "/admin/categories/new",
        { nameEn: "Late", nameAr: "متأخر", slug: "alpha-sub" },
        { bytes: await png(), type: "image/png" },
      ),
    );
    expect(late.status).toBe(409);
    expect(await categoryCount(alpha.storeId)).toBe(before.categories);
    expect(await imageCount()).toBe(before.images);
  });

  it("edits a category, makes it a sub category, and refuses a sub category or another store's category as parent", async () => {
    const fabric = (await bySlug("fabric-dyes"))!;
    const ok = await save(
      fabric.id,
      multipart(`/admin/categories/${fabric.id}`, {
        nameEn: "Fabric Dyes",
        nameAr: "صبغات",
        slug: "fabric-dyes",
        parentId: alpha.categoryId,
        removeImage: "on",
      }),
    );
    expect(ok.status).toBe(302);
    expect(await bySlug("fabric-dyes")).toMatchObject({
      parentId: alpha.categoryId,
      imageId: null,
      nameAr: "صبغات",
    });

    const hair = (await bySlug("hair-colours-and-tints"))!;
    const underSub = await save(
      hair.id,
      multipart(`/admin/categories/${hair.id}`, {
        nameEn: "Hair",
        nameAr: "شعر",
        slug: "hair",
        parentId: alpha.subcategoryId,
      }),
    );
    expect(underSub.status).toBe(400);
    expect(underSub.data.result?.error?.parentId).toEqual(["admin.categories.parentIsSub"]);
    const foreignParent = await save(
      hair.id,
      multipart(`/admin/categories/${hair.id}`, {
        nameEn: "Hair",
        nameAr: "شعر",
        slug: "hair",
        parentId: beta.categoryId,
      }),
    );
    expect(foreignParent.status).toBe(404);
    const withSubs = await save(
      alpha.categoryId,
      multipart(`/admin/categories/${alpha.categoryId}`, {
        nameEn: "Cat",
        nameAr: "فئة",
        slug: "alpha-cat",
        parentId: hair.id,
      }),
    );
    expect(withSubs.status).toBe(409);
    expect(withSubs.data.result?.error?.parentId).toEqual(["admin.categories.hasSubcategories"]);
    expect(await bySlug("hair-colours-and-tints")).toMatchObject({
      nameEn: "Hair Colours & Tints",
      parentId: null,
    });
  });

  it("404s another store's category in the path and changes nothing there", async () => {
    const res = await save(
      beta.categoryId,
      multipart(`/admin/categories/${beta.categoryId}`, { nameEn: "Taken over", nameAr: "س", slug: "taken" }),
    );
    expect(res.status).toBe(404);
    expect(
      (await db.owner.select().from(categories).where(eq(categories.id, beta.categoryId)))[0]!.nameEn,
    ).toBe("Cat");
  });

  it("refuses a shopper (403) and sends anonymous visitors to sign in", async () => {
    const before = await categoryCount(alpha.storeId);
    const shopper = await save(
      "new",
      multipart("/admin/categories/new", { nameEn: "Shop", nameAr: "س" }, undefined, shopperCookie),
    );
    expect(shopper.status).toBe(403);
    const anonymous = await save(
      "new",
      multipart("/admin/categories/new", { nameEn: "Anon", nameAr: "س" }, undefined, ""),
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/login");
    expect((await remove({ intent: "delete", categoryId: alpha.categoryId }, shopperCookie)).status).toBe(
      403,
    );
    expect(await categoryCount(alpha.storeId)).toBe(before);
  });

  it("shows a renamed category on the storefront's next request", async () => {
    const page = async () =>
      answer<{ kind: string; category?: { name: string } }>(() =>
        categoryPage({
          request: new Request(`${A}/categories/alpha-cat`),
          context: ctx,
          params: { slug: "alpha-cat" },
        }),
      );
    expect((await page()).data.category?.name).toBe("Cat");
    const res = await save(
      alpha.categoryId,
      multipart(`/admin/categories/${alpha.categoryId}`, {
        nameEn: "Natural Dyes",
        nameAr: "صبغات طبيعية",
        slug: "alpha-cat",
      }),
    );
    expect(res.status).toBe(302);
    expect((await page()).data.category?.name).toBe("Natural Dyes");
  });
});

describe("admin categories: delete", () => {
  const productRow = async (id: string) =>
    (await db.owner.select().from(products).where(eq(products.id, id)))[0]!;

  it("asks where the products go before deleting a category that has some", async () => {
    const res = await remove({ intent: "delete", categoryId: alpha.categoryId });
    expect(res.status).toBe(409);
    expect(res.data.notice?.key).toBe("admin.categories.chooseTarget");
    expect(await bySlug("alpha-cat")).toBeDefined();
  });

  it("refuses another store's category or target (404) and a target deleted with it (409)", async () => {
    expect(
      (await remove({ intent: "delete", categoryId: beta.categoryId, moveToCategoryId: "none" })).status,
    ).toBe(404);
    expect(
      (await remove({ intent: "delete", categoryId: alpha.categoryId, moveToCategoryId: beta.categoryId }))
        .status,
    ).toBe(404);
    const inside = await remove({
      intent: "delete",
      categoryId: alpha.categoryId,
      moveToCategoryId: alpha.subcategoryId,
    });
    expect(inside.status).toBe(409);
    expect((await remove({ intent: "delete", categoryId: "nope" })).status).toBe(400);
    expect(await categoryCount(beta.storeId)).toBe(2);
    expect(await bySlug("alpha-sub")).toBeDefined();
  });

  it("deletes a sub category, moving its products to another category", async () => {
    const hair = (await bySlug("hair-colours-and-tints"))!;
    const res = await remove({
      intent: "delete",
      categoryId: alpha.subcategoryId,
      moveToCategoryId: hair.id,
    });
    expect(res.status).toBe(302);
    expect(await bySlug("alpha-sub")).toBeUndefined();
    expect(await productRow(alpha.productId)).toMatchObject({ categoryId: hair.id, subcategoryId: null });
  });

  it("deletes a top-level category with its sub categories, its products left without one", async () => {
    const hair = (await bySlug("hair-colours-and-tints"))!;
    const sub = await save(
      "new",
      multipart("/admin/categories/new", {
        nameEn: "Tints",
        nameAr: "صبغات",
        slug: "tints",
        parentId: hair.id,
      }),
    );
    expect(sub.status).toBe(302);
    const tints = (await bySlug("tints"))!;
    await db.owner.update(products).set({ subcategoryId: tints.id }).where(eq(products.id, alpha.productId));
    const res = await remove({ intent: "delete", categoryId: hair.id, moveToCategoryId: "none" });
    expect(res.status).toBe(302);
    expect(
      await db.owner
        .select()
        .from(categories)
        .where(inArray(categories.id, [hair.id, tints.id])),
    ).toEqual([]);
    expect(await productRow(alpha.productId)).toMatchObject({ categoryId: null, subcategoryId: null });
  });

  it("deletes an empty category without asking", async () => {
    const empty = (await bySlug("beta-cat"))!;
    expect(empty.storeId).toBe(alpha.storeId);
    expect((await remove({ intent: "delete", categoryId: empty.id })).status).toBe(302);
    expect(await db.owner.select().from(categories).where(eq(categories.id, empty.id))).toEqual([]);
  });
});
