/**
 * Carrying out an import's plan (products-csv-plan.server.ts) inside the import's transaction, in
 * an order no constraint trips over: products first (the database gives a new one its default
 * variant), dropped variants deleted and changing SKUs cleared before any variant takes them,
 * options and values before the variants that point at them, unused values and options last.
 * Only what changes is written, in statements of up to 500 rows.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { productOptions, productOptionValues, products, productVariants } from "~/db/schema";
import type { ImportPlan, VariantState } from "./products-csv-plan.server";

const BATCH = 500;

function* batches<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

/** One UPDATE … FROM (VALUES …) for many rows, each with its own values. */
async function updateRows(
  tx: Tx,
  storeId: string,
  table: string,
  columns: [name: string, type: string][],
  rows: unknown[][],
  touch: boolean,
) {
  const names = columns.map(([name]) => name);
  const set = [
    ...names.slice(1).map((name) => `${name} = v.${name}`),
    ...(touch ? ["updated_at = now()"] : []),
  ];
  for (const part of batches(rows)) {
    const values: SQL = sql.join(
      part.map(
        (row) =>
          sql`(${sql.join(
            row.map((value, i) => sql`${value}::${sql.raw(columns[i]![1])}`),
            sql`, `,
          )})`,
      ),
      sql`, `,
    );
    await tx.execute(
      sql`update ${sql.raw(table)} as t set ${sql.raw(set.join(", "))} from (values ${values}) as v(${sql.raw(names.join(", "))}) where t.store_id = ${storeId}::uuid and t.id = v.id`,
    );
  }
}

const variantRow = (storeId: string, variant: VariantState) => ({
  storeId,
  id: variant.id,
  productId: variant.productId,
  sku: variant.sku,
  priceCents: variant.priceCents,
  stock: variant.stock,
  imageId: variant.imageId,
  active: variant.active,
  position: variant.position,
  option1ValueId: variant.valueIds[0] ?? null,
  option2ValueId: variant.valueIds[1] ?? null,
  option3ValueId: variant.valueIds[2] ?? null,
});

export async function writePlan(tx: Tx, storeId: string, plan: ImportPlan): Promise<void> {
  for (const part of batches(plan.productInserts)) {
    await tx.insert(products).values(part.map((product) => ({ storeId, ...product })));
  }
  await updateRows(
    tx,
    storeId,
    "products",
    [
      ["id", "uuid"],
      ["name_en", "text"],
      ["name_ar", "text"],
      ["description_en", "text"],
      ["description_ar", "text"],
      ["category_id", "uuid"],
      ["subcategory_id", "uuid"],
      ["shade_hex", "text"],
      ["color_family", "text"],
      ["active", "boolean"],
      ["tax_class", "text"],
    ],
    plan.productUpdates.map((p) => [
      p.id,
      p.nameEn,
      p.nameAr,
      p.descriptionEn,
      p.descriptionAr,
      p.categoryId,
      p.subcategoryId,
      p.shadeHex,
      p.colorFamily,
      p.active,
      p.taxClass,
    ]),
    true,
  );
  for (const ids of batches(plan.variantDeletes)) {
    await tx
      .delete(productVariants)
      .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.id, ids)));
  }
  for (const ids of batches(plan.skuClears)) {
    await tx
      .update(productVariants)
      .set({ sku: null })
      .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.id, ids)));
  }
  for (const part of batches(plan.optionInserts)) {
    await tx.insert(productOptions).values(part.map((option) => ({ storeId, ...option })));
  }
  await updateRows(
    tx,
    storeId,
    "product_options",
    [
      ["id", "uuid"],
      ["name_en", "text"],
      ["name_ar", "text"],
    ],
    plan.optionUpdates.map((o) => [o.id, o.nameEn, o.nameAr]),
    false,
  );
  for (const part of batches(plan.valueInserts)) {
    await tx.insert(productOptionValues).values(part.map((value) => ({ storeId, ...value })));
  }
  await updateRows(
    tx,
    storeId,
    "product_option_values",
    [
      ["id", "uuid"],
      ["option_id", "uuid"],
      ["position", "integer"],
      ["value_en", "text"],
      ["value_ar", "text"],
    ],
    plan.valueUpdates.map((v) => [v.id, v.optionId, v.position, v.valueEn, v.valueAr]),
    false,
  );
  await updateRows(
    tx,
    storeId,
    "product_variants",
    [
      ["id", "uuid"],
      ["sku", "text"],
      ["price_cents", "integer"],
      ["stock", "integer"],
      ["image_id", "uuid"],
      ["active", "boolean"],
      ["position", "integer"],
      ["option1_value_id", "uuid"],
      ["option2_value_id", "uuid"],
      ["option3_value_id", "uuid"],
    ],
    plan.variantUpdates.map((v) => [
      v.id,
      v.sku,
      v.priceCents,
      v.stock,
      v.imageId,
      v.active,
      v.position,
      v.valueIds[0] ?? null,
      v.valueIds[1] ?? null,
      v.valueIds[2] ?? null,
    ]),
    true,
  );
  for (const part of batches(plan.variantInserts)) {
    await tx.insert(productVariants).values(part.map((variant) => variantRow(storeId, variant)));
  }
  for (const ids of batches(plan.valueDeletes)) {
    await tx
      .delete(productOptionValues)
      .where(and(eq(productOptionValues.storeId, storeId), inArray(productOptionValues.id, ids)));
  }
  for (const ids of batches(plan.optionDeletes)) {
    await tx
      .delete(productOptions)
      .where(and(eq(productOptions.storeId, storeId), inArray(productOptions.id, ids)));
  }
}
