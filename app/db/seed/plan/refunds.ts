/**
 * The demo's refunds (issue 37, decision 048), as the app would have recorded them:
 * - every order line keeps its share of the code (as checkout stores it now);
 * - each paid card order the shopper cancelled was refunded whole: one succeeded card refund
 *   (reason "Order cancelled", nothing restocked: the cancel put the stock back);
 * - one delivered order has a partial refund of one unit of one line, restocked (the product's
 *   stock holds the unit already: the demo's stock is a picture of today);
 * - one delivered card order has its shipping refunded (the demo ships free: a late-delivery
 *   amount instead);
 * and a VAT-registered store's invoiced orders get a credit note for each, numbered in the order
 * the refunds were made; and one open return request (decision 050) on a delivered order.
 */
import { uuidv4, uuidv7 } from "uuidv7";
import type * as schema from "~/db/schema";
import { codeSharesOf, creditNoteAmounts, paidPieces, unitsShare } from "~/lib/refund-math";
import type { DiscountCodeRow } from "./discounts";
import type { InvoicePlan } from "./invoices";
import type { OrderEventRow, OrderItemRow, OrderRow, UserRow } from "./types";

export interface RefundPlan {
  refunds: (typeof schema.refunds.$inferInsert)[];
  lines: (typeof schema.refundLines.$inferInsert)[];
  creditNotes: (typeof schema.creditNotes.$inferInsert)[];
  counters: (typeof schema.creditNoteCounters.$inferInsert)[];
  /** One open return request (issue 37 item 4, decision 050) and its lines. */
  returns: (typeof schema.returnRequests.$inferInsert)[];
  returnLines: (typeof schema.returnRequestLines.$inferInsert)[];
}

const HOUR_MS = 3_600_000;

export function planRefunds(
  storeId: string,
  orders: OrderRow[],
  orderItems: OrderItemRow[],
  orderEvents: OrderEventRow[],
  codes: readonly DiscountCodeRow[],
  invoices: InvoicePlan,
  admin: UserRow,
  now: Date,
): RefundPlan {
  const freeShipping = new Set(codes.filter((c) => c.kind === "free_shipping").map((c) => c.code));
  const linesOf = new Map<string, OrderItemRow[]>();
  for (const item of orderItems) linesOf.set(item.orderId, [...(linesOf.get(item.orderId) ?? []), item]);
  for (const order of orders) {
    const lines = linesOf.get(order.id) ?? [];
    const code =
      order.discountCode && freeShipping.has(order.discountCode) ? 0 : (order.codeDiscountCents ?? 0);
    const shares = codeSharesOf(lines, code);
    lines.forEach((line, i) => (line.codeDiscountCents = shares[i]!));
  }
  const lastEventAt = (orderId: string) =>
    Math.max(...orderEvents.filter((e) => e.orderId === orderId).map((e) => (e.createdAt as Date).getTime()));
  const plan: RefundPlan = {
    refunds: [],
    lines: [],
    creditNotes: [],
    counters: [],
    returns: [],
    returnLines: [],
  };
  const piecesOf = (order: OrderRow) =>
    paidPieces({
      totalCents: order.totalCents,
      vatCents: order.vatCents ?? 0,
      vatInclusive: order.vatInclusive ?? null,
      codFeeCents: order.codFeeCents ?? 0,
      codeDiscountCents: order.codeDiscountCents ?? 0,
      lines: (linesOf.get(order.id) ?? []).map((line) => ({
        id: line.id!,
        quantity: line.quantity,
        lineTotalCents: line.lineTotalCents,
        codeDiscountCents: line.codeDiscountCents ?? null,
        vatCents: line.vatCents ?? 0,
      })),
    });

  const record = (
    order: OrderRow,
    at: Date,
    values: {
      amountCents: number;
      vatCents: number;
      shippingCents?: number;
      codFeeCents?: number;
      extraCents?: number;
    },
    reasonCode: string,
    lines: {
      item: OrderItemRow;
      quantity: number;
      amountCents: number;
      vatCents: number;
      restock: boolean;
    }[],
    actor: string | null,
    state: "partially_refunded" | "refunded",
  ) => {
    const id = uuidv7();
    plan.refunds.push({
      storeId,
      id,
      orderId: order.id,
      ...values,
      reasonCode,
      method: order.paymentMethod === "card" ? "card" : "cash",
      status: "succeeded",
      stripeRefundId: order.paymentMethod === "card" ? `re_demo_${id.slice(-12)}` : null,
      createdBy: actor,
      createdAt: at,
      completedAt: at,
    });
    for (const line of lines)
      plan.lines.push({
        storeId,
        id: uuidv7(),
        refundId: id,
        orderItemId: line.item.id!,
        quantity: line.quantity,
        amountCents: line.amountCents,
        vatCents: line.vatCents,
        restock: line.restock,
      });
    const invoice = invoices.invoices.find((candidate) => candidate.orderId === order.id);
    if (invoice) {
      const amounts = creditNoteAmounts(
        values,
        lines.map((line) => ({
          nameEn: line.item.nameEn,
          nameAr: line.item.nameAr,
          quantity: line.quantity,
          amountCents: line.amountCents,
          vatCents: line.vatCents,
          vatRateBp: line.item.vatRateBp ?? 0,
        })),
        order.vatRates ?? [],
      );
      plan.creditNotes.push({
        storeId,
        id: uuidv4(),
        orderId: order.id,
        invoiceId: invoice.id!,
        refundId: id,
        number: 0, // numbered below, in the order the refunds were made
        currency: order.currency,
        lines: amounts.lines,
        shippingCents: -(values.shippingCents ?? 0),
        codFeeCents: -(values.codFeeCents ?? 0),
        extraCents: -(values.extraCents ?? 0),
        totalCents: -values.amountCents,
        vatCents: -values.vatCents,
        vatRates: amounts.vatRates,
        issuedAt: at,
      });
    }
    if (!order.updatedAt || (order.updatedAt as Date).getTime() < at.getTime()) order.updatedAt = at;
    if (order.paymentStatus !== state) {
      order.paymentStatus = state;
      orderEvents.push({
        storeId,
        id: uuidv7(),
        orderId: order.id,
        type: "payment",
        paymentStatus: state,
        note: null,
        actorUserId: actor,
        createdAt: at,
      });
    }
  };

  // The whole refunds of paid card orders the shoppers cancelled (today's cancel path).
  for (const order of orders.filter((o) => o.paymentStatus === "refunded")) {
    const pieces = piecesOf(order);
    const items = linesOf.get(order.id) ?? [];
    const refundedAt = orderEvents.find((e) => e.orderId === order.id && e.paymentStatus === "refunded");
    record(
      order,
      (refundedAt?.createdAt as Date | undefined) ?? new Date(lastEventAt(order.id)),
      {
        amountCents: order.totalCents,
        vatCents: order.vatCents ?? 0,
        shippingCents: pieces.shipping.gross,
        codFeeCents: pieces.codFee.gross,
      },
      "cancelled",
      items.map((item, i) => ({
        item,
        quantity: item.quantity,
        amountCents: pieces.lines[i]!.gross,
        vatCents: pieces.lines[i]!.vat,
        restock: false,
      })),
      null,
      "refunded",
    );
  }

  const delivered = (method: "card" | "cod") =>
    orders.filter(
      (o) => o.status === "delivered" && o.paymentStatus === "paid" && o.paymentMethod === method,
    );
  const at = (order: OrderRow) =>
    new Date(Math.min(lastEventAt(order.id) + 26 * HOUR_MS, now.getTime() - HOUR_MS));

  // One unit of one line of a delivered order, restocked (a returned jar).
  const partial =
    [...delivered("cod"), ...delivered("card")].find((o) =>
      (linesOf.get(o.id) ?? []).some((line) => line.quantity >= 2),
    ) ?? delivered("cod")[0];
  if (partial) {
    const pieces = piecesOf(partial);
    const items = linesOf.get(partial.id) ?? [];
    const index = Math.max(
      0,
      items.findIndex((line) => line.quantity >= 2),
    );
    const item = items[index]!;
    const piece = pieces.lines[index]!;
    const amountCents = unitsShare(piece.gross, item.quantity, 0, 1);
    const vatCents = unitsShare(piece.vat, item.quantity, 0, 1);
    if (amountCents > 0)
      record(
        partial,
        at(partial),
        { amountCents, vatCents },
        "returned",
        [{ item, quantity: 1, amountCents, vatCents, restock: true }],
        admin.id,
        amountCents >= partial.totalCents ? "refunded" : "partially_refunded",
      );
  }

  // The shipping of a delivered card order (it came late). The demo's orders ship free: then an
  // amount of the same size as the store's usual fee (a tenth of the order, at most what is left).
  const cards = delivered("card").filter((o) => o.id !== partial?.id);
  const late = cards.find((o) => piecesOf(o).shipping.gross > 0) ?? cards[0];
  if (late) {
    const { shipping } = piecesOf(late);
    const extraCents = shipping.gross > 0 ? 0 : Math.max(1, Math.floor(late.totalCents / 10));
    record(
      late,
      at(late),
      shipping.gross > 0
        ? { amountCents: shipping.gross, vatCents: shipping.vat, shippingCents: shipping.gross }
        : { amountCents: extraCents, vatCents: 0, extraCents },
      "late_delivery",
      [],
      admin.id,
      "partially_refunded",
    );
  }

  // One open return request (decision 050): the shopper of the most recently delivered order
  // (neither refunded above) asks to return one unit of its first line, a day after delivery.
  const returnable = [...delivered("cod"), ...delivered("card")]
    .filter((o) => o.id !== partial?.id && o.id !== late?.id && o.userId)
    .sort((a, b) => lastEventAt(b.id) - lastEventAt(a.id))[0];
  const returnLine = returnable ? (linesOf.get(returnable.id) ?? [])[0] : undefined;
  if (returnable && returnLine) {
    const id = uuidv7();
    plan.returns.push({
      storeId,
      id,
      orderId: returnable.id,
      userId: returnable.userId,
      state: "requested",
      reasonCode: "damaged",
      comment:
        returnable.locale === "ar"
          ? "وصل أحد البرطمانات مكسور الغطاء."
          : "One jar arrived with a cracked lid.",
      createdAt: at(returnable),
    });
    plan.returnLines.push({
      storeId,
      id: uuidv7(),
      returnRequestId: id,
      orderItemId: returnLine.id!,
      quantity: 1,
    });
  }

  // Credit notes numbered 1, 2, 3… in the order the refunds were made.
  plan.creditNotes
    .sort((a, b) => (a.issuedAt as Date).getTime() - (b.issuedAt as Date).getTime())
    .forEach((note, i) => (note.number = i + 1));
  if (plan.creditNotes.length > 0) plan.counters.push({ storeId, lastNumber: plan.creditNotes.length });
  return plan;
}
