/**
 * An order as the Admin API and the webhook events show it (decisions 045, 047): the JSON shape
 * of app/lib/validation/api.ts. Here in the orders domain (issue 40) so the orders' own event
 * recording (order-events.server.ts) reads it without going up to app/services/api.
 */
import { and, eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orders } from "~/db/schema";
import type { OrderJson } from "~/lib/validation/api";
import { readOrder, type OrderDetails } from "./orders.server";

/** An order as the API answers it (apiOrder) inside the caller's transaction of the store, by id: a webhook event's snapshot. */
export async function apiOrderIn(tx: Tx, storeId: string, orderId: string): Promise<OrderJson | null> {
  const order = await readOrder(tx, and(eq(orders.storeId, storeId), eq(orders.id, orderId))!);
  if (!order) return null;
  const [row] = await tx
    .select({ trackingNumber: orders.trackingNumber })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  return orderJson(order, row?.trackingNumber ?? null);
}

/** The API's JSON of an order. */
export function orderJson(order: OrderDetails, trackingNumber: string | null): OrderJson {
  return {
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    customer: order.address.fullName,
    email: order.address.email,
    currency: order.currency,
    totalCents: order.totalCents,
    totalQuantity: order.totalQuantity,
    createdAt: order.createdAt.toISOString(),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    codFeeCents: order.codFeeCents,
    discountCode: order.discountCode,
    trackingNumber,
    address: order.address,
    lines: order.lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      nameEn: line.nameEn,
      nameAr: line.nameAr,
      sku: line.sku,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      lineTotalCents: line.lineTotalCents,
    })),
    events: order.events.map((event) => ({
      type: event.type,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      paymentStatus: event.paymentStatus,
      note: event.note,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}
