/**
 * Orders as the storefront shows them: amounts formatted in the store's currency and the
 * reader's language, names picked for that language, dates formatted on the server in the store's
 * time zone (so the server's and the browser's render agree, and a shopper abroad reads the
 * store's day). Statuses stay codes; the page translates them. The views' types are the
 * domain's contract (./contract.ts), re-exported here for the server's callers.
 */
import { nameWithVariant } from "~/lib/variants";
import type { Locale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { formatInZone } from "~/lib/time-zone";
import type { CheckoutSummaryView, OrderRowView, OrderView } from "./contract";
import type { OrderDetails, OrderSummary } from "./orders.server";
import { formatRate } from "~/lib/percent";
import type { VatSummary } from "~/services/tax/contract";
import type { TaxedOrder } from "~/lib/vat-math";
import { taxFor, totalsFor, type CheckoutPrice } from "./pricing.server";

export type { CheckoutSummaryView, OrderRowView, OrderView } from "./contract";

/** An order's day ("8 Mar 2026") or a step's moment with the zone named ("8 Mar 2026, 10:30 AM EST"). */
export const formatDate = (date: Date, locale: Locale, timeZone: string, withTime = false) =>
  formatInZone(date, locale, timeZone, withTime ? "dateTimeZone" : "date");

export function orderRowView(order: OrderSummary, locale: Locale, timeZone: string): OrderRowView {
  return {
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    date: formatDate(order.createdAt, locale, timeZone),
    dateTime: order.createdAt.toISOString(),
    total: formatMoney(order.totalCents, order.currency, locale),
    totalQuantity: order.totalQuantity,
  };
}

/** The history notes of the COD confirmation steps, and their labels' keys. */
const CONFIRMATION_NOTES: Record<string, string> = {
  "Confirmed by phone": "confirmedByPhone",
  "Refused by phone": "refusedByPhone",
  "Confirmed by the shopper": "confirmedByShopper",
  "Not confirmed in time": "notConfirmedInTime",
};
/** Notes of issue 34's refusal history, with full keys (their own namespace). */
const REFUSAL_NOTES: Record<string, string> = {
  "Refused on delivery": "codRefusals.events.refusedOnDelivery",
};

export function orderView(order: OrderDetails, locale: Locale, timeZone: string): OrderView {
  const money = (cents: number) => formatMoney(cents, order.currency, locale);
  return {
    ...orderRowView(order, locale, timeZone),
    subtotal: money(order.subtotalCents),
    discount: order.discountCents > 0 ? money(order.discountCents) : null,
    // The code as the order kept it (decision 029): shown even when it took nothing off.
    discountCode: order.discountCode,
    codeDiscount: order.discountCode ? money(order.codeDiscountCents) : null,
    vat: vatView({ byRate: order.vatRates }, order.vatInclusive, money, locale),
    shipping: money(order.shippingCents),
    shippingCents: order.shippingCents,
    /** The chosen rate's name and estimate (or pickup hours) in the reader's language (issue 33). */
    shippingRate: order.shippingRate
      ? {
          kind: order.shippingRate.kind,
          name:
            locale === "ar"
              ? order.shippingRate.nameAr || order.shippingRate.nameEn
              : order.shippingRate.nameEn,
          estimate:
            locale === "ar"
              ? order.shippingRate.estimateAr || order.shippingRate.estimateEn
              : order.shippingRate.estimateEn,
        }
      : null,
    codFee: order.codFeeCents > 0 ? money(order.codFeeCents) : null,
    address: order.address,
    cancellable: order.cancellable,
    lines: order.lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      name: nameWithVariant(line, locale),
      imageId: line.imageId,
      /** The SKU as sold (the line's snapshot); the admin's views show it, the shopper's do not. */
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: money(line.unitPriceCents),
      unitSalePrice: line.unitDiscountCents > 0 ? money(line.unitPriceCents - line.unitDiscountCents) : null,
      lineTotal: money(line.lineTotalCents),
    })),
    events: order.events.map((event) => ({
      type: event.type,
      toStatus: event.toStatus,
      paymentStatus: event.paymentStatus,
      /** How a COD confirmation step was taken (issue 34): a key under codConfirmation.events. */
      noteKey:
        (event.note &&
          CONFIRMATION_NOTES[event.note] &&
          `codConfirmation.events.${CONFIRMATION_NOTES[event.note]}`) ||
        (event.note && REFUSAL_NOTES[event.note]) ||
        null,
      date: formatDate(event.createdAt, locale, timeZone, true),
      dateTime: event.createdAt.toISOString(),
    })),
  };
}

export function checkoutSummaryView(
  price: CheckoutPrice,
  currency: string,
  locale: Locale,
): CheckoutSummaryView {
  const money = (cents: number) => formatMoney(cents, currency, locale);
  return {
    lines: price.lines.map((line) => ({
      productId: line.productId,
      slug: line.slug,
      name: nameWithVariant(line, locale),
      imageId: line.imageId,
      quantity: line.quantity,
      available: line.active,
      exceedsStock: line.quantity > line.stock,
      unitPrice: money(line.unitPriceCents),
      unitSalePrice: line.unitDiscountCents > 0 ? money(line.unitPriceCents - line.unitDiscountCents) : null,
      lineTotal: money(line.lineTotalCents),
    })),
    subtotal: money(price.subtotalCents),
    discount: price.discountCents > 0 ? money(price.discountCents) : null,
    /** The cart's discount code (decision 029), with its amount when it applies. */
    code: price.code,
    codeDiscount: price.code && !price.code.refusal ? money(price.codeDiscountCents) : null,
    shipping: price.shippingCents > 0 ? money(price.shippingCents) : null,
    freeShippingFrom:
      price.shippingFeeCents > 0 && price.freeShippingThresholdCents > 0
        ? money(price.freeShippingThresholdCents)
        : null,
    total: money(price.totalCents),
    totalCents: price.totalCents,
    // Paying on delivery adds the store's fee as its own line (decision 030).
    codFee: price.codFeeCents > 0 ? money(price.codFeeCents) : null,
    codFeeCents: price.codFeeCents,
    codTotal: money(totalsFor(price, "cod").totalCents),
    totalQuantity: price.totalQuantity,
    // VAT (issue 35): paying on delivery may add the fee's own, so there is one of each.
    vat: vatView(taxFor(price, "card"), price.vat?.inclusive ?? null, money, locale),
    codVat: vatView(taxFor(price, "cod"), price.vat?.inclusive ?? null, money, locale),
  };
}

/**
 * The rates a shopper's summary names (issue 35, decision 042): those above 0 % that something
 * was charged at. A zero-rated or exempt cart has no "VAT (0%)" row, nor a "VAT (15%): $0.00"
 * one when its only taxable line (free shipping) is 0; the invoice still lists every rate.
 */
export function shownVatRates<Rate extends { rateBp: number; net: number; vat: number }>(
  rates: readonly Rate[],
): Rate[] {
  return rates.filter((rate) => rate.rateBp > 0 && (rate.net !== 0 || rate.vat !== 0));
}

/**
 * What the summary says about VAT: per rate charged ("VAT (15%)"), inside the total or added to
 * it; null when the store is not registered or nothing is taxed above 0 %.
 */
export function vatView(
  taxed: Pick<TaxedOrder, "byRate"> | null,
  inclusive: boolean | null,
  money: (cents: number) => string,
  locale: Locale,
): VatSummary | null {
  if (!taxed || inclusive === null) return null;
  const rates = shownVatRates(taxed.byRate).map((rate) => ({
    rate: formatRate(rate.rateBp, locale),
    amount: money(rate.vat),
  }));
  return rates.length > 0 ? { inclusive, rates } : null;
}
