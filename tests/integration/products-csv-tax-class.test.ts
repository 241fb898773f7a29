/**
 * Issue 35: the product's tax class in the products CSV (decision 042). The export writes
 * `tax_class` after `active`; export → import of the same file changes nothing; a file sets a
 * class (forgiving case, spaces and "_"; empty means standard); a file without the column
 * leaves each product's class as it is (a new product is standard); an unknown class refuses its
 * row with a message naming the line and the value, and nothing of the file is written.
 */
import type { AppLoadContext } from "@remix-run/node";
import { asc, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants, users } from "~/db/schema";
import { parseCsv } from "~/lib/csv";
import { getServerT } from "~/lib/i18n.server";
import { loader as exportLoader } from "~/routes/admin.products.export[.csv]";
import { action as importAction } from "~/routes/admin.products.import";
import { CSV_HEADER, type ImportCheck } from "~/services/catalog/products-csv.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { answer, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";
import { openTwoStores } from "../helpers/two-stores";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: AppLoadContext;
let cookie: string;
const A = "http://alpha.localhost:3000";
const BOOK = uuidv7();
const KIT = uuidv7();

type Preview = { preview: ImportCheck; csv: string | null };

async function exportCsv(): Promise<string> {
  const res = await answer<string>(() =>
    exportLoader({
      request: new Request(`${A}/admin/products/export.csv`, { headers: { Cookie: cookie } }),
      context: ctx,
      params: {},
    }),
  );
  expect(res.status).toBe(200);
  return res.data;
}

function upload(text: string) {
  const form = new FormData();
  form.append("intent", "preview");
  form.append("file", new File([text], "products.csv", { type: "text/csv" }));
  return answer<Preview>(() =>
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

const apply = (csv: string) =>
  answer<Preview & { notice?: unknown }>(() =>
    importAction({
      request: postForm(`${A}/admin/products/import`, { intent: "apply", csv }, cookie),
      context: ctx,
      params: {},
    }),
  );

const carried = (text: string) => Buffer.from(text, "utf8").toString("base64");

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

function rowsOf(text: string): Record<string, string>[] {
  const [header, ...body] = parseCsv(text);
  return body.map((cells) => Object.fromEntries(header!.map((column, i) => [column, cells[i] ?? ""])));
}

const rowsIn = (preview: Preview) => (preview.preview as Extract<ImportCheck, { ok: true }>).rows;

/** Every product row of alpha (timestamps included) and its variants. */
async function catalogue() {
  return {
    products: await db.owner
      .select()
      .from(products)
      .where(eq(products.storeId, alpha.storeId))
      .orderBy(asc(products.id)),
    variants: await db.owner
      .select()
      .from(productVariants)
      .where(eq(productVariants.storeId, alpha.storeId))
      .orderBy(asc(productVariants.id)),
  };
}

async function classes(): Promise<Record<string, string>> {
  const rows = await db.owner
    .select({ slug: products.slug, taxClass: products.taxClass })
    .from(products)
    .where(eq(products.storeId, alpha.storeId));
  return Object.fromEntries(rows.map((row) => [row.slug, row.taxClass]));
}

const book = (over: Record<string, string | number> = {}) => ({
  slug: "tax-book",
  name_en: "Dye book",
  name_ar: "كتاب الصبغات",
  price: "10.00",
  stock: 5,
  active: "true",
  ...over,
});

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores());
  const adminId = uuidv7();
  await db.owner
    .insert(users)
    .values({ storeId: alpha.storeId, id: adminId, email: "admin@alpha.test", name: "Admin", isAdmin: true });
  cookie = await userCookie(alpha.storeId, adminId, A);
  const base = { storeId: alpha.storeId, stock: 5, priceCents: 1000, categoryId: alpha.categoryId };
  await db.owner.insert(products).values([
    { ...base, id: BOOK, slug: "tax-book", nameEn: "Dye book", nameAr: "كتاب الصبغات", taxClass: "exempt" },
    {
      ...base,
      id: KIT,
      slug: "tax-kit",
      nameEn: "Starter kit",
      nameAr: "عدة البداية",
      taxClass: "zero-rated",
    },
  ]);
  // beta's product of the same slug is never touched by alpha's file.
  await db.owner.update(products).set({ taxClass: "exempt" }).where(eq(products.id, beta.productId));
});
afterAll(async () => {
  await db?.dispose();
});

describe("the tax class in the products CSV", () => {
  it("the export writes tax_class after active, each product's class", async () => {
    expect(CSV_HEADER.indexOf("tax_class")).toBe(CSV_HEADER.indexOf("active") + 1);
    const rows = rowsOf(await exportCsv());
    expect(Object.fromEntries(rows.map((row) => [row.slug, row.tax_class]))).toEqual({
      "alpha-product": "standard",
      "tax-book": "exempt",
      "tax-kit": "zero-rated",
    });
  });

  it("export → import of the same file changes nothing (every row unchanged, not a timestamp moved)", async () => {
    const before = await catalogue();
    const text = await exportCsv();
    const preview = await upload(text);
    expect(preview.status).toBe(200);
    expect(rowsIn(preview.data).map((row) => [row.slug, row.action, row.errors])).toEqual([
      ["alpha-product", "unchanged", []],
      ["tax-book", "unchanged", []],
      ["tax-kit", "unchanged", []],
    ]);
    const applied = await apply(carried(text));
    expect(applied.status).toBeLessThan(400);
    expect(await catalogue()).toEqual(before);
  });

  it("a file sets the class: words forgiven in case, spaces and '_', empty is standard", async () => {
    const text = csvOf([
      book({ tax_class: "Standard" }),
      { ...book({ slug: "tax-kit", name_en: "Starter kit", name_ar: "عدة البداية" }), tax_class: "" },
      book({ slug: "tax-new-zero", name_en: "New zero", name_ar: "جديد صفري", tax_class: "Zero rated" }),
      book({ slug: "tax-new-exempt", name_en: "New exempt", name_ar: "جديد معفى", tax_class: "EXEMPT" }),
      book({ slug: "tax-new-under", name_en: "New under", name_ar: "جديد", tax_class: "zero_rated" }),
    ]);
    const preview = await upload(text);
    expect(rowsIn(preview.data).flatMap((row) => row.errors)).toEqual([]);
    expect((await apply(carried(text))).status).toBeLessThan(400);
    expect(await classes()).toMatchObject({
      "tax-book": "standard",
      "tax-kit": "standard",
      "tax-new-zero": "zero-rated",
      "tax-new-exempt": "exempt",
      "tax-new-under": "zero-rated",
    });
    // beta's product is its own.
    const [other] = await db.owner
      .select({ taxClass: products.taxClass })
      .from(products)
      .where(eq(products.id, beta.productId));
    expect(other!.taxClass).toBe("exempt");
  });

  it("a file without the tax_class column leaves each class as it is (a new product is standard)", async () => {
    await db.owner.update(products).set({ taxClass: "exempt" }).where(eq(products.id, BOOK));
    const header = CSV_HEADER.filter((column) => column !== "tax_class");
    const text = csvOf(
      [
        book({ name_en: "Dye book, 2nd edition" }),
        book({ slug: "tax-no-column", name_en: "No column", name_ar: "بلا عمود" }),
      ],
      header,
    );
    const preview = await upload(text);
    expect(rowsIn(preview.data).map((row) => [row.slug, row.action, row.errors])).toEqual([
      ["tax-book", "update", []],
      ["tax-no-column", "create", []],
    ]);
    expect((await apply(carried(text))).status).toBeLessThan(400);
    const [row] = await db.owner
      .select({ nameEn: products.nameEn, taxClass: products.taxClass })
      .from(products)
      .where(eq(products.id, BOOK));
    expect(row).toEqual({ nameEn: "Dye book, 2nd edition", taxClass: "exempt" });
    expect((await classes())["tax-no-column"]).toBe("standard");
  });

  it("an unknown class refuses its row, naming the line and the value; nothing of the file is written", async () => {
    const before = await catalogue();
    const text = csvOf([
      book({ name_en: "Renamed book", tax_class: "zero-rated" }),
      book({ slug: "tax-kit", name_en: "Starter kit", name_ar: "عدة البداية", tax_class: "reduced" }),
    ]);
    const preview = await upload(text);
    const rows = rowsIn(preview.data);
    expect(rows[0]!.errors).toEqual([]);
    expect(rows[1]!.errors).toEqual([
      {
        column: "tax_class",
        key: "admin.products.import.unknownTaxClass",
        params: { line: 3, value: "reduced" },
      },
    ]);
    expect(preview.data.csv).toBeNull();
    const error = rows[1]!.errors[0]!;
    expect(getServerT("en")(error.key, error.params)).toBe(
      "Line 3: “reduced” is not a tax class. Write standard, zero-rated or exempt; nothing in the file is saved until this row is fixed.",
    );
    expect(getServerT("ar")(error.key, error.params)).toContain("السطر 3: «reduced» ليست فئة ضريبية");
    // The file carried back anyway (a crafted apply) is checked again and refused whole.
    const applied = await apply(carried(text));
    expect(applied.status).toBe(422);
    expect(await catalogue()).toEqual(before);
  });
});
