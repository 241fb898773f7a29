/**
 * What each Stripe event does to the database (DESIGN §5). Every event is applied once: its id
 * goes into `stripe_events` in the same transaction as its effect, so a redelivered event finds
 * its row and changes nothing, and a failed effect leaves no row (Stripe retries it). Effects do
 * not depend on the order events arrive in: a completed session only confirms a pending order,
 * an expired one only cancels an unpaid one, and a payment for an order already cancelled is
 * refunded. Connect events belong to the store whose connected account `event.account` names;
 * events of the platform's own account (store subscriptions) go to services/billing.
 * The shopper's "paid" and "refunded" emails go out after the event's transaction committed,
 * only when it changed the order: a replayed event is a duplicate and sends nothing. A payment
 * that confirms a card order also alerts the store's admins (order-alerts.server.ts).
 */
import { and, asc, eq, or, sql } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { orderEvents, orders, refunds, stores } from "~/db/schema";
import { logger } from "~/lib/log.server";
import { handleBillingEvent } from "~/services/billing/billing-events.server";
import { sendPaidOrderAlerts } from "~/services/orders/order-alerts.server";
import { sendOrderEmails, type OrderEmail } from "~/services/orders/order-emails.server";
import { cancelOrderIn, markOrderPaidIn } from "~/services/orders/orders.server";
import { reconcileFullRefundIn, settleIn } from "~/services/orders/refunds.server";
import { refundPayment } from "~/services/stripe/refund.server";
import { recordStripeEvent, type HandledStripeEvent } from "~/services/stripe/stripe-events.server";
import type { Stripe } from "~/services/stripe/stripe-client.server";

export type WebhookOutcome = "applied" | "duplicate" | "ignored" | "retry";

/**
 * The event's order is not there yet (e.g. `charge.refunded` while the transaction that
 * recorded the payment intent is still open): roll back, leave the event unrecorded and let
 * Stripe deliver it again.
 */
class NotYet extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The store an event is about: named in its metadata, and owning the account it came from. */
function storeIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as { metadata?: Record<string, string> | null };
  const storeId = object.metadata?.storeId;
  return storeId && UUID.test(storeId) ? storeId : null;
}

/**
 * Whether the event carries an object to read. Stripe signs what it sends, so one without (say
 * `data: {}`, or a null object) comes the same on every delivery: answering it with an error
 * would have Stripe deliver it again for days, each time failing alike.
 */
function hasObject(event: Stripe.Event): boolean {
  const object: unknown = (event.data as { object?: unknown } | undefined)?.object;
  return typeof object === "object" && object !== null && !Array.isArray(object);
}

/** The event's outcome, and where it was recorded (the webhook metrics count by both). */
export async function handleStripeEvent(event: Stripe.Event): Promise<HandledStripeEvent<WebhookOutcome>> {
  const db = await getDb();
  if (!hasObject(event)) {
    // Acknowledged and recorded once, so Stripe stops; logged once (a redelivery is a duplicate)
    // for whoever looks at why: nothing in this app acts on an event it cannot read.
    return db.withPlatform(async (tx) => {
      if (!(await recordStripeEvent(tx, event, null))) return { outcome: "duplicate", ledger: "platform" };
      logger.warn({ eventId: event.id, type: event.type }, "Stripe event without an object: ignored");
      return { outcome: "ignored", ledger: "platform" };
    });
  }
  // The platform's own account: store subscriptions (services/billing).
  if (!event.account) return handleBillingEvent(event);
  const storeId = storeIdOf(event);
  if (!storeId) {
    // Not ours to act on; still recorded once.
    return db.withPlatform(async (tx) => ({
      outcome: (await recordStripeEvent(tx, event, null)) ? "ignored" : "duplicate",
      ledger: "platform",
    }));
  }
  const emails: OrderEmail[] = [];
  let handled: HandledStripeEvent<WebhookOutcome>;
  try {
    handled = await applyForStore(storeId, event, emails);
  } catch (error) {
    if (error instanceof NotYet) return { outcome: "retry", ledger: "none" };
    throw error;
  }
  await sendOrderEmails(storeId, emails);
  await sendPaidOrderAlerts(storeId, emails);
  return handled;
}

async function applyForStore(
  storeId: string,
  event: Stripe.Event,
  emails: OrderEmail[],
): Promise<HandledStripeEvent<WebhookOutcome>> {
  const db = await getDb();
  return db.withStore(storeId, async (tx): Promise<HandledStripeEvent<WebhookOutcome>> => {
    // RLS shows only this store's row: the account must be the one it connected.
    const [store] = await tx
      .select({ accountId: stores.stripeAccountId })
      .from(stores)
      .where(eq(stores.id, storeId));
    const ours = store?.accountId === event.account;
    const ledger = ours ? "store" : "platform";
    if (!(await recordStripeEvent(tx, event, ours ? storeId : null))) return { outcome: "duplicate", ledger };
    if (!ours) return { outcome: "ignored", ledger };
    return { outcome: await apply(tx, storeId, event, emails), ledger };
  });
}

async function apply(
  tx: Tx,
  storeId: string,
  event: Stripe.Event,
  emails: OrderEmail[],
): Promise<WebhookOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
      return sessionCompleted(tx, storeId, event.account!, event.data.object, emails);
    case "checkout.session.expired":
      return sessionExpired(tx, storeId, event.data.object);
    case "account.updated":
      await tx
        .update(stores)
        .set({ stripeChargesEnabled: event.data.object.charges_enabled })
        .where(eq(stores.id, storeId));
      return "applied";
    case "charge.refunded":
      return chargeRefunded(tx, storeId, event.data.object, emails);
    case "refund.created":
    case "refund.updated":
      return refundUpdated(tx, storeId, event.data.object);
    default:
      return "ignored";
  }
}

async function sessionCompleted(
  tx: Tx,
  storeId: string,
  accountId: string,
  session: Stripe.Checkout.Session,
  emails: OrderEmail[],
): Promise<WebhookOutcome> {
  const orderId = session.metadata?.orderId;
  if (session.mode !== "payment" || session.payment_status !== "paid" || !orderId || !UUID.test(orderId)) {
    return "ignored";
  }
  const intentId =
    typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  const result = await markOrderPaidIn(tx, storeId, orderId, { paymentIntentId: intentId });
  // Not an order of this store: nothing was applied (the event is still recorded, once).
  if (result.kind === "not-found") return "ignored";
  if (result.kind === "paid") emails.push({ orderId, kind: "order-paid" });
  if (result.kind === "unchanged" && result.status === "cancelled" && intentId) {
    // Paid after the order was cancelled (expired, abandoned, or cancelled by the shopper): the
    // money goes back. The refund is asked inside this transaction, so if Stripe fails the
    // event stays unrecorded and its retry asks again (same idempotency key: one refund).
    await tx
      .update(orders)
      .set({ paymentStatus: "paid", stripePaymentIntentId: intentId, updatedAt: sql`now()` })
      .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
    await tx.insert(orderEvents).values({
      storeId,
      orderId,
      type: "payment",
      paymentStatus: "paid",
      note: "Paid after the order was cancelled: refunded",
    });
    await refundPayment(accountId, orderId, intentId);
  }
  return "applied";
}

/**
 * Only a still-pending order is cancelled: an `expired` that arrives after the payment completed
 * (or for an order already cancelled) changes nothing.
 */
async function sessionExpired(
  tx: Tx,
  storeId: string,
  session: Stripe.Checkout.Session,
): Promise<WebhookOutcome> {
  const orderId = session.metadata?.orderId;
  if (!orderId || !UUID.test(orderId)) return "ignored";
  const [order] = await tx
    .select({ status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)))
    .for("update");
  if (!order || order.status !== "pending" || order.paymentStatus === "paid") return "applied";
  await cancelOrderIn(tx, storeId, { id: orderId }, "Card payment expired", { kind: "system" });
  return "applied";
}

async function chargeRefunded(
  tx: Tx,
  storeId: string,
  charge: Stripe.Charge,
  emails: OrderEmail[],
): Promise<WebhookOutcome> {
  const intentId =
    typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId || !charge.refunded) return "ignored";
  // Refunded in full: every pending refund record of the order succeeded, and money no record
  // covers (the whole refund of a cancelled order) becomes one record (decision 048).
  const candidates = await tx
    .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.stripePaymentIntentId, intentId)))
    .orderBy(asc(orders.id))
    .for("update");
  const changed: { id: string }[] = [];
  for (const order of candidates) {
    if (order.paymentStatus === "refunded") continue;
    await reconcileFullRefundIn(tx, storeId, order.id, order.status === "cancelled");
    changed.push({ id: order.id });
  }
  for (const { id } of changed) emails.push({ orderId: id, kind: "order-refunded" });
  if (changed.length === 0) {
    const [known] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.stripePaymentIntentId, intentId)));
    if (known) return "applied";
    // The payment is not on any order yet. Its order (named in the charge's metadata, as our
    // checkout sets it) may be waiting for its own `checkout.session.completed`: ask again later.
    // A payment of no card order of this store never will be (a Cash On Delivery order is never
    // paid through Stripe): recorded as ignored, so Stripe stops retrying it (a 409 forever
    // otherwise).
    const orderId = charge.metadata?.orderId;
    if (orderId && UUID.test(orderId)) {
      const [pending] = await tx
        .select({ paymentMethod: orders.paymentMethod })
        .from(orders)
        .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
      if (pending?.paymentMethod === "card")
        throw new NotYet(`order ${orderId} has no payment intent ${intentId} yet`);
    }
    return "ignored";
  }
  return "applied";
}

/**
 * A refund's status from Stripe: found by its Stripe id or the record id our request put in its
 * metadata (never a new record), settled as the create call's answer would be.
 */
async function refundUpdated(tx: Tx, storeId: string, refund: Stripe.Refund): Promise<WebhookOutcome> {
  const recordId = refund.metadata?.refundId;
  const [row] = await tx
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.storeId, storeId),
        recordId && UUID.test(recordId)
          ? or(eq(refunds.stripeRefundId, refund.id), eq(refunds.id, recordId))
          : eq(refunds.stripeRefundId, refund.id),
      ),
    );
  if (!row) return "ignored";
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, row.orderId)))
    .for("update");
  await settleIn(tx, storeId, row, refund.id, refund.status);
  return "applied";
}
