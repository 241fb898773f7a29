/**
 * The Admin API's orders (issue 38, decision 045): the admin's list and order reads, and the
 * state changes through the admin's own `takeOrderStep` (same locks, rules, history, emails and
 * activity log; the log's actor is the token, set by the API wrapper).
 */
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders } from "~/db/schema";
import type { OrderStatusCode, PaymentStatusCode } from "~/lib/order-transitions";
import type { ApiOrderStep, OrderJson } from "~/lib/validation/api";
import type { EmailStore } from "~/services/email/email-templates.server";
import { getAdminOrder, listAdminOrders } from "~/services/orders/admin-orders.server";
import { takeOrderStep, type StepResult } from "~/services/orders/order-transitions.server";
import { orderJson } from "~/services/orders/order-json.server";

export async function apiOrderList(
  storeId: string,
  timeZone: string,
  query: { status?: OrderStatusCode; payment?: PaymentStatusCode; cursor?: string },
) {
  const page = await listAdminOrders(
    storeId,
    { status: query.status ?? null, payment: query.payment ?? null, startDate: null, endDate: null, q: "" },
    query.cursor ?? null,
    timeZone,
  );
  return {
    data: page.rows.map((row) => ({
      number: row.number,
      status: row.status,
      paymentStatus: row.paymentStatus,
      paymentMethod: row.paymentMethod,
      customer: row.customer,
      email: row.email,
      currency: row.currency,
      totalCents: row.totalCents,
      totalQuantity: row.totalQuantity,
      createdAt: row.createdAt,
    })),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}

async function trackingNumberOf(storeId: string, number: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .select({ trackingNumber: orders.trackingNumber })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.number, number))),
  );
  return row?.trackingNumber ?? null;
}

/** One order of the store by its number; null when the store has none such. */
export async function apiOrder(storeId: string, number: number): Promise<OrderJson | null> {
  const order = await getAdminOrder(storeId, number);
  if (!order) return null;
  return orderJson(order, await trackingNumberOf(storeId, number));
}

/**
 * A state change on the order as `current` showed it (the caller read it, and checked its ETag):
 * if it changed meanwhile the service answers "stale", nothing done.
 */
export function apiOrderStep(
  storeId: string,
  number: number,
  step: ApiOrderStep,
  current: { status: OrderStatusCode; paymentStatus: PaymentStatusCode },
  actorUserId: string,
  mail: EmailStore,
  trackingNumber: string | null,
): Promise<StepResult> {
  return takeOrderStep(storeId, number, step, current, actorUserId, mail, { trackingNumber });
}
