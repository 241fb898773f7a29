/**
 * The demo's tax invoices (issue 35, decision 043): a VAT-registered store's card orders that were
 * paid and Cash On Delivery orders that were delivered have the invoice the app would have issued
 * at that moment, numbered 1, 2, 3… in that order, each hashed over its content and linked to the
 * one before, as `issueInvoiceIn` does; the counter row ends at the last.
 */
import { uuidv4 } from "uuidv7";
import type * as schema from "~/db/schema";
import { FIRST_PREVIOUS_HASH, invoiceHash, type InvoiceContent } from "~/lib/invoice-chain";
import type { StoreDef } from "../stores";
import type { OrderEventRow, OrderItemRow, OrderRow } from "./types";

export interface InvoicePlan {
  invoices: (typeof schema.invoices.$inferInsert)[];
  counters: (typeof schema.invoiceCounters.$inferInsert)[];
}

export function planInvoices(
  storeId: string,
  def: StoreDef,
  seller: { addressEn: string; addressAr: string; country: string },
  orders: readonly OrderRow[],
  orderItems: readonly OrderItemRow[],
  orderEvents: readonly OrderEventRow[],
): InvoicePlan {
  if (!def.vat) return { invoices: [], counters: [] };
  const vat = def.vat;
  // When each order's invoice was due: a card order's payment, a COD order's delivery.
  const dueAt = new Map<string, Date>();
  for (const event of orderEvents) {
    const order = orders.find((candidate) => candidate.id === event.orderId);
    if (!order || dueAt.has(order.id) || !event.createdAt) continue;
    const due =
      order.paymentMethod === "card"
        ? event.type === "payment" && event.paymentStatus === "paid"
        : event.type === "status" && event.toStatus === "delivered";
    if (due) dueAt.set(order.id, event.createdAt as Date);
  }
  const due = orders
    .filter((order) => dueAt.has(order.id) && order.vatInclusive !== null && order.vatInclusive !== undefined)
    .sort((a, b) => dueAt.get(a.id)!.getTime() - dueAt.get(b.id)!.getTime() || a.number - b.number);

  const invoices: InvoicePlan["invoices"] = [];
  let previousHash = FIRST_PREVIOUS_HASH;
  due.forEach((order, index) => {
    const content: InvoiceContent = {
      id: uuidv4(),
      number: index + 1,
      issuedAt: dueAt.get(order.id)!,
      seller: {
        nameEn: vat.legalNameEn,
        nameAr: vat.legalNameAr,
        addressEn: seller.addressEn,
        addressAr: seller.addressAr,
        vatNumber: vat.number,
        country: seller.country,
      },
      buyer: {
        name: order.shipFullName,
        address: [order.shipStreetAddress, order.shipCity, order.shipZipCode].filter(Boolean).join(", "),
        country: order.shipCountry ?? "",
      },
      currency: order.currency,
      lines: orderItems
        .filter((line) => line.orderId === order.id)
        .map((line) => ({
          nameEn: line.nameEn,
          nameAr: line.nameAr,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          lineTotalCents: line.lineTotalCents,
          vatRateBp: line.vatRateBp ?? 0,
          vatCents: line.vatCents ?? 0,
        })),
      shippingCents: order.shippingCents ?? 0,
      codFeeCents: order.codFeeCents ?? 0,
      discountCents: (order.discountCents ?? 0) + (order.codeDiscountCents ?? 0),
      totalCents: order.totalCents,
      vatCents: order.vatCents ?? 0,
      vatInclusive: order.vatInclusive!,
      previousHash,
    };
    const hash = invoiceHash(content);
    invoices.push({
      storeId,
      id: content.id,
      orderId: order.id,
      number: content.number,
      sellerNameEn: content.seller.nameEn,
      sellerNameAr: content.seller.nameAr,
      sellerAddressEn: content.seller.addressEn,
      sellerAddressAr: content.seller.addressAr,
      sellerVatNumber: content.seller.vatNumber,
      sellerCountry: content.seller.country,
      buyerName: content.buyer.name,
      buyerAddress: content.buyer.address,
      buyerCountry: content.buyer.country,
      currency: content.currency,
      totalCents: content.totalCents,
      vatCents: content.vatCents,
      previousHash,
      hash,
      issuedAt: content.issuedAt,
    });
    previousHash = hash;
  });
  const last = invoices.at(-1);
  return {
    invoices,
    counters: last ? [{ storeId, lastNumber: last.number, lastHash: last.hash }] : [],
  };
}
