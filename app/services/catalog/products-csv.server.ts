/**
 * The catalogue as CSV (SPEC §2 Products, bulk): export every product of the store, and import a
 * file that creates or updates products by slug. An import is checked row by row with the product
 * form's own rules (productCsvRowSchema) plus what only the database knows (category slugs, a
 * slug used twice in the file), shown as a preview, then applied in ONE transaction that checks
 * everything again: all rows are written, or none.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type Tx } from "~/db/client.server";
import { categories, products } from "~/db/schema";
import { CsvError, parseCsv, toCsv } from "~/lib/csv";
import { currencyDigits } from "~/lib/money";
import {
  CSV_FIELD,
  MAX_CSV_ROWS,
  minorToMajor,
  PRODUCT_CSV_COLUMNS,
  productCsvRowSchema,
  REQUIRED_CSV_COLUMNS,
  suggestSlug,
  type ProductCsvColumn,
  type ProductCsvRow,
} from "~/lib/validation/products-admin";
import { catalogChanged } from "./catalog-cache.server";
import { isSlugConflict } from "./products-admin.server";

/** The store's catalogue, one product a row, in slug order, with the header first. */
export async function exportProductsCsv(storeId: string, currency: string): Promise<string> {
  const db = await getDb();
  const category = alias(categories, "category");
  const sub = alias(categories, "sub");
  const rows = await db.withStore(storeId, (tx) =>
    tx
      .select({
        slug: products.slug,
        nameEn: products.nameEn,
        nameAr: products.nameAr,
        descriptionEn: products.descriptionEn,
        descriptionAr: products.descriptionAr,
        priceCents: products.priceCents,
        stock: products.stock,
        category: category.slug,
        subcategory: sub.slug,
        shadeHex: products.shadeHex,
        colorFamily: products.colorFamily,
        active: products.active,
      })
      .from(products)
      .leftJoin(category, eq(category.id, products.categoryId))
      .leftJoin(sub, eq(sub.id, products.subcategoryId))
      .orderBy(asc(products.slug)),
  );
  const digits = currencyDigits(currency);
  return toCsv([
    PRODUCT_CSV_COLUMNS,
    ...rows.map((row) => [
      row.slug,
      row.nameEn,
      row.nameAr,
      row.descriptionEn,
      row.descriptionAr,
      minorToMajor(row.priceCents, digits),
      row.stock,
      row.category,
      row.subcategory,
      row.shadeHex,
      row.colorFamily,
      row.active ? "true" : "false",
    ]),
  ]);
}

/** Rows written per statement (13 parameters a row, far below PostgreSQL's 65,535). */
const UPSERT_BATCH = 500;

export interface ImportRowError {
  /** The CSV column the error is about, or null for the row as a whole. */
  column: ProductCsvColumn | null;
  key: string;
}

export interface ImportRowReport {
  /** The row's line in the file (the header is line 1). */
  line: number;
  slug: string;
  nameEn: string;
  nameAr: string;
  priceCents: number | null;
  stock: number | null;
  action: "create" | "update";
  errors: ImportRowError[];
}

export type ImportCheck =
  | { ok: false; fileError: { key: string; params?: Record<string, string | number> } }
  | { ok: true; rows: ImportRowReport[]; invalid: number };

interface CheckedRow {
  report: ImportRowReport;
  value: ProductCsvRow | null;
  categoryId: string | null;
  subcategoryId: string | null;
}

const COLUMN_OF_FIELD = Object.fromEntries(
  Object.entries(CSV_FIELD).map(([column, field]) => [field, column]),
) as Record<string, ProductCsvColumn>;

/** The header's columns by position; unknown columns are ignored, known ones must not repeat. */
function readHeader(header: string[]): ImportCheck | Map<ProductCsvColumn, number> {
  const positions = new Map<ProductCsvColumn, number>();
  for (const [index, raw] of header.entries()) {
    const name = raw.trim().toLowerCase() as ProductCsvColumn;
    if (!(PRODUCT_CSV_COLUMNS as readonly string[]).includes(name)) continue;
    if (positions.has(name))
      return {
        ok: false,
        fileError: { key: "admin.products.import.duplicateColumn", params: { column: name } },
      };
    positions.set(name, index);
  }
  const missing = REQUIRED_CSV_COLUMNS.filter((column) => !positions.has(column));
  if (missing.length > 0) {
    return {
      ok: false,
      fileError: { key: "admin.products.import.missingColumns", params: { columns: missing.join(", ") } },
    };
  }
  return positions;
}

/** Every row checked: the form's rules, then the store's categories and slugs. */
async function checkRows(
  tx: Tx,
  text: string,
  currency: string,
): Promise<ImportCheck | { ok: true; checked: CheckedRow[] }> {
  let table: string[][];
  try {
    table = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) {
      return {
        ok: false,
        fileError: { key: `admin.products.import.${error.key}`, params: { line: error.line } },
      };
    }
    throw error;
  }
  const [header, ...body] = table;
  if (!header || body.length === 0) return { ok: false, fileError: { key: "admin.products.import.empty" } };
  if (body.length > MAX_CSV_ROWS) {
    return {
      ok: false,
      fileError: { key: "admin.products.import.tooManyRows", params: { max: MAX_CSV_ROWS } },
    };
  }
  const positions = readHeader(header);
  if (!(positions instanceof Map)) return positions;

  const schema = productCsvRowSchema(currencyDigits(currency));
  const parsed = body.map((cells, index) => {
    const record: Record<string, string> = {};
    for (const [column, position] of positions) record[CSV_FIELD[column]] = cells[position] ?? "";
    const cell = (column: ProductCsvColumn) => {
      const position = positions.get(column);
      return position === undefined ? "" : (cells[position] ?? "").trim();
    };
    const errors: ImportRowError[] = [];
    if (cells.length !== header.length)
      errors.push({ column: null, key: "admin.products.import.columnCount" });
    const result = schema.safeParse(record);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? "");
        errors.push({ column: COLUMN_OF_FIELD[field] ?? null, key: issue.message });
      }
    }
    const value = result.success ? result.data : null;
    const slug = value ? (value.slug ?? suggestSlug(value.nameEn)) : cell("slug").toLowerCase();
    if (value && !slug) errors.push({ column: "slug", key: "admin.products.errors.slugNeeded" });
    return {
      value: errors.length === 0 ? value : null,
      report: {
        line: index + 2,
        slug,
        nameEn: value?.nameEn ?? cell("name_en"),
        nameAr: value?.nameAr ?? cell("name_ar"),
        priceCents: value?.price ?? null,
        stock: value?.stock ?? null,
        action: "create" as "create" | "update",
        errors,
      },
    };
  });

  // What only the store knows: its categories, and which slugs it already has.
  const categoryRows = await tx
    .select({ id: categories.id, slug: categories.slug, parentId: categories.parentId })
    .from(categories);
  const bySlug = new Map(categoryRows.map((row) => [row.slug, row]));
  const slugs = [...new Set(parsed.map((row) => row.report.slug).filter(Boolean))];
  const existing = new Set<string>();
  for (let i = 0; i < slugs.length; i += 1000) {
    const found = await tx
      .select({ slug: products.slug })
      .from(products)
      .where(inArray(products.slug, slugs.slice(i, i + 1000)));
    for (const row of found) existing.add(row.slug);
  }
  const seen = new Map<string, number>();
  const checked = parsed.map(({ value, report }): CheckedRow => {
    report.action = existing.has(report.slug) ? "update" : "create";
    const earlier = report.slug ? seen.get(report.slug) : undefined;
    if (earlier !== undefined) {
      report.errors.push({ column: "slug", key: "admin.products.import.duplicateSlug" });
    } else if (report.slug) seen.set(report.slug, report.line);
    let categoryId: string | null = null;
    let subcategoryId: string | null = null;
    if (value?.category) {
      const category = bySlug.get(value.category);
      if (!category || category.parentId !== null) {
        report.errors.push({ column: "category", key: "admin.products.import.unknownCategory" });
      } else categoryId = category.id;
    }
    if (value?.subcategory) {
      const sub = bySlug.get(value.subcategory);
      if (!sub || sub.parentId === null) {
        report.errors.push({ column: "subcategory", key: "admin.products.import.unknownSubcategory" });
      } else if (categoryId && sub.parentId !== categoryId) {
        report.errors.push({ column: "subcategory", key: "admin.products.errors.subNotInCategory" });
      } else subcategoryId = sub.id;
    }
    return { report, value: report.errors.length === 0 ? value : null, categoryId, subcategoryId };
  });
  return { ok: true, checked };
}

function summary(checked: CheckedRow[]): ImportCheck {
  const rows = checked.map((row) => row.report);
  return { ok: true, rows, invalid: rows.filter((row) => row.errors.length > 0).length };
}

/** The preview: what each row would do, and what is wrong with it. Writes nothing. */
export async function previewProductImport(
  storeId: string,
  text: string,
  currency: string,
): Promise<ImportCheck> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const result = await checkRows(tx, text, currency);
    return "checked" in result ? summary(result.checked) : result;
  });
}

export type ApplyResult = { ok: true; created: number; updated: number } | { ok: false; check: ImportCheck };

/**
 * Applies a file in one transaction, checked again inside it (the file comes back from the
 * browser, and the store may have changed since the preview). Any bad row: nothing is written.
 * Updating by slug keeps a product's images, reviews and sales figures.
 */
export async function applyProductImport(
  storeId: string,
  text: string,
  currency: string,
): Promise<ApplyResult> {
  const db = await getDb();
  let result: ApplyResult;
  try {
    result = await db.withStore(storeId, async (tx): Promise<ApplyResult> => {
      const checkedRows = await checkRows(tx, text, currency);
      if (!("checked" in checkedRows)) return { ok: false, check: checkedRows };
      const check = summary(checkedRows.checked);
      if (!check.ok || check.invalid > 0) return { ok: false, check };
      const values = checkedRows.checked.map((row) => {
        const value = row.value!;
        return {
          storeId,
          slug: row.report.slug,
          nameEn: value.nameEn,
          nameAr: value.nameAr,
          descriptionEn: value.descriptionEn,
          descriptionAr: value.descriptionAr,
          priceCents: value.price,
          stock: value.stock,
          categoryId: row.categoryId,
          subcategoryId: row.subcategoryId,
          shadeHex: value.shadeHex,
          colorFamily: value.colorFamily,
          active: value.active,
        };
      });
      // One statement per 500 rows: a row whose slug the store has updates that product (its
      // id, images, reviews and sales figures stay), any other is created.
      const excluded = (column: string) => sql.raw(`excluded.${column}`);
      for (let i = 0; i < values.length; i += UPSERT_BATCH) {
        await tx
          .insert(products)
          .values(values.slice(i, i + UPSERT_BATCH))
          .onConflictDoUpdate({
            target: [products.storeId, products.slug],
            set: {
              nameEn: excluded("name_en"),
              nameAr: excluded("name_ar"),
              descriptionEn: excluded("description_en"),
              descriptionAr: excluded("description_ar"),
              priceCents: excluded("price_cents"),
              stock: excluded("stock"),
              categoryId: excluded("category_id"),
              subcategoryId: excluded("subcategory_id"),
              shadeHex: excluded("shade_hex"),
              colorFamily: excluded("color_family"),
              active: excluded("active"),
              updatedAt: sql`now()`,
            },
          });
      }
      const updated = checkedRows.checked.filter((row) => row.report.action === "update").length;
      const created = checkedRows.checked.length - updated;
      return { ok: true, created, updated };
    });
  } catch (error) {
    // Another import or form created one of these slugs since this one checked: nothing written.
    if (isSlugConflict(error)) {
      return {
        ok: false,
        check: { ok: false, fileError: { key: "admin.products.import.changedMeanwhile" } },
      };
    }
    throw error;
  }
  if (result.ok) await catalogChanged(storeId);
  return result;
}
