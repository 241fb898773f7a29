/**
 * The invoice PDF's response, the shopper's and the admin's route alike (decision 049): a download
 * named `invoice-<number>.pdf`, never cached (it is the buyer's data).
 */
import type { Locale } from "~/lib/i18n";
import type { InvoiceDocument } from "~/services/tax/invoices.server";
import { invoicePdf, invoicePdfName } from "~/services/tax/invoice-pdf.server";

export async function invoicePdfResponse(document: InvoiceDocument, locale: Locale, timeZone: string) {
  const pdf = await invoicePdf(document, locale, timeZone);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoicePdfName(document.invoice.number)}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
