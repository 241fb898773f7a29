/**
 * What the printable credit note shows (issue 35 item 6, decision 048): the invoice page's shape
 * (the same component prints both), amounts negative, with the invoice it refers to. No QR: the
 * phase-1 QR is the simplified invoice's.
 */
import { getT, type Locale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { formatRate } from "~/lib/percent";
import { formatInZone } from "~/lib/time-zone";
import type { CreditNoteDocument } from "./credit-notes.server";
import { invoiceParties, ratesView, type InvoiceView } from "./invoice-view.server";

export function creditNoteView(
  document: CreditNoteDocument,
  locale: Locale,
  timeZone: string,
): InvoiceView & { refersTo: number } {
  const { note, invoice } = document;
  const money = (cents: number) => formatMoney(cents, note.currency, locale);
  const t = getT(locale);
  const rates = note.vatRates.filter((rate) => rate.net !== 0 || rate.vat !== 0);
  const lines = note.lines.map((line, index) => ({
    key: index,
    name: locale === "ar" ? line.nameAr : line.nameEn,
    quantity: line.quantity,
    // A unit's price only when the units shared the amount evenly (largest remainder otherwise).
    unitPrice: line.amountCents % line.quantity === 0 ? money(line.amountCents / line.quantity) : "—",
    total: money(line.amountCents),
    rate: formatRate(line.vatRateBp, locale),
    vat: money(line.vatCents),
  }));
  if (note.extraCents !== 0)
    lines.push({
      key: lines.length,
      name: t("refunds.creditNote.otherAmount"),
      quantity: 1,
      unitPrice: money(note.extraCents),
      total: money(note.extraCents),
      rate: "—",
      vat: money(0),
    });
  return {
    number: note.number,
    orderNumber: document.orderNumber,
    simplified: false,
    date: formatInZone(note.issuedAt, locale, timeZone, "dateTimeZone"),
    dateTime: note.issuedAt.toISOString(),
    uuid: note.id,
    ...invoiceParties(invoice, locale),
    inclusive: document.vatInclusive,
    lines,
    shipping: note.shippingCents !== 0 ? money(note.shippingCents) : null,
    codFee: note.codFeeCents !== 0 ? money(note.codFeeCents) : null,
    discount: null,
    totals: {
      net: money(note.totalCents - note.vatCents),
      byRate: ratesView(rates, locale, money),
      vat: money(note.vatCents),
      total: money(note.totalCents),
    },
    qrImage: null,
    refersTo: invoice.number,
  };
}
