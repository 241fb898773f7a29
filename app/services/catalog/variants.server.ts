/**
 * Products' options and variants (decision 023): what the product page offers, which variant a
 * shopper's choice means, and the option values a cart or order line shows. Every product has at
 * least one variant; one without options has exactly one, whose id is the product's.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { productOptions, productOptionValues, productVariants, products } from "~/db/schema";
import type { VariantOption } from "~/lib/variants";
import { inStore, storeJoin } from "~/db/store-scope";

export interface ProductOptionView {
  id: string;
  position: number;
  nameEn: string;
  nameAr: string;
  values: { id: string; valueEn: string; valueAr: string }[];
}

export interface VariantView {
  id: string;
  sku: string | null;
  priceCents: number;
  stock: number;
  imageId: string | null;
  active: boolean;
  /** Option value ids by option position (index 0 = option 1); null where the product has fewer. */
  valueIds: [string | null, string | null, string | null];
}

export interface ProductVariants {
  options: ProductOptionView[];
  /** Active variants, in their order. */
  variants: VariantView[];
}

/** A product's options with their values, in order (the admin edits the same list). */
export async function loadProductOptions(
  tx: Tx,
  storeId: string,
  productId: string,
): Promise<ProductOptionView[]> {
  const optionRows = await tx
    .select({
      id: productOptions.id,
      position: productOptions.position,
      nameEn: productOptions.nameEn,
      nameAr: productOptions.nameAr,
      valueId: productOptionValues.id,
      valueEn: productOptionValues.valueEn,
      valueAr: productOptionValues.valueAr,
    })
    .from(productOptions)
    .leftJoin(productOptionValues, storeJoin(productOptionValues, "optionId", productOptions, "id"))
    .where(and(eq(productOptions.storeId, storeId), eq(productOptions.productId, productId)))
    .orderBy(asc(productOptions.position), asc(productOptionValues.position), asc(productOptionValues.id));
  const options: ProductOptionView[] = [];
  for (const row of optionRows) {
    let option = options.at(-1);
    if (!option || option.id !== row.id) {
      option = { id: row.id, position: row.position, nameEn: row.nameEn, nameAr: row.nameAr, values: [] };
      options.push(option);
    }
    if (row.valueId) option.values.push({ id: row.valueId, valueEn: row.valueEn!, valueAr: row.valueAr! });
  }
  return options;
}

/** The product's options (with their values, in order) and its active variants. */
export async function loadProductVariants(
  tx: Tx,
  storeId: string,
  productId: string,
): Promise<ProductVariants> {
  const options = await loadProductOptions(tx, storeId, productId);
  const variantRows = await tx
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      priceCents: productVariants.priceCents,
      stock: productVariants.stock,
      imageId: productVariants.imageId,
      active: productVariants.active,
      option1: productVariants.option1ValueId,
      option2: productVariants.option2ValueId,
      option3: productVariants.option3ValueId,
    })
    .from(productVariants)
    .where(inStore(productVariants, storeId, { productId, active: true }))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return {
    options,
    variants: variantRows.map(({ option1, option2, option3, ...variant }) => ({
      ...variant,
      valueIds: [option1, option2, option3],
    })),
  };
}

export type VariantChoice =
  | { variantId: string }
  /** Chosen value ids by option position (index 0 = option 1); undefined where none was sent. */
  | { optionValueIds: (string | undefined)[] };

export type ResolvedVariant =
  | { ok: true; variantId: string }
  | { ok: false; error: "not-found" | "choose-options" | "no-such-combination" };

/**
 * The variant a shopper means, in the product's store: the one named (it must be the product's),
 * or the one with every chosen option value, or a product's only variant when nothing was chosen.
 * Says which is wrong otherwise: no such product, options not all chosen, no such combination.
 * Whether it is active and in stock is for the caller (the cart locks and checks it).
 */
export async function resolveVariant(
  tx: Tx,
  storeId: string,
  productId: string,
  choice: VariantChoice,
): Promise<ResolvedVariant> {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(inStore(products, storeId, { id: productId, active: true }));
  if (!product) return { ok: false, error: "not-found" };
  const [{ optionCount } = { optionCount: 0 }] = await tx
    .select({ optionCount: count() })
    .from(productOptions)
    .where(and(eq(productOptions.storeId, storeId), eq(productOptions.productId, productId)));
  if ("variantId" in choice) {
    const [variant] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(inStore(productVariants, storeId, { productId, id: choice.variantId }));
    return variant ? { ok: true, variantId: variant.id } : { ok: false, error: "not-found" };
  }
  const chosen = choice.optionValueIds.slice(0, 3);
  if (optionCount === 0 && chosen.every((value) => value === undefined)) {
    const only = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.storeId, storeId), eq(productVariants.productId, productId)))
      .limit(2);
    return only.length === 1 ? { ok: true, variantId: only[0]!.id } : { ok: false, error: "choose-options" };
  }
  for (let position = 0; position < optionCount; position++) {
    if (!chosen[position]) return { ok: false, error: "choose-options" };
  }
  // Values sent for options the product does not have mean a combination it does not sell.
  if (chosen.slice(optionCount).some((value) => value !== undefined)) {
    return { ok: false, error: "no-such-combination" };
  }
  const columns = [
    productVariants.option1ValueId,
    productVariants.option2ValueId,
    productVariants.option3ValueId,
  ];
  const conditions = columns.map((column, position) =>
    position < optionCount ? eq(column, chosen[position]!) : sql`${column} is null`,
  );
  const [variant] = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(
      and(eq(productVariants.storeId, storeId), eq(productVariants.productId, productId), ...conditions),
    );
  return variant ? { ok: true, variantId: variant.id } : { ok: false, error: "no-such-combination" };
}

/** Each variant's option values in both languages, in option order (empty for a product without options). */
export async function loadVariantOptions(
  tx: Tx,
  storeId: string,
  variantIds: readonly string[],
): Promise<Map<string, VariantOption[]>> {
  const result = new Map<string, VariantOption[]>();
  if (variantIds.length === 0) return result;
  const rows = await tx
    .select({
      variantId: productVariants.id,
      position: productOptions.position,
      nameEn: productOptions.nameEn,
      nameAr: productOptions.nameAr,
      valueEn: productOptionValues.valueEn,
      valueAr: productOptionValues.valueAr,
    })
    .from(productVariants)
    .innerJoin(
      productOptionValues,
      and(
        eq(productOptionValues.storeId, productVariants.storeId),
        sql`${productOptionValues.id} in (${productVariants.option1ValueId}, ${productVariants.option2ValueId}, ${productVariants.option3ValueId})`,
      ),
    )
    .innerJoin(productOptions, storeJoin(productOptions, "id", productOptionValues, "optionId"))
    .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.id, [...variantIds])))
    .orderBy(asc(productOptions.position));
  for (const row of rows) {
    const list = result.get(row.variantId) ?? [];
    list.push({ nameEn: row.nameEn, nameAr: row.nameAr, valueEn: row.valueEn, valueAr: row.valueAr });
    result.set(row.variantId, list);
  }
  return result;
}
