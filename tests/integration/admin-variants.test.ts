/**
 * The admin's options and variants (issue 19 item 5) through /admin/products/:id and /new on a
 * real database (PGlite; PostgreSQL with TEST_DATABASE_URL): options and their values added,
 * renamed, moved and removed; combinations generated (at most 100); each variant's SKU, price,
 * stock, image and active flag; bulk price and stock; a variant in an order never deleted, only
 * deactivated; every bad input a 4xx with its message and nothing changed; another store's
 * variant, option, value and image ids "not found". The product row's price and stock stay the
 * database's summary of the variants, the list's low-stock filter and the dashboard's tile count
 * variants, the sales report breaks a product down by variant, and the storefront offers what
 * the admin made.
 */
import { createHash } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { and, asc, count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cartItems,
  images,
  orderItems,
  orders,
  productImages,
  productOptions,
  productOptionValues,
  products,
  productVariants,
  users,
} from "~/db/schema";
import { listIntent } from "~/lib/form-value";
import { action as editAction, loader as editLoader } from "~/routes/admin.products.$id";
import { loader as listLoader } from "~/routes/admin.products._index";
import { action as newAction } from "~/routes/admin.products.new";
import { loader as productPageLoader } from "~/routes/products.$slug";
import type { AdminProductRow } from "~/services/catalog/products-admin.server";
import type { ProductDetail } from "~/services/catalog/products.server";
import { parseCsv } from "~/lib/csv";
import { salesReportCsv } from "~/services/reports/report-csv.server";
import { salesReport, todoCounts } from "~/services/reports/reports.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: AppLoadContext;
let adminCookie: string;
let shopperCookie: string;
let betaAdminCookie: string;
const A = "http://alpha.localhost:3000";

type Fields = Record<string, string> | Array<[string, string]>;
type Answer = {
  form?: string;
  result?: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> } | null;
  notice?: { key: string; params?: Record<string, string | number> } | null;
};

function request(path: string, fields: Fields, cookie = adminCookie): Request {
  const body = new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields));
  return new Request(`${A}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: A, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
}

const post = (id: string, fields: Fields, cookie = adminCookie) =>
  answer<Answer>(() =>
    editAction({ request: request(`/admin/products/${id}`, fields, cookie), context: ctx, params: { id } }),
  );

async function load(id: string) {
  const res = await answer<Awaited<ReturnType<typeof editLoader>>>(() =>
    editLoader({
      request: new Request(`${A}/admin/products/${id}`, { headers: { Cookie: adminCookie } }),
      context: ctx,
      params: { id },
    }),
  );
  expect(res.status).toBe(200);
  return res.data;
}

interface OptionSpec {
  id?: string;
  nameEn: string;
  nameAr: string;
  values: { id?: string; valueEn: string; valueAr: string }[];
}

/** The options form as the browser posts it. */
function optionsFields(options: OptionSpec[], extra: Array<[string, string]> = []): Array<[string, string]> {
  const fields: Array<[string, string]> = [["intent", "save-options"]];
  options.forEach((option, i) => {
    if (option.id) fields.push([`options[${i}].id`, option.id]);
    fields.push([`options[${i}].nameEn`, option.nameEn], [`options[${i}].nameAr`, option.nameAr]);
    option.values.forEach((value, j) => {
      if (value.id) fields.push([`options[${i}].values[${j}].id`, value.id]);
      fields.push([`options[${i}].values[${j}].valueEn`, value.valueEn]);
      fields.push([`options[${i}].values[${j}].valueAr`, value.valueAr]);
    });
  });
  return [...fields, ...extra];
}

/** The options as the database has them, as the options form would post them back. */
async function currentOptions(productId: string): Promise<OptionSpec[]> {
  const data = await load(productId);
  return data.variants.options.map((option) => ({
    id: option.id,
    nameEn: option.nameEn,
    nameAr: option.nameAr,
    values: option.values.map((value) => ({ ...value })),
  }));
}

interface VariantRow {
  id: string;
  sku: string;
  price: string;
  stock: string;
  imageId: string;
  active: boolean;
}

/** The variants table as the loader fills it (the form's start values). */
async function currentRows(productId: string): Promise<VariantRow[]> {
  const data = await load(productId);
  return (data.variantsValue.variants as Array<Omit<VariantRow, "active"> & { active?: string }>).map(
    (row) => ({
      ...row,
      active: row.active === "on",
    }),
  );
}

function variantsFields(rows: VariantRow[]): Array<[string, string]> {
  const fields: Array<[string, string]> = [["intent", "save-variants"]];
  rows.forEach((row, i) => {
    fields.push(
      [`variants[${i}].id`, row.id],
      [`variants[${i}].sku`, row.sku],
      [`variants[${i}].price`, row.price],
      [`variants[${i}].stock`, row.stock],
      [`variants[${i}].imageId`, row.imageId],
    );
    if (row.active) fields.push([`variants[${i}].active`, "on"]);
  });
  return fields;
}

async function variantsOf(productId: string) {
  return db.owner
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

async function summaryOf(productId: string) {
  const [row] = await db.owner
    .select({ price: products.priceCents, stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row!;
}

/** Everything a refused request must leave as it was (alpha's and beta's variant tables). */
async function snapshot() {
  const rows = async (storeId: string) => ({
    options: await db.owner
      .select()
      .from(productOptions)
      .where(eq(productOptions.storeId, storeId))
      .orderBy(asc(productOptions.id)),
    values: await db.owner
      .select()
      .from(productOptionValues)
      .where(eq(productOptionValues.storeId, storeId))
      .orderBy(asc(productOptionValues.id)),
    variants: await db.owner
      .select()
      .from(productVariants)
      .where(eq(productVariants.storeId, storeId))
      .orderBy(asc(productVariants.id)),
    products: await db.owner
      .select({ id: products.id, price: products.priceCents, stock: products.stock })
      .from(products)
      .where(eq(products.storeId, storeId))
      .orderBy(asc(products.id)),
  });
  return { alpha: await rows(alpha.storeId), beta: await rows(beta.storeId) };
}

async function makeProduct(
  slug: string,
  priceCents = 1000,
  stock = 4,
  storeId = alpha.storeId,
): Promise<string> {
  const id = uuidv7();
  await db.owner
    .insert(products)
    .values({ storeId, id, slug, nameEn: `Dye ${slug}`, nameAr: `صبغة ${slug}`, priceCents, stock });
  return id;
}

async function addImage(productId: string, storeId = alpha.storeId): Promise<string> {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#884422" } })
    .png()
    .toBuffer();
  const imageId = uuidv7();
  await db.owner.insert(images).values({
    storeId,
    id: imageId,
    contentType: "image/png",
    bytes,
    byteSize: bytes.length,
    width: 8,
    height: 8,
    sha256: createHash("sha256").update(bytes).digest("hex"),
  });
  await db.owner.insert(productImages).values({ storeId, productId, imageId, position: 0 });
  return imageId;
}

let orderNumber = 100;
/** An order with one line for `variantId` (a confirmed sale, placed now). */
async function orderVariant(productId: string, variantId: string, options: unknown[] = [], quantity = 1) {
  orderNumber += 1;
  const [order] = await db.owner
    .insert(orders)
    .values({
      storeId: alpha.storeId,
      userId: alpha.userId,
      number: orderNumber,
      status: "confirmed",
      paymentMethod: "cod",
      currency: "USD",
      subtotalCents: 1000 * quantity,
      totalCents: 1000 * quantity,
      totalQuantity: quantity,
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
    productId,
    variantId,
    nameEn: "Dye",
    nameAr: "صبغة",
    unitPriceCents: 1000,
    quantity,
    lineTotalCents: 1000 * quantity,
    sku: null,
    options: options as never,
  });
}

const SIZES: OptionSpec = {
  nameEn: "Size",
  nameAr: "الحجم",
  values: [
    { valueEn: "50 g", valueAr: "50 غ" },
    { valueEn: "250 g", valueAr: "250 غ" },
    { valueEn: "1 kg", valueAr: "1 كغ" },
  ],
};

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores());
  const admin = uuidv7();
  const betaAdmin = uuidv7();
  await db.owner.insert(users).values([
    { storeId: alpha.storeId, id: admin, email: "admin@alpha.test", name: "Admin", isAdmin: true },
    { storeId: beta.storeId, id: betaAdmin, email: "admin@beta.test", name: "Admin", isAdmin: true },
  ]);
  adminCookie = await userCookie(alpha.storeId, admin, A);
  shopperCookie = await userCookie(alpha.storeId, alpha.userId, A);
  betaAdminCookie = await userCookie(beta.storeId, betaAdmin, A);
});
afterAll(async () => {
  await db.dispose();
});

describe("options and generated variants", () => {
  let productId: string;

  it("adds a Size option with three values: the one variant becomes 50 g, keeping its id, price and stock", async () => {
    productId = await makeProduct("sized", 1200, 9);
    const before = await load(productId);
    expect(before.mode).toBe("simple");
    expect(before.defaultValue).toMatchObject({ price: "12.00", stock: "9" });

    const res = await post(productId, optionsFields([SIZES]));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/admin/products/${productId}#variants`);
    const data = await load(productId);
    expect(data.mode).toBe("variants");
    // No price or stock on the product form any more: the variants table has them.
    expect(data.defaultValue).not.toHaveProperty("price");
    expect(data.variants.options).toHaveLength(1);
    expect(data.variants.options[0]!.values.map((v) => v.valueEn)).toEqual(["50 g", "250 g", "1 kg"]);
    expect(data.variants.combinations).toBe(3);
    const [only, ...rest] = await variantsOf(productId);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ id: productId, priceCents: 1200, stock: 9, active: true });
    expect(only!.option1ValueId).toBe(data.variants.options[0]!.values[0]!.id);
  });

  it("generates the two missing combinations at the product's price with no stock, then nothing more", async () => {
    const res = await post(productId, { intent: "generate-variants" });
    expect(res.status).toBe(302);
    const rows = await variantsOf(productId);
    const { options } = (await load(productId)).variants;
    expect(rows.map((row) => row.option1ValueId)).toEqual(options[0]!.values.map((v) => v.id));
    expect(rows.map((row) => [row.priceCents, row.stock, row.position])).toEqual([
      [1200, 9, 0],
      [1200, 0, 1],
      [1200, 0, 2],
    ]);
    expect(rows[0]!.id).toBe(productId);
    const again = await post(productId, { intent: "generate-variants" });
    expect(again.status).toBe(302);
    expect(await variantsOf(productId)).toHaveLength(3);
  });

  it("edits each variant's SKU, price, stock, image and active flag; the product row summarises them", async () => {
    const imageId = await addImage(productId);
    const rows = await currentRows(productId);
    rows[0] = { ...rows[0]!, sku: "SIZED-50", price: "12.00", stock: "9" };
    rows[1] = { ...rows[1]!, sku: "SIZED-250", price: "39.50", stock: "4", imageId };
    rows[2] = { ...rows[2]!, sku: "SIZED-1KG", price: "9.99", stock: "2", active: false };
    const res = await post(productId, variantsFields(rows));
    expect(res.status).toBe(302);
    expect(
      (await variantsOf(productId)).map((v) => [v.sku, v.priceCents, v.stock, v.imageId, v.active]),
    ).toEqual([
      ["SIZED-50", 1200, 9, null, true],
      ["SIZED-250", 3950, 4, imageId, true],
      ["SIZED-1KG", 999, 2, null, false],
    ]);
    // Lowest price and total stock of the variants on sale (the inactive 1 kg counts for neither).
    expect(await summaryOf(productId)).toEqual({ price: 1200, stock: 13 });
  });

  it("the storefront offers the three sizes, the inactive one as sold out", async () => {
    // 1 kg back on sale with stock.
    const rows = await currentRows(productId);
    rows[2] = { ...rows[2]!, active: true, stock: "3" };
    expect((await post(productId, variantsFields(rows))).status).toBe(302);
    const page = await answer<{ product: ProductDetail }>(() =>
      productPageLoader({
        request: new Request(`${A}/products/sized`),
        context: ctx,
        params: { slug: "sized" },
      }),
    );
    expect(page.status).toBe(200);
    expect(page.data.product.options).toHaveLength(1);
    expect(page.data.product.options[0]!.values.map((v) => [v.label, v.soldOut])).toEqual([
      ["50 g", false],
      ["250 g", false],
      ["1 kg", false],
    ]);
    expect(page.data.product.variants).toHaveLength(3);
  });

  it("refuses a SKU another variant of the store has (field error), allows one only another store has", async () => {
    const other = await makeProduct("other-sku", 500, 1);
    await db.owner.update(productVariants).set({ sku: "TAKEN-1" }).where(eq(productVariants.id, other));
    await db.owner
      .update(productVariants)
      .set({ sku: "BETA-ONLY" })
      .where(eq(productVariants.id, beta.productId));
    const before = await snapshot();
    const rows = await currentRows(productId);
    const taken = await post(productId, variantsFields([{ ...rows[0]!, sku: "TAKEN-1" }, ...rows.slice(1)]));
    expect(taken.status).toBe(400);
    expect(taken.data.result?.error?.["variants[0].sku"]).toEqual(["adminVariants.errors.skuTaken"]);
    // The same SKU twice in one form: the second row is told.
    const twice = await post(
      productId,
      variantsFields([rows[0]!, { ...rows[1]!, sku: rows[0]!.sku }, rows[2]!]),
    );
    expect(twice.status).toBe(400);
    expect(twice.data.result?.error?.["variants[1].sku"]).toEqual(["adminVariants.errors.skuTaken"]);
    expect(await snapshot()).toEqual(before);
    // Unique per store: beta's SKU is free in alpha. Two rows swapping their SKUs is fine too.
    const swapped = [
      { ...rows[0]!, sku: rows[1]!.sku },
      { ...rows[1]!, sku: rows[0]!.sku },
      { ...rows[2]!, sku: "BETA-ONLY" },
    ];
    expect((await post(productId, variantsFields(swapped))).status).toBe(302);
    expect((await variantsOf(productId)).map((v) => v.sku)).toEqual(["SIZED-250", "SIZED-50", "BETA-ONLY"]);
  });

  it("sets one price for all variants and one stock for the ticked ones", async () => {
    const all = await post(productId, { intent: "bulk-price", scope: "all", price: "15.00", stock: "" });
    expect(all.status).toBe(302);
    expect((await variantsOf(productId)).map((v) => v.priceCents)).toEqual([1500, 1500, 1500]);
    const [first, , third] = await variantsOf(productId);
    const some = await post(productId, [
      ["intent", "bulk-stock"],
      ["scope", "selected"],
      ["variantIds", first!.id],
      ["variantIds", third!.id],
      ["price", ""],
      ["stock", "7"],
    ]);
    expect(some.status).toBe(302);
    expect((await variantsOf(productId)).map((v) => v.stock)).toEqual([7, 4, 7]);
    expect(await summaryOf(productId)).toEqual({ price: 1500, stock: 18 });
  });

  it("moves a value: the variants keep their values, in the new order", async () => {
    const [size] = await currentOptions(productId);
    const ids = size!.values.map((v) => v.id);
    const moved = { ...size!, values: [size!.values[2]!, size!.values[0]!, size!.values[1]!] };
    expect((await post(productId, optionsFields([moved]))).status).toBe(302);
    const [after] = await currentOptions(productId);
    expect(after!.values.map((v) => v.id)).toEqual([ids[2], ids[0], ids[1]]);
    // Positions follow the values' order (the product page lists them so).
    expect((await variantsOf(productId)).map((v) => v.option1ValueId)).toEqual([ids[2], ids[0], ids[1]]);
  });
});

describe("two options, merged and removed", () => {
  let productId: string;
  let sizeIds: string[];

  it("adds a second option (every variant takes its first value), generates the rest, moves options", async () => {
    productId = await makeProduct("two-options", 2000, 5);
    expect(
      (await post(productId, optionsFields([{ ...SIZES, values: SIZES.values.slice(0, 2) }]))).status,
    ).toBe(302);
    expect((await post(productId, { intent: "generate-variants" })).status).toBe(302);
    const [size] = await currentOptions(productId);
    sizeIds = size!.values.map((v) => v.id!);
    const finish: OptionSpec = {
      nameEn: "Finish",
      nameAr: "اللمسة",
      values: [
        { valueEn: "Matte", valueAr: "مطفأ" },
        { valueEn: "Shimmer", valueAr: "لامع" },
      ],
    };
    expect((await post(productId, optionsFields([size!, finish]))).status).toBe(302);
    let [, fin] = await currentOptions(productId);
    const matte = fin!.values[0]!.id!;
    expect((await variantsOf(productId)).map((v) => [v.option1ValueId, v.option2ValueId])).toEqual([
      [sizeIds[0], matte],
      [sizeIds[1], matte],
    ]);
    expect((await post(productId, { intent: "generate-variants" })).status).toBe(302);
    expect(await variantsOf(productId)).toHaveLength(4);
    // Finish first, Size second: each variant's values follow their options.
    const before = await variantsOf(productId);
    const [s, f] = await currentOptions(productId);
    expect((await post(productId, optionsFields([f!, s!]))).status).toBe(302);
    const after = await currentOptions(productId);
    expect(after.map((o) => o.nameEn)).toEqual(["Finish", "Size"]);
    const byId = new Map((await variantsOf(productId)).map((v) => [v.id, v]));
    for (const variant of before) {
      expect([byId.get(variant.id)!.option1ValueId, byId.get(variant.id)!.option2ValueId]).toEqual([
        variant.option2ValueId,
        variant.option1ValueId,
      ]);
    }
    [fin] = after;
    expect(fin!.values[0]!.id).toBe(matte);
  });

  it("refuses to remove a value used by an ordered variant (409, nothing changed), removes an unused one", async () => {
    const [fin, size] = await currentOptions(productId);
    const shimmer = fin!.values[1]!;
    const ordered = (await variantsOf(productId)).find((v) => v.option1ValueId === shimmer.id)!;
    await orderVariant(productId, ordered.id);
    const before = await snapshot();
    const refused = await post(productId, optionsFields([{ ...fin!, values: [fin!.values[0]!] }, size!]));
    expect(refused.status).toBe(409);
    expect(refused.data.notice).toEqual({
      key: "adminVariants.errors.orderedValue",
      params: { value: "Shimmer" },
    });
    // The form comes back as it was sent.
    expect(refused.data.result?.initialValue).toBeTruthy();
    expect(await snapshot()).toEqual(before);
    // The 250 g size has an unordered Matte variant and the ordered Shimmer one: refused too.
    const big = size!.values.find((v) => v.id === ordered.option2ValueId)!;
    const alsoRefused = await post(
      productId,
      optionsFields([fin!, { ...size!, values: size!.values.filter((v) => v !== big) }]),
    );
    expect(alsoRefused.status).toBe(409);
    expect(alsoRefused.data.notice?.params).toEqual({ value: big.valueEn });
    expect(await snapshot()).toEqual(before);
  });

  it("removing an option keeps one variant per remaining combination, the ordered one first", async () => {
    const [fin, size] = await currentOptions(productId);
    const orderedIds = new Set(
      (
        await db.owner
          .select({ id: orderItems.variantId })
          .from(orderItems)
          .where(eq(orderItems.productId, productId))
      ).map((row) => row.id),
    );
    // Removing Size would merge the ordered Shimmer/250 g with Shimmer/50 g: the ordered one stays.
    expect((await post(productId, optionsFields([fin!]))).status).toBe(302);
    const left = await variantsOf(productId);
    expect(left).toHaveLength(2);
    expect(left.map((v) => [v.option1ValueId, v.option2ValueId])).toEqual([
      [fin!.values[0]!.id, null],
      [fin!.values[1]!.id, null],
    ]);
    expect(left.some((v) => orderedIds.has(v.id))).toBe(true);
    expect((await currentOptions(productId)).map((o) => o.nameEn)).toEqual(["Finish"]);
    expect(size).toBeDefined();
  });

  it("refuses to remove the last option when that would delete an ordered variant", async () => {
    // Matte and the ordered Shimmer: merging them would delete one. The ordered one is kept, so
    // the other (Matte, never ordered) goes: allowed. Order Matte too and it is refused.
    const [matte] = await variantsOf(productId);
    await orderVariant(productId, matte!.id);
    const before = await snapshot();
    const refused = await post(productId, optionsFields([]));
    expect(refused.status).toBe(409);
    expect(refused.data.notice).toEqual({
      key: "adminVariants.errors.orderedOption",
      params: { option: "Finish" },
    });
    expect(await snapshot()).toEqual(before);
  });

  it("removing every option leaves one variant under the product's id", async () => {
    const id = await makeProduct("back-to-one", 800, 2);
    expect((await post(id, optionsFields([SIZES]))).status).toBe(302);
    expect((await post(id, { intent: "generate-variants" })).status).toBe(302);
    const [size] = await currentOptions(id);
    // 50 g (the product-id variant) removed: its variant goes, 250 g and 1 kg stay.
    expect((await post(id, optionsFields([{ ...size!, values: size!.values.slice(1) }]))).status).toBe(302);
    expect((await variantsOf(id)).map((v) => v.id)).not.toContain(id);
    await db.owner.insert(cartItems).values({
      storeId: alpha.storeId,
      userId: alpha.userId,
      productId: id,
      variantId: (await variantsOf(id))[0]!.id,
      quantity: 2,
    });
    expect((await post(id, optionsFields([]))).status).toBe(302);
    const [only, ...none] = await variantsOf(id);
    expect(none).toEqual([]);
    expect(only).toMatchObject({ id, option1ValueId: null, option2ValueId: null, option3ValueId: null });
    // The shopper's cart line followed it.
    const lines = await db.owner.select().from(cartItems).where(eq(cartItems.productId, id));
    expect(lines.map((line) => [line.variantId, line.quantity])).toEqual([[id, 2]]);
    expect((await load(id)).mode).toBe("simple");
  });
});

describe("deleting and deactivating a variant", () => {
  it("deletes one no order has; refuses one in an order (409) and deactivates it instead", async () => {
    const id = await makeProduct("deletable", 1000, 3);
    expect((await post(id, optionsFields([SIZES]))).status).toBe(302);
    expect((await post(id, { intent: "generate-variants" })).status).toBe(302);
    const [small, medium, large] = await variantsOf(id);
    await orderVariant(id, small!.id);
    const deleted = await post(id, { intent: "variant-delete", variantId: medium!.id });
    expect(deleted.status).toBe(302);
    expect((await variantsOf(id)).map((v) => v.id)).toEqual([small!.id, large!.id]);

    const before = await snapshot();
    const refused = await post(id, { intent: "variant-delete", variantId: small!.id });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      form: "variant",
      notice: { key: "adminVariants.errors.orderedVariant" },
    });
    expect(await snapshot()).toEqual(before);

    expect((await post(id, { intent: "variant-deactivate", variantId: small!.id })).status).toBe(302);
    expect((await variantsOf(id)).find((v) => v.id === small!.id)!.active).toBe(false);
    expect(await summaryOf(id)).toEqual({ price: 1000, stock: 0 });
    expect((await post(id, { intent: "variant-activate", variantId: small!.id })).status).toBe(302);
    expect(await summaryOf(id)).toEqual({ price: 1000, stock: 3 });
    // The product's last variant is never deleted.
    expect((await post(id, { intent: "variant-delete", variantId: large!.id })).status).toBe(302);
    const single = await makeProduct("single", 100, 1);
    const last = await post(single, { intent: "variant-delete", variantId: single });
    expect(last.status).toBe(409);
    expect(last.data.notice?.key).toBe("adminVariants.errors.lastVariant");
  });
});

describe("at most 100 variants", () => {
  const values = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => ({ valueEn: `${prefix}${i}`, valueAr: `${prefix}${i}` }));

  it("generates exactly 100 combinations, and refuses options that make more", async () => {
    const id = await makeProduct("hundred", 500, 1);
    const two = [
      { nameEn: "A", nameAr: "أ", values: values(10, "a") },
      { nameEn: "B", nameAr: "ب", values: values(10, "b") },
    ];
    expect((await post(id, optionsFields(two))).status).toBe(302);
    expect((await post(id, { intent: "generate-variants" })).status).toBe(302);
    expect(await variantsOf(id)).toHaveLength(100);
    const before = await snapshot();
    const [a, b] = await currentOptions(id);
    const more = await post(
      id,
      optionsFields([a!, { ...b!, values: [...b!.values, { valueEn: "b10", valueAr: "b10" }] }]),
    );
    expect(more.status).toBe(400);
    expect(more.data.result?.error?.[""]).toEqual(["adminVariants.errors.tooManyCombinations"]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses to generate past 100 with the count (422), writing nothing", async () => {
    // Options the form could not make (written directly): 11 × 10.
    const id = await makeProduct("too-many", 500, 1);
    for (const [position, n] of [
      [1, 11],
      [2, 10],
    ] as const) {
      const optionId = uuidv7();
      await db.owner.insert(productOptions).values({
        storeId: alpha.storeId,
        id: optionId,
        productId: id,
        position,
        nameEn: `O${position}`,
        nameAr: `خ${position}`,
      });
      await db.owner.insert(productOptionValues).values(
        values(n, `v${position}-`).map((value, i) => ({
          storeId: alpha.storeId,
          optionId,
          position: i,
          ...value,
        })),
      );
    }
    const before = await snapshot();
    const res = await post(id, { intent: "generate-variants" });
    expect(res.status).toBe(422);
    expect(res.data.notice).toEqual({ key: "adminVariants.errors.tooManyVariants", params: { count: 110 } });
    expect(await snapshot()).toEqual(before);
  });
});

describe("bad input: a 4xx with its message, nothing changed", () => {
  let id: string;
  let rows: VariantRow[];
  let options: OptionSpec[];

  beforeAll(async () => {
    id = await makeProduct("bad-input", 1000, 3);
    await post(id, optionsFields([SIZES]));
    await post(id, { intent: "generate-variants" });
    rows = await currentRows(id);
    options = await currentOptions(id);
  });

  const E = (key: string) => `adminVariants.errors.${key}`;
  const option = (change: Partial<OptionSpec>) => [{ ...options[0]!, ...change }];
  const value = (change: Record<string, string>) => [
    { ...options[0]!, values: [{ ...options[0]!.values[0]!, ...change }, ...options[0]!.values.slice(1)] },
  ];

  it.each([
    [
      "no English option name",
      () => optionsFields(option({ nameEn: " " })),
      "options[0].nameEn",
      E("nameEnRequired"),
    ],
    [
      "no Arabic option name",
      () => optionsFields(option({ nameAr: "" })),
      "options[0].nameAr",
      E("nameArRequired"),
    ],
    [
      "markup in a name",
      () => optionsFields(option({ nameEn: "<b>x</b>" })),
      "options[0].nameEn",
      E("textInvalid"),
    ],
    [
      "a name too long",
      () => optionsFields(option({ nameEn: "x".repeat(41) })),
      "options[0].nameEn",
      E("tooLong"),
    ],
    [
      "an empty value",
      () => optionsFields(value({ valueEn: "" })),
      "options[0].values[0].valueEn",
      E("valueEnRequired"),
    ],
    [
      "a bidi override",
      () => optionsFields(value({ valueAr: "a\u202eb" })),
      "options[0].values[0].valueAr",
      E("textInvalid"),
    ],
    [
      "two values alike",
      () => optionsFields(value({ valueEn: "250 G" })),
      "options[0].values[1].valueEn",
      E("duplicateValue"),
    ],
    [
      "an option without values",
      () => optionsFields([{ ...options[0]!, values: [] }]),
      "options[0].values",
      E("needsValue"),
    ],
    [
      "two options alike",
      () =>
        optionsFields([
          options[0]!,
          { nameEn: "size", nameAr: "مقاس", values: [{ valueEn: "x", valueAr: "س" }] },
        ]),
      "options[1].nameEn",
      E("duplicateOption"),
    ],
    [
      "four options",
      () =>
        optionsFields([
          options[0]!,
          ...[1, 2, 3].map((n) => ({
            nameEn: `O${n}`,
            nameAr: `خ${n}`,
            values: [{ valueEn: "x", valueAr: "س" }],
          })),
        ]),
      "options",
      E("tooManyOptions"),
    ],
    [
      "a price with three decimals",
      () => variantsFields([{ ...rows[0]!, price: "1.234" }]),
      "variants[0].price",
      E("priceInvalid"),
    ],
    ["no price", () => variantsFields([{ ...rows[0]!, price: "" }]), "variants[0].price", E("priceRequired")],
    [
      "a price too high",
      () => variantsFields([{ ...rows[0]!, price: "1000001" }]),
      "variants[0].price",
      E("priceTooHigh"),
    ],
    [
      "a negative price",
      () => variantsFields([{ ...rows[0]!, price: "-5" }]),
      "variants[0].price",
      E("priceNegative"),
    ],
    [
      "negative stock",
      () => variantsFields([{ ...rows[0]!, stock: "-1" }]),
      "variants[0].stock",
      E("stockInvalid"),
    ],
    [
      "1e9 stock",
      () => variantsFields([{ ...rows[0]!, stock: "1e9" }]),
      "variants[0].stock",
      E("stockInvalid"),
    ],
    [
      "a SKU with spaces",
      () => variantsFields([{ ...rows[0]!, sku: "A B" }]),
      "variants[0].sku",
      E("skuInvalid"),
    ],
    [
      "a SKU with markup",
      () => variantsFields([{ ...rows[0]!, sku: "<b>" }]),
      "variants[0].sku",
      E("skuInvalid"),
    ],
    [
      "a variant id that is no uuid",
      () => variantsFields([{ ...rows[0]!, id: "x" }]),
      "variants[0].id",
      E("badRequest"),
    ],
    [
      "bulk price without a price",
      () =>
        [
          ["intent", "bulk-price"],
          ["scope", "all"],
          ["price", ""],
        ] as Array<[string, string]>,
      "price",
      E("priceRequired"),
    ],
    [
      "bulk stock that is no number",
      () =>
        [
          ["intent", "bulk-stock"],
          ["scope", "all"],
          ["stock", "many"],
        ] as Array<[string, string]>,
      "stock",
      E("stockInvalid"),
    ],
    [
      "bulk for selected variants with none ticked",
      () =>
        [
          ["intent", "bulk-stock"],
          ["scope", "selected"],
          ["stock", "3"],
        ] as Array<[string, string]>,
      "scope",
      E("selectSome"),
    ],
    [
      "bulk with an odd scope",
      () =>
        [
          ["intent", "bulk-stock"],
          ["scope", "some"],
          ["stock", "3"],
        ] as Array<[string, string]>,
      "scope",
      E("scopeInvalid"),
    ],
  ] as const)("refuses %s (400, field error)", async (_label, fields, field, key) => {
    const before = await snapshot();
    const res = await post(id, fields());
    expect(res.status).toBe(400);
    expect(res.data.result?.error?.[field]).toEqual([key]);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [
      "an unknown intent",
      [
        ["intent", "variant-explode"],
        ["variantId", uuidv7()],
      ],
    ],
    [
      "a variant action without a uuid",
      [
        ["intent", "variant-delete"],
        ["variantId", "nope"],
      ],
    ],
    [
      "generate with a second intent",
      [
        ["intent", "generate-variants"],
        ["intent", "save-options"],
      ],
    ],
    [
      "a list intent naming no list",
      [
        ["intent", "save-options"],
        ["options[0].nameEn", "Size"],
        ["__intent__", JSON.stringify({ type: "remove", payload: { name: "options[0].nameEn", index: 0 } })],
      ],
    ],
    [
      "a malformed list intent",
      [
        ["intent", "save-options"],
        ["__intent__", "{nope"],
      ],
    ],
  ] as const)("refuses %s (400)", async (_label, fields) => {
    const before = await snapshot();
    const res = await post(id, fields as unknown as Array<[string, string]>);
    expect(res.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("answers a list button with the list changed (200) and saves nothing", async () => {
    const before = await snapshot();
    const added = await post(id, optionsFields(options, [["__intent__", listIntent.insert("options")]]));
    expect(added.status).toBe(200);
    expect((added.data.result?.initialValue as { options: unknown[] }).options).toHaveLength(2);
    // A row just added is empty, not wrong: no errors in the answer.
    expect(added.data.result?.error ?? {}).toEqual({});
    const moved = await post(
      id,
      optionsFields(options, [["__intent__", listIntent.reorder("options[0].values", 0, 2)]]),
    );
    expect(moved.status).toBe(200);
    const values = (moved.data.result?.initialValue as { options: OptionSpec[] }).options[0]!.values;
    expect(values.map((v) => v.valueEn)).toEqual(["250 g", "1 kg", "50 g"]);
    const removed = await post(id, optionsFields(options, [["__intent__", listIntent.remove("options", 0)]]));
    expect(removed.status).toBe(200);
    expect((removed.data.result?.initialValue as { options?: unknown[] }).options ?? []).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("ignores a price or stock posted on the product form of a product with options", async () => {
    const before = await variantsOf(id);
    const res = await answer<Answer>(async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        intent: "save",
        nameEn: "Dye bad-input",
        nameAr: "صبغة",
        slug: "bad-input",
        price: "0.01",
        stock: "999",
        active: "on",
      }))
        form.append(name, value);
      form.append("newImages", new File([], "", { type: "application/octet-stream" }));
      return editAction({
        request: new Request(`${A}/admin/products/${id}`, {
          method: "POST",
          headers: { Cookie: adminCookie, Origin: A },
          body: form,
        }),
        context: ctx,
        params: { id },
      });
    });
    expect(res.status).toBe(302);
    expect(await variantsOf(id)).toEqual(before);
  });
});

describe("another store's ids, and who may call", () => {
  let id: string;
  let betaProduct: string;
  let betaOption: string;
  let betaValue: string;
  let betaImage: string;

  beforeAll(async () => {
    id = await makeProduct("guarded", 1000, 3);
    await post(id, optionsFields([SIZES]));
    await post(id, { intent: "generate-variants" });
    betaProduct = await makeProduct("beta-sized", 1000, 3, beta.storeId);
    betaOption = uuidv7();
    betaValue = uuidv7();
    await db.owner.insert(productOptions).values({
      storeId: beta.storeId,
      id: betaOption,
      productId: betaProduct,
      position: 1,
      nameEn: "Size",
      nameAr: "الحجم",
    });
    await db.owner.insert(productOptionValues).values({
      storeId: beta.storeId,
      id: betaValue,
      optionId: betaOption,
      position: 0,
      valueEn: "S",
      valueAr: "ص",
    });
    await db.owner
      .update(productVariants)
      .set({ option1ValueId: betaValue })
      .where(eq(productVariants.id, betaProduct));
    betaImage = await addImage(betaProduct, beta.storeId);
  });

  it("refuses another store's variant, option, value, image and product ids with 404, changing nothing", async () => {
    const rows = await currentRows(id);
    const options = await currentOptions(id);
    const before = await snapshot();
    const probes: Array<[string, Fields, string?]> = [
      ["variant in the table", variantsFields([{ ...rows[0]!, id: betaProduct }])],
      ["image of a variant", variantsFields([{ ...rows[0]!, imageId: betaImage }])],
      ["option id", optionsFields([{ ...options[0]!, id: betaOption }])],
      [
        "value id",
        optionsFields([{ ...options[0]!, values: [{ id: betaValue, valueEn: "S", valueAr: "ص" }] }]),
      ],
      [
        "bulk selection",
        [
          ["intent", "bulk-price"],
          ["scope", "selected"],
          ["variantIds", betaProduct],
          ["price", "1"],
        ],
      ],
      ["delete", { intent: "variant-delete", variantId: betaProduct }],
      ["deactivate", { intent: "variant-deactivate", variantId: betaProduct }],
      ["activate", { intent: "variant-activate", variantId: betaProduct }],
      // Beta's product in alpha's path: every form of the section.
      ["options on beta's product", optionsFields([SIZES]), betaProduct],
      ["generate on beta's product", { intent: "generate-variants" }, betaProduct],
      ["variants on beta's product", variantsFields([{ ...rows[0]!, id: betaProduct }]), betaProduct],
      ["bulk on beta's product", { intent: "bulk-stock", scope: "all", stock: "1" }, betaProduct],
    ];
    for (const [label, fields, target] of probes) {
      const res = await post(target ?? id, fields);
      expect(res.status, label).toBe(404);
    }
    // Another product of this store is not found either (a variant is its product's).
    const sibling = await makeProduct("sibling", 100, 1);
    const beforeSibling = await snapshot();
    expect((await post(id, { intent: "variant-delete", variantId: sibling })).status).toBe(404);
    expect((await post(id, variantsFields([{ ...rows[0]!, id: sibling }]))).status).toBe(404);
    expect(await snapshot()).toEqual(beforeSibling);
    const { alpha: _a, ...betaBefore } = before;
    const { alpha: _b, ...betaAfter } = await snapshot();
    expect(betaAfter).toEqual(betaBefore);
  });

  it("sends a shopper away (403) and another store's admin to sign in", async () => {
    const before = await snapshot();
    expect((await post(id, { intent: "generate-variants" }, shopperCookie)).status).toBe(403);
    expect((await post(id, { intent: "bulk-stock", scope: "all", stock: "1" }, shopperCookie)).status).toBe(
      403,
    );
    const foreign = await post(id, optionsFields([]), betaAdminCookie);
    expect(foreign.status).toBe(302);
    expect(foreign.headers.get("Location")).toContain("/login");
    expect(await snapshot()).toEqual(before);
  });
});

describe("creating a product with options", () => {
  it("makes a variant for every combination, each at the form's price and stock", async () => {
    const form = new FormData();
    const fields: Array<[string, string]> = [
      ["nameEn", "Fresh Sizes"],
      ["nameAr", "أحجام جديدة"],
      ["price", "4.50"],
      ["stock", "6"],
      ["active", "on"],
      ...optionsFields([SIZES]).slice(1),
    ];
    for (const [name, value] of fields) form.append(name, value);
    form.append("newImages", new File([], "", { type: "application/octet-stream" }));
    const res = await answer(() =>
      newAction({
        request: new Request(`${A}/admin/products/new`, {
          method: "POST",
          headers: { Cookie: adminCookie, Origin: A },
          body: form,
        }),
        context: ctx,
        params: {},
      }),
    );
    expect(res.status).toBe(302);
    const [product] = await db.owner
      .select()
      .from(products)
      .where(and(eq(products.storeId, alpha.storeId), eq(products.slug, "fresh-sizes")));
    const rows = await variantsOf(product!.id);
    expect(rows.map((v) => [v.priceCents, v.stock])).toEqual([
      [450, 6],
      [450, 6],
      [450, 6],
    ]);
    expect(rows[0]!.id).toBe(product!.id);
    expect(await summaryOf(product!.id)).toEqual({ price: 450, stock: 18 });
  });

  it("refuses options that make over 100 combinations, creating nothing", async () => {
    const before = (await db.owner.select({ n: count() }).from(products))[0]!.n;
    const form = new FormData();
    const many = (p: string) =>
      Array.from({ length: 11 }, (_, i) => ({ valueEn: `${p}${i}`, valueAr: `${p}${i}` }));
    const fields: Array<[string, string]> = [
      ["nameEn", "Too Many"],
      ["nameAr", "كثير"],
      ["price", "1"],
      ["stock", "1"],
      ...optionsFields([
        { nameEn: "A", nameAr: "أ", values: many("a") },
        { nameEn: "B", nameAr: "ب", values: many("b") },
      ]).slice(1),
    ];
    for (const [name, value] of fields) form.append(name, value);
    const res = await answer<Answer>(() =>
      newAction({
        request: new Request(`${A}/admin/products/new`, {
          method: "POST",
          headers: { Cookie: adminCookie, Origin: A },
          body: form,
        }),
        context: ctx,
        params: {},
      }),
    );
    expect(res.status).toBe(400);
    expect(res.data.result?.error?.options).toEqual(["adminVariants.errors.tooManyCombinations"]);
    expect((await db.owner.select({ n: count() }).from(products))[0]!.n).toBe(before);
  });
});

describe("stock in the list, the dashboard and the report", () => {
  it("the low-stock filter and tile count products with a low variant on sale; the report breaks a product down by variant", async () => {
    const id = await makeProduct("low-variant", 1000, 50);
    await post(id, optionsFields([SIZES]));
    await post(id, { intent: "generate-variants" });
    const rows = await currentRows(id);
    // 50 + 2 + 40: the total is far from low, one size is.
    await post(
      id,
      variantsFields([
        { ...rows[0]!, stock: "50" },
        { ...rows[1]!, stock: "2" },
        { ...rows[2]!, stock: "40" },
      ]),
    );
    const list = (query: string) =>
      answer<{ rows: AdminProductRow[] }>(() =>
        listLoader({
          request: new Request(`${A}/admin/products${query}`, { headers: { Cookie: adminCookie } }),
          context: ctx,
          params: {},
        }),
      );
    const low = await list("?stock=low&q=low-variant");
    expect(low.data.rows.map((row) => [row.slug, row.stock, row.variantCount])).toEqual([
      ["low-variant", 92, 3],
    ]);
    const lowCount = async () =>
      (await db.withStore(alpha.storeId, (tx) => todoCounts(tx, alpha.storeId))).lowStock;
    const tile = await lowCount();
    // A second low size of the same product: still one product behind the link, still one on the tile.
    await post(
      id,
      variantsFields([
        { ...rows[0]!, stock: "50" },
        { ...rows[1]!, stock: "2" },
        { ...rows[2]!, stock: "3" },
      ]),
    );
    expect((await list("?stock=low&q=low-variant")).data.rows).toHaveLength(1);
    expect(await lowCount()).toBe(tile);
    // Taking the low size off sale takes it off the list and the tile.
    await post(
      id,
      variantsFields(
        [rows[0]!, { ...rows[1]!, stock: "2", active: false }, rows[2]!].map((r, i) => ({
          ...r,
          stock: ["50", "2", "40"][i]!,
        })),
      ),
    );
    expect((await list("?stock=low&q=low-variant")).data.rows).toEqual([]);
    expect(await lowCount()).toBe(tile - 1);

    const [size] = await currentOptions(id);
    const variants = await variantsOf(id);
    const optionsOf = (i: number) => [
      {
        nameEn: "Size",
        nameAr: "الحجم",
        valueEn: size!.values[i]!.valueEn,
        valueAr: size!.values[i]!.valueAr,
      },
    ];
    await orderVariant(id, variants[0]!.id, optionsOf(0), 2);
    await orderVariant(id, variants[2]!.id, optionsOf(2), 1);
    const today = new Date().toISOString().slice(0, 10);
    const report = await salesReport(alpha.storeId, { start: "2000-01-01", end: today } as never, "UTC");
    const line = report.products.find((p) => p.productId === id)!;
    expect(line.units).toBe(3);
    expect(line.variants.map((v) => [v.options[0]!.valueEn, v.units, v.revenue])).toEqual([
      ["50 g", 2, 2000],
      ["1 kg", 1, 1000],
    ]);
    // A product without options has no breakdown.
    expect(report.products.filter((p) => p.productId !== id).every((p) => p.variants.length === 0)).toBe(
      true,
    );
    // The CSV by variant: a row per size sold, and a line sold before the product had options
    // on a row of its own with empty variant cells, so the rows add up to the product's figures.
    await orderVariant(id, id, [], 4);
    const withOld = await salesReport(alpha.storeId, { start: "2000-01-01", end: today } as never, "UTC");
    const csv = parseCsv(salesReportCsv(withOld, "variant", "USD"));
    expect(csv[0]).toEqual([
      "Product ID",
      "Variant ID",
      "SKU",
      "Name (en)",
      "Name (ar)",
      "Variant (en)",
      "Variant (ar)",
      "Units",
      "Discounts (USD)",
      "Revenue (USD)",
      "Refunded units",
      "Refunded (USD)",
    ]);
    const rowsOf = csv
      .filter((row) => row[0] === id)
      .map((row) => [row[1], row[5], row[6], row[7], row[9], row[10], row[11]]);
    expect(rowsOf).toEqual([
      [variants[0]!.id, "Size: 50 g", "الحجم: 50 غ", "2", "20.00", "0", "0.00"],
      [variants[2]!.id, "Size: 1 kg", "الحجم: 1 كغ", "1", "10.00", "0", "0.00"],
      ["", "", "", "4", "40.00", "0", "0.00"],
    ]);
    // Every product of the report is there, and the units add up to the report's.
    const units = csv.slice(1).reduce((total, row) => total + Number(row[7]), 0);
    expect(units).toBe(withOld.products.reduce((total, p) => total + p.units, 0));
  });
});

describe("on PostgreSQL: the SKU index decides between two saves at once", () => {
  it("two products saving one new SKU at the same moment: one saves, the other gets the field error", async () => {
    const one = await makeProduct("race-one", 100, 1);
    const two = await makeProduct("race-two", 100, 1);
    for (const id of [one, two]) {
      await post(
        id,
        optionsFields([{ nameEn: "Size", nameAr: "الحجم", values: [{ valueEn: "S", valueAr: "ص" }] }]),
      );
    }
    const rowsOne = await currentRows(one);
    const rowsTwo = await currentRows(two);
    const results = await Promise.all([
      post(one, variantsFields([{ ...rowsOne[0]!, sku: "RACE-SKU" }])),
      post(two, variantsFields([{ ...rowsTwo[0]!, sku: "RACE-SKU" }])),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([302, 400]);
    const refused = results.find((r) => r.status === 400)!;
    expect(Object.values(refused.data.result?.error ?? {}).flat()).toContain("adminVariants.errors.skuTaken");
    const holders = await db.owner.execute(
      sql`select count(*)::int as n from product_variants where sku = 'RACE-SKU'`,
    );
    expect(JSON.stringify(holders)).toContain('"n":1');
  });
});
