/**
 * Pay With Stripe (DESIGN §5): a placed card order (pending, stock held) gets a Checkout Session
 * on the store's connected account, and the shopper is sent to its hosted page. The order becomes
 * paid only through the signed webhook (webhook.server.ts), never from the return URL.
 */
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orderItems, orders, stores } from "~/db/schema";
import { storeOrigin } from "~/services/store/store-origin.server";
import type { TenantStore } from "~/services/store/tenancy.server";
import { cancelOrder } from "~/services/orders/orders.server";
import { getStripe } from "~/services/stripe/stripe-client.server";
import { errorFields, logger } from "~/lib/log.server";
import { inStore } from "~/db/store-scope";

type CardStore = Pick<TenantStore, "id" | "slug" | "customDomain" | "matchedBy" | "currency">;

export type CardCheckoutResult =
  | { kind: "redirect"; url: string }
  /** A double submit after the order was already paid or cancelled: show the order instead. */
  | { kind: "not-pending" }
  | { kind: "unavailable" };

/**
 * Creates (or, for a double submit, finds again: the idempotency key is the order's id) the
 * Checkout Session for a pending card order and returns its hosted page. When Stripe refuses,
 * the order is cancelled so its stock goes back, and the caller says card payment is unavailable.
 */
export async function startCardCheckout(store: CardStore, number: number): Promise<CardCheckoutResult> {
  const db = await getDb();
  const found = await db.withStore(store.id, async (tx) => {
    const [account] = await tx
      .select({ accountId: stores.stripeAccountId, enabled: stores.stripeChargesEnabled })
      .from(stores)
      .where(eq(stores.id, store.id));
    const [row] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        method: orders.paymentMethod,
        currency: orders.currency,
        shippingCents: orders.shippingCents,
        totalCents: orders.totalCents,
      })
      .from(orders)
      .where(and(eq(orders.storeId, store.id), eq(orders.number, number)));
    if (!row) return { account, row, lines: [] };
    const lines = await tx
      .select({
        nameEn: orderItems.nameEn,
        unitPriceCents: orderItems.unitPriceCents,
        unitDiscountCents: orderItems.unitDiscountCents,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(and(eq(orderItems.storeId, store.id), eq(orderItems.orderId, row.id)))
      .orderBy(asc(orderItems.nameEn), asc(orderItems.id));
    return { account, row, lines };
  });
  const { account, row, lines } = found;
  if (row && row.method === "card" && row.status !== "pending") return { kind: "not-pending" };
  if (!row || row.status !== "pending" || row.method !== "card" || !account?.accountId || !account.enabled)
    return { kind: "unavailable" };

  const order = { id: row.id, number };
  const origin = storeOrigin(store);
  const currency = row.currency.toLowerCase();
  // Line items come from the order's snapshot: the price the shopper agreed to, sale applied.
  const lineItems = lines.map((line) => ({
    quantity: line.quantity,
    price_data: {
      currency,
      unit_amount: line.unitPriceCents - line.unitDiscountCents,
      product_data: { name: line.nameEn },
    },
  }));
  if (row.shippingCents > 0) {
    lineItems.push({
      quantity: 1,
      price_data: { currency, unit_amount: row.shippingCents, product_data: { name: "Shipping" } },
    });
  }
  // The snapshot should add up to the order's total; if a rounding ever made it not, Stripe is
  // asked for the exact total as one line rather than a different amount.
  const sum = lineItems.reduce((total, item) => total + item.quantity * item.price_data.unit_amount, 0);
  const items =
    sum === row.totalCents
      ? lineItems
      : [
          {
            quantity: 1,
            price_data: { currency, unit_amount: row.totalCents, product_data: { name: `Order #${number}` } },
          },
        ];
  const metadata = { storeId: store.id, orderId: order.id };
  try {
    const session = await getStripe().checkout.sessions.create(
      {
        mode: "payment",
        line_items: items,
        success_url: `${origin}/orders/${order.number}/confirmed?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/orders/${order.number}/cancelled?abandoned=1`,
        client_reference_id: order.id,
        metadata,
        payment_intent_data: { metadata },
      },
      { stripeAccount: account.accountId, idempotencyKey: `order-checkout-${order.id}` },
    );
    await db.withStore(store.id, (tx) =>
      tx
        .update(orders)
        .set({ stripeCheckoutSessionId: session.id })
        .where(and(eq(orders.storeId, store.id), eq(orders.id, order.id))),
    );
    if (!session.url) throw new Error(`Checkout Session ${session.id} has no url`);
    return { kind: "redirect", url: session.url };
  } catch (error) {
    logger.error({ orderId: order.id, ...errorFields(error) }, "Stripe Checkout Session failed");
    await cancelOrder(store.id, order.number, "Card payment could not start", { kind: "system" });
    return { kind: "unavailable" };
  }
}

/**
 * The shopper came back by the Checkout page's Cancel link: the session is expired at Stripe
 * (so it can no longer be paid) and the still-pending order is cancelled, stock back. If Stripe
 * says the session already completed, the order is left for the webhook to confirm.
 */
export async function abandonCardCheckout(storeId: string, userId: string, number: number): Promise<void> {
  const db = await getDb();
  const [order] = await db.withStore(storeId, (tx) =>
    tx
      .select({
        status: orders.status,
        method: orders.paymentMethod,
        sessionId: orders.stripeCheckoutSessionId,
        accountId: stores.stripeAccountId,
      })
      .from(orders)
      .innerJoin(stores, eq(stores.id, orders.storeId))
      .where(inStore(orders, storeId, { number, userId })),
  );
  if (!order || order.status !== "pending" || order.method !== "card") return;
  if (order.sessionId && order.accountId) {
    const stripe = getStripe();
    const session = await stripe.checkout.sessions.retrieve(
      order.sessionId,
      {},
      { stripeAccount: order.accountId },
    );
    if (session.status === "complete") return;
    if (session.status === "open") {
      await stripe.checkout.sessions.expire(order.sessionId, {}, { stripeAccount: order.accountId });
    }
  }
  await cancelOrder(storeId, number, "Card payment abandoned", { kind: "shopper", userId });
}
