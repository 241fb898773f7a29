/**
 * Refunds of card orders on the store's connected account. The payment status becomes
 * `refunded` when Stripe says so (`charge.refunded`, webhook.server.ts), not when we ask.
 */
import { and, eq } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { orders, stores } from "~/db/schema";
import { getStripe } from "./stripe-client.server";

/**
 * Asks Stripe to refund the whole payment of an order. The idempotency key is the order's id,
 * so a retried webhook or a second click never refunds twice.
 */
export async function refundPayment(
  accountId: string,
  orderId: string,
  paymentIntentId: string,
): Promise<void> {
  await getStripe().refunds.create(
    { payment_intent: paymentIntentId, metadata: { orderId } },
    { stripeAccount: accountId, idempotencyKey: `order-refund-${orderId}` },
  );
}

/** Refunds a paid card order (the shopper cancelled it); nothing for cash or unpaid orders. */
export async function refundCancelledOrder(storeId: string, orderId: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx: Tx) =>
    tx
      .select({
        intent: orders.stripePaymentIntentId,
        accountId: stores.stripeAccountId,
        method: orders.paymentMethod,
      })
      .from(orders)
      .innerJoin(stores, eq(stores.id, orders.storeId))
      .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId))),
  );
  if (!row || row.method !== "card" || !row.intent || !row.accountId) return;
  await refundPayment(row.accountId, orderId, row.intent);
}
