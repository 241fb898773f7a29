/**
 * The admin's side of options and variants (issue 19, decision 023 phase 2): a product's options
 * and their ordered values, generating the combinations, and editing the variants (SKU, price,
 * stock, image, active), alone or in bulk. Every function takes the store first and runs in the
 * store's row-level-secured transaction with the product row locked, so two admins' edits of one
 * product queue; ids a form sends are looked up again in that scope (ADR 012): another store's,
 * or another product's, are "not found" and nothing changes. Refusals are decided before any
 * write. Price and stock live on the variants; the product's summary (its lowest price, its
 * total stock) is the database's (trigger product_variants_to_product).
 *
 * The shape kept after every change: a product with n options has them at positions 1..n, and
 * each of its variants has exactly n option values, one of each option (option{k}_value_id for
 * the option at position k), one variant per combination at most; a product without options has
 * exactly one variant, whose id is the product's own when that row can be kept.
 */
import { and, asc, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { getDb, type Tx } from "~/db/client.server";
import { isViolation, UNIQUE_VIOLATION } from "~/db/violation";
import {
  cartItems,
  productImages,
  productOptions,
  productOptionValues,
  products,
  productVariants,
} from "~/db/schema";
import {
  combinationCount,
  MAX_VARIANTS,
  type OptionInput,
  type VariantRowInput,
} from "~/lib/validation/variants-admin";
import { recordProductAudit, recordProductChange } from "./product-events.server";
import { catalogChanged } from "./catalog-cache.server";
import { loadProductOptions } from "./variants.server";

export interface AdminOptionValue {
  id: string;
  valueEn: string;
  valueAr: string;
}

export interface AdminOption {
  id: string;
  /** 1, 2 or 3. */
  position: number;
  nameEn: string;
  nameAr: string;
  values: AdminOptionValue[];
}

export interface AdminVariant {
  id: string;
  sku: string | null;
  priceCents: number;
  stock: number;
  /** Grams (issue 33); null: the store's default weight. */
  weightGrams: number | null;
  imageId: string | null;
  active: boolean;
  position: number;
  /** Option value ids by option position (index 0 = option 1); null where the product has fewer. */
  valueIds: [string | null, string | null, string | null];
  /** In at least one order: it can be deactivated, never deleted. */
  ordered: boolean;
}

export interface AdminVariants {
  options: AdminOption[];
  /** Every variant, active or not, in the order of its option values. */
  variants: AdminVariant[];
  /** How many variants the options make: the product of their value counts. */
  combinations: number;
}

export type VariantsRefusal =
  | { ok: false; error: "not-found" }
  /** A value being removed is used by variants that are in orders. */
  | { ok: false; error: "ordered-value"; valueEn: string; valueAr: string }
  /** Removing an option would delete variants that are in orders. */
  | { ok: false; error: "ordered-option"; nameEn: string; nameAr: string }
  | { ok: false; error: "too-many"; count: number };

// ───────────────────────────── reading ─────────────────────────────

async function lockProduct(
  tx: Tx,
  productId: string,
): Promise<{ priceCents: number; nameEn: string } | null> {
  const [row] = await tx
    .select({ priceCents: products.priceCents, nameEn: products.nameEn })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  return row ?? null;
}

function readOptions(tx: Tx, storeId: string, productId: string): Promise<AdminOption[]> {
  return loadProductOptions(tx, storeId, productId);
}

async function readVariants(tx: Tx, productId: string): Promise<AdminVariant[]> {
  const rows = await tx
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      priceCents: productVariants.priceCents,
      stock: productVariants.stock,
      weightGrams: productVariants.weightGrams,
      imageId: productVariants.imageId,
      active: productVariants.active,
      position: productVariants.position,
      option1: productVariants.option1ValueId,
      option2: productVariants.option2ValueId,
      option3: productVariants.option3ValueId,
      // Written out: drizzle leaves the table off a column of a one-table select, and a bare
      // "id" here would be the order line's.
      ordered: sql<boolean>`exists (select 1 from order_items i where i.store_id = product_variants.store_id
        and i.product_id = product_variants.product_id and i.variant_id = product_variants.id)`,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return rows.map(({ option1, option2, option3, ordered, ...variant }) => ({
    ...variant,
    valueIds: [option1, option2, option3],
    // PGlite and postgres.js both give a boolean; a driver giving "t" would still read true.
    ordered: ordered === true || String(ordered) === "t" || String(ordered) === "true",
  }));
}

// ───────────────────────────── the activity log ─────────────────────────────

/** "Product — Red / Large" (or its SKU): a variant as the activity log names it (decision 046). */
function variantLabel(
  productName: string,
  options: AdminOption[],
  variant: Pick<AdminVariant, "sku" | "valueIds">,
): string {
  const names = options.flatMap((option, k) => {
    const value = option.values.find((candidate) => candidate.id === variant.valueIds[k]);
    return value ? [value.valueEn] : [];
  });
  const name = names.length > 0 ? names.join(" / ") : variant.sku;
  return name ? `${productName} — ${name}` : productName;
}

/** A variant's fields the log follows. */
function auditedVariant(
  variant: Pick<AdminVariant, "sku" | "priceCents" | "stock" | "weightGrams" | "imageId" | "active">,
) {
  return {
    sku: variant.sku,
    priceCents: variant.priceCents,
    stock: variant.stock,
    weightGrams: variant.weightGrams,
    imageId: variant.imageId,
    active: variant.active,
  };
}

/** The options as one line: "Colour: Red, Blue; Size: S, M". */
function optionsSummary(options: AdminOption[]): string {
  return options
    .map((option) => `${option.nameEn}: ${option.values.map((value) => value.valueEn).join(", ")}`)
    .join("; ");
}

type Ordered = Pick<AdminVariant, "id" | "position" | "valueIds">;

/**
 * Each variant's place among the combinations: its values' indexes, option by option (the edit
 * page's order, and the API's: apiProductsIn sorts with it too).
 */
export function combinationOrder(options: Pick<AdminOption, "values">[]) {
  const index = new Map<string, number>();
  for (const option of options) option.values.forEach((value, i) => index.set(value.id, i));
  const key = (variant: Pick<AdminVariant, "valueIds">) =>
    options.map((_, k) => index.get(variant.valueIds[k] ?? "") ?? Number.MAX_SAFE_INTEGER);
  return (a: Ordered, b: Ordered) => {
    const [ka, kb] = [key(a), key(b)];
    for (let k = 0; k < ka.length; k++) if (ka[k] !== kb[k]) return ka[k]! - kb[k]!;
    return a.position - b.position || (a.id < b.id ? -1 : 1);
  };
}

/** A product's options and every variant (for the edit page), or null when the store has no such product. */
export async function getAdminVariants(storeId: string, productId: string): Promise<AdminVariants | null> {
  const db = await getDb();
  return db.withStore(storeId, (tx) => getAdminVariantsIn(tx, storeId, productId));
}

/** getAdminVariants inside the caller's transaction of the store (a webhook event's snapshot). */
export async function getAdminVariantsIn(
  tx: Tx,
  storeId: string,
  productId: string,
): Promise<AdminVariants | null> {
  const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) return null;
  const options = await readOptions(tx, storeId, productId);
  const variants = (await readVariants(tx, productId)).sort(combinationOrder(options));
  return { options, variants, combinations: options.length === 0 ? 1 : combinationCount(options) };
}

// ───────────────────────────── options ─────────────────────────────

/** The three value columns of a variant, as an update's `set`. */
const valueColumns = (ids: readonly (string | null)[]) => ({
  option1ValueId: ids[0] ?? null,
  option2ValueId: ids[1] ?? null,
  option3ValueId: ids[2] ?? null,
});

/**
 * Makes the product's options `input` (in its order), in transaction `tx` with the product
 * locked. An option or value with an id keeps it (and its variants); one without is new; one the
 * product has that `input` leaves out is removed:
 * - a removed value's variants are deleted (refused when one is in an order);
 * - a removed option's variants are merged: of those that differ only in the removed options'
 *   values, one is kept (an ordered one, else the product's default one, else the one with the
 *   removed options' first values) and the others deleted (refused when one is in an order);
 * - a new option gives every variant its first value.
 * Options are slots 1..3: moving an option moves its names and values to another slot's row (no
 * position changes, so neither the positions' unique key nor their 1..3 check is ever crossed).
 */
export async function applyOptions(
  tx: Tx,
  storeId: string,
  productId: string,
  input: OptionInput[],
  fallbackPriceCents: number,
): Promise<VariantsRefusal | null> {
  const current = await readOptions(tx, storeId, productId);
  const variants = await readVariants(tx, productId);
  const byId = new Map(current.map((option) => [option.id, option]));

  // Ids must be this product's, each used once, values under their own option.
  const seen = new Set<string>();
  for (const option of input) {
    if (option.id) {
      const existing = byId.get(option.id);
      if (!existing || seen.has(option.id)) return { ok: false, error: "not-found" };
      seen.add(option.id);
      for (const value of option.values) {
        if (!value.id) continue;
        if (!existing.values.some((v) => v.id === value.id) || seen.has(value.id))
          return { ok: false, error: "not-found" };
        seen.add(value.id);
      }
    } else if (option.values.some((value) => value.id)) {
      return { ok: false, error: "not-found" };
    }
  }
  const count = combinationCount(input);
  if (input.length > 3 || count > MAX_VARIANTS) return { ok: false, error: "too-many", count };

  const kept = new Set(input.flatMap((option) => (option.id ? [option.id] : [])));
  const removedOptions = current.filter((option) => !kept.has(option.id));
  const keptValueIds = new Set(input.flatMap((option) => option.values.flatMap((v) => (v.id ? [v.id] : []))));

  // 1. Variants of removed values (of options that stay) go.
  const doomed = new Set<string>();
  for (const option of current) {
    if (!kept.has(option.id)) continue;
    for (const value of option.values) {
      if (keptValueIds.has(value.id)) continue;
      const users = variants.filter((variant) => variant.valueIds[option.position - 1] === value.id);
      const ordered = users.find((variant) => variant.ordered);
      if (ordered)
        return { ok: false, error: "ordered-value", valueEn: value.valueEn, valueAr: value.valueAr };
      for (const variant of users) doomed.add(variant.id);
    }
  }
  // 2. Removed options merge the variants that differ only in them.
  if (removedOptions.length > 0) {
    const groups = new Map<string, AdminVariant[]>();
    for (const variant of variants) {
      if (doomed.has(variant.id)) continue;
      const key = current
        .filter((option) => kept.has(option.id))
        .map((option) => variant.valueIds[option.position - 1])
        .join("|");
      groups.set(key, [...(groups.get(key) ?? []), variant]);
    }
    const firstness = (variant: AdminVariant) =>
      removedOptions.map((option) =>
        option.values.findIndex((v) => v.id === variant.valueIds[option.position - 1]),
      );
    for (const group of groups.values()) {
      group.sort((a, b) => {
        if (a.ordered !== b.ordered) return a.ordered ? -1 : 1;
        if ((a.id === productId) !== (b.id === productId)) return a.id === productId ? -1 : 1;
        const [fa, fb] = [firstness(a), firstness(b)];
        for (let k = 0; k < fa.length; k++) if (fa[k] !== fb[k]) return fa[k]! - fb[k]!;
        return a.position - b.position;
      });
      const losers = group.slice(1);
      if (losers.some((variant) => variant.ordered)) {
        const option = removedOptions[0]!;
        return { ok: false, error: "ordered-option", nameEn: option.nameEn, nameAr: option.nameAr };
      }
      for (const variant of losers) doomed.add(variant.id);
    }
  }

  // Nothing refused: write. Slot rows for positions 1..n, with their final names.
  const slots: string[] = [];
  for (const [index, option] of input.entries()) {
    const position = index + 1;
    const row = current.find((candidate) => candidate.position === position);
    if (row) {
      if (row.nameEn !== option.nameEn || row.nameAr !== option.nameAr) {
        await tx
          .update(productOptions)
          .set({ nameEn: option.nameEn, nameAr: option.nameAr })
          .where(eq(productOptions.id, row.id));
      }
      slots.push(row.id);
    } else {
      const id = uuidv7();
      await tx
        .insert(productOptions)
        .values({ storeId, id, productId, position, nameEn: option.nameEn, nameAr: option.nameAr });
      slots.push(id);
    }
  }
  // Values into their slot, in order; new ones made. `finalIds[k]` are option k+1's value ids.
  const finalIds: string[][] = [];
  for (const [index, option] of input.entries()) {
    const ids: string[] = [];
    for (const [position, value] of option.values.entries()) {
      const fields = { optionId: slots[index]!, position, valueEn: value.valueEn, valueAr: value.valueAr };
      if (value.id) {
        await tx.update(productOptionValues).set(fields).where(eq(productOptionValues.id, value.id));
        ids.push(value.id);
      } else {
        const id = uuidv7();
        await tx.insert(productOptionValues).values({ storeId, id, ...fields });
        ids.push(id);
      }
    }
    finalIds.push(ids);
  }
  if (doomed.size > 0) await tx.delete(productVariants).where(inArray(productVariants.id, [...doomed]));
  // Every variant left gets its values in the new slots (a new option's first value).
  const oldPosition = new Map(current.map((option) => [option.id, option.position]));
  const survivors = variants.filter((variant) => !doomed.has(variant.id));
  for (const variant of survivors) {
    const next = input.map((option, k) =>
      option.id ? variant.valueIds[oldPosition.get(option.id)! - 1]! : finalIds[k]![0]!,
    );
    const changed = [0, 1, 2].some((k) => (next[k] ?? null) !== variant.valueIds[k]);
    if (changed) {
      await tx.update(productVariants).set(valueColumns(next)).where(eq(productVariants.id, variant.id));
    }
    variant.valueIds = [next[0] ?? null, next[1] ?? null, next[2] ?? null];
  }
  // Values no option has any more, then the slots past n (their values moved or gone).
  const allFinal = new Set(finalIds.flat());
  const gone = current.flatMap((option) => option.values.filter((v) => !allFinal.has(v.id)).map((v) => v.id));
  if (gone.length > 0) await tx.delete(productOptionValues).where(inArray(productOptionValues.id, gone));
  const spare = current.filter((option) => option.position > input.length).map((option) => option.id);
  if (spare.length > 0) await tx.delete(productOptions).where(inArray(productOptions.id, spare));

  if (survivors.length === 0) {
    // Every variant went with its values: the first combination stands in (a product always has one).
    const first = finalIds.map((ids) => ids[0]!);
    await tx.insert(productVariants).values({
      storeId,
      id: input.length === 0 ? productId : uuidv7(),
      productId,
      priceCents: fallbackPriceCents,
      stock: 0,
      ...valueColumns(first),
    });
  } else if (input.length === 0) {
    await keepDefaultId(tx, productId, survivors[0]!);
  }
  await renumber(tx, storeId, productId);
  return null;
}

/**
 * A product without options has one variant, under the product's id (decision 023): writers
 * that know only the product (order lines without a variant) rely on it. When the variant kept
 * is another row and not in an order, it takes the product's id, its cart lines with it.
 */
async function keepDefaultId(tx: Tx, productId: string, variant: AdminVariant) {
  if (variant.id === productId || variant.ordered) return;
  const [taken] = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.id, productId));
  if (taken) return;
  // Lines point at the variant's key (no cascade on update): lifted off, then put back under the new id.
  const lines = await tx.delete(cartItems).where(eq(cartItems.variantId, variant.id)).returning();
  await tx.update(productVariants).set({ id: productId }).where(eq(productVariants.id, variant.id));
  if (lines.length > 0) {
    await tx.insert(cartItems).values(lines.map((line) => ({ ...line, variantId: productId })));
  }
}

/** Positions 0, 1, 2… in the order of the option values (the product page lists them so). */
async function renumber(tx: Tx, storeId: string, productId: string) {
  const options = await readOptions(tx, storeId, productId);
  const variants = (await readVariants(tx, productId)).sort(combinationOrder(options));
  for (const [position, variant] of variants.entries()) {
    if (variant.position !== position) {
      await tx.update(productVariants).set({ position }).where(eq(productVariants.id, variant.id));
    }
  }
}

export type SaveOptionsResult = { ok: true } | VariantsRefusal;

/** The options form of the edit page: the product's whole list of options, saved at once. */
export async function saveOptions(
  storeId: string,
  productId: string,
  input: OptionInput[],
): Promise<SaveOptionsResult> {
  const db = await getDb();
  const result = await db.withStore(storeId, async (tx): Promise<SaveOptionsResult> => {
    const product = await lockProduct(tx, productId);
    if (!product) return { ok: false, error: "not-found" };
    const before = optionsSummary(await readOptions(tx, storeId, productId));
    const refused = await applyOptions(tx, storeId, productId, input, product.priceCents);
    if (refused) return refused;
    await recordProductChange(tx, storeId, {
      action: "product.options",
      entityType: "product",
      entityId: productId,
      entityLabel: product.nameEn,
      before: { options: before },
      after: { options: optionsSummary(await readOptions(tx, storeId, productId)) },
    });
    return { ok: true };
  });
  if (result.ok) await catalogChanged(storeId);
  return result;
}

// ───────────────────────────── generating ─────────────────────────────

/** Every combination of the options' values, option 1's values varying slowest. */
function combinations(options: AdminOption[]): string[][] {
  return options.reduce<string[][]>(
    (rows, option) => rows.flatMap((row) => option.values.map((value) => [...row, value.id])),
    [[]],
  );
}

/**
 * Adds a variant for each combination of values that has none (at the product's price, or
 * `start`'s, with no stock unless `start` says), in `tx` with the product locked. Existing
 * variants keep their ids, SKUs, prices and stock.
 */
export async function generateMissing(
  tx: Tx,
  storeId: string,
  productId: string,
  start: { priceCents: number; stock?: number },
): Promise<{ ok: true; created: number } | Extract<VariantsRefusal, { error: "too-many" }>> {
  const options = await readOptions(tx, storeId, productId);
  if (options.length === 0) return { ok: true, created: 0 };
  const count = combinationCount(options);
  if (count > MAX_VARIANTS) return { ok: false, error: "too-many", count };
  const variants = await readVariants(tx, productId);
  const have = new Set(variants.map((variant) => variant.valueIds.slice(0, options.length).join("|")));
  const missing = combinations(options).filter((combination) => !have.has(combination.join("|")));
  if (missing.length === 0) return { ok: true, created: 0 };
  await tx.insert(productVariants).values(
    missing.map((combination) => ({
      storeId,
      id: uuidv7(),
      productId,
      priceCents: start.priceCents,
      stock: start.stock ?? 0,
      ...valueColumns(combination),
    })),
  );
  await renumber(tx, storeId, productId);
  return { ok: true, created: missing.length };
}

export type GenerateResult = { ok: true; created: number } | VariantsRefusal;

/** The "Generate variants" button: one variant for each combination not yet present, at the product's price. */
export async function generateVariants(storeId: string, productId: string): Promise<GenerateResult> {
  const db = await getDb();
  const result = await db.withStore(storeId, async (tx): Promise<GenerateResult> => {
    const product = await lockProduct(tx, productId);
    if (!product) return { ok: false, error: "not-found" };
    const made = await generateMissing(tx, storeId, productId, { priceCents: product.priceCents });
    if (made.ok && made.created > 0) {
      await recordProductAudit(tx, storeId, {
        action: "product.variant.generate",
        entityType: "product",
        entityId: productId,
        entityLabel: product.nameEn,
        changes: { variantsCreated: [null, made.created] },
      });
    }
    return made;
  });
  if (result.ok && result.created > 0) await catalogChanged(storeId);
  return result;
}

// ───────────────────────────── variants ─────────────────────────────

export type SaveVariantsResult =
  | { ok: true }
  | { ok: false; error: "not-found" }
  | { ok: false; error: "fields"; fieldErrors: Record<string, string[]> };

const SKU_TAKEN = "adminVariants.errors.skuTaken";

/** A unique violation of the store's SKUs, through drizzle's wrapping. */
export function isSkuConflict(error: unknown): boolean {
  return isViolation(error, UNIQUE_VIOLATION, "product_variants_sku_key");
}

/**
 * The variants table: each row's SKU, price, stock, image and active flag. Every row must be one
 * of this product's variants and every image one of its images ("not found" otherwise); a SKU
 * another variant of the store has is the row's field error. Rows the form does not carry stay.
 */
export async function saveVariants(
  storeId: string,
  productId: string,
  rows: VariantRowInput[],
): Promise<SaveVariantsResult> {
  const db = await getDb();
  let result: SaveVariantsResult;
  try {
    result = await db.withStore(storeId, async (tx): Promise<SaveVariantsResult> => {
      const product = await lockProduct(tx, productId);
      if (!product) return { ok: false, error: "not-found" };
      const variants = await readVariants(tx, productId);
      const byId = new Map(variants.map((variant) => [variant.id, variant]));
      if (rows.some((row) => !byId.has(row.id))) return { ok: false, error: "not-found" };
      const imageIds = rows.flatMap((row) => (row.imageId ? [row.imageId] : []));
      if (imageIds.length > 0) {
        const gallery = await tx
          .select({ imageId: productImages.imageId })
          .from(productImages)
          .where(and(eq(productImages.productId, productId), inArray(productImages.imageId, imageIds)));
        const own = new Set(gallery.map((row) => row.imageId));
        if (imageIds.some((id) => !own.has(id))) return { ok: false, error: "not-found" };
      }
      const skus = rows.flatMap((row) => (row.sku ? [row.sku] : []));
      if (skus.length > 0) {
        const holders = await tx
          .select({ id: productVariants.id, sku: productVariants.sku })
          .from(productVariants)
          .where(and(isNotNull(productVariants.sku), inArray(productVariants.sku, skus)));
        const ours = new Set(rows.map((row) => row.id));
        const taken = new Set(holders.filter((holder) => !ours.has(holder.id)).map((holder) => holder.sku));
        const fieldErrors: Record<string, string[]> = {};
        rows.forEach((row, index) => {
          if (row.sku && taken.has(row.sku)) fieldErrors[`variants[${index}].sku`] = [SKU_TAKEN];
        });
        if (Object.keys(fieldErrors).length > 0) return { ok: false, error: "fields", fieldErrors };
      }
      // SKUs passed between two rows of this product: free them first, then write every row.
      const moving = rows.filter(
        (row) => row.sku !== byId.get(row.id)!.sku && byId.get(row.id)!.sku !== null,
      );
      if (moving.length > 0) {
        await tx
          .update(productVariants)
          .set({ sku: null })
          .where(
            inArray(
              productVariants.id,
              moving.map((row) => row.id),
            ),
          );
      }
      for (const row of rows) {
        const old = byId.get(row.id)!;
        if (
          old.sku === row.sku &&
          old.priceCents === row.price &&
          old.stock === row.stock &&
          old.weightGrams === row.weightGrams &&
          old.imageId === row.imageId &&
          old.active === row.active &&
          !moving.includes(row)
        )
          continue;
        await tx
          .update(productVariants)
          .set({
            sku: row.sku,
            priceCents: row.price,
            stock: row.stock,
            weightGrams: row.weightGrams,
            imageId: row.imageId,
            active: row.active,
            updatedAt: new Date(),
          })
          .where(eq(productVariants.id, row.id));
      }
      // One entry per variant that changed, its changed fields only (decision 046).
      const options = await readOptions(tx, storeId, productId);
      for (const row of rows) {
        const old = byId.get(row.id)!;
        await recordProductChange(tx, storeId, {
          action: "product.variant.update",
          entityType: "product",
          entityId: productId,
          entityLabel: variantLabel(product.nameEn, options, old),
          before: auditedVariant(old),
          after: auditedVariant({ ...row, priceCents: row.price }),
        });
      }
      return { ok: true };
    });
  } catch (error) {
    // Another admin took one of these SKUs at the same moment: the index decides, nothing saved.
    if (isSkuConflict(error)) return { ok: false, error: "fields", fieldErrors: { "": [SKU_TAKEN] } };
    throw error;
  }
  if (result.ok) await catalogChanged(storeId);
  return result;
}

export type BulkResult = { ok: true; count: number } | { ok: false; error: "not-found" };

/** One price (minor units) or one stock for every variant of the product, or for `variantIds`. */
export async function bulkSetVariants(
  storeId: string,
  productId: string,
  change: { field: "price"; value: number } | { field: "stock"; value: number },
  variantIds: string[] | "all",
): Promise<BulkResult> {
  const db = await getDb();
  const result = await db.withStore(storeId, async (tx): Promise<BulkResult> => {
    const product = await lockProduct(tx, productId);
    if (!product) return { ok: false, error: "not-found" };
    if (variantIds !== "all") {
      const found = await tx
        .select({ n: count() })
        .from(productVariants)
        .where(and(eq(productVariants.productId, productId), inArray(productVariants.id, variantIds)));
      if (Number(found[0]?.n ?? 0) !== new Set(variantIds).size) return { ok: false, error: "not-found" };
    }
    const before = await readVariants(tx, productId);
    const set =
      change.field === "price"
        ? { priceCents: change.value, updatedAt: new Date() }
        : { stock: change.value, updatedAt: new Date() };
    const updated = await tx
      .update(productVariants)
      .set(set)
      .where(
        and(
          eq(productVariants.productId, productId),
          variantIds === "all" ? undefined : inArray(productVariants.id, variantIds),
        ),
      )
      .returning({ id: productVariants.id });
    const chosen = new Set(updated.map((row) => row.id));
    const options = await readOptions(tx, storeId, productId);
    const field = change.field === "price" ? "priceCents" : "stock";
    for (const variant of before.filter((candidate) => chosen.has(candidate.id))) {
      await recordProductChange(tx, storeId, {
        action: "product.variant.update",
        entityType: "product",
        entityId: productId,
        entityLabel: variantLabel(product.nameEn, options, variant),
        before: { [field]: variant[field] },
        after: { [field]: change.value },
      });
    }
    return { ok: true, count: updated.length };
  });
  if (result.ok) await catalogChanged(storeId);
  return result;
}

export type VariantChangeResult =
  | { ok: true }
  | { ok: false; error: "not-found" }
  /** In an order: it can only be deactivated. */
  | { ok: false; error: "ordered" }
  /** The product's only variant. */
  | { ok: false; error: "last" };

/** Deletes a variant that no order has and that is not the product's last one. */
export async function deleteVariant(
  storeId: string,
  productId: string,
  variantId: string,
): Promise<VariantChangeResult> {
  return changeVariant(storeId, productId, variantId, async (tx, variant, variants, audit) => {
    if (variant.ordered) return { ok: false, error: "ordered" };
    if (variants.length === 1) return { ok: false, error: "last" };
    await audit({
      action: "product.variant.delete",
      before: { sku: variant.sku, priceCents: variant.priceCents, stock: variant.stock },
      after: null,
    });
    // Its cart lines go with it (cart_items_variant_fk cascades).
    await tx.delete(productVariants).where(eq(productVariants.id, variantId));
    return { ok: true };
  });
}

/** Takes a variant off sale (it stays in its orders) or puts it back on sale. */
export async function setVariantActive(
  storeId: string,
  productId: string,
  variantId: string,
  active: boolean,
): Promise<VariantChangeResult> {
  return changeVariant(storeId, productId, variantId, async (tx, variant, _variants, audit) => {
    await tx
      .update(productVariants)
      .set({ active, updatedAt: new Date() })
      .where(and(eq(productVariants.productId, productId), eq(productVariants.id, variantId)));
    await audit({ action: "product.variant.update", before: { active: variant.active }, after: { active } });
    return { ok: true };
  });
}

type VariantAudit = (change: {
  action: "product.variant.delete" | "product.variant.update";
  before: Record<string, unknown>;
  after: Record<string, unknown> | null;
}) => Promise<unknown>;

/**
 * One change to one variant, in one transaction with its product locked: "not-found" when the
 * product or the variant is not there; `audit` records it under the product, named by the variant.
 */
async function changeVariant(
  storeId: string,
  productId: string,
  variantId: string,
  change: (
    tx: Tx,
    variant: AdminVariant,
    variants: AdminVariant[],
    audit: VariantAudit,
  ) => Promise<VariantChangeResult>,
): Promise<VariantChangeResult> {
  const db = await getDb();
  const result = await db.withStore(storeId, async (tx): Promise<VariantChangeResult> => {
    const product = await lockProduct(tx, productId);
    if (!product) return { ok: false, error: "not-found" };
    const variants = await readVariants(tx, productId);
    const variant = variants.find((candidate) => candidate.id === variantId);
    if (!variant) return { ok: false, error: "not-found" };
    const audit: VariantAudit = async ({ action, before, after }) =>
      recordProductChange(tx, storeId, {
        action,
        entityType: "product",
        entityId: productId,
        entityLabel: variantLabel(product.nameEn, await readOptions(tx, storeId, productId), variant),
        before,
        after,
      });
    return change(tx, variant, variants, audit);
  });
  if (result.ok) await catalogChanged(storeId);
  return result;
}

/** How many options a product has (0: it is sold in one version, priced on the product form). */
export async function optionCount(tx: Tx, productId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(productOptions)
    .where(eq(productOptions.productId, productId));
  return Number(row?.n ?? 0);
}

/** How many options a product of the store has (0 for one without, or no such product). */
export async function productOptionCount(storeId: string, productId: string): Promise<number> {
  const db = await getDb();
  return db.withStore(storeId, (tx) => optionCount(tx, productId));
}
