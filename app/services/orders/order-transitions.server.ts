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
 */
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema";
import {
  STATUS_STEPS,
  stepRefusal,
  type OrderStatusCode,
  type OrderStep,
  type PaymentStatusCode,
} from "~/lib/order-transitions";
import type { EmailStore } from "~/services/email/email-templates.server";
import { refundCancelledOrder } from "~/services/payments/refund.server";
import { sendOrderEmail, type OrderEmailKind } from "./order-emails.server";
import { cancelOrderIn } from "./orders.server";
import { errorFields, logger } from "~/lib/log.server";

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

/** What happened to the money of a cancelled order. */
export type RefundOutcome = "none" | "requested" | "failed";

const EMAILS: Record<OrderStep, OrderEmailKind> = {
  confirm: "order-confirmed",
  ship: "order-shipped",
  deliver: "order-delivered",
  cancel: "order-cancelled",
  markPaid: "order-payment-received",
};

export async function takeOrderStep(
  storeId: string,
  number: number,
  step: OrderStep,
  expected: ExpectedState,
  adminUserId: string,
  mail?: EmailStore,
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

      if (step === "cancel") {
        const cancelled = await cancelOrderIn(tx, storeId, { id: order.id }, "Cancelled by the store", {
          kind: "admin",
          userId: adminUserId,
        });
        // The lock above is held: the order is still cancellable.
        if (cancelled.kind !== "cancelled") throw new Error(`cancel of a locked order: ${cancelled.kind}`);
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
        return {
          kind: "done",
          orderId: order.id,
          status: order.status,
          paymentStatus: "paid",
          refund: "none",
        };
      }
      const to = STATUS_STEPS[step].to;
      await tx
        .update(orders)
        .set({ status: to, updatedAt: sql`now()` })
        .where(and(eq(orders.storeId, storeId), eq(orders.id, order.id)));
      await tx.insert(orderEvents).values({
        storeId,
        orderId: order.id,
        type: "status",
        fromStatus: order.status,
        toStatus: to,
        actorUserId: adminUserId,
      });
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
