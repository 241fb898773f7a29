/**
 * The tax invoice as a PDF (issue 35 item 4, decision 049): the printable page's content
 * (invoiceView, the same strings in the reader's language, the same money formatting) put into
 * the tax document model and drawn by tax-document-pdf.server.ts; a Saudi seller's ZATCA QR as a
 * PNG of the same content as the page's SVG.
 */
import type { Locale } from "~/lib/i18n";
import { localeDir } from "~/lib/i18n";
import { getServerT } from "~/lib/i18n.server";
import type { InvoiceDocument } from "./invoices.server";
import { invoiceView, type InvoiceView } from "./invoice-view.server";
import { renderTaxDocumentPdf, type TaxDocumentModel } from "./tax-document-pdf.server";
import { zatcaQrPng } from "./zatca-qr-image.server";

/** The invoice's PDF file name: `invoice-<number>.pdf`. */
export const invoicePdfName = (invoiceNumber: number) => `invoice-${invoiceNumber}.pdf`;

export async function invoicePdf(
  document: InvoiceDocument,
  locale: Locale,
  timeZone: string,
): Promise<Buffer> {
  const view = await invoiceView(document, locale, timeZone);
  const qrPng = view.qrImage ? await zatcaQrPng(document.invoice) : null;
  return renderTaxDocumentPdf(invoiceModel(view, locale, qrPng));
}

/** The page's content as the PDF's model (exported for the credit note to follow its shape). */
export function invoiceModel(view: InvoiceView, locale: Locale, qrPng: Buffer | null): TaxDocumentModel {
  const t = getServerT(locale);
  const text = (key: string, params?: Record<string, unknown>) => String(t(key, params));
  const seller = [view.seller.name, view.seller.otherName, view.seller.address].filter(
    (line): line is string => Boolean(line),
  );
  const buyer = [view.buyer.name, view.buyer.address, view.buyer.country].filter((line): line is string =>
    Boolean(line),
  );
  const charges = [
    view.shipping ? { label: text("invoice.shipping"), value: view.shipping } : null,
    view.codFee ? { label: text("invoice.codFee"), value: view.codFee } : null,
    view.discount ? { label: text("invoice.discount"), value: view.discount } : null,
  ].filter((row) => row !== null);
  return {
    lang: locale,
    dir: localeDir(locale),
    title: view.simplified ? text("invoice.headingSimplified") : text("invoice.heading"),
    facts: [
      { label: text("invoice.number"), value: String(view.number) },
      { label: text("invoice.date"), value: view.date },
      { label: text("invoice.order"), value: `#${view.orderNumber}` },
    ],
    qrPng,
    parties: [
      {
        heading: text("invoice.seller"),
        lines: seller,
        facts: [`${text("invoice.vatNumber")}: ${view.seller.vatNumber}`],
      },
      { heading: text("invoice.buyer"), lines: buyer, facts: [] },
    ],
    columns: {
      name: text("invoice.item"),
      quantity: text("invoice.quantity"),
      unitPrice: text("invoice.unitPrice"),
      rate: text("invoice.vatRate"),
      vat: text("invoice.vat"),
      total: text("invoice.lineTotal"),
    },
    lines: view.lines.map((line) => ({
      name: line.name,
      quantity: String(line.quantity),
      unitPrice: line.unitPrice,
      rate: line.rate,
      vat: line.vat,
      total: line.total,
    })),
    note: view.inclusive ? text("invoice.pricesInclude") : text("invoice.pricesExclude"),
    totals: [
      ...charges,
      { label: text("invoice.net"), value: view.totals.net, rule: true },
      ...view.totals.byRate.map((rate) => ({
        label: text("invoice.vatAt", { rate: rate.rate, net: rate.net }),
        value: rate.vat,
      })),
      { label: text("invoice.vatTotal"), value: view.totals.vat },
      { label: text("invoice.total"), value: view.totals.total, rule: true, strong: true },
    ],
    footer: `${text("invoice.uuid")}: ${view.uuid}`,
  };
}
