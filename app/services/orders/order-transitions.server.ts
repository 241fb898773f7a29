/**
 * An admin takes an order one step along its lifecycle (issue 11): confirm, ship, deliver,
 * cancel, mark paid. The rule of which step is legal from which state is the table in
 * `~/lib/order-transitions` (the shopper's cancel and the Stripe webhook read it too, through
 * `cancelOrderIn` and `markOrderPaidIn`). Each step, in one transaction:
 *
 * 1. locks the order row (`FOR UPDATE`): a second click, a shopper's cancel or a webhook at the
 *    same moment waits, then sees the new state;
 * 2. checks the state the admin's page showed (`expected`) is still the order's: a stale page's
 *    click is refused, and a concurrent second click finds the step already taken;
 * 3. checks the step is legal from that state;
 * 4. changes the order and writes an `order_events` row naming the admin.
 *
 * After the commit the shopper gets an email in the language they ordered in; a cancelled paid
 * card order is refunded on Stripe (the `charge.refunded` webhook then marks it refunded).
 *
 * The orders list ships or delivers several orders at once (`takeOrderSteps`, issue 39): one
 * transaction locks them all, takes the step on each order whose state allows it and refuses the
 * others with the same reasons as the order's own page; their emails are written in that
 * transaction (the outbox) and delivered after it.
 */
import { recordAudit, type AuditEntry } from "~/services/audit/audit.server";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { orderEvents, orderItems, orders } from "~/db/schema";
import type { BulkItem, BulkRefusal } from "~/lib/bulk";
import {
  STATUS_STEPS,
  stepRefusal,
  type BulkOrderStep,
  type OrderStatusCode,
  type OrderStep,
  type PaymentStatusCode,
} from "~/lib/order-transitions";
import { deliverAfterCommit, enqueueEmails } from "~/services/email/email.server";
import type { EmailStore } from "~/services/email/email-templates.server";
import { refundCancelledOrder } from "~/services/stripe/refund.server";
import {
  linesInEmailOrder,
  orderEmailMessage,
  sendOrderEmail,
  type OrderEmailKind,
} from "./order-emails.server";
import { cancelOrderIn } from "./orders.server";
import { issueInvoiceIn } from "~/services/tax/invoices.server";
import { recordOrderEvent } from "./order-events.server";
import { errorFields, logger } from "~/lib/log.server";

/** The history notes of the staff's by-phone steps (issue 34); who took them is the event's actor. */
export const CONFIRMED_BY_PHONE = "Confirmed by phone";
export const REFUSED_BY_PHONE = "Refused by phone";
/** The history note of a shipped COD order the shopper refused at the door (issue 34 item 6). */
export const REFUSED_ON_DELIVERY = "Refused on delivery";

export interface ExpectedState {
  status: OrderStatusCode;
  paymentStatus: PaymentStatusCode;
}

export type StepResult =
  | {
      kind: "done";
      orderId: string;
      status: OrderStatusCode;
      paymentStatus: PaymentStatusCode;
      refund: RefundOutcome;
    }
  | { kind: "not-found" }
  /** Illegal from the order's state: `reason` is a key under `admin.orders.refused`. */
  | { kind: "refused"; reason: string; status: OrderStatusCode; paymentStatus: PaymentStatusCode }
  /** The order changed since the admin's page showed it (the step might still be legal). */
  | { kind: "stale"; status: OrderStatusCode; paymentStatus: PaymentStatusCode };

/** The activity log's entry of a step on an order (decision 041). */
function orderEntry(
  number: number,
  step: OrderStep,
  changes: Record<string, [unknown, unknown]>,
): AuditEntry {
  return {
    action: `order.${step}`,
    entityType: "order",
    entityId: String(number),
    entityLabel: `#${number}`,
    changes,
  };
}

/** What happened to the money of a cancelled order. */
export type RefundOutcome = "none" | "requested" | "failed";

const EMAILS: Record<OrderStep, OrderEmailKind> = {
  confirmByPhone: "order-confirmed",
  refuseByPhone: "order-cancelled",
  confirm: "order-confirmed",
  ship: "order-shipped",
  deliver: "order-delivered",
  cancel: "order-cancelled",
  refuseOnDelivery: "order-cancelled",
  markPaid: "order-payment-received",
};

export async function takeOrderStep(
  storeId: string,
  number: number,
  step: OrderStep,
  expected: ExpectedState,
  adminUserId: string,
  mail?: EmailStore,
  /** Shipping: the carrier's tracking number (the Admin API's ship, issue 38), kept on the order. */
  details: { trackingNumber?: string | null } = {},
): Promise<StepResult> {
  const db = await getDb();
  const result = await db.withStore(
    storeId,
    async (tx): Promise<StepResult | { kind: "cancelled"; orderId: string; wasPaid: boolean }> => {
      const [order] = await tx
        .select({
          id: orders.id,
          status: orders.status,
          paymentStatus: orders.paymentStatus,
          paymentMethod: orders.paymentMethod,
        })
        .from(orders)
        .where(and(eq(orders.storeId, storeId), eq(orders.number, number)))
        .for("update");
      if (!order) return { kind: "not-found" };
      const state = { status: order.status, paymentStatus: order.paymentStatus };
      const reason = stepRefusal(step, order);
      // An illegal step says why (also when the page was stale: "already shipped" is the clearer news).
      if (reason) return { kind: "refused", reason, ...state };
      if (order.status !== expected.status || order.paymentStatus !== expected.paymentStatus)
        return { kind: "stale", ...state };

      if (step === "cancel" || step === "refuseByPhone" || step === "refuseOnDelivery") {
        const note =
          step === "cancel"
            ? "Cancelled by the store"
            : step === "refuseByPhone"
              ? REFUSED_BY_PHONE
              : REFUSED_ON_DELIVERY;
        const cancelled = await cancelOrderIn(
          tx,
          storeId,
          { id: order.id },
          note,
          { kind: "admin", userId: adminUserId },
          // Refused at the door: only from shipped (the step's rule; the lock holds it so).
          step === "refuseOnDelivery" ? "shipped" : undefined,
        );
        // The lock above is held: the order is still cancellable.
        if (cancelled.kind !== "cancelled") throw new Error(`cancel of a locked order: ${cancelled.kind}`);
        if (step === "refuseOnDelivery") {
          // The cash was never collected; the store's refusal history counts the order (decision 040).
          await tx
            .update(orders)
            .set({ refusedOnDeliveryAt: sql`now()` })
            .where(and(eq(orders.storeId, storeId), eq(orders.id, order.id)));
        }
        await recordAudit(
          tx,
          storeId,
          orderEntry(number, step === "refuseOnDelivery" ? step : "cancel", {
            status: [order.status, "cancelled"],
          }),
        );
        return cancelled;
      }
      if (step === "markPaid") {
        await tx
          .update(orders)
          .set({ paymentStatus: "paid", updatedAt: sql`now()` })
          .where(and(eq(orders.storeId, storeId), eq(orders.id, order.id)));
        await tx.insert(orderEvents).values({
          storeId,
          orderId: order.id,
          type: "payment",
          paymentStatus: "paid",
          note: "Cash received",
          actorUserId: adminUserId,
        });
        await recordAudit(
          tx,
          storeId,
          orderEntry(number, "markPaid", { paymentStatus: [order.paymentStatus, "paid"] }),
        );
        await recordOrderEvent(tx, storeId, order.id, "orders/paid");
        return {
          kind: "done",
          orderId: order.id,
          status: order.status,
          paymentStatus: "paid",
          refund: "none",
        };
      }
      const tracking = step === "ship" ? (details.trackingNumber ?? null) : null;
      const to = await applyStatusStep(tx, storeId, [order], step, adminUserId, tracking);
      await recordAudit(
        tx,
        storeId,
        orderEntry(number, step, {
          status: [order.status, to],
          ...(tracking ? { trackingNumber: [null, tracking] } : {}),
        }),
      );
      return {
        kind: "done",
        orderId: order.id,
        status: to,
        paymentStatus: order.paymentStatus,
        refund: "none",
      };
    },
  );

  if (result.kind === "cancelled") {
    let refund: RefundOutcome = "none";
    if (result.wasPaid) {
      // Stripe unreachable: the order stays cancelled and visibly paid, and the page says so.
      refund = await refundCancelledOrder(storeId, result.orderId).then(
        () => "requested" as const,
        (error: unknown) => {
          logger.error({ orderId: result.orderId, ...errorFields(error) }, "refund failed");
          return "failed" as const;
        },
      );
    }
    if (mail) await sendOrderEmail(storeId, mail, result.orderId, EMAILS.cancel);
    return {
      kind: "done",
      orderId: result.orderId,
      status: "cancelled",
      // As cancelOrderIn leaves it: a payment still pending has failed; a paid one waits for Stripe.
      paymentStatus: expected.paymentStatus === "pending" ? "failed" : expected.paymentStatus,
      refund,
    };
  }
  if (result.kind === "done" && mail) await sendOrderEmail(storeId, mail, result.orderId, EMAILS[step]);
  return result;
}

/**
 * A status step (confirm, ship, deliver) on locked orders its rule allows: the new status and one
 * `order_events` row each, naming the admin. Returns the status they now have.
 */
async function applyStatusStep(
  tx: Tx,
  storeId: string,
  steppedOrders: readonly { id: string; status: OrderStatusCode; paymentMethod: "card" | "cod" }[],
  step: Exclude<OrderStep, "cancel" | "markPaid" | "refuseByPhone" | "refuseOnDelivery">,
  adminUserId: string,
  trackingNumber: string | null = null,
): Promise<OrderStatusCode> {
  const to = STATUS_STEPS[step].to;
  if (steppedOrders.length === 0) return to;
  const steppedIds = steppedOrders.map((order) => order.id);
  await tx
    .update(orders)
    .set({ status: to, updatedAt: sql`now()`, ...(trackingNumber ? { trackingNumber } : {}) })
    .where(and(eq(orders.storeId, storeId), inArray(orders.id, steppedIds)));
  await tx.insert(orderEvents).values(
    steppedOrders.map((order) => ({
      storeId,
      orderId: order.id,
      type: "status" as const,
      fromStatus: order.status,
      toStatus: to,
      note:
        step === "confirmByPhone"
          ? CONFIRMED_BY_PHONE
          : trackingNumber
            ? `Tracking number: ${trackingNumber}`
            : null,
      actorUserId: adminUserId,
    })),
  );
  // A Cash On Delivery order's tax invoice is issued when it is delivered (decision 043), in this
  // transaction, in the orders' lock order (a card order's was issued when it was paid).
  if (step === "deliver")
    for (const order of steppedOrders)
      if (order.paymentMethod === "cod") await issueInvoiceIn(tx, storeId, order.id);
  // orders/updated, each order as it now is (decision 047).
  for (const order of steppedOrders) await recordOrderEvent(tx, storeId, order.id, "orders/updated");
  // Confirmed by phone: nothing is due for it any more (the sweep reads only awaiting orders anyway).
  if (step === "confirmByPhone")
    await tx
      .update(orders)
      .set({ confirmRemindAt: null, confirmCancelAt: null })
      .where(and(eq(orders.storeId, storeId), inArray(orders.id, steppedIds)));
  return to;
}

/** What a step on several orders did: each order done, or refused with its reason. */
export interface BulkStepResult {
  /** Labelled "#1042". */
  done: BulkItem[];
  /** `reason` is a key under `admin.orders.refused` (as the order's page says it), or `notFound`. */
  refused: BulkRefusal[];
}

const orderLabel = (number: number) => `#${number}`;

/**
 * Ships or delivers the orders of `orderIds` (ids of this store; another store's are simply not
 * found), in one transaction: every order is locked (in id order, so two overlapping selections
 * never deadlock), the step is taken on those whose state allows it (`stepRefusal`, the order
 * page's rule) and the others are refused with its reason. The shoppers' emails are written in
 * the transaction and delivered after it. Items come back newest order first.
 */
export async function takeOrderSteps(
  storeId: string,
  orderIds: readonly string[],
  step: BulkOrderStep,
  adminUserId: string,
  mail?: EmailStore,
): Promise<BulkStepResult> {
  const db = await getDb();
  const { result, emailIds } = await db.withStore(storeId, async (tx) => {
    const locked = await tx
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        paymentMethod: orders.paymentMethod,
      })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), inArray(orders.id, [...orderIds])))
      .orderBy(asc(orders.id))
      .for("update");
    const found = new Map(locked.map((order) => [order.id, order]));
    const allowed = locked.filter((order) => stepRefusal(step, order) === null);
    const to = await applyStatusStep(tx, storeId, allowed, step, adminUserId);
    for (const order of allowed) {
      await recordAudit(tx, storeId, orderEntry(order.number, step, { status: [order.status, to] }));
    }
    const refused: BulkRefusal[] = [];
    for (const id of orderIds) {
      const order = found.get(id);
      if (!order) refused.push({ id, label: null, reason: "notFound" });
      else {
        const reason = stepRefusal(step, order);
        if (reason) refused.push({ id, label: orderLabel(order.number), reason });
      }
    }
    const newestFirst = [...allowed].sort((a, b) => b.number - a.number);
    const ids = mail ? await enqueueStepEmails(tx, storeId, mail, allowed, EMAILS[step]) : [];
    return {
      result: {
        done: newestFirst.map((order) => ({ id: order.id, label: orderLabel(order.number) })),
        refused: refused.sort((a, b) =>
          (b.label ?? "").localeCompare(a.label ?? "", "en", { numeric: true }),
        ),
      },
      emailIds: ids,
    };
  });
  deliverAfterCommit(storeId, emailIds);
  return result;
}

/** The shoppers' emails of a step, written into the outbox in its transaction; returns their ids. */
async function enqueueStepEmails(
  tx: Tx,
  storeId: string,
  mail: EmailStore,
  stepped: readonly { id: string }[],
  kind: OrderEmailKind,
): Promise<string[]> {
  if (stepped.length === 0) return [];
  const ids = stepped.map((order) => order.id);
  const rows = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), inArray(orders.id, ids)));
  const lines = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.storeId, storeId), inArray(orderItems.orderId, ids)));
  const messages = rows.map((order) =>
    orderEmailMessage(
      mail,
      order,
      linesInEmailOrder(lines.filter((line) => line.orderId === order.id)),
      kind,
    ),
  );
  return enqueueEmails(tx, storeId, messages);
}

/**
 * The payment state that follows a refund that succeeded (issue 37, decision 048): "Refunded"
 * once the succeeded refunds reach what was paid, "Partially refunded" before. Called with the
 * order's row locked, in the refund's transaction; writes the history row when the state moves.
 */
export async function applyRefundStateIn(
  tx: Tx,
  storeId: string,
  order: { id: string; paymentStatus: PaymentStatusCode; totalCents: number },
  refundedCents: number,
  note: string | null,
  actorUserId: string | null,
): Promise<PaymentStatusCode> {
  const to: PaymentStatusCode = refundedCents >= order.totalCents ? "refunded" : "partially_refunded";
  await tx
    .update(orders)
    .set({ paymentStatus: to, updatedAt: sql`now()` })
    .where(and(eq(orders.storeId, storeId), eq(orders.id, order.id)));
  await tx.insert(orderEvents).values({
    storeId,
    orderId: order.id,
    type: "payment",
    paymentStatus: to,
    note,
    actorUserId,
  });
  // Webhooks (decision 047): a part or the whole refunded, as the order now stands.
  await recordOrderEvent(tx, storeId, order.id, "orders/refunded");
  return to;
}
