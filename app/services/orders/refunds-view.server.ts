/**
 * An order's refunds as its pages show them (issue 37): each refund (who, when, what, how much,
 * why, how, its state, its credit note) and what is left to refund, formatted for the reader.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orderItems, refundLines, refunds, users } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { creditNoteNumbersOf } from "~/services/tax/credit-notes.server";
import type { OrderRefunds } from "./contract";
import { formatDate } from "./order-view.server";
import { storeJoin } from "~/db/store-scope";
import { orderRowIn } from "./order-rows.server";

/**
 * The refunds of the store's order `number` (only the shopper's own when `userId` is given, and
 * then only those that succeeded), newest first; null when there is no such order.
 */
export async function orderRefunds(
  storeId: string,
  number: number,
  locale: Locale,
  timeZone: string,
  userId?: string,
): Promise<OrderRefunds | null> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const order = await orderRowIn(tx, storeId, { number }, false);
    if (!order || (userId && order.userId !== userId)) return null;
    const rows = await tx
      .select({ refund: refunds, byName: users.name })
      .from(refunds)
      .leftJoin(users, storeJoin(users, "id", refunds, "createdBy"))
      .where(
        and(
          eq(refunds.storeId, storeId),
          eq(refunds.orderId, order.id),
          userId ? eq(refunds.status, "succeeded") : sql`true`,
        ),
      )
      .orderBy(sql`${refunds.createdAt} desc`, sql`${refunds.id} desc`);
    const ids = rows.map((row) => row.refund.id);
    const lines = ids.length
      ? await tx
          .select({
            refundId: refundLines.refundId,
            quantity: refundLines.quantity,
            amountCents: refundLines.amountCents,
            nameEn: orderItems.nameEn,
            nameAr: orderItems.nameAr,
          })
          .from(refundLines)
          .innerJoin(orderItems, storeJoin(orderItems, "id", refundLines, "orderItemId"))
          .where(and(eq(refundLines.storeId, storeId), inArray(refundLines.refundId, ids)))
      : [];
    const notes = await creditNoteNumbersOf(tx, storeId, ids);
    const money = (cents: number) => formatMoney(cents, order.currency, locale);
    const held = rows
      .filter((row) => row.refund.status !== "failed")
      .reduce((a, row) => a + row.refund.amountCents, 0);
    const paid = order.paymentStatus === "paid" || order.paymentStatus.endsWith("refunded");
    const remainingCents = paid ? Math.max(0, order.totalCents - held) : 0;
    return {
      remaining: paid ? money(remainingCents) : null,
      remainingCents,
      refundable: remainingCents > 0,
      refunds: rows.map(({ refund, byName }) => ({
        id: refund.id,
        date: formatDate(refund.createdAt, locale, timeZone, true),
        by: byName,
        amount: money(refund.amountCents),
        status: refund.status,
        method: refund.method,
        reference: refund.reference,
        reasonCode: refund.reasonCode,
        reasonText: refund.reasonText,
        note: refund.noteToShopper,
        failure: refund.failureMessage,
        creditNote: notes.get(refund.id) ?? null,
        parts: [
          ...lines
            .filter((line) => line.refundId === refund.id)
            .map((line) => ({
              kind: "line" as const,
              name: locale === "ar" ? line.nameAr : line.nameEn,
              quantity: line.quantity,
              amount: money(line.amountCents),
            })),
          ...(refund.shippingCents > 0
            ? [{ kind: "shipping" as const, amount: money(refund.shippingCents) }]
            : []),
          ...(refund.codFeeCents > 0 ? [{ kind: "codFee" as const, amount: money(refund.codFeeCents) }] : []),
          ...(refund.extraCents > 0 ? [{ kind: "extra" as const, amount: money(refund.extraCents) }] : []),
        ],
      })),
    };
  });
}
