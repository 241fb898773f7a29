/**
 * Partial and repeated refunds (issue 37, decision 048). A refund is recorded in one transaction
 * that locks the order row (`FOR UPDATE`) and re-checks, under that lock, what is left: the
 * amount (what was paid minus every refund pending or succeeded) and each line's units. So two
 * staff refunding the last amount at once: the second waits for the first and is refused.
 *
 * - Offline (Cash On Delivery: cash, bank transfer): the refund succeeds in that transaction.
 * - Card: it is recorded `pending` (its amount held), Stripe is asked after the commit with the
 *   idempotency key `refund-<id>` on the store's connected account (one record → at most one
 *   Stripe refund, however often it is asked), then a second transaction marks it succeeded or
 *   failed. A failed refund changes nothing else: restock, payment state, credit note and the
 *   order history's refund row are applied only when it succeeds (`completeRefundIn`), here or
 *   from the webhook, whichever comes first.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import { getDb, type Tx } from "~/db/client.server";
import { orderItems, orders, refundLines, refunds, stores, type refundMethods } from "~/db/schema";
import { errorFields, logger } from "~/lib/log.server";
import { paidPieces, unitsShare, vatShare, type PaidPieces } from "~/lib/refund-math";
import { recordAudit } from "~/services/audit/audit.server";
import { getStripe } from "~/services/stripe/stripe-client.server";
import { issueCreditNoteIn } from "~/services/tax/credit-notes.server";
import { deliverAfterCommit } from "~/services/email/email.server";
import type { EmailStore } from "~/services/email/email-templates.server";
import { applyRefundStateIn } from "./order-transitions.server";
import { restockLines } from "./restock.server";
import { orderLinesIn, orderRowIn, refundedUnitsIn } from "./order-rows.server";
import { checkReturnRefundIn, markReturnRefundedIn } from "./returns.server";
import { inStore, storeJoin } from "~/db/store-scope";

export type RefundMethod = (typeof refundMethods)[number];
export type RefundRow = typeof refunds.$inferSelect;
export const REFUND_REASONS = [
  "returned",
  "damaged",
  "wrong_item",
  "late_delivery",
  "goodwill",
  "cancelled",
  "other",
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** Payment states an order can be refunded from: money was captured or collected. */
const REFUNDABLE_STATES = new Set(["paid", "partially_refunded"]);

export interface RefundSelection {
  lines: { orderItemId: string; quantity: number; restock: boolean }[];
  shippingCents: number;
  codFeeCents: number;
  /** Any further amount, up to what is left (no VAT: a goodwill amount, not a sale undone). */
  extraCents: number;
}

export interface RefundableLine {
  id: string;
  nameEn: string;
  nameAr: string;
  quantity: number;
  /** Units refunded by refunds pending or succeeded. */
  refundedUnits: number;
  gross: number;
  vat: number;
}

export interface RefundState {
  order: {
    id: string;
    number: number;
    currency: string;
    totalCents: number;
    paymentMethod: "card" | "cod";
    paymentStatus: string;
    refundable: boolean;
  };
  pieces: PaidPieces;
  lines: RefundableLine[];
  /** Refunded so far (pending or succeeded) per piece. */
  shippingRefunded: number;
  codFeeRefunded: number;
  refundedCents: number;
  remainingCents: number;
}

export interface ProposedRefund {
  lines: { orderItemId: string; quantity: number; amountCents: number; vatCents: number; restock: boolean }[];
  shippingCents: number;
  codFeeCents: number;
  extraCents: number;
  amountCents: number;
  vatCents: number;
}

export type ProposalRefusal =
  | { kind: "over"; remainingCents: number }
  | { kind: "invalid"; field: string; message: "units" | "shipping" | "codFee" | "empty" | "line" };

/** An order's refund state read inside `tx` (locked by the caller when it will write). */
async function stateIn(tx: Tx, storeId: string, key: { number: number } | { id: string }, lock: boolean) {
  const order = await orderRowIn(tx, storeId, key, lock);
  if (!order) return null;
  const items = await orderLinesIn(tx, storeId, order.id);
  const held = await tx
    .select({ refund: refunds })
    .from(refunds)
    .where(
      and(
        eq(refunds.storeId, storeId),
        eq(refunds.orderId, order.id),
        inArray(refunds.status, ["pending", "succeeded"]),
      ),
    );
  const units = await refundedUnitsIn(tx, storeId, order.id);
  const pieces = paidPieces({ ...order, lines: items });
  const sum = (pick: (row: RefundRow) => number) => held.reduce((a, { refund }) => a + pick(refund), 0);
  const refundedCents = sum((r) => r.amountCents);
  const state: RefundState = {
    order: {
      id: order.id,
      number: order.number,
      currency: order.currency,
      totalCents: order.totalCents,
      paymentMethod: order.paymentMethod,
      paymentStatus: order.paymentStatus,
      refundable: REFUNDABLE_STATES.has(order.paymentStatus) && refundedCents < order.totalCents,
    },
    pieces,
    lines: items.map((item, i) => ({
      id: item.id,
      nameEn: item.nameEn,
      nameAr: item.nameAr,
      quantity: item.quantity,
      refundedUnits: units.get(item.id) ?? 0,
      gross: pieces.lines[i]!.gross,
      vat: pieces.lines[i]!.vat,
    })),
    shippingRefunded: sum((r) => r.shippingCents),
    codFeeRefunded: sum((r) => r.codFeeCents),
    refundedCents,
    remainingCents: Math.max(0, order.totalCents - refundedCents),
  };
  return { order, state };
}

/** The refund state of the store's order `number`, or null (not this store's). */
export async function refundStateOf(storeId: string, number: number): Promise<RefundState | null> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => (await stateIn(tx, storeId, { number }, false))?.state ?? null);
}

/**
 * What a selection refunds, from what the shopper paid for those units: each line's units share
 * its amount (after sale and code) and VAT by largest remainder counted from the units already
 * refunded, shipping and the fee likewise by minor unit. Refused when it asks for more units,
 * shipping or fee than are left, or more money than is left.
 */
export function proposeRefund(
  state: RefundState,
  selection: RefundSelection,
): ProposedRefund | ProposalRefusal {
  const lines: ProposedRefund["lines"] = [];
  for (const chosen of selection.lines) {
    if (chosen.quantity === 0) continue;
    const line = state.lines.find((l) => l.id === chosen.orderItemId);
    if (!line) return { kind: "invalid", field: "lines", message: "line" };
    const left = line.quantity - line.refundedUnits;
    if (!Number.isInteger(chosen.quantity) || chosen.quantity < 0 || chosen.quantity > left)
      return { kind: "invalid", field: `qty_${line.id}`, message: "units" };
    lines.push({
      orderItemId: line.id,
      quantity: chosen.quantity,
      amountCents: unitsShare(line.gross, line.quantity, line.refundedUnits, chosen.quantity),
      vatCents: unitsShare(line.vat, line.quantity, line.refundedUnits, chosen.quantity),
      restock: chosen.restock,
    });
  }
  const { shipping, codFee } = state.pieces;
  if (selection.shippingCents < 0 || selection.shippingCents > shipping.gross - state.shippingRefunded)
    return { kind: "invalid", field: "shippingCents", message: "shipping" };
  if (selection.codFeeCents < 0 || selection.codFeeCents > codFee.gross - state.codFeeRefunded)
    return { kind: "invalid", field: "codFeeCents", message: "codFee" };
  const shippingVat = vatShare(shipping.gross, shipping.vat, state.shippingRefunded, selection.shippingCents);
  const feeVat = vatShare(codFee.gross, codFee.vat, state.codFeeRefunded, selection.codFeeCents);
  const amountCents =
    lines.reduce((a, l) => a + l.amountCents, 0) +
    selection.shippingCents +
    selection.codFeeCents +
    Math.max(0, selection.extraCents);
  if (amountCents <= 0) return { kind: "invalid", field: "lines", message: "empty" };
  if (amountCents > state.remainingCents || !state.order.refundable)
    return { kind: "over", remainingCents: state.order.refundable ? state.remainingCents : 0 };
  return {
    lines,
    shippingCents: selection.shippingCents,
    codFeeCents: selection.codFeeCents,
    extraCents: Math.max(0, selection.extraCents),
    amountCents,
    vatCents: lines.reduce((a, l) => a + l.vatCents, 0) + shippingVat + feeVat,
  };
}

export interface RefundRequest extends RefundSelection {
  reasonCode: RefundReason;
  reasonText?: string | null;
  noteToShopper?: string | null;
  /** Offline refunds only (a card order is refunded to the card). */
  method?: Exclude<RefundMethod, "card">;
  reference?: string | null;
  /** The form's one-time token: a double submit gets the first one's refund back. */
  requestToken?: string | null;
  /**
   * The shopper's return this refund is made from (decision 050): it must be `received`, no line
   * may refund more units than came back, and the return becomes `refunded` with the refund.
   */
  returnRequestId?: string | null;
  /** Who the return's "refunded" email is from (the request's store); none without it. */
  emailStore?: EmailStore | null;
}

export type CreateRefundResult =
  | { kind: "not-found" }
  | ProposalRefusal
  | { kind: "return"; reason: "not-received" | "over-received" }
  | { kind: "created"; refund: RefundRow };

/** Writes a refund and its lines. */
async function insertRefundIn(
  tx: Tx,
  values: PgInsertValue<typeof refunds> & { storeId: string },
  lines: ProposedRefund["lines"],
): Promise<RefundRow> {
  const [refund] = await tx.insert(refunds).values(values).returning();
  const { storeId } = values;
  if (lines.length > 0)
    await tx.insert(refundLines).values(lines.map((line) => ({ storeId, refundId: refund!.id, ...line })));
  return refund!;
}

/**
 * Records a refund of the store's order `number` and, for a card order, asks Stripe for it after
 * the commit. Returns the refund as it stands after that (succeeded, pending or failed).
 */
export async function createRefund(
  storeId: string,
  number: number,
  request: RefundRequest,
  staffUserId: string | null,
): Promise<CreateRefundResult> {
  const db = await getDb();
  let emailIds: string[] = [];
  const recorded = await db.withStore(storeId, async (tx): Promise<CreateRefundResult> => {
    const found = await stateIn(tx, storeId, { number }, true);
    if (!found) return { kind: "not-found" };
    if (request.requestToken) {
      const [again] = await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.storeId, storeId), eq(refunds.requestToken, request.requestToken)));
      if (again) return { kind: "created", refund: again };
    }
    if (request.returnRequestId) {
      const check = await checkReturnRefundIn(
        tx,
        storeId,
        found.order.id,
        request.returnRequestId,
        request.lines,
      );
      if (check !== "ok") return { kind: "return", reason: check };
    }
    const proposed = proposeRefund(found.state, request);
    if ("kind" in proposed) return proposed;
    const card = found.order.paymentMethod === "card";
    const refund = await insertRefundIn(
      tx,
      {
        storeId,
        orderId: found.order.id,
        requestToken: request.requestToken ?? null,
        amountCents: proposed.amountCents,
        vatCents: proposed.vatCents,
        shippingCents: proposed.shippingCents,
        codFeeCents: proposed.codFeeCents,
        extraCents: proposed.extraCents,
        reasonCode: request.reasonCode,
        reasonText: request.reasonText || null,
        noteToShopper: request.noteToShopper || null,
        method: card ? "card" : (request.method ?? "cash"),
        reference: card ? null : request.reference || null,
        status: card ? "pending" : "succeeded",
        createdBy: staffUserId,
        completedAt: card ? null : sql`now()`,
      },
      proposed.lines,
    );
    await recordAudit(tx, storeId, {
      action: "order.refund",
      entityType: "order",
      entityId: String(number),
      entityLabel: `#${number}`,
      changes: {
        refundedCents: [found.state.refundedCents, found.state.refundedCents + proposed.amountCents],
      },
    });
    if (!card) await applyEffectsIn(tx, storeId, refund, staffUserId);
    if (request.returnRequestId)
      emailIds = await markReturnRefundedIn(
        tx,
        storeId,
        request.returnRequestId,
        refund.id,
        request.emailStore ?? null,
      );
    return { kind: "created", refund };
  });
  deliverAfterCommit(storeId, emailIds);
  if (recorded.kind !== "created" || recorded.refund.status !== "pending") return recorded;
  return { kind: "created", refund: await askStripe(storeId, recorded.refund) };
}

/** Asks Stripe for a pending card refund (idempotent per refund) and records its answer. */
export async function askStripe(storeId: string, refund: RefundRow): Promise<RefundRow> {
  const db = await getDb();
  const [payment] = await db.withStore(storeId, (tx) =>
    tx
      .select({ intent: orders.stripePaymentIntentId, accountId: stores.stripeAccountId })
      .from(orders)
      .innerJoin(stores, eq(stores.id, orders.storeId))
      .where(and(eq(orders.storeId, storeId), eq(orders.id, refund.orderId))),
  );
  let answer: { id: string; status: string | null } | { error: string };
  if (!payment?.intent || !payment.accountId) answer = { error: "The order has no card payment to refund." };
  else {
    try {
      const created = await getStripe().refunds.create(
        {
          payment_intent: payment.intent,
          amount: refund.amountCents,
          metadata: { storeId, orderId: refund.orderId, refundId: refund.id },
        },
        { stripeAccount: payment.accountId, idempotencyKey: `refund-${refund.id}` },
      );
      answer = { id: created.id, status: created.status };
    } catch (error) {
      logger.error({ refundId: refund.id, ...errorFields(error) }, "Stripe refund failed");
      answer = { error: error instanceof Error ? error.message : String(error) };
    }
  }
  return db.withStore(storeId, async (tx) => {
    await lockOrder(tx, storeId, refund.orderId);
    const [current] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.storeId, storeId), eq(refunds.id, refund.id)));
    if (!current) throw new Error(`refund ${refund.id} vanished`);
    if ("error" in answer) {
      if (current.status !== "pending") return current;
      return failRefundIn(tx, storeId, refund.id, answer.error);
    }
    return settleIn(tx, storeId, current, answer.id, answer.status);
  });
}

async function lockOrder(tx: Tx, storeId: string, orderId: string) {
  const [order] = await tx
    .select({ id: orders.id, paymentStatus: orders.paymentStatus, totalCents: orders.totalCents })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)))
    .for("update");
  return order;
}

/**
 * Records Stripe's answer for a refund (the create call's or a webhook's), with its order locked:
 * its Stripe id; `succeeded` completes it (once), `failed`/`canceled` fails a pending one.
 */
export async function settleIn(
  tx: Tx,
  storeId: string,
  refund: RefundRow,
  stripeRefundId: string,
  stripeStatus: string | null,
): Promise<RefundRow> {
  const [withId] = await tx
    .update(refunds)
    .set({ stripeRefundId: refund.stripeRefundId ?? stripeRefundId })
    .where(and(eq(refunds.storeId, storeId), eq(refunds.id, refund.id)))
    .returning();
  if (refund.status !== "pending") return withId!;
  if (stripeStatus === "succeeded") return completeRefundIn(tx, storeId, withId!, null);
  if (stripeStatus === "failed" || stripeStatus === "canceled")
    return failRefundIn(tx, storeId, refund.id, `Stripe: ${stripeStatus}`);
  return withId!;
}

/** A pending refund failed: nothing else changes (what it held is free again). */
async function failRefundIn(tx: Tx, storeId: string, refundId: string, message: string): Promise<RefundRow> {
  const [failed] = await tx
    .update(refunds)
    .set({ status: "failed", failureMessage: message.slice(0, 500), completedAt: sql`now()` })
    .where(and(eq(refunds.storeId, storeId), eq(refunds.id, refundId)))
    .returning();
  return failed!;
}

/** A pending refund succeeded: mark it and apply what follows from it (the order is locked). */
export async function completeRefundIn(
  tx: Tx,
  storeId: string,
  refund: RefundRow,
  actorUserId: string | null,
): Promise<RefundRow> {
  const [done] = await tx
    .update(refunds)
    .set({ status: "succeeded", completedAt: sql`now()` })
    .where(inStore(refunds, storeId, { id: refund.id, status: "pending" }))
    .returning();
  if (!done) return refund;
  await applyEffectsIn(tx, storeId, done, actorUserId ?? done.createdBy);
  return done;
}

/**
 * What a succeeded refund changes: the chosen units back in stock (and out of Best Seller), the
 * order's payment state and history, and a credit note when the order has an invoice.
 */
async function applyEffectsIn(tx: Tx, storeId: string, refund: RefundRow, actorUserId: string | null) {
  const restocked = await tx
    .select({
      quantity: refundLines.quantity,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
    })
    .from(refundLines)
    .innerJoin(orderItems, storeJoin(orderItems, "id", refundLines, "orderItemId"))
    .where(inStore(refundLines, storeId, { refundId: refund.id, restock: true }))
    .orderBy(asc(orderItems.productId), asc(orderItems.variantId));
  await restockLines(tx, storeId, restocked);
  const order = await lockOrder(tx, storeId, refund.orderId);
  if (!order) throw new Error(`order ${refund.orderId} vanished`);
  const [succeeded] = await tx
    .select({ sum: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(inStore(refunds, storeId, { orderId: refund.orderId, status: "succeeded" }));
  // The history row says the new state; the refund itself (amount, why) is listed beside it.
  await applyRefundStateIn(tx, storeId, order, succeeded?.sum ?? 0, null, actorUserId);
  await issueCreditNoteIn(tx, storeId, refund.id);
}

/**
 * Stripe says the charge was refunded in full (`charge.refunded`), with the order locked: every
 * pending refund of it succeeded (the whole charge is back, so each one asked was paid), and what
 * no refund record covers (the whole refund of a cancelled order, or one made in Stripe's
 * dashboard) becomes one succeeded record for the rest. Never a second record for the same money.
 */
export async function reconcileFullRefundIn(tx: Tx, storeId: string, orderId: string, cancelled: boolean) {
  const order = await lockOrder(tx, storeId, orderId);
  if (!order) return;
  const pending = await tx
    .select()
    .from(refunds)
    .where(inStore(refunds, storeId, { orderId, status: "pending" }));
  for (const refund of pending) await completeRefundIn(tx, storeId, refund, null);
  const found = await stateIn(tx, storeId, { id: orderId }, false);
  if (!found || found.state.remainingCents <= 0) return;
  const { state } = found;
  // Everything not yet refunded: the units left, shipping and fee left, and any rest as an amount.
  const proposed = proposeRefund(
    { ...state, order: { ...state.order, refundable: true } },
    {
      lines: state.lines.map((line) => ({
        orderItemId: line.id,
        quantity: line.quantity - line.refundedUnits,
        restock: false,
      })),
      shippingCents: state.pieces.shipping.gross - state.shippingRefunded,
      codFeeCents: state.pieces.codFee.gross - state.codFeeRefunded,
      extraCents: 0,
    },
  );
  if ("kind" in proposed) return;
  const extraCents = Math.max(0, state.remainingCents - proposed.amountCents);
  const refund = await insertRefundIn(
    tx,
    {
      storeId,
      orderId,
      amountCents: proposed.amountCents + extraCents,
      vatCents: proposed.vatCents,
      shippingCents: proposed.shippingCents,
      codFeeCents: proposed.codFeeCents,
      extraCents,
      reasonCode: cancelled ? "cancelled" : "other",
      method: "card",
      status: "succeeded",
      completedAt: sql`now()`,
    },
    proposed.lines,
  );
  await applyEffectsIn(tx, storeId, refund, null);
}
