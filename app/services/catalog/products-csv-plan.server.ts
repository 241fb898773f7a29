/**
 * What an import would change (decision 027): the store's products named by the file, read with
 * their options, values, variants, ordered variants and images, compared with what the file says,
 * as a plan of writes. A row learns here whether it creates, updates or changes nothing, what only
 * the store knows is wrong with it (a SKU another product has, an image the product lacks), and
 * what its product undergoes besides (variants deleted or deactivated, options removed).
 *
 * Variants of a named product that the file does not hold are left as they are unless the import
 * is told to delete them (issue 39): a file holding some rows of a product is an update of those
 * rows, not a statement that the others are gone.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Tx } from "~/db/client.server";
import {
  orderItems,
  productImages,
  productOptions,
  productOptionValues,
  products,
  productVariants,
} from "~/db/schema";
import { variantLabel, type VariantOption } from "~/lib/variants";
import type { TaxClass } from "~/lib/vat-math";
import type { FileProduct, FileRow, ImportNote, ProductFields, ReadFile } from "./products-csv-read.server";
import { productTextColumns } from "./product-columns.server";

interface ExistingValue {
  id: string;
  optionId: string;
  position: number;
  valueEn: string;
  valueAr: string;
}

interface ExistingOption {
  id: string;
  position: number;
  nameEn: string;
  nameAr: string;
  values: ExistingValue[];
}

export interface VariantState {
  id: string;
  productId: string;
  sku: string | null;
  priceCents: number;
  stock: number;
  imageId: string | null;
  active: boolean;
  position: number;
  /** Option value ids by option position (index 0 = option 1). */
  valueIds: (string | null)[];
}

/** The product columns the import writes (its price and stock are its variants'). */
export interface ProductColumns {
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  categoryId: string | null;
  subcategoryId: string | null;
  shadeHex: string | null;
  colorFamily: string | null;
  active: boolean;
  taxClass: TaxClass;
}

interface ExistingProduct {
  id: string;
  columns: ProductColumns;
  options: ExistingOption[];
  variants: VariantState[];
  /** Variants some order line points at: never deleted. */
  ordered: Set<string>;
  imageIds: Set<string>;
}

export interface ImportPlan {
  productInserts: (ProductColumns & { id: string; slug: string; priceCents: number; stock: number })[];
  productUpdates: (ProductColumns & { id: string })[];
  variantDeletes: string[];
  skuClears: string[];
  optionInserts: { id: string; productId: string; position: number; nameEn: string; nameAr: string }[];
  optionUpdates: { id: string; nameEn: string; nameAr: string }[];
  valueInserts: ExistingValue[];
  valueUpdates: ExistingValue[];
  variantUpdates: VariantState[];
  variantInserts: VariantState[];
  valueDeletes: string[];
  optionDeletes: string[];
  /** Products created, and products changed in any way. */
  created: number;
  updated: number;
  /**
   * Those products in the file's order, for their webhook events (decision 047): `stock` when
   * their stock levels changed (a variant's stock, a variant added or deleted; always on a new one).
   */
  changed: { productId: string; topic: "products/created" | "products/updated"; stock: boolean }[];
  /** Variants not in the file: deactivated (orders name them) or left as they are (not deleting). */
  deactivated: number;
  untouched: number;
}

export interface PlanOptions {
  /** Delete the variants of a named product that the file does not hold (off: keep them as they are). */
  deleteMissing: boolean;
}

const CHUNK = 1000;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * The store's products with these slugs, and what hangs from them. With `lock`, the product rows
 * are locked in id order (checkout's order, decision 023), so no sale moves their stock meanwhile.
 */
export async function loadExisting(
  tx: Tx,
  storeId: string,
  slugs: string[],
  lock: boolean,
): Promise<Map<string, ExistingProduct>> {
  const found = new Map<string, ExistingProduct>();
  const byId = new Map<string, ExistingProduct>();
  if (lock) {
    const ids: string[] = [];
    for (const part of chunks(slugs.filter(Boolean))) {
      const rows = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.storeId, storeId), inArray(products.slug, part)));
      ids.push(...rows.map((row) => row.id));
    }
    // One statement, in id order whatever the file's size, then read under the locks.
    if (ids.length > 0) {
      await tx.execute(
        sql`select id from products where store_id = ${storeId}::uuid and id = any(${`{${ids.join(",")}}`}::uuid[]) order by id for update`,
      );
    }
  }
  for (const part of chunks(slugs.filter(Boolean))) {
    const query = tx
      .select({
        ...productTextColumns,
        categoryId: products.categoryId,
        subcategoryId: products.subcategoryId,
        shadeHex: products.shadeHex,
        colorFamily: products.colorFamily,
        active: products.active,
        taxClass: products.taxClass,
      })
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.slug, part)))
      .orderBy(asc(products.id));
    for (const { id, slug, ...columns } of await query) {
      const product: ExistingProduct = {
        id,
        columns,
        options: [],
        variants: [],
        ordered: new Set(),
        imageIds: new Set(),
      };
      found.set(slug, product);
      byId.set(id, product);
    }
  }
  for (const ids of chunks([...byId.keys()])) {
    const optionRows = await tx
      .select({
        productId: productOptions.productId,
        id: productOptions.id,
        position: productOptions.position,
        nameEn: productOptions.nameEn,
        nameAr: productOptions.nameAr,
      })
      .from(productOptions)
      .where(and(eq(productOptions.storeId, storeId), inArray(productOptions.productId, ids)))
      .orderBy(asc(productOptions.position));
    const options = new Map<string, ExistingOption>();
    for (const { productId, ...option } of optionRows) {
      const row = { ...option, values: [] };
      options.set(option.id, row);
      byId.get(productId)!.options.push(row);
    }
    if (options.size > 0) {
      const valueRows = await tx
        .select({
          id: productOptionValues.id,
          optionId: productOptionValues.optionId,
          position: productOptionValues.position,
          valueEn: productOptionValues.valueEn,
          valueAr: productOptionValues.valueAr,
        })
        .from(productOptionValues)
        .where(
          and(
            eq(productOptionValues.storeId, storeId),
            inArray(productOptionValues.optionId, [...options.keys()]),
          ),
        )
        .orderBy(asc(productOptionValues.position), asc(productOptionValues.id));
      for (const value of valueRows) options.get(value.optionId)!.values.push(value);
    }
    const variantRows = await tx
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        sku: productVariants.sku,
        priceCents: productVariants.priceCents,
        stock: productVariants.stock,
        imageId: productVariants.imageId,
        active: productVariants.active,
        position: productVariants.position,
        option1: productVariants.option1ValueId,
        option2: productVariants.option2ValueId,
        option3: productVariants.option3ValueId,
      })
      .from(productVariants)
      .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.productId, ids)))
      .orderBy(asc(productVariants.position), asc(productVariants.id));
    for (const { option1, option2, option3, ...variant } of variantRows) {
      byId.get(variant.productId)!.variants.push({ ...variant, valueIds: [option1, option2, option3] });
    }
    const ordered = await tx
      .selectDistinct({ productId: orderItems.productId, variantId: orderItems.variantId })
      .from(orderItems)
      .where(and(eq(orderItems.storeId, storeId), inArray(orderItems.productId, ids)));
    for (const line of ordered) if (line.variantId) byId.get(line.productId)!.ordered.add(line.variantId);
    const gallery = await tx
      .select({ productId: productImages.productId, imageId: productImages.imageId })
      .from(productImages)
      .where(and(eq(productImages.storeId, storeId), inArray(productImages.productId, ids)));
    for (const image of gallery) byId.get(image.productId)!.imageIds.add(image.imageId);
  }
  return found;
}

/** Which product of the store has each of these SKUs now. */
export async function skuOwners(tx: Tx, storeId: string, skus: string[]): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const part of chunks(skus)) {
    const rows = await tx
      .select({ sku: productVariants.sku, productId: productVariants.productId })
      .from(productVariants)
      .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.sku, part)));
    for (const row of rows) owners.set(row.sku!, row.productId);
  }
  return owners;
}

const E = (key: string) => `variantCsv.errors.${key}`;
const N = (key: string) => `variantCsv.notes.${key}`;

/** Null and "" are the same for the optional text columns (the file cannot tell them apart). */
const same = (a: unknown, b: unknown) => a === b || ((a === null || a === "") && (b === null || b === ""));

/** The file's product columns; without a tax_class column the product keeps its class (new: standard). */
function columnsOf(fp: FileProduct, ex: ExistingProduct | undefined): ProductColumns {
  const fields = fp.fields as ProductFields;
  return {
    nameEn: fields.nameEn,
    nameAr: fields.nameAr,
    descriptionEn: fields.descriptionEn,
    descriptionAr: fields.descriptionAr,
    categoryId: fp.categoryId,
    subcategoryId: fp.subcategoryId,
    shadeHex: fields.shadeHex,
    colorFamily: fields.colorFamily,
    active: fields.active,
    taxClass: fields.taxClass ?? ex?.columns.taxClass ?? "standard",
  };
}

const variantChanged = (a: VariantState, b: VariantState) =>
  a.sku !== b.sku ||
  a.priceCents !== b.priceCents ||
  a.stock !== b.stock ||
  a.imageId !== b.imageId ||
  a.active !== b.active ||
  a.position !== b.position ||
  [0, 1, 2].some((i) => (a.valueIds[i] ?? null) !== (b.valueIds[i] ?? null));

/**
 * The writes that make the store's products what the file says, each row's action and notes, and
 * the errors only the store can tell. Groups with a bad row are checked but not planned.
 */
export function planImport(
  file: ReadFile,
  existing: Map<string, ExistingProduct>,
  owners: Map<string, string>,
  options: PlanOptions,
): ImportPlan {
  const plan: ImportPlan = {
    productInserts: [],
    productUpdates: [],
    variantDeletes: [],
    skuClears: [],
    optionInserts: [],
    optionUpdates: [],
    valueInserts: [],
    valueUpdates: [],
    variantUpdates: [],
    variantInserts: [],
    valueDeletes: [],
    optionDeletes: [],
    created: 0,
    updated: 0,
    changed: [],
    deactivated: 0,
    untouched: 0,
  };
  const inFile = new Set([...existing.values()].map((product) => product.id));
  const fileSkus = new Set(file.products.flatMap((fp) => fp.rows.map((row) => row.sku).filter(Boolean)));
  for (const fp of file.products) {
    const ex = existing.get(fp.slug);
    for (const row of fp.rows) {
      const owner = row.sku ? owners.get(row.sku) : undefined;
      // SKUs are the store's: one another product keeps (it is not in this file) is taken.
      if (owner && !inFile.has(owner)) row.report.errors.push({ column: "sku", key: E("skuTaken") });
      if (row.imageId && !ex?.imageIds.has(row.imageId)) {
        row.report.errors.push({ column: "variant_image", key: E("unknownImage") });
      }
    }
    const act = (action: "create" | "update") => fp.rows.forEach((row) => (row.report.action = action));
    act(ex ? "update" : "create");
    if (fp.rows.some((row) => row.report.errors.length > 0) || !fp.fields) continue;

    const first = fp.rows[0]!;
    const columns = columnsOf(fp, ex);
    const updatedBefore = plan.updated;
    let product: ExistingProduct;
    if (ex) product = ex;
    else {
      const id = uuidv7();
      plan.productInserts.push({
        ...columns,
        id,
        slug: fp.slug,
        priceCents: first.priceCents!,
        stock: first.stock!,
      });
      plan.created += 1;
      // What the database makes with the product: its default variant, under its id.
      product = {
        id,
        columns,
        options: [],
        ordered: new Set(),
        imageIds: new Set(),
        variants: [
          {
            id,
            productId: id,
            sku: null,
            priceCents: first.priceCents!,
            stock: first.stock!,
            imageId: null,
            active: true,
            position: 0,
            valueIds: [null, null, null],
          },
        ],
      };
    }
    const written = {
      updates: plan.variantUpdates.length,
      inserts: plan.variantInserts.length,
      deletes: plan.variantDeletes.length,
    };
    const fieldsChanged =
      !!ex &&
      (Object.keys(columns) as (keyof ProductColumns)[]).some((key) => !same(columns[key], ex.columns[key]));
    if (fieldsChanged) plan.productUpdates.push({ id: product.id, ...columns });
    const changed = file.variantLayout
      ? planVariants(fp, product, plan, fileSkus, options)
      : planSingle(fp, product, plan, !!ex);
    if (
      ex &&
      (fieldsChanged || changed.product || changed.rows.some(Boolean) || changed.created.some(Boolean))
    ) {
      plan.updated += 1;
    }
    if (!ex) plan.changed.push({ productId: product.id, topic: "products/created", stock: true });
    else if (plan.updated > updatedBefore) {
      const stockBefore = new Map(ex.variants.map((variant) => [variant.id, variant.stock]));
      const stock =
        plan.variantInserts.length > written.inserts ||
        plan.variantDeletes.length > written.deletes ||
        plan.variantUpdates
          .slice(written.updates)
          .some((variant) => stockBefore.get(variant.id) !== variant.stock);
      plan.changed.push({ productId: product.id, topic: "products/updated", stock });
    }
    if (!ex) continue;
    fp.rows.forEach((row, index) => {
      row.report.action = changed.created[index]
        ? "create"
        : fieldsChanged || changed.product || changed.rows[index]
          ? "update"
          : "unchanged";
    });
  }
  return plan;
}

interface Changes {
  /** The product changed besides its rows' variants (options, values, dropped variants). */
  product: boolean;
  rows: boolean[];
  created: boolean[];
}

/** A file without variant columns: a row is the product; its price and stock its only variant's. */
function planSingle(fp: FileProduct, product: ExistingProduct, plan: ImportPlan, existed: boolean): Changes {
  const row = fp.rows[0]!;
  const only = product.variants.length === 1 ? product.variants[0]! : null;
  if (existed && !only) {
    row.report.notes.push({ key: N("optionsKept"), count: product.variants.length, items: [] });
    return { product: false, rows: [false], created: [false] };
  }
  if (!only || !existed) return { product: false, rows: [false], created: [false] };
  const next = { ...only, priceCents: row.priceCents!, stock: row.stock! };
  const changed = variantChanged(only, next);
  if (changed) plan.variantUpdates.push(next);
  return { product: changed, rows: [changed], created: [false] };
}

function planVariants(
  fp: FileProduct,
  product: ExistingProduct,
  plan: ImportPlan,
  fileSkus: Set<string | null>,
  { deleteMissing }: PlanOptions,
): Changes {
  const count = fp.options.length;
  const first = fp.rows[0]!.report;
  const before = {
    options: plan.optionInserts.length + plan.optionUpdates.length + plan.optionDeletes.length,
    values: plan.valueDeletes.length,
  };
  // Options: the same English name is the same option; the others pair up in order (a rename).
  const existingOptions = [...product.options].sort((a, b) => a.position - b.position);
  const match: (ExistingOption | undefined)[] = [];
  const used = new Set<ExistingOption>();
  fp.options.forEach((option, i) => {
    const same = existingOptions.find((o) => !used.has(o) && o.nameEn.toLowerCase() === option.key);
    if (same) used.add((match[i] = same));
  });
  fp.options.forEach((_, i) => {
    const free = match[i] ? undefined : existingOptions.find((o) => !used.has(o));
    if (free) used.add((match[i] = free));
  });
  const removed = existingOptions.filter((option) => !used.has(option));
  const ownerOf = new Map<string, ExistingOption>();
  const valueById = new Map<string, ExistingValue>();
  for (const option of existingOptions) {
    for (const value of option.values) {
      ownerOf.set(value.id, option);
      valueById.set(value.id, value);
    }
  }
  // Values: the same English value (any case) of the same option is the same value.
  const valueIds = fp.options.map((option, i) =>
    option.values.map(
      (value) => match[i]?.values.find((v) => v.valueEn.toLowerCase() === value.key)?.id ?? uuidv7(),
    ),
  );
  const target = fp.rows.map((row) =>
    row.valueIndexes.slice(0, count).map((index, i) => (index === null ? null : valueIds[i]![index]!)),
  );
  const setOf = (ids: (string | null)[]) => ids.filter((id): id is string => id !== null);
  const keyOf = (ids: (string | null)[]) => setOf(ids).sort().join(",");
  const byKey = new Map(product.variants.map((variant) => [keyOf(variant.valueIds), variant]));
  const assigned = target.map((ids) => byKey.get(keyOf(ids)));
  const defaultVariant = product.variants.find((variant) => variant.id === product.id);
  if (count === 0) {
    // A product without options has one variant, the one under its id (decision 023).
    if (defaultVariant) assigned[0] = defaultVariant;
  } else {
    // A variant whose combination the file extends (an option added) or narrows (one removed)
    // keeps its id, in the first row that fits; the default variant first, so a product that had
    // no options turns its one variant into its first combination.
    const taken = new Set(assigned.filter(Boolean));
    const candidates = [...product.variants].sort(
      (a, b) => Number(b.id === product.id) - Number(a.id === product.id),
    );
    for (const variant of candidates) {
      if (taken.has(variant)) continue;
      const own = setOf(variant.valueIds);
      const index = target.findIndex((ids, i) => {
        if (assigned[i]) return false;
        const row = setOf(ids);
        return own.every((id) => row.includes(id)) || row.every((id) => own.includes(id));
      });
      if (index === -1) continue;
      assigned[index] = variant;
      taken.add(variant);
    }
  }
  const taken = new Set(assigned.filter(Boolean));
  const dropped = product.variants.filter((variant) => !taken.has(variant));
  // Without deleteMissing every variant the file leaves out stays as it is; with it, only those
  // some order points at stay (inactive), the others are deleted.
  const kept = deleteMissing ? dropped.filter((variant) => product.ordered.has(variant.id)) : dropped;
  const deleted = deleteMissing ? dropped.filter((variant) => !product.ordered.has(variant.id)) : [];
  const blocked = new Set(
    kept.flatMap((variant) =>
      variant.valueIds
        .map((id) => (id ? ownerOf.get(id) : undefined))
        .filter((o) => o && removed.includes(o)),
    ),
  );
  for (const option of blocked) {
    first.errors.push({
      column: null,
      key: E(deleteMissing ? "optionInOrders" : "optionInKeptVariants"),
      params: { name: option!.nameEn },
    });
  }
  // An option the file adds needs a value on every active variant: one left out of the file
  // (and not deleted) would have none.
  const unvalued = new Set(
    deleteMissing
      ? []
      : fp.options.filter((_, i) =>
          kept.some(
            (variant) => variant.active && !variant.valueIds.some((id) => id && ownerOf.get(id) === match[i]),
          ),
        ),
  );
  for (const option of unvalued) {
    first.errors.push({ column: null, key: E("optionNeedsAllVariants"), params: { name: option.nameEn } });
  }
  if (blocked.size > 0 || unvalued.size > 0)
    return { product: true, rows: fp.rows.map(() => true), created: fp.rows.map(() => false) };

  // Option rows stay at their positions; names and values move to where the file puts them.
  const optionIds = fp.options.map((option, i) => {
    const row = existingOptions.find((o) => o.position === i + 1);
    if (!row) {
      const id = uuidv7();
      plan.optionInserts.push({
        id,
        productId: product.id,
        position: i + 1,
        nameEn: option.nameEn,
        nameAr: option.nameAr,
      });
      return id;
    }
    if (row.nameEn !== option.nameEn || row.nameAr !== option.nameAr) {
      plan.optionUpdates.push({ id: row.id, nameEn: option.nameEn, nameAr: option.nameAr });
    }
    return row.id;
  });
  for (const row of existingOptions) if (row.position > count) plan.optionDeletes.push(row.id);

  const finalValues = new Set<string>();
  const updatedValues = new Set<string>();
  const keepValue = (
    value: ExistingValue,
    optionId: string,
    valueEn = value.valueEn,
    valueAr = value.valueAr,
  ) => {
    if (finalValues.has(value.id)) return;
    finalValues.add(value.id);
    if (value.optionId !== optionId || value.valueEn !== valueEn || value.valueAr !== valueAr) {
      plan.valueUpdates.push({ ...value, optionId, valueEn, valueAr });
      updatedValues.add(value.id);
    }
  };
  fp.options.forEach((option, i) => {
    // Values the product has keep their place; new ones follow, in the file's order.
    let next = Math.max(-1, ...(match[i]?.values.map((value) => value.position) ?? [])) + 1;
    option.values.forEach((value, j) => {
      const id = valueIds[i]![j]!;
      const known = valueById.get(id);
      if (known) keepValue(known, optionIds[i]!, value.valueEn, value.valueAr);
      else {
        plan.valueInserts.push({
          id,
          optionId: optionIds[i]!,
          position: next++,
          valueEn: value.valueEn,
          valueAr: value.valueAr,
        });
        finalValues.add(id);
      }
    });
  });

  // After the file's own values, so their new text wins: not deleting also keeps the values no
  // variant uses now.
  if (!deleteMissing) {
    fp.options.forEach((_, i) => match[i]?.values.forEach((value) => keepValue(value, optionIds[i]!)));
  }

  const changes: Changes = { product: false, rows: [], created: [] };
  const update = (from: VariantState, to: VariantState) => {
    if (!variantChanged(from, to)) return false;
    if (from.sku && from.sku !== to.sku) plan.skuClears.push(from.id);
    plan.variantUpdates.push(to);
    return true;
  };
  // Positions follow the file's order, keeping the ones already in that order (gaps and all). When
  // variants outside the file stay, the file cannot order them all: its variants keep their
  // places and new ones go after the last.
  let last = -1;
  const place = (position: number | undefined) =>
    (last = position !== undefined && position > last ? position : last + 1);
  let end = Math.max(-1, ...product.variants.map((variant) => variant.position));
  const partial = !deleteMissing && dropped.length > 0;
  const positionOf = (from: VariantState | undefined) =>
    partial ? (from ? from.position : ++end) : place(from?.position);
  fp.rows.forEach((row: FileRow, index) => {
    const from = assigned[index];
    const position = positionOf(from);
    const to: VariantState = {
      id: from?.id ?? (count === 0 && !defaultVariant ? product.id : uuidv7()),
      productId: product.id,
      sku: row.sku,
      priceCents: row.priceCents!,
      stock: row.stock!,
      imageId: row.imageId,
      active: row.active,
      position,
      valueIds: [0, 1, 2].map((i) => target[index]![i] ?? null),
    };
    changes.created.push(!from);
    if (!from) plan.variantInserts.push(to);
    changes.rows.push(
      !from || update(from, to) || to.valueIds.some((id) => id !== null && updatedValues.has(id)),
    );
  });
  // A dropped variant kept stays where it is (not deleting) or, when deleting the others because
  // some order points at it, inactive after the file's rows; its values go where their options went.
  for (const variant of kept) {
    const valueIdsNow = fp.options.map(
      (_, i) => variant.valueIds.find((id) => id && ownerOf.get(id) === match[i]) ?? null,
    );
    for (const [i, id] of valueIdsNow.entries()) if (id) keepValue(valueById.get(id)!, optionIds[i]!);
    const to = {
      ...variant,
      position: deleteMissing ? place(variant.position) : variant.position,
      active: deleteMissing ? false : variant.active,
      sku: variant.sku && fileSkus.has(variant.sku) ? null : variant.sku,
      valueIds: [0, 1, 2].map((i) => valueIdsNow[i] ?? null),
    };
    if (update(variant, to)) changes.product = true;
  }
  plan.variantDeletes.push(...deleted.map((variant) => variant.id));
  const goneValues = [...valueById.values()].filter((value) => !finalValues.has(value.id));
  plan.valueDeletes.push(...goneValues.map((value) => value.id));

  const labelOf = (variant: VariantState) => {
    const options: VariantOption[] = variant.valueIds.flatMap((id) => {
      const value = id ? valueById.get(id) : undefined;
      const option = id ? ownerOf.get(id) : undefined;
      return value && option
        ? [{ nameEn: option.nameEn, nameAr: option.nameAr, valueEn: value.valueEn, valueAr: value.valueAr }]
        : [];
    });
    return { en: variantLabel(options, "en"), ar: variantLabel(options, "ar") };
  };
  const note = (key: string, items: ImportNote["items"]) => {
    if (items.length > 0) first.notes.push({ key: N(key), count: items.length, items });
  };
  const deactivated = deleteMissing ? kept.filter((variant) => variant.active) : [];
  plan.deactivated += deactivated.length;
  if (!deleteMissing) plan.untouched += kept.length;
  note("deleted", deleted.map(labelOf));
  note("deactivated", deactivated.map(labelOf));
  if (!deleteMissing) note("untouched", kept.map(labelOf));
  note(
    "optionsRemoved",
    removed.map((option) => ({ en: option.nameEn, ar: option.nameAr })),
  );
  note(
    "valuesRemoved",
    goneValues
      .filter((value) => used.has(ownerOf.get(value.id)!))
      .map((value) => ({ en: value.valueEn, ar: value.valueAr })),
  );
  changes.product ||=
    deleted.length > 0 ||
    plan.optionInserts.length + plan.optionUpdates.length + plan.optionDeletes.length !== before.options ||
    plan.valueDeletes.length !== before.values;
  return changes;
}
