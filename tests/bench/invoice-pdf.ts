/**
 * What the invoice PDF costs (decision 049): a 20-line Saudi invoice (QR included) drawn as a
 * PDF in English and Arabic, against the printable page's own server work on the same invoice in
 * the same run (its loader's invoiceView, then React's renderToString of the page). The database
 * read is the same for both and left out. `npx tsx tests/bench/invoice-pdf.ts`
 */
import { performance } from "node:perf_hooks";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { TaxInvoice } from "~/components/orders/TaxInvoice";
import { getI18n, type Locale } from "~/lib/i18n";
import { TranslationProvider } from "~/lib/use-translation";
import { invoiceView } from "~/services/tax/invoice-view.server";
import { invoicePdf } from "~/services/tax/invoice-pdf.server";
import type { InvoiceDocument } from "~/services/tax/invoices.server";

const LINES = 20;
const ROUNDS = 30;

function twentyLines(): InvoiceDocument {
  const lines = Array.from({ length: LINES }, (_, index) => ({
    nameEn: `Hand-dyed silk scarf, colour ${index + 1}`,
    nameAr: `وشاح حرير مصبوغ يدويًا، اللون ${index + 1}`,
    quantity: 1 + (index % 3),
    unitPriceCents: 11500,
    lineTotalCents: 11500 * (1 + (index % 3)),
    vatRateBp: 1500,
    vatCents: 1500 * (1 + (index % 3)),
  }));
  const total = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const vat = lines.reduce((sum, line) => sum + line.vatCents, 0);
  return {
    invoice: {
      storeId: "00000000-0000-4000-8000-000000000001",
      id: "00000000-0000-4000-8000-000000000002",
      orderId: "00000000-0000-4000-8000-000000000003",
      number: 42,
      simplified: true,
      sellerNameEn: "Dye & Shade Co.",
      sellerNameAr: "شركة الصبغة والظل",
      sellerAddressEn: "1 King Fahd Road, Riyadh",
      sellerAddressAr: "١ طريق الملك فهد، الرياض",
      sellerVatNumber: "310122393500003",
      sellerCountry: "SA",
      buyerName: "Layla Haddad",
      buyerAddress: "12 Cedar Street, Riyadh",
      buyerCountry: "SA",
      currency: "SAR",
      totalCents: total,
      vatCents: vat,
      previousHash: "",
      hash: "",
      issuedAt: new Date("2026-12-04T09:30:00Z"),
    },
    order: {
      number: 1042,
      vatInclusive: true,
      shippingCents: 0,
      codFeeCents: 0,
      discountCents: 0,
      vatRates: [{ rateBp: 1500, net: total - vat, vat }],
    },
    lines,
  };
}

async function timed(label: string, run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await run(); // warm: fonts read, ICU and JIT started
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  console.log(
    `${label}: median ${median.toFixed(1)} ms, p90 ${samples[Math.floor(samples.length * 0.9)]!.toFixed(1)} ms`,
  );
  return median;
}

const document = twentyLines();
for (const locale of ["en", "ar"] as Locale[]) {
  const html = await timed(`${locale} printable page (invoiceView + renderToString)`, async () => {
    const invoice = await invoiceView(document, locale, "Asia/Riyadh");
    renderToString(
      createElement(
        TranslationProvider,
        { i18n: getI18n(locale) },
        createElement(TaxInvoice, { invoice, pdfHref: "#" }),
      ),
    );
  });
  let bytes = 0;
  const pdf = await timed(`${locale} PDF (${LINES} lines)`, async () => {
    bytes = (await invoicePdf(document, locale, "Asia/Riyadh")).length;
  });
  console.log(`${locale}: PDF ${bytes} bytes, ${(pdf / html).toFixed(1)}× the page's server work`);
}
