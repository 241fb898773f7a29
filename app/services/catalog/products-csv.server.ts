/**
 * The catalogue as CSV (SPEC §2 Products, bulk; decision 027): export every variant of the store's
 * products, one a row, and import a file that creates or updates products by slug, with their
 * options, values and variants. An import is read and checked row by row with the product form's
 * rules (products-csv-read), compared with the store (products-csv-plan), shown as a preview, then
 * applied in ONE transaction that checks everything again: all rows are written, or none.
 * Variants the file leaves out are deleted only when the merchant asks for it (issue 39).
 */
import { recordProductAudit } from "./product-events.server";
import { recordProductsEvents } from "./product-events.server";
import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type Tx } from "~/db/client.server";
import { isViolation, UNIQUE_VIOLATION } from "~/db/violation";
import { categories, productOptions, productOptionValues, products, productVariants } from "~/db/schema";
import { toCsv } from "~/lib/csv";
import { currencyDigits } from "~/lib/money";
import { minorToMajor, PRODUCT_CSV_COLUMNS } from "~/lib/validation/products-admin";
import { imageRef, MAX_OPTIONS, VARIANT_CSV_COLUMNS } from "~/lib/validation/variant-csv";
import { catalogChanged } from "./catalog-cache.server";
import {
  loadExisting,
  planImport,
  skuOwners,
  type ImportPlan,
  type PlanOptions,
} from "./products-csv-plan.server";
import {
  readProductsCsv,
  type FileError,
  type ImportRowReport,
  type ReadFile,
} from "./products-csv-read.server";
import { writePlan } from "./products-csv-write.server";
import type { MissingVariants } from "./contract";
import { productTextColumns } from "./product-columns.server";

export type { MissingVariants };

export type { ImportNote, ImportRowError, ImportRowReport } from "./products-csv-read.server";
export type { PlanOptions as ImportOptions } from "./products-csv-plan.server";

/** The header the export writes and the import reads: the product columns, then the variant ones. */
export const CSV_HEADER = [...PRODUCT_CSV_COLUMNS, ...VARIANT_CSV_COLUMNS] as const;

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * The store's catalogue, one variant a row (inactive ones too), products in slug order and their
 * variants in theirs, the header first. Every row repeats its product's columns. A product
 * without options has one row whose price and stock are in `price`/`stock`; a product with
 * options has them in `variant_price`/`variant_stock` and leaves `price`/`stock` empty, so each
 * figure has one place in the file.
 */
export async function exportProductsCsv(storeId: string, currency: string): Promise<string> {
  const db = await getDb();
  const category = alias(categories, "category");
  const sub = alias(categories, "sub");
  const { productRows, optionRows, valueRows, variantRows } = await db.withStore(storeId, async (tx) => ({
    productRows: await tx
      .select({
        ...productTextColumns,
        category: category.slug,
        subcategory: sub.slug,
        shadeHex: products.shadeHex,
        colorFamily: products.colorFamily,
        active: products.active,
        taxClass: products.taxClass,
      })
      .from(products)
      .leftJoin(category, eq(category.id, products.categoryId))
      .leftJoin(sub, eq(sub.id, products.subcategoryId))
      .orderBy(asc(products.slug)),
    optionRows: await tx
      .select({
        id: productOptions.id,
        productId: productOptions.productId,
        position: productOptions.position,
        nameEn: productOptions.nameEn,
        nameAr: productOptions.nameAr,
      })
      .from(productOptions)
      .orderBy(asc(productOptions.position)),
    valueRows: await tx
      .select({
        id: productOptionValues.id,
        valueEn: productOptionValues.valueEn,
        valueAr: productOptionValues.valueAr,
      })
      .from(productOptionValues),
    variantRows: await tx
      .select()
      .from(productVariants)
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
  }));
  const optionsOf = groupBy(optionRows, (option) => option.productId);
  const variantsOf = groupBy(variantRows, (variant) => variant.productId);
  const values = new Map(valueRows.map((value) => [value.id, value]));
  const digits = currencyDigits(currency);
  const rows: (string | number | null)[][] = [[...CSV_HEADER]];
  for (const product of productRows) {
    const options = optionsOf.get(product.id) ?? [];
    for (const variant of variantsOf.get(product.id) ?? []) {
      const price = minorToMajor(variant.priceCents, digits);
      const plain = options.length === 0;
      const valueIds = [variant.option1ValueId, variant.option2ValueId, variant.option3ValueId];
      const optionCells = Array.from({ length: MAX_OPTIONS }, (_, i) => {
        const option = options.find((o) => o.position === i + 1);
        const value = valueIds[i] ? values.get(valueIds[i]!) : undefined;
        return option
          ? [option.nameEn, option.nameAr, value?.valueEn ?? "", value?.valueAr ?? ""]
          : ["", "", "", ""];
      }).flat();
      rows.push([
        product.slug,
        product.nameEn,
        product.nameAr,
        product.descriptionEn,
        product.descriptionAr,
        plain ? price : "",
        plain ? variant.stock : "",
        product.category,
        product.subcategory,
        product.shadeHex,
        product.colorFamily,
        product.active ? "true" : "false",
        product.taxClass,
        ...optionCells,
        variant.sku,
        plain ? "" : price,
        plain ? "" : variant.stock,
        variant.imageId ? imageRef(variant.imageId) : "",
        variant.active ? "true" : "false",
      ]);
    }
  }
  return toCsv(rows);
}

export type ImportCheck =
  | { ok: false; fileError: FileError }
  | { ok: true; rows: ImportRowReport[]; invalid: number; missing: MissingVariants };

/** The file read, checked against the store and planned; nothing written. */
async function checkFile(
  tx: Tx,
  storeId: string,
  text: string,
  currency: string,
  lock: boolean,
  options: PlanOptions,
): Promise<{ ok: false; fileError: FileError } | { ok: true; file: ReadFile; plan: ImportPlan }> {
  const categoryRows = await tx
    .select({ id: categories.id, slug: categories.slug, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.storeId, storeId));
  const file = readProductsCsv(text, currencyDigits(currency), categoryRows);
  if ("fileError" in file) return { ok: false, fileError: file.fileError };
  const existing = await loadExisting(
    tx,
    storeId,
    file.products.map((product) => product.slug),
    lock,
  );
  const skus = [
    ...new Set(file.products.flatMap((p) => p.rows.flatMap((row) => (row.sku ? [row.sku] : [])))),
  ];
  const plan = planImport(file, existing, await skuOwners(tx, storeId, skus), options);
  return { ok: true, file, plan };
}

function summary(file: ReadFile, plan: ImportPlan): Extract<ImportCheck, { ok: true }> {
  const rows = file.reports;
  return {
    ok: true,
    rows,
    invalid: rows.filter((row) => row.errors.length > 0).length,
    missing: {
      deleted: plan.variantDeletes.length,
      deactivated: plan.deactivated,
      untouched: plan.untouched,
    },
  };
}

/** The preview: what each row would do, and what is wrong with it. Writes nothing. */
export async function previewProductImport(
  storeId: string,
  text: string,
  currency: string,
  options: PlanOptions,
): Promise<ImportCheck> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const result = await checkFile(tx, storeId, text, currency, false, options);
    return result.ok ? summary(result.file, result.plan) : result;
  });
}

export type ApplyResult = { ok: true; created: number; updated: number } | { ok: false; check: ImportCheck };

/** Another writer made a slug, SKU or combination this import meant to make. */
function isConflict(error: unknown): boolean {
  const names = ["products_store_slug_key", "product_variants_sku_key", "product_variants_combination_key"];
  return names.some((name) => isViolation(error, UNIQUE_VIOLATION, name));
}

/**
 * Applies a file in one transaction, checked again inside it with the products locked (the file
 * comes back from the browser, and the store may have changed since the preview). Any bad row:
 * nothing is written. Only what changes is written: a product updated by slug keeps its id,
 * images, reviews and sales figures, and its variants of unchanged combinations their ids.
 */
export async function applyProductImport(
  storeId: string,
  text: string,
  currency: string,
  options: PlanOptions,
): Promise<ApplyResult> {
  const db = await getDb();
  let result: ApplyResult;
  try {
    result = await db.withStore(storeId, async (tx): Promise<ApplyResult> => {
      const checked = await checkFile(tx, storeId, text, currency, true, options);
      if (!checked.ok) return { ok: false, check: checked };
      const check = summary(checked.file, checked.plan);
      if (check.invalid > 0) return { ok: false, check };
      await writePlan(tx, storeId, checked.plan);
      // One entry per import, with its counts (decision 046); a refused file rolls it back too.
      const { created, updated } = checked.plan;
      await recordProductAudit(tx, storeId, {
        action: "product.import",
        entityType: "product",
        changes: {
          created: [null, created],
          updated: [null, updated],
          skipped: [null, Math.max(0, checked.file.products.length - created - updated)],
          ...(checked.plan.variantDeletes.length > 0
            ? { variantsDeleted: [null, checked.plan.variantDeletes.length] }
            : {}),
          ...(checked.plan.deactivated > 0 ? { variantsDeactivated: [null, checked.plan.deactivated] } : {}),
        },
      });
      // One event per product created or changed (and its stock's), written in bulk (decision 047).
      await recordProductsEvents(tx, storeId, checked.plan.changed);
      return { ok: true, created, updated };
    });
  } catch (error) {
    if (isConflict(error)) {
      return {
        ok: false,
        check: { ok: false, fileError: { key: "admin.products.import.changedMeanwhile" } },
      };
    }
    throw error;
  }
  if (result.ok && result.created + result.updated > 0) await catalogChanged(storeId);
  return result;
}
