/**
 * What a checkout costs, computed on the server (DESIGN §5): the shopper's cart lines, each
 * priced by the store's running sales, plus the store's flat shipping fee (waived from the
 * free-shipping threshold up), plus the Cash On Delivery fee when the shopper pays on delivery
 * (decision 030). Prices include tax (decision 014).
 *
 * `priceCheckout` is the only place in the orders service that calls the pricing core, so the
 * move to the shared `priceLines` function (issue 8) is a change here and nowhere else.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { cartItems, products, productVariants, storeSettings } from "~/db/schema";
import type { VariantOption } from "~/lib/variants";
import { loadVariantOptions } from "~/services/catalog/variants.server";
import { lineImageId } from "~/services/catalog/product-columns.server";
import { priceLinesAt, sumLines } from "~/services/commerce/pricing.server";
import type { PaymentMethod } from "~/lib/validation/checkout";
import { loadCodRule, type CodRule } from "./payment-options.server";
import { priceAppliedCode, type AppliedCode } from "~/services/discounts/codes.server";

export interface CheckoutLine {
  productId: string;
  variantId: string;
  /** The variant's SKU and option values, as the order line keeps them. */
  sku: string | null;
  options: VariantOption[];
  slug: string;
  /** The chosen variant's image, else the product's first (null without any). */
  imageId: string | null;
  nameEn: string;
  nameAr: string;
  quantity: number;
  stock: number;
  /** False once the product was archived or the variant deactivated: it can no longer be bought. */
  active: boolean;
  unitPriceCents: number;
  /** Off each unit by the best running sale (0 without one). */
  unitDiscountCents: number;
  lineTotalCents: number;
}

export interface CheckoutPrice {
  lines: CheckoutLine[];
  /** Before sales. */
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  totalQuantity: number;
  /** The fee and threshold the shipping came from, for the summary's explanation. */
  shippingFeeCents: number;
  freeShippingThresholdCents: number;
  /**
   * What paying on delivery adds to totalCents (the store's COD fee; 0 for no goods), and the
   * store's COD rules. totalCents itself is before it: see totalsFor.
   */
  codFeeCents: number;
  cod: CodRule;
  /** The discount code on the cart (decision 029), judged now; its amount is in totalCents. */
  code: AppliedCode | null;
  codeDiscountCents: number;
}

export interface ShippingRule {
  shippingFeeCents: number;
  freeShippingThresholdCents: number;
}

/** The flat fee, unless the goods (after sales) reach a set threshold; nothing for no goods. */
export function shippingFor(goodsCents: number, rule: ShippingRule): number {
  if (goodsCents <= 0 || rule.shippingFeeCents <= 0) return 0;
  if (rule.freeShippingThresholdCents > 0 && goodsCents >= rule.freeShippingThresholdCents) return 0;
  return rule.shippingFeeCents;
}

/**
 * The order's COD fee and total for the chosen payment method: the fee is its own line, after
 * shipping, and only on a Cash On Delivery order (decision 030).
 */
export function totalsFor(
  price: Pick<CheckoutPrice, "totalCents" | "codFeeCents">,
  method: PaymentMethod,
): { codFeeCents: number; totalCents: number } {
  const codFeeCents = method === "cod" ? price.codFeeCents : 0;
  return { codFeeCents, totalCents: price.totalCents + codFeeCents };
}

/** The store's shipping rule; the column defaults (0, 0) for a store without a settings row. */
export async function loadShippingRule(tx: Tx, storeId: string): Promise<ShippingRule> {
  const [row] = await tx
    .select({
      shippingFeeCents: storeSettings.shippingFeeCents,
      freeShippingThresholdCents: storeSettings.freeShippingThresholdCents,
    })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, storeId));
  return row ?? { shippingFeeCents: 0, freeShippingThresholdCents: 0 };
}

/**
 * The shopper's cart, priced now. Archived lines are listed but not counted. `emails`: the
 * delivery email when placing, counted with the account for a code's per-shopper limit.
 */
export async function priceCheckout(
  tx: Tx,
  storeId: string,
  userId: string,
  pricing: { emails?: string[]; at?: Date } = {},
): Promise<CheckoutPrice> {
  const rows = await tx
    .select({
      productId: cartItems.productId,
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
      slug: products.slug,
      imageId: lineImageId("cart_items"),
      nameEn: products.nameEn,
      nameAr: products.nameAr,
      sku: productVariants.sku,
      stock: productVariants.stock,
      active: sql<boolean>`${products.active} and ${productVariants.active}`,
      priceCents: productVariants.priceCents,
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
    })
    .from(cartItems)
    .innerJoin(products, and(eq(products.storeId, cartItems.storeId), eq(products.id, cartItems.productId)))
    .innerJoin(
      productVariants,
      and(eq(productVariants.storeId, cartItems.storeId), eq(productVariants.id, cartItems.variantId)),
    )
    .where(and(eq(cartItems.storeId, storeId), eq(cartItems.userId, userId)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const rule = await loadShippingRule(tx, storeId);
  const cod = await loadCodRule(tx, storeId);
  const options = await loadVariantOptions(
    tx,
    storeId,
    rows.map((row) => row.variantId),
  );
  // Archived lines are shown but neither priced into the total nor bought.
  const priced = await priceLinesAt(
    tx,
    rows.map((row) => ({ ...row, quantity: row.quantity })),
    pricing.at,
  );
  const lines = rows.map((row, index): CheckoutLine => {
    const price = priced.lines[index]!;
    return {
      productId: row.productId,
      variantId: row.variantId,
      sku: row.sku,
      options: options.get(row.variantId) ?? [],
      slug: row.slug,
      imageId: row.imageId,
      nameEn: row.nameEn,
      nameAr: row.nameAr,
      quantity: row.quantity,
      stock: row.stock,
      active: row.active,
      unitPriceCents: price.unitPriceCents,
      unitDiscountCents: price.unitDiscountCents,
      lineTotalCents: price.lineTotalCents,
    };
  });
  const counted = sumLines(priced.lines.filter((_line, index) => rows[index]!.active));
  const subtotalCents = counted.subtotalCents;
  const discountCents = counted.discountCents;
  const totalQuantity = counted.quantity;
  const goodsCents = subtotalCents - discountCents;
  const shippingCents = shippingFor(goodsCents, rule);
  const buyable = rows.flatMap((row, index) => (row.active ? [index] : []));
  const code = await priceAppliedCode(
    tx,
    storeId,
    {
      lines: buyable.map((index) => rows[index]!),
      priced: buyable.map((index) => priced.lines[index]!),
      shippingCents,
      userId,
      emails: pricing.emails,
    },
    pricing.at,
  );
  const codeDiscountCents = code?.amountCents ?? 0;
  return {
    lines,
    subtotalCents,
    discountCents,
    shippingCents,
    totalCents: goodsCents + shippingCents - codeDiscountCents,
    totalQuantity,
    ...rule,
    codFeeCents: goodsCents > 0 ? cod.feeCents : 0,
    cod,
    code,
    codeDiscountCents,
  };
}
