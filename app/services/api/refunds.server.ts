/**
 * The Admin API's refunds (issue 38, decision 045 amended): an order's refunds with their lines
 * and what is left, and a new refund through the admin's own `createRefund` (decision 048: the
 * order locked, what is left re-checked under the lock, Stripe asked with `refund-<id>` as its
 * idempotency key, the activity log's entry named after the token by the API wrapper).
 */
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod/v4";
import { getDb } from "~/db/client.server";
import { refundLines, refunds } from "~/db/schema";
import type { refundCreateBody, refundRemaining, RefundJson } from "~/lib/validation/api";
import {
  createRefund,
  refundStateOf,
  type CreateRefundResult,
  type RefundRow,
  type RefundState,
} from "~/services/orders/refunds.server";

type RemainingJson = z.infer<typeof refundRemaining>;

export function remainingJson(state: RefundState): RemainingJson {
  const { pieces } = state;
  return {
    refundable: state.order.refundable,
    paidCents: state.order.totalCents,
    refundedCents: state.refundedCents,
    amountCents: state.order.refundable ? state.remainingCents : 0,
    shippingCents: Math.max(0, pieces.shipping.gross - state.shippingRefunded),
    codFeeCents: Math.max(0, pieces.codFee.gross - state.codFeeRefunded),
    lines: state.lines.map((line) => ({
      orderItemId: line.id,
      nameEn: line.nameEn,
      nameAr: line.nameAr,
      quantity: line.quantity,
      refundedUnits: line.refundedUnits,
    })),
  };
}

/** The refunds of these rows with their lines, newest first. */
async function refundsJson(
  storeId: string,
  where: { orderId?: string; ids?: string[] },
): Promise<RefundJson[]> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const rows: RefundRow[] = await tx
      .select()
      .from(refunds)
      .where(
        and(
          eq(refunds.storeId, storeId),
          where.orderId ? eq(refunds.orderId, where.orderId) : inArray(refunds.id, where.ids ?? []),
        ),
      )
      .orderBy(sql`${refunds.createdAt} desc`, sql`${refunds.id} desc`);
    const lines = rows.length
      ? await tx
          .select()
          .from(refundLines)
          .where(
            and(
              eq(refundLines.storeId, storeId),
              inArray(
                refundLines.refundId,
                rows.map((row) => row.id),
              ),
            ),
          )
          .orderBy(asc(refundLines.id))
      : [];
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      method: row.method,
      amountCents: row.amountCents,
      vatCents: row.vatCents,
      shippingCents: row.shippingCents,
      codFeeCents: row.codFeeCents,
      extraCents: row.extraCents,
      reason: row.reasonCode,
      reasonText: row.reasonText,
      noteToShopper: row.noteToShopper,
      reference: row.reference,
      failureMessage: row.failureMessage,
      createdAt: row.createdAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
      lines: lines
        .filter((line) => line.refundId === row.id)
        .map((line) => ({
          orderItemId: line.orderItemId,
          quantity: line.quantity,
          amountCents: line.amountCents,
          vatCents: line.vatCents,
          restock: line.restock,
        })),
    }));
  });
}

/** The order's refunds and what is left; null when the store has no such order. */
export async function apiRefundList(
  storeId: string,
  number: number,
): Promise<{ data: RefundJson[]; remaining: RemainingJson } | null> {
  const state = await refundStateOf(storeId, number);
  if (!state) return null;
  return { data: await refundsJson(storeId, { orderId: state.order.id }), remaining: remainingJson(state) };
}

export async function apiRefund(storeId: string, id: string): Promise<RefundJson | null> {
  return (await refundsJson(storeId, { ids: [id] }))[0] ?? null;
}

/**
 * The refund's one-time token from the request's Idempotency-Key (per API token): the same key
 * sent again after an answer was lost — even one the API could not keep, a 5xx — finds the refund
 * the first request recorded instead of making a second (so Stripe is asked once per refund).
 */
export function refundRequestToken(apiTokenId: string, idempotencyKey: string | null): string | null {
  if (idempotencyKey === null) return null;
  return `api-${createHash("sha256").update(`${apiTokenId}\n${idempotencyKey}`).digest("base64url").slice(0, 40)}`;
}

export async function apiCreateRefund(
  storeId: string,
  number: number,
  input: z.infer<typeof refundCreateBody>,
  staffUserId: string,
  requestToken: string | null,
): Promise<CreateRefundResult> {
  return createRefund(
    storeId,
    number,
    {
      lines: input.lines.map((line) => ({
        orderItemId: line.orderItemId.toLowerCase(),
        quantity: line.quantity,
        restock: line.restock,
      })),
      shippingCents: input.shippingCents,
      codFeeCents: input.codFeeCents,
      extraCents: input.amountCents,
      reasonCode: input.reason,
      reasonText: input.reasonText || null,
      noteToShopper: input.noteToShopper || null,
      method: input.method,
      reference: input.reference || null,
      requestToken,
    },
    staffUserId,
  );
}
