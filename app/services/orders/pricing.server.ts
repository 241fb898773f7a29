/**
 * What a checkout costs, computed on the server (DESIGN §5): the shopper's cart lines, each
 * priced by the store's running sales, plus the store's flat shipping fee (waived from the
 * free-shipping threshold up), plus the Cash On Delivery fee when the shopper pays on delivery
 * (decision 030). VAT (issue 35, decision 042): none until the store registers; then worked out
 * per line by `taxFor`, inside the prices or added on top of them as the store says.
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
import { priceLinesAt, sumLines } from "~/services/pricing/pricing.server";
import type { PaymentMethod } from "~/lib/validation/checkout";
import { loadCodRule, type CodRule } from "./payment-options.server";
import { priceAppliedCode, type AppliedCode } from "~/services/discounts/codes.server";
import { loadVatRule, savedAddressPlace, type VatRule } from "~/services/tax/settings.server";
import { goodsTaxLine, taxOrder, vatOnNet, type TaxClass, type TaxedOrder } from "~/lib/vat-math";
import {
  quoteShipping,
  storeCountry,
  type AddressPlace,
  type QuotedRate,
  type ShippingQuote,
} from "~/services/shipping/zones.server";
import { storeJoin } from "~/db/store-scope";

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
  /** The product's VAT class: zero-rated and exempt lines are taxed at 0 % (issue 35). */
  taxClass: TaxClass;
}

export interface CheckoutPrice {
  lines: CheckoutLine[];
  /** Before sales. */
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /**
   * Goods after sales and the code, plus shipping, plus the VAT on them when the store's prices
   * exclude it (without the COD fee: see totalsFor).
   */
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
  /**
   * Shipping (issue 33): where to, the zone, the rates that apply (cheapest first) and the one
   * charged in `shippingCents` (the shopper's choice, else the cheapest; null when none applies).
   * `rateGone`: the asked-for rate no longer applies (changed or deleted meanwhile).
   */
  shipping: ShippingQuote & { place: AddressPlace; chosen: QuotedRate | null; rateGone: boolean };
  /** How VAT applies to this address (issue 35), or null when the store is not registered. */
  vat: VatRule | null;
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
  price: Pick<CheckoutPrice, "totalCents" | "codFeeCents" | "vat">,
  method: PaymentMethod,
): { codFeeCents: number; totalCents: number } {
  const codFeeCents = method === "cod" ? price.codFeeCents : 0;
  // Prices without VAT: the fee's own VAT goes on top, rounded as its line is (decision 042).
  const feeVat =
    price.vat && !price.vat.inclusive && price.vat.onCodFee ? vatOnNet(codFeeCents, price.vat.rateBp) : 0;
  return { codFeeCents, totalCents: price.totalCents + codFeeCents + feeVat };
}

/**
 * The order's VAT, line by line (decision 042): the goods (after sales, each at its class's rate;
 * the code shared by largest remainder across the lines it applies to), shipping (a free-shipping code takes it to 0), and the COD fee when
 * paying on delivery. Null when the store is not registered. Lines follow `price.lines`' buyable
 * lines, then shipping, then the fee.
 */
export function taxFor(
  price: Pick<
    CheckoutPrice,
    "lines" | "shippingCents" | "codFeeCents" | "code" | "codeDiscountCents" | "vat"
  >,
  method: PaymentMethod,
): TaxedOrder | null {
  const rule = price.vat;
  if (!rule) return null;
  const goods = price.lines.filter((line) => line.active);
  const freeShipping = price.code?.kind === "free_shipping";
  const shippingRate = rule.onShipping ? rule.rateBp : 0;
  const lines = [
    ...goods.map((line) => goodsTaxLine(line.lineTotalCents, line.taxClass, rule.rateBp)),
    { amount: price.shippingCents - (freeShipping ? price.codeDiscountCents : 0), rateBp: shippingRate },
    ...(method === "cod" && price.codFeeCents > 0
      ? [{ amount: price.codFeeCents, rateBp: rule.onCodFee ? rule.rateBp : 0 }]
      : []),
  ];
  return taxOrder(
    rule.inclusive ? "inclusive" : "exclusive",
    lines,
    freeShipping ? 0 : price.codeDiscountCents,
    // A code reaches the lines it applies to (all of them for a store-wide code).
    lines.map((_line, index) => index < goods.length && (price.code?.reaches[index] ?? true)),
  );
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
  pricing: {
    emails?: string[];
    at?: Date;
    /** Where to ship; absent: the shopper's saved address, else the store's country. */
    place?: AddressPlace;
    /** The rate the shopper chose; absent: the cheapest that applies. */
    rateId?: string;
  } = {},
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
      taxClass: products.taxClass,
      sku: productVariants.sku,
      stock: productVariants.stock,
      active: sql<boolean>`${products.active} and ${productVariants.active}`,
      priceCents: productVariants.priceCents,
      weightGrams: productVariants.weightGrams,
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
    })
    .from(cartItems)
    .innerJoin(products, storeJoin(products, "id", cartItems, "productId"))
    .innerJoin(productVariants, storeJoin(productVariants, "id", cartItems, "variantId"))
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
      taxClass: row.taxClass,
    };
  });
  const counted = sumLines(priced.lines.filter((_line, index) => rows[index]!.active));
  const subtotalCents = counted.subtotalCents;
  const discountCents = counted.discountCents;
  const totalQuantity = counted.quantity;
  const goodsCents = subtotalCents - discountCents;
  const buyable = rows.flatMap((row, index) => (row.active ? [index] : []));
  const origin = await storeCountry(tx, storeId);
  const weightGrams = buyable.reduce(
    (sum, index) => sum + (rows[index]!.weightGrams ?? origin.defaultWeightGrams) * rows[index]!.quantity,
    0,
  );
  const saved = pricing.place ? null : await savedAddressPlace(tx, storeId, userId);
  const place = pricing.place ??
    (saved ? { ...saved, country: saved.country || origin.country } : null) ?? {
      country: origin.country,
      city: "",
      postalCode: "",
    };
  const quote = (goods: number) =>
    quoteShipping(
      tx,
      storeId,
      place,
      { goodsCents: goods, weightGrams, hasGoods: goodsCents > 0 },
      rule,
    ).then((q) => {
      const asked = pricing.rateId ? q.rates.find((rate) => rate.id === pricing.rateId) : undefined;
      const chosen = asked ?? (pricing.rateId ? null : (q.rates[0] ?? null));
      return { ...q, place, chosen, rateGone: Boolean(pricing.rateId) && !asked };
    });
  const judgeCode = (shippingCents: number) =>
    priceAppliedCode(
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
  // The free-from threshold is compared after sales AND the code's part on the goods (issue 33):
  // a code that takes the cart under the threshold brings the fee back. A free-shipping code takes
  // nothing off the goods, so its amount is the shipping of the goods after sales.
  let shipping = await quote(goodsCents);
  let code = await judgeCode(shipping.chosen?.cents ?? 0);
  if (code && code.kind !== "free_shipping" && code.amountCents > 0) {
    shipping = await quote(goodsCents - code.amountCents);
    code = await judgeCode(shipping.chosen?.cents ?? 0);
  }
  const shippingCents = shipping.chosen?.cents ?? 0;
  const codeDiscountCents = code?.amountCents ?? 0;
  const chosen = shipping.chosen;
  const vat = await loadVatRule(tx, storeId, place.country);
  const vatOnTop =
    vat && !vat.inclusive
      ? (taxFor({ lines, shippingCents, codFeeCents: 0, code, codeDiscountCents, vat }, "card")?.vat ?? 0)
      : 0;
  return {
    lines,
    subtotalCents,
    discountCents,
    shippingCents,
    totalCents: goodsCents + shippingCents - codeDiscountCents + vatOnTop,
    totalQuantity,
    shippingFeeCents: chosen ? chosen.fullCents : rule.shippingFeeCents,
    freeShippingThresholdCents: chosen ? (chosen.freeFromCents ?? 0) : rule.freeShippingThresholdCents,
    codFeeCents: goodsCents > 0 ? (chosen?.codFeeCents ?? cod.feeCents) : 0,
    cod,
    code,
    codeDiscountCents,
    shipping,
    vat,
  };
}
