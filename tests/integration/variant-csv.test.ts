/**
 * The products CSV with variants (issue 19 item 6, decision 027), through the import and export
 * routes on a real database: one row per variant with options in English and Arabic; export →
 * import of the same file changes nothing (every row of products, options, values and variants
 * compared, and the preview says so), on this file's own products and on the seeded demo; a new
 * product with options; an update by combination that keeps variant ids, deletes what no order
 * needs and deactivates what one does; every bad row refused with its message and nothing
 * written; another store's slugs, SKUs and images out of reach.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  images,
  orderItems,
  orders,
  productImages,
  productOptions,
  productOptionValues,
  products,
  productVariants,
  stores,
  users,
} from "~/db/schema";
import { seedDemo } from "~/db/seed";
import { parseCsv } from "~/lib/csv";
import { loader as exportLoader } from "~/routes/admin.products.export[.csv]";
import { action as importAction } from "~/routes/admin.products.import";
import { CSV_HEADER, type ImportCheck, type ImportRowReport } from "~/services/catalog/products-csv.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { MATRIX_STORES } from "../helpers/matrix/demo";
import { answer, contextFor, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: AppLoadContext;
let adminCookie: string;
const A = "http://alpha.localhost:3000";

type Preview = {
  preview: ImportCheck;
  csv: string | null;
  counts: {
    rows: number;
    create: number;
    update: number;
    unchanged: number;
    invalid: number;
    missing: { deleted: number; deactivated: number; untouched: number };
  } | null;
  deleteMissing: boolean;
  notice: { key: string } | null;
};

/** The sized dye: Size 50 g / 250 g / 1 kg, its 1 kg inactive, its 50 g with a picture. */
const dye = {
  id: uuidv7(),
  size: uuidv7(),
  g50: uuidv7(),
  g250: uuidv7(),
  kg1: uuidv7(),
  v250: uuidv7(),
  v1kg: uuidv7(),
};
/** Size S/L × Finish Matte/Shimmer, every combination. */
const duo = {
  id: uuidv7(),
  size: uuidv7(),
  finish: uuidv7(),
  s: uuidv7(),
  l: uuidv7(),
  matte: uuidv7(),
  shimmer: uuidv7(),
  variants: [uuidv7(), uuidv7(), uuidv7()],
};
let dyeImage: string;
let betaImage: string;

async function addAdmin(storeId: string, email: string): Promise<string> {
  const id = uuidv7();
  await db.owner.insert(users).values({ storeId, id, email, name: "Admin", isAdmin: true });
  return id;
}

async function addImage(storeId: string, productId: string): Promise<string> {
  const bytes = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#884422" } })
    .png()
    .toBuffer();
  const id = uuidv7();
  await db.owner.insert(images).values({
    storeId,
    id,
    contentType: "image/png",
    bytes,
    byteSize: bytes.length,
    width: 20,
    height: 20,
    sha256: id,
  });
  await db.owner.insert(productImages).values({ storeId, productId, imageId: id });
  return id;
}

/** Every row of the store's products, options, values and variants, timestamps included. */
async function catalogue(storeId = alpha.storeId) {
  return {
    products: await db.owner
      .select()
      .from(products)
      .where(eq(products.storeId, storeId))
      .orderBy(asc(products.id)),
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
  };
}

async function exportCsv(host = A, cookie = adminCookie, context = ctx): Promise<string> {
  const res = await answer<string>(() =>
    exportLoader({
      request: new Request(`${host}/admin/products/export.csv`, { headers: { Cookie: cookie } }),
      context,
      params: {},
    }),
  );
  expect(res.status).toBe(200);
  return res.data;
}

/** The upload form's "Also delete variants that are not in the file", ticked. */
const DELETING = { deleteMissing: "on" };
/** Apply with that choice, confirmed (the dialog's field, or the checkbox without JavaScript). */
const CONFIRMED = { ...DELETING, confirmDelete: "on" };

function upload(
  text: string,
  host = A,
  cookie = adminCookie,
  context = ctx,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.append("intent", "preview");
  form.append("file", new File([text], "products.csv", { type: "text/csv" }));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return answer<Preview>(() =>
    importAction({
      request: new Request(`${host}/admin/products/import`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: host },
        body: form,
      }),
      context,
      params: {},
    }),
  );
}

const apply = (
  csv: string,
  host = A,
  cookie = adminCookie,
  context = ctx,
  fields: Record<string, string> = {},
) =>
  answer<Preview>(() =>
    importAction({
      request: postForm(`${host}/admin/products/import`, { intent: "apply", csv, ...fields }, cookie),
      context,
      params: {},
    }),
  );
const carried = (text: string) => Buffer.from(text, "utf8").toString("base64");
const uploadDeleting = (text: string) => upload(text, A, adminCookie, ctx, DELETING);
const applyDeleting = (csv: string) => apply(csv, A, adminCookie, ctx, CONFIRMED);

/** A file in the export's layout from rows given by column name. */
function csvOf(rows: Record<string, string | number>[], header: readonly string[] = CSV_HEADER): string {
  const quote = (value: string | number) => {
    const text = String(value);
    return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [
    header.join(","),
    ...rows.map((row) => header.map((column) => quote(row[column] ?? "")).join(",")),
  ].join("\n");
}

/** The rows of a CSV text by column name. */
function rowsOf(text: string): Record<string, string>[] {
  const [header, ...body] = parseCsv(text);
  return body.map((cells) => Object.fromEntries(header!.map((column, i) => [column, cells[i] ?? ""])));
}

const reportOf = (answer: Preview | { data: Preview }) =>
  (("data" in answer ? answer.data : answer).preview as Extract<ImportCheck, { ok: true }>).rows;
const errorsOf = (preview: Preview, line: number) =>
  reportOf(preview).find((row) => row.line === line)!.errors;

const sized = (over: Record<string, string | number>) => ({
  slug: "sized-dye",
  name_en: "Sized dye",
  name_ar: "صبغة بأحجام",
  category: "alpha-cat",
  active: "true",
  option1_name: "Size",
  option1_name_ar: "الحجم",
  ...over,
});

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores());
  adminCookie = await userCookie(alpha.storeId, await addAdmin(alpha.storeId, "admin@alpha.test"), A);
  const storeId = alpha.storeId;
  const base = { storeId, nameAr: "منتج", stock: 0, priceCents: 999, categoryId: alpha.categoryId };
  await db.owner.insert(products).values([
    { ...base, id: dye.id, slug: "sized-dye", nameEn: "Sized dye", nameAr: "صبغة بأحجام" },
    { ...base, id: duo.id, slug: "two-options", nameEn: "Two options", nameAr: "خياران" },
  ]);
  dyeImage = await addImage(storeId, dye.id);
  betaImage = await addImage(beta.storeId, beta.productId);
  await db.owner.insert(productOptions).values([
    { storeId, id: dye.size, productId: dye.id, position: 1, nameEn: "Size", nameAr: "الحجم" },
    { storeId, id: duo.size, productId: duo.id, position: 1, nameEn: "Size", nameAr: "الحجم" },
    { storeId, id: duo.finish, productId: duo.id, position: 2, nameEn: "Finish", nameAr: "اللمسة" },
  ]);
  await db.owner.insert(productOptionValues).values([
    { storeId, id: dye.g50, optionId: dye.size, position: 0, valueEn: "50 g", valueAr: "50 غ" },
    { storeId, id: dye.g250, optionId: dye.size, position: 1, valueEn: "250 g", valueAr: "250 غ" },
    { storeId, id: dye.kg1, optionId: dye.size, position: 2, valueEn: "1 kg", valueAr: "1 كغ" },
    { storeId, id: duo.s, optionId: duo.size, position: 0, valueEn: "S", valueAr: "ص" },
    { storeId, id: duo.l, optionId: duo.size, position: 1, valueEn: "L", valueAr: "ك" },
    { storeId, id: duo.matte, optionId: duo.finish, position: 0, valueEn: "Matte", valueAr: "مطفأ" },
    { storeId, id: duo.shimmer, optionId: duo.finish, position: 1, valueEn: "Shimmer", valueAr: "لامع" },
  ]);
  // The default variants become the first combinations, as the admin form and the seed do.
  await db.owner
    .update(productVariants)
    .set({ option1ValueId: dye.g50, sku: "SD-50", priceCents: 999, stock: 10, imageId: dyeImage })
    .where(eq(productVariants.id, dye.id));
  await db.owner
    .update(productVariants)
    .set({ option1ValueId: duo.s, option2ValueId: duo.matte, sku: "DUO-S-M", priceCents: 500, stock: 1 })
    .where(eq(productVariants.id, duo.id));
  await db.owner.insert(productVariants).values([
    {
      storeId,
      id: dye.v250,
      productId: dye.id,
      sku: "SD-250",
      priceCents: 2999,
      stock: 4,
      position: 1,
      option1ValueId: dye.g250,
    },
    {
      storeId,
      id: dye.v1kg,
      productId: dye.id,
      sku: "SD-1KG",
      priceCents: 8999,
      stock: 2,
      position: 2,
      active: false,
      option1ValueId: dye.kg1,
    },
    ...[
      [duo.s, duo.shimmer],
      [duo.l, duo.matte],
      [duo.l, duo.shimmer],
    ].map(([size, finish], i) => ({
      storeId,
      id: duo.variants[i]!,
      productId: duo.id,
      priceCents: 600 + i * 100,
      stock: 2 + i,
      position: i + 1,
      option1ValueId: size,
      option2ValueId: finish,
    })),
  ]);
  // beta has a SKU alpha does not.
  await db.owner
    .update(productVariants)
    .set({ sku: "BETA-ONLY" })
    .where(eq(productVariants.id, beta.productId));
});
afterAll(async () => {
  await db.dispose();
});

describe("export", () => {
  it("writes one row per variant, options in English and Arabic, a product without options as one row", async () => {
    const text = await exportCsv();
    // (The byte order mark, which Response.text() drops, is the products test's.)
    expect(text.split("\r\n")[0]).toBe(CSV_HEADER.join(","));
    const rows = rowsOf(text);
    expect(rows.map((row) => [row.slug, row.option1_value, row.option2_value])).toEqual([
      ["alpha-product", "", ""],
      ["sized-dye", "50 g", ""],
      ["sized-dye", "250 g", ""],
      ["sized-dye", "1 kg", ""],
      ["two-options", "S", "Matte"],
      ["two-options", "S", "Shimmer"],
      ["two-options", "L", "Matte"],
      ["two-options", "L", "Shimmer"],
    ]);
    // One place for each figure: price/stock without options, variant_price/variant_stock with.
    expect(rows[0]).toMatchObject({
      price: "12.50",
      stock: "5",
      variant_price: "",
      variant_stock: "",
      sku: "",
    });
    expect(rows[1]).toMatchObject({
      name_ar: "صبغة بأحجام",
      price: "",
      stock: "",
      option1_name: "Size",
      option1_name_ar: "الحجم",
      option1_value_ar: "50 غ",
      sku: "SD-50",
      variant_price: "9.99",
      variant_stock: "10",
      variant_image: `/images/${dyeImage}`,
      variant_active: "true",
    });
    expect(rows[3]).toMatchObject({ sku: "SD-1KG", variant_active: "false", variant_price: "89.99" });
    expect(rows[5]).toMatchObject({
      option2_name: "Finish",
      option2_name_ar: "اللمسة",
      option2_value_ar: "لامع",
    });
    expect(text).not.toContain("BETA-ONLY");
  });
});

describe("round trip", () => {
  it("imports its own export as it is: the preview says nothing changes, applying changes no row", async () => {
    const before = await catalogue();
    const text = await exportCsv();
    const preview = await upload(text);
    expect(preview.status).toBe(200);
    expect(preview.data.counts).toEqual({
      rows: 8,
      create: 0,
      update: 0,
      unchanged: 8,
      invalid: 0,
      missing: { deleted: 0, deactivated: 0, untouched: 0 },
    });
    expect(reportOf(preview).every((row) => row.notes.length === 0)).toBe(true);
    const applied = await apply(preview.data.csv!);
    expect(applied.status).toBe(302);
    expect(await catalogue()).toEqual(before);
  });

  it("the same with products left blank on later rows, Shopify's way", async () => {
    const before = await catalogue();
    const rows = rowsOf(await exportCsv());
    const productColumns = [
      "name_en",
      "name_ar",
      "description_en",
      "description_ar",
      "category",
      "subcategory",
      "shade",
      "color_family",
      "active",
      "option1_name",
      "option1_name_ar",
      "option2_name",
      "option2_name_ar",
    ];
    const blanked = rows.map((row, i) =>
      i > 0 && rows[i - 1]!.slug === row.slug
        ? Object.fromEntries(
            Object.entries(row).map(([key, value]) => [key, productColumns.includes(key) ? "" : value]),
          )
        : row,
    );
    const preview = await upload(csvOf(blanked));
    expect(preview.data.counts).toMatchObject({ rows: 8, unchanged: 8, invalid: 0 });
    expect((await apply(preview.data.csv!)).status).toBe(302);
    expect(await catalogue()).toEqual(before);
  });
});

describe("import", () => {
  it("creates a product with options: its first combination under the product's id, the others after", async () => {
    const text = csvOf([
      sized({
        slug: "new-ink",
        name_en: "New ink",
        name_ar: "حبر جديد",
        option1_name: "Bottle",
        option1_name_ar: "القارورة",
        option1_value: "30 ml",
        option1_value_ar: "30 مل",
        sku: "INK-30",
        variant_price: "4.50",
        variant_stock: 7,
      }),
      {
        slug: "new-ink",
        option1_value: "50 ml",
        option1_value_ar: "50 مل",
        sku: "INK-50",
        variant_price: "6.00",
        variant_stock: 3,
      },
    ]);
    const preview = await upload(text);
    expect(preview.data.counts).toEqual({
      rows: 2,
      create: 2,
      update: 0,
      unchanged: 0,
      invalid: 0,
      missing: { deleted: 0, deactivated: 0, untouched: 0 },
    });
    expect(
      reportOf(preview).map((row) => [row.options.map((o) => o.valueAr), row.sku, row.priceCents, row.stock]),
    ).toEqual([
      [["30 مل"], "INK-30", 450, 7],
      [["50 مل"], "INK-50", 600, 3],
    ]);
    expect((await apply(preview.data.csv!)).status).toBe(302);
    const [product] = await db.owner
      .select()
      .from(products)
      .where(and(eq(products.storeId, alpha.storeId), eq(products.slug, "new-ink")));
    // The product's summary: the lowest price, the total stock.
    expect(product).toMatchObject({ priceCents: 450, stock: 10, nameAr: "حبر جديد" });
    const variants = await db.owner
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product!.id))
      .orderBy(asc(productVariants.position));
    expect(variants.map((v) => [v.id === product!.id, v.sku, v.priceCents, v.stock, v.position])).toEqual([
      [true, "INK-30", 450, 7, 0],
      [false, "INK-50", 600, 3, 1],
    ]);
    const [option] = await db.owner
      .select()
      .from(productOptions)
      .where(eq(productOptions.productId, product!.id));
    expect(option).toMatchObject({ position: 1, nameEn: "Bottle", nameAr: "القارورة" });
    const values = await db.owner
      .select({
        en: productOptionValues.valueEn,
        ar: productOptionValues.valueAr,
        position: productOptionValues.position,
      })
      .from(productOptionValues)
      .where(eq(productOptionValues.optionId, option!.id))
      .orderBy(asc(productOptionValues.position));
    expect(values).toEqual([
      { en: "30 ml", ar: "30 مل", position: 0 },
      { en: "50 ml", ar: "50 مل", position: 1 },
    ]);
    expect(variants[0]!.option1ValueId).not.toBe(variants[1]!.option1ValueId);
  });

  it("updates by combination: keeps ids, deletes a dropped variant, deactivates one in orders and says so", async () => {
    // The 250 g is in an order; the file drops it and the 1 kg, changes the 50 g, adds a 500 g.
    const [order] = await db.owner
      .insert(orders)
      .values({
        storeId: alpha.storeId,
        userId: alpha.userId,
        number: 1,
        paymentMethod: "cod",
        currency: "USD",
        subtotalCents: 2999,
        totalCents: 2999,
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
      productId: dye.id,
      variantId: dye.v250,
      nameEn: "Sized dye",
      nameAr: "صبغة بأحجام",
      unitPriceCents: 2999,
      quantity: 1,
      lineTotalCents: 2999,
    });
    const text = csvOf([
      sized({
        option1_value: "50 g",
        option1_value_ar: "50 غ",
        sku: "SD-50",
        variant_price: "10.99",
        variant_stock: 10,
        variant_image: `/images/${dyeImage}`,
      }),
      sized({
        option1_value: "500 g",
        option1_value_ar: "500 غ",
        sku: "SD-500",
        variant_price: "49.00",
        variant_stock: 5,
      }),
    ]);
    const before = await catalogue();
    const preview = await uploadDeleting(text);
    expect(preview.data.counts).toMatchObject({
      rows: 2,
      create: 1,
      update: 1,
      invalid: 0,
      missing: { deleted: 1, deactivated: 1, untouched: 0 },
    });
    expect(preview.data.deleteMissing).toBe(true);
    const [first] = reportOf(preview);
    expect(first!.notes).toEqual([
      { key: "variantCsv.notes.deleted", count: 1, items: [{ en: "Size: 1 kg", ar: "الحجم: 1 كغ" }] },
      { key: "variantCsv.notes.deactivated", count: 1, items: [{ en: "Size: 250 g", ar: "الحجم: 250 غ" }] },
      { key: "variantCsv.notes.valuesRemoved", count: 1, items: [{ en: "1 kg", ar: "1 كغ" }] },
    ]);
    expect(await catalogue()).toEqual(before);
    expect((await applyDeleting(preview.data.csv!)).status).toBe(302);
    const variants = await db.owner
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, dye.id))
      .orderBy(asc(productVariants.position), asc(productVariants.sku));
    // The variant kept for its order goes after the file's.
    expect(variants.map((v) => [v.sku, v.priceCents, v.active, v.position])).toEqual([
      ["SD-50", 1099, true, 0],
      ["SD-500", 4900, true, 1],
      ["SD-250", 2999, false, 2],
    ]);
    expect(variants[0]!.id).toBe(dye.id);
    expect(variants[2]!.id).toBe(dye.v250);
    expect(variants.some((v) => v.id === dye.v1kg)).toBe(false);
    // The 1 kg value went with its variant; the 250 g stays for the order's variant.
    const values = await db.owner
      .select({ en: productOptionValues.valueEn })
      .from(productOptionValues)
      .where(eq(productOptionValues.optionId, dye.size))
      .orderBy(asc(productOptionValues.position));
    expect(values.map((v) => v.en)).toEqual(["50 g", "250 g", "500 g"]);
    const [product] = await db.owner.select().from(products).where(eq(products.id, dye.id));
    expect(product).toMatchObject({ priceCents: 1099, stock: 15 });

    // Exported again, the inactive 250 g is a row of its own, and the file goes back unchanged.
    const again = await exportCsv();
    expect(
      rowsOf(again)
        .filter((row) => row.slug === "sized-dye")
        .map((row) => [row.option1_value, row.variant_active]),
    ).toEqual([
      ["50 g", "true"],
      ["500 g", "true"],
      ["250 g", "false"],
    ]);
    const after = await catalogue();
    const unchanged = await upload(again);
    expect(unchanged.data.counts).toMatchObject({ create: 0, update: 0, invalid: 0 });
    expect((await apply(unchanged.data.csv!)).status).toBe(302);
    expect(await catalogue()).toEqual(after);
  });

  it("renames an option and a value's Arabic, adds an option: variant ids stay", async () => {
    const text = csvOf([
      {
        slug: "two-options",
        name_en: "Two options",
        name_ar: "خياران",
        category: "alpha-cat",
        option1_name: "Weight",
        option1_name_ar: "الوزن",
        option1_value: "S",
        option1_value_ar: "صغير",
        option2_name: "Finish",
        option2_name_ar: "اللمسة",
        option2_value: "Matte",
        option2_value_ar: "مطفأ",
        option3_name: "Cap",
        option3_name_ar: "الغطاء",
        option3_value: "Black",
        option3_value_ar: "أسود",
        sku: "DUO-S-M",
        variant_price: "5.00",
        variant_stock: 1,
      },
      {
        slug: "two-options",
        option1_value: "S",
        option2_value: "Shimmer",
        option2_value_ar: "لامع",
        option3_value: "Black",
        variant_price: "6.00",
        variant_stock: 2,
      },
      {
        slug: "two-options",
        option1_value: "L",
        option1_value_ar: "ك",
        option2_value: "Matte",
        option3_value: "Black",
        variant_price: "7.00",
        variant_stock: 3,
      },
      {
        slug: "two-options",
        option1_value: "L",
        option2_value: "Shimmer",
        option3_value: "Black",
        variant_price: "8.00",
        variant_stock: 4,
      },
    ]);
    const preview = await upload(text);
    expect(preview.data.counts).toMatchObject({ rows: 4, create: 0, update: 4, invalid: 0 });
    expect((await apply(preview.data.csv!)).status).toBe(302);
    const options = await db.owner
      .select({
        id: productOptions.id,
        position: productOptions.position,
        en: productOptions.nameEn,
        ar: productOptions.nameAr,
      })
      .from(productOptions)
      .where(eq(productOptions.productId, duo.id))
      .orderBy(asc(productOptions.position));
    expect(options.map((o) => [o.position, o.en, o.ar])).toEqual([
      [1, "Weight", "الوزن"],
      [2, "Finish", "اللمسة"],
      [3, "Cap", "الغطاء"],
    ]);
    expect(options[0]!.id).toBe(duo.size);
    const variants = await db.owner
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, duo.id))
      .orderBy(asc(productVariants.position));
    expect(variants.map((v) => v.id)).toEqual([duo.id, ...duo.variants]);
    expect(new Set(variants.map((v) => v.option3ValueId)).size).toBe(1);
    expect(variants[0]!.option3ValueId).not.toBeNull();
    const [small] = await db.owner
      .select()
      .from(productOptionValues)
      .where(eq(productOptionValues.id, duo.s));
    expect(small!.valueAr).toBe("صغير");
  });

  it("turns a product without options into one with, and back: the product's id stays its variant's", async () => {
    const withOptions = csvOf([
      {
        slug: "alpha-product",
        name_en: "alpha red dye",
        name_ar: "صبغة alpha",
        category: "alpha-cat",
        subcategory: "alpha-sub",
        shade: "#CC0000",
        option1_name: "Size",
        option1_name_ar: "الحجم",
        option1_value: "Small",
        option1_value_ar: "صغير",
        variant_price: "12.50",
        variant_stock: 5,
      },
      {
        slug: "alpha-product",
        option1_value: "Large",
        option1_value_ar: "كبير",
        variant_price: "20.00",
        variant_stock: 1,
      },
    ]);
    const preview = await upload(withOptions);
    expect(reportOf(preview).map((row) => row.action)).toEqual(["update", "create"]);
    expect((await apply(preview.data.csv!)).status).toBe(302);
    const variantsOf = () =>
      db.owner
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, alpha.productId))
        .orderBy(asc(productVariants.position));
    const two = await variantsOf();
    expect(two.map((v) => [v.id === alpha.productId, v.priceCents, v.option1ValueId !== null])).toEqual([
      [true, 1250, true],
      [false, 2000, true],
    ]);

    const plain = csvOf(
      [
        {
          slug: "alpha-product",
          name_en: "alpha red dye",
          name_ar: "صبغة alpha",
          category: "alpha-cat",
          subcategory: "alpha-sub",
          shade: "#CC0000",
          price: "13.00",
          stock: 6,
        },
      ],
      ["slug", "name_en", "name_ar", "category", "subcategory", "shade", "price", "stock", "sku"],
    );
    const back = await uploadDeleting(plain);
    expect(reportOf(back)[0]!.notes.map((note) => note.key)).toEqual([
      "variantCsv.notes.deleted",
      "variantCsv.notes.optionsRemoved",
    ]);
    expect((await applyDeleting(back.data.csv!)).status).toBe(302);
    const one = await variantsOf();
    expect(one.map((v) => [v.id, v.priceCents, v.stock, v.option1ValueId])).toEqual([
      [alpha.productId, 1300, 6, null],
    ]);
    expect(
      await db.owner.select().from(productOptions).where(eq(productOptions.productId, alpha.productId)),
    ).toEqual([]);
  });

  it("imports a file with today's columns as before, leaving a product with options its variants", async () => {
    const before = await catalogue();
    const old = [
      "slug,name_en,name_ar,description_en,description_ar,price,stock,category,subcategory,shade,color_family,active",
      "two-options,Two options,خياران,,,1.00,99,alpha-cat,,,,true",
      "old-style,Old style,نمط قديم,,,3.00,4,,,,,true",
    ].join("\n");
    const preview = await upload(old);
    const [duoRow, created] = reportOf(preview);
    expect(duoRow!.notes).toEqual([{ key: "variantCsv.notes.optionsKept", count: 4, items: [] }]);
    expect(duoRow!.action).toBe("unchanged");
    expect(created!.action).toBe("create");
    expect((await apply(preview.data.csv!)).status).toBe(302);
    const after = await catalogue();
    expect(after.variants.filter((v) => v.productId === duo.id)).toEqual(
      before.variants.filter((v) => v.productId === duo.id),
    );
    const [oldStyle] = after.products.filter((p) => p.slug === "old-style");
    expect(oldStyle).toMatchObject({ priceCents: 300, stock: 4 });
    expect(after.variants.filter((v) => v.productId === oldStyle!.id).map((v) => v.id)).toEqual([
      oldStyle!.id,
    ]);
  });
});

describe("bad rows: the preview says which and why, an apply writes nothing (422)", () => {
  const ink = (over: Record<string, string | number>) =>
    sized({
      slug: "bad-ink",
      name_en: "Bad ink",
      name_ar: "حبر",
      variant_price: "1.00",
      variant_stock: 1,
      ...over,
    });

  async function refused(text: string, fields: Record<string, string> = {}) {
    const before = await catalogue();
    const preview = await upload(text, A, adminCookie, ctx, fields);
    expect(preview.status).toBe(200);
    expect(preview.data.csv).toBeNull();
    const applied = await apply(carried(text), A, adminCookie, ctx, fields);
    expect(applied.status).toBe(422);
    expect(await catalogue()).toEqual(before);
    return preview.data;
  }

  it("a combination twice", async () => {
    const data = await refused(
      csvOf([
        ink({ option1_value: "A", option1_value_ar: "أ" }),
        ink({ option1_value: "a", option1_value_ar: "" }),
      ]),
    );
    expect(errorsOf(data, 3)).toEqual([
      { column: null, key: "variantCsv.errors.duplicateCombination", params: { line: 2 } },
    ]);
    expect(errorsOf(data, 2)).toEqual([]);
  });

  it("an option the first row does not declare, by name or by value", async () => {
    const data = await refused(
      csvOf([
        ink({ option1_value: "A", option1_value_ar: "أ" }),
        ink({ option1_name: "Colour", option1_value: "B", option1_value_ar: "ب" }),
        ink({ option1_value: "C", option1_value_ar: "ج", option2_value: "Matte", option2_value_ar: "مطفأ" }),
      ]),
    );
    expect(errorsOf(data, 3)).toEqual([{ column: "option1_name", key: "variantCsv.errors.unknownOption" }]);
    expect(errorsOf(data, 4)).toEqual([{ column: "option2_value", key: "variantCsv.errors.unknownOption" }]);
  });

  it("more than three options", async () => {
    const header = [...CSV_HEADER, "option4_name", "option4_value"];
    const data = await refused(
      csvOf(
        [ink({ option1_value: "A", option1_value_ar: "أ", option4_name: "Cap", option4_value: "Red" })],
        header,
      ),
    );
    expect(errorsOf(data, 2)).toEqual([
      { column: "option4_name", key: "variantCsv.errors.tooManyOptions", params: { max: 3 } },
    ]);
  });

  it("more than 100 variants", async () => {
    const rows = Array.from({ length: 101 }, (_, i) =>
      ink({ option1_value: `V${i}`, option1_value_ar: `ق${i}` }),
    );
    const data = await refused(csvOf(rows));
    expect(data.counts).toMatchObject({ rows: 101, invalid: 1 });
    expect(errorsOf(data, 102)).toEqual([
      { column: null, key: "variantCsv.errors.tooManyVariants", params: { max: 100 } },
    ]);
  });

  it("a SKU another product has, or twice in the file", async () => {
    const data = await refused(
      csvOf([
        ink({ option1_value: "A", option1_value_ar: "أ", sku: "SD-50" }),
        ink({ option1_value: "B", option1_value_ar: "ب", sku: "TWICE" }),
        ink({ option1_value: "C", option1_value_ar: "ج", sku: "TWICE" }),
      ]),
    );
    expect(errorsOf(data, 2)).toEqual([{ column: "sku", key: "variantCsv.errors.skuTaken" }]);
    expect(errorsOf(data, 3)).toEqual([]);
    expect(errorsOf(data, 4)).toEqual([
      { column: "sku", key: "variantCsv.errors.skuTwice", params: { line: 3 } },
    ]);
  });

  it("a bad price or stock, showing the row's other valid value (issue 21)", async () => {
    const data = await refused(
      csvOf([
        ink({ option1_value: "A", option1_value_ar: "أ", variant_price: "1.999", variant_stock: 4 }),
        ink({ option1_value: "B", option1_value_ar: "ب", variant_price: "2.00", variant_stock: "-1" }),
        ink({ option1_value: "C", option1_value_ar: "ج", price: "3.00", variant_price: "4.00" }),
      ]),
    );
    const rows = reportOf(data);
    expect(errorsOf(data, 2)).toEqual([
      { column: "variant_price", key: "admin.products.errors.priceInvalid" },
    ]);
    expect([rows[0]!.priceCents, rows[0]!.stock]).toEqual([null, 4]);
    expect(errorsOf(data, 3)).toEqual([
      { column: "variant_stock", key: "admin.products.errors.stockInvalid" },
    ]);
    expect([rows[1]!.priceCents, rows[1]!.stock]).toEqual([200, null]);
    expect(errorsOf(data, 4)).toEqual([{ column: "variant_price", key: "variantCsv.errors.priceConflict" }]);
  });

  it("in today's layout too: a refused price leaves the stock shown", async () => {
    const data = await refused("slug,name_en,name_ar,price,stock\nbad-price,Bad,سيئ,12.345,7\n");
    expect(reportOf(data)[0]).toMatchObject({ priceCents: null, stock: 7 });
  });

  it("a value without Arabic, a product column differing from the first row, an image the product lacks", async () => {
    const data = await refused(
      csvOf([
        ink({ option1_value: "A", option1_value_ar: "أ" }),
        ink({ option1_value: "B" }),
        ink({ option1_value: "C", option1_value_ar: "ج", name_en: "Other name" }),
        ink({ option1_value: "D", option1_value_ar: "د", variant_image: `/images/${dyeImage}` }),
      ]),
    );
    expect(errorsOf(data, 3)).toEqual([
      { column: "option1_value_ar", key: "variantCsv.errors.valueArRequired" },
    ]);
    expect(errorsOf(data, 4)).toEqual([{ column: "name_en", key: "variantCsv.errors.productDiffers" }]);
    expect(errorsOf(data, 5)).toEqual([{ column: "variant_image", key: "variantCsv.errors.unknownImage" }]);
  });

  it("removing an option whose variants are in orders", async () => {
    // sized-dye's 250 g is in an order (above): a file without its Size option is refused.
    const data = await refused(
      csvOf([{ slug: "sized-dye", name_en: "Sized dye", name_ar: "صبغة بأحجام", price: "1.00", stock: 1 }]),
      DELETING,
    );
    expect(errorsOf(data, 2)).toEqual([
      { column: null, key: "variantCsv.errors.optionInOrders", params: { name: "Size" } },
    ]);
  });

  it("removing an option that variants left out of the file use, when not deleting them", async () => {
    const data = await refused(
      csvOf([{ slug: "sized-dye", name_en: "Sized dye", name_ar: "صبغة بأحجام", price: "1.00", stock: 1 }]),
    );
    expect(errorsOf(data, 2)).toEqual([
      { column: null, key: "variantCsv.errors.optionInKeptVariants", params: { name: "Size" } },
    ]);
  });
});

describe("a file holding some rows of a product (issue 39)", () => {
  const shade = (letter: string, over: Record<string, string | number> = {}) => ({
    slug: "five-shades",
    name_en: "Five shades",
    name_ar: "خمس درجات",
    category: "alpha-cat",
    active: "true",
    option1_name: "Shade",
    option1_name_ar: "الدرجة",
    option1_value: letter,
    option1_value_ar: `درجة ${letter}`,
    sku: `FS-${letter}`,
    variant_price: "5.00",
    variant_stock: 3,
    ...over,
  });
  const variantsOfFive = async () => {
    const [product] = await db.owner.select().from(products).where(eq(products.slug, "five-shades"));
    return db.owner
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product!.id))
      .orderBy(asc(productVariants.position), asc(productVariants.id));
  };

  beforeAll(async () => {
    const created = await upload(csvOf(["A", "B", "C", "D", "E"].map((letter) => shade(letter))));
    expect((await apply(created.data.csv!)).status).toBe(302);
    expect(await variantsOfFive()).toHaveLength(5);
  });

  it("by default updates the rows it holds and deletes nothing; the preview says the others stay", async () => {
    const before = await variantsOfFive();
    const text = csvOf([shade("C", { variant_price: "7.25", variant_stock: 9 })]);
    const preview = await upload(text);
    expect(preview.status).toBe(200);
    expect(preview.data.counts).toEqual({
      rows: 1,
      create: 0,
      update: 1,
      unchanged: 0,
      invalid: 0,
      missing: { deleted: 0, deactivated: 0, untouched: 4 },
    });
    expect(preview.data.deleteMissing).toBe(false);
    expect(reportOf(preview)[0]!.notes).toEqual([
      {
        key: "variantCsv.notes.untouched",
        count: 4,
        items: ["A", "B", "D", "E"].map((letter) => ({
          en: `Shade: ${letter}`,
          ar: `الدرجة: درجة ${letter}`,
        })),
      },
    ]);
    expect((await apply(preview.data.csv!)).status).toBe(302);
    const after = await variantsOfFive();
    // Same variants, same places; only C's price and stock changed.
    expect(after.map((v) => v.id)).toEqual(before.map((v) => v.id));
    expect(after).toEqual(
      before.map((v) =>
        v.sku === "FS-C" ? { ...v, priceCents: 725, stock: 9, updatedAt: after[2]!.updatedAt } : v,
      ),
    );
    const values = await db.owner
      .select({ en: productOptionValues.valueEn })
      .from(productOptionValues)
      .innerJoin(productOptions, eq(productOptions.id, productOptionValues.optionId))
      .where(eq(productOptions.productId, before[0]!.productId));
    expect(values.map((v) => v.en).sort()).toEqual(["A", "B", "C", "D", "E"]);
  });

  it("a new row of such a file is added after the product's variants", async () => {
    const preview = await upload(csvOf([shade("F", { variant_price: "6.00" })]));
    expect(preview.data.counts).toMatchObject({ create: 1, missing: { deleted: 0, untouched: 5 } });
    expect((await apply(preview.data.csv!)).status).toBe(302);
    const variants = await variantsOfFive();
    expect(variants.map((v) => v.sku)).toEqual(["FS-A", "FS-B", "FS-C", "FS-D", "FS-E", "FS-F"]);
    expect(variants.every((v) => v.active)).toBe(true);
  });

  it("an option added while variants are left out of the file is refused, naming the way out", async () => {
    const text = csvOf([
      shade("A", {
        option2_name: "Finish",
        option2_name_ar: "اللمسة",
        option2_value: "Gloss",
        option2_value_ar: "لامع",
      }),
    ]);
    const preview = await upload(text);
    expect(preview.data.csv).toBeNull();
    expect(errorsOf(preview.data, 2)).toEqual([
      { column: null, key: "variantCsv.errors.optionNeedsAllVariants", params: { name: "Finish" } },
    ]);
  });

  it("deletes the variants it leaves out only when asked, counting them in the summary", async () => {
    const text = csvOf([shade("A")]);
    const preview = await uploadDeleting(text);
    expect(preview.data.counts).toMatchObject({
      rows: 1,
      invalid: 0,
      missing: { deleted: 5, deactivated: 0, untouched: 0 },
    });
    expect(reportOf(preview)[0]!.notes.map((note) => [note.key, note.count])).toEqual([
      ["variantCsv.notes.deleted", 5],
      ["variantCsv.notes.valuesRemoved", 5],
    ]);
    // Carried to Apply without the choice, the same file deletes nothing.
    expect((await apply(preview.data.csv!)).status).toBe(302);
    expect(await variantsOfFive()).toHaveLength(6);
    // The choice without its confirmation (a scripted POST: the checkbox's `required` is the
    // browser's) is refused with the preview again, and nothing is written.
    const before = await catalogue();
    const unconfirmed = await apply(preview.data.csv!, A, adminCookie, ctx, DELETING);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.data.notice).toEqual({ key: "variantCsv.confirmRequired" });
    expect(unconfirmed.data.counts?.missing).toEqual({ deleted: 5, deactivated: 0, untouched: 0 });
    expect(unconfirmed.data.csv).toBe(preview.data.csv);
    expect(await catalogue()).toEqual(before);
    expect(await variantsOfFive()).toHaveLength(6);
    expect((await applyDeleting(preview.data.csv!)).status).toBe(302);
    expect((await variantsOfFive()).map((v) => v.sku)).toEqual(["FS-A"]);
  });
});

describe("another store", () => {
  it("is out of reach: its slugs are new here, its SKUs free here, its images unknown here", async () => {
    const betaBefore = await catalogue(beta.storeId);
    const text = csvOf([
      {
        slug: "beta-product",
        name_en: "Taken over",
        name_ar: "استيلاء",
        price: "1.00",
        stock: 1,
        sku: "BETA-ONLY",
      },
    ]);
    const preview = await upload(text);
    expect(reportOf(preview)[0]).toMatchObject({ action: "create", errors: [] });
    expect((await apply(preview.data.csv!)).status).toBe(302);
    const [mine] = await db.owner
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.storeId, alpha.storeId), eq(productVariants.sku, "BETA-ONLY")));
    expect(mine).toBeDefined();
    const image = await upload(
      csvOf([
        sized({
          option1_value: "50 g",
          option1_value_ar: "50 غ",
          sku: "SD-50",
          variant_price: "1",
          variant_stock: 1,
          variant_image: `/images/${betaImage}`,
        }),
      ]),
    );
    expect(errorsOf(image.data, 2)).toEqual([
      { column: "variant_image", key: "variantCsv.errors.unknownImage" },
    ]);
    expect(await catalogue(beta.storeId)).toEqual(betaBefore);
  });
});

describe("the demo store", () => {
  it("exports and imports back unchanged", async () => {
    await seedDemo(db, { stores: MATRIX_STORES });
    const [store] = await db.owner.select().from(stores).where(eq(stores.slug, "dyes"));
    const host = "http://dyes.localhost:3000";
    const context = await contextFor(db, "dyes.localhost");
    const [admin] = await db.owner
      .select({ id: users.id })
      .from(users)
      // The owner: the demo store's team also has a packer and a support agent (decision 041),
      // whose roles do not open the catalogue's CSV.
      .where(and(eq(users.storeId, store!.id), eq(users.isAdmin, true), eq(users.staffPreset, "owner")))
      .limit(1);
    const cookie = await userCookie(store!.id, admin!.id, host);
    const before = await catalogue(store!.id);
    const text = await exportCsv(host, cookie, context);
    // The demo's dyes in sizes and its product in Size × Finish are in the file.
    expect(rowsOf(text).filter((row) => row.option1_name !== "").length).toBeGreaterThan(5);
    expect(rowsOf(text).some((row) => row.option2_name !== "")).toBe(true);
    const preview = await upload(text, host, cookie, context);
    expect(preview.status).toBe(200);
    const rows: ImportRowReport[] = reportOf(preview.data);
    expect(rows.length).toBe(before.variants.length);
    expect(preview.data.counts).toMatchObject({ create: 0, update: 0, invalid: 0 });
    expect((await apply(preview.data.csv!, host, cookie, context)).status).toBe(302);
    expect(await catalogue(store!.id)).toEqual(before);
  });
});
