/**
 * Packing slips (issue 11; many at once, issue 39): what a slip shows of an order, in the admin's
 * language and the store's days. No prices (it goes in the parcel), only the amount to collect on
 * an unpaid Cash On Delivery order, and the discount code used (a printed voucher to match).
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { nameWithVariant } from "~/lib/variants";
import { readOrder, type OrderDetails } from "./orders.server";
import type { SlipView } from "./contract";
import { formatDate } from "./order-view.server";

/** One slip's content, ready to render (app/components/orders/PackingSlip.tsx). */
export function slipView(order: OrderDetails, locale: Locale, timeZone: string): SlipView {
  return {
    number: order.number,
    date: formatDate(order.createdAt, locale, timeZone),
    dateTime: order.createdAt.toISOString(),
    address: order.address,
    totalQuantity: order.totalQuantity,
    // How it goes out (issue 33): the shipping rate's name, with its estimate or pickup hours.
    shipping: order.shippingRate
      ? {
          name:
            locale === "ar"
              ? order.shippingRate.nameAr || order.shippingRate.nameEn
              : order.shippingRate.nameEn,
          estimate: locale === "ar" ? order.shippingRate.estimateAr : order.shippingRate.estimateEn,
        }
      : null,
    // The code the shopper used, so whoever packs can match a printed voucher (decision 029).
    discount: order.discountCode
      ? { code: order.discountCode, amount: formatMoney(order.codeDiscountCents, order.currency, locale) }
      : null,
    lines: order.lines.map((line) => ({
      variantId: line.variantId,
      name: nameWithVariant(line, locale),
      sku: line.sku,
      quantity: line.quantity,
    })),
    // The one amount a slip names: what the courier collects on a Cash On Delivery order not yet
    // paid, with the COD fee it includes (decision 030).
    collect:
      order.paymentMethod === "cod" && order.paymentStatus === "unpaid"
        ? {
            total: formatMoney(order.totalCents, order.currency, locale),
            fee: order.codFeeCents > 0 ? formatMoney(order.codFeeCents, order.currency, locale) : null,
          }
        : null,
  };
}

/**
 * The store's orders among `orderIds`, oldest first (the order they were placed, as a picker
 * works through them); another store's ids are simply not found.
 */
export async function getSlipOrders(storeId: string, orderIds: readonly string[]): Promise<OrderDetails[]> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const found = await tx
      .select({ id: orders.id, createdAt: orders.createdAt })
      .from(orders)
      // An order awaiting the shopper's confirmation is not packed yet (issue 34).
      .where(
        and(
          eq(orders.storeId, storeId),
          inArray(orders.id, [...orderIds]),
          ne(orders.status, "awaiting_confirmation"),
        ),
      )
      .orderBy(orders.createdAt, orders.id);
    const details: OrderDetails[] = [];
    for (const { id } of found) {
      const order = await readOrder(tx, and(eq(orders.storeId, storeId), eq(orders.id, id))!);
      if (order) details.push(order);
    }
    return details;
  });
}
