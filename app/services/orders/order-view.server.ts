/**
 * Orders as the storefront shows them: amounts formatted in the store's currency and the
 * reader's language, names picked for that language, dates formatted on the server (in UTC, so
 * the server's and the browser's render agree). Statuses stay codes; the page translates them.
 */
import { nameWithVariant } from "~/lib/variants";
import type { Locale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import type { OrderDetails, OrderSummary } from "./orders.server";
import type { CheckoutPrice } from "./pricing.server";

const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: Locale, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: "medium",
      ...(withTime ? { timeStyle: "short" } : {}),
      timeZone: "UTC",
      numberingSystem: "latn",
    });
    formats.set(key, format);
  }
  return format;
}

export const formatDate = (date: Date, locale: Locale, withTime = false) =>
  `${dateFormat(locale, withTime).format(date)}${withTime ? " UTC" : ""}`;

export function orderRowView(order: OrderSummary, locale: Locale) {
  return {
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    date: formatDate(order.createdAt, locale),
    dateTime: order.createdAt.toISOString(),
    total: formatMoney(order.totalCents, order.currency, locale),
    totalQuantity: order.totalQuantity,
  };
}
export type OrderRowView = ReturnType<typeof orderRowView>;

export function orderView(order: OrderDetails, locale: Locale) {
  const money = (cents: number) => formatMoney(cents, order.currency, locale);
  return {
    ...orderRowView(order, locale),
    subtotal: money(order.subtotalCents),
    discount: order.discountCents > 0 ? money(order.discountCents) : null,
    shipping: money(order.shippingCents),
    shippingCents: order.shippingCents,
    address: order.address,
    cancellable: order.cancellable,
    lines: order.lines.map((line) => ({
      productId: line.productId,
      name: nameWithVariant(line, locale),
      quantity: line.quantity,
      unitPrice: money(line.unitPriceCents),
      unitSalePrice: line.unitDiscountCents > 0 ? money(line.unitPriceCents - line.unitDiscountCents) : null,
      lineTotal: money(line.lineTotalCents),
    })),
    events: order.events.map((event) => ({
      type: event.type,
      toStatus: event.toStatus,
      paymentStatus: event.paymentStatus,
      date: formatDate(event.createdAt, locale, true),
      dateTime: event.createdAt.toISOString(),
    })),
  };
}
export type OrderView = ReturnType<typeof orderView>;

export function checkoutSummaryView(price: CheckoutPrice, currency: string, locale: Locale) {
  const money = (cents: number) => formatMoney(cents, currency, locale);
  return {
    lines: price.lines.map((line) => ({
      productId: line.productId,
      slug: line.slug,
      name: nameWithVariant(line, locale),
      quantity: line.quantity,
      available: line.active,
      exceedsStock: line.quantity > line.stock,
      unitPrice: money(line.unitPriceCents),
      unitSalePrice: line.unitDiscountCents > 0 ? money(line.unitPriceCents - line.unitDiscountCents) : null,
      lineTotal: money(line.lineTotalCents),
    })),
    subtotal: money(price.subtotalCents),
    discount: price.discountCents > 0 ? money(price.discountCents) : null,
    shipping: price.shippingCents > 0 ? money(price.shippingCents) : null,
    freeShippingFrom:
      price.shippingFeeCents > 0 && price.freeShippingThresholdCents > 0
        ? money(price.freeShippingThresholdCents)
        : null,
    total: money(price.totalCents),
    totalCents: price.totalCents,
    totalQuantity: price.totalQuantity,
  };
}
export type CheckoutSummaryView = ReturnType<typeof checkoutSummaryView>;
