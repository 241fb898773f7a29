/**
 * Credit notes (issue 35 item 6, decision 048): a succeeded refund of an invoiced order gets one,
 * for exactly what it refunds, amounts negative, referring to the order's invoice. Numbered from
 * the store's `credit_note_counters` row, locked for the rest of the caller's transaction as
 * invoices' counter is (decision 043): no gap, no duplicate, a rolled-back issue rolls its
 * number back with it.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import {
  creditNoteCounters,
  creditNotes,
  invoices,
  orderItems,
  orders,
  refundLines,
  refunds,
} from "~/db/schema";
import { creditNoteAmounts } from "~/lib/refund-math";
import { storeJoin } from "~/db/store-scope";

export type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * Issues the credit note of a succeeded refund inside the caller's transaction (which holds the
 * order's row lock). Null when the order has no invoice; the existing note if issued before.
 */
export async function issueCreditNoteIn(
  tx: Tx,
  storeId: string,
  refundId: string,
): Promise<{ id: string; number: number } | null> {
  const [existing] = await tx
    .select({ id: creditNotes.id, number: creditNotes.number })
    .from(creditNotes)
    .where(and(eq(creditNotes.storeId, storeId), eq(creditNotes.refundId, refundId)));
  if (existing) return existing;
  const [row] = await tx
    .select({ refund: refunds, invoiceId: invoices.id, currency: orders.currency, vatRates: orders.vatRates })
    .from(refunds)
    .innerJoin(orders, storeJoin(orders, "id", refunds, "orderId"))
    .innerJoin(invoices, storeJoin(invoices, "orderId", refunds, "orderId"))
    .where(and(eq(refunds.storeId, storeId), eq(refunds.id, refundId)));
  if (!row) return null;
  const { refund } = row;
  const refunded = await tx
    .select({ line: refundLines, item: orderItems })
    .from(refundLines)
    .innerJoin(orderItems, storeJoin(orderItems, "id", refundLines, "orderItemId"))
    .where(and(eq(refundLines.storeId, storeId), eq(refundLines.refundId, refundId)))
    .orderBy(asc(orderItems.nameEn), asc(orderItems.id));
  const amounts = creditNoteAmounts(
    refund,
    refunded.map(({ line, item }) => ({
      nameEn: item.nameEn,
      nameAr: item.nameAr,
      quantity: line.quantity,
      amountCents: line.amountCents,
      vatCents: line.vatCents,
      vatRateBp: item.vatRateBp,
    })),
    row.vatRates,
  );

  await tx.insert(creditNoteCounters).values({ storeId }).onConflictDoNothing();
  const [counter] = await tx
    .select({ lastNumber: creditNoteCounters.lastNumber })
    .from(creditNoteCounters)
    .where(eq(creditNoteCounters.storeId, storeId))
    .for("update");
  if (!counter) throw new Error(`no credit note counter for store ${storeId}`);
  const number = counter.lastNumber + 1;
  const id = crypto.randomUUID();
  await tx.insert(creditNotes).values({
    storeId,
    id,
    orderId: refund.orderId,
    invoiceId: row.invoiceId,
    refundId,
    number,
    currency: row.currency,
    lines: amounts.lines,
    shippingCents: -refund.shippingCents,
    codFeeCents: -refund.codFeeCents,
    extraCents: -refund.extraCents,
    totalCents: -refund.amountCents,
    vatCents: -refund.vatCents,
    vatRates: amounts.vatRates,
  });
  await tx
    .update(creditNoteCounters)
    .set({ lastNumber: number })
    .where(eq(creditNoteCounters.storeId, storeId));
  return { id, number };
}

export interface CreditNoteDocument {
  note: CreditNoteRow;
  invoice: typeof invoices.$inferSelect;
  orderNumber: number;
  vatInclusive: boolean;
}

/** The credit note `number` of the store's order `orderNumber` (the shopper's own when `userId`), or null. */
export async function findCreditNote(
  storeId: string,
  orderNumber: number,
  number: number,
  userId?: string,
): Promise<CreditNoteDocument | null> {
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .select({ note: creditNotes, invoice: invoices, order: orders })
      .from(creditNotes)
      .innerJoin(orders, storeJoin(orders, "id", creditNotes, "orderId"))
      .innerJoin(invoices, storeJoin(invoices, "id", creditNotes, "invoiceId"))
      .where(
        and(
          eq(creditNotes.storeId, storeId),
          eq(creditNotes.number, number),
          eq(orders.number, orderNumber),
          userId ? eq(orders.userId, userId) : sql`true`,
        ),
      ),
  );
  if (!row) return null;
  return {
    note: row.note,
    invoice: row.invoice,
    orderNumber: row.order.number,
    vatInclusive: row.order.vatInclusive ?? true,
  };
}

/** The credit notes of some refunds, by refund id (the order pages' links). */
export async function creditNoteNumbersOf(
  tx: Tx,
  storeId: string,
  refundIds: readonly string[],
): Promise<Map<string, number>> {
  if (refundIds.length === 0) return new Map();
  const rows = await tx
    .select({ refundId: creditNotes.refundId, number: creditNotes.number })
    .from(creditNotes)
    .where(and(eq(creditNotes.storeId, storeId), inArray(creditNotes.refundId, [...refundIds])));
  return new Map(rows.map((row) => [row.refundId, row.number]));
}
