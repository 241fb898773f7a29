/**
 * What the printable tax invoice shows (issue 35, decision 043), formatted on the server in the
 * reader's language: seller and buyer as frozen at issue, the lines with their VAT rate and VAT,
 * shipping, the COD fee and the discount as the order charged them, then net, VAT per rate and
 * total (the order's frozen per-rate sums, decision 042: they add up to the total exactly), and
 * for a Saudi seller the ZATCA QR.
 */
import type { Locale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { formatRate } from "~/lib/percent";
import { formatInZone } from "~/lib/time-zone";
import type { InvoiceParties, InvoiceView } from "./contract";
import type { InvoiceDocument, InvoiceRow } from "./invoices.server";

export type { InvoiceView };
import { zatcaQrSvg } from "./zatca-qr-image.server";

/** Seller and buyer as frozen on the invoice, the seller's name and address in the reader's language. */
export function invoiceParties(invoice: InvoiceRow, locale: Locale): InvoiceParties {
  return {
    seller: {
      name: locale === "ar" ? invoice.sellerNameAr || invoice.sellerNameEn : invoice.sellerNameEn,
      otherName: locale === "ar" ? invoice.sellerNameEn : invoice.sellerNameAr,
      address: locale === "ar" ? invoice.sellerAddressAr || invoice.sellerAddressEn : invoice.sellerAddressEn,
      vatNumber: invoice.sellerVatNumber,
    },
    buyer: { name: invoice.buyerName, address: invoice.buyerAddress, country: invoice.buyerCountry },
  };
}

/** Net and VAT per rate charged, formatted. */
export function ratesView(
  rates: readonly { rateBp: number; net: number; vat: number }[],
  locale: Locale,
  money: (cents: number) => string,
) {
  return rates.map((rate) => ({
    rate: formatRate(rate.rateBp, locale),
    net: money(rate.net),
    vat: money(rate.vat),
  }));
}

export async function invoiceView(
  document: InvoiceDocument,
  locale: Locale,
  timeZone: string,
): Promise<InvoiceView> {
  const { invoice, order, lines } = document;
  const money = (cents: number) => formatMoney(cents, invoice.currency, locale);
  const saudi = invoice.sellerCountry === "SA";
  const rates = order.vatRates.filter((rate) => rate.net !== 0 || rate.vat !== 0);
  const net = rates.reduce((sum, rate) => sum + rate.net, 0);
  return {
    number: invoice.number,
    orderNumber: order.number,
    /** A Saudi B2C invoice is a simplified tax invoice; elsewhere a tax invoice. */
    simplified: saudi && invoice.simplified,
    date: formatInZone(invoice.issuedAt, locale, timeZone, "dateTimeZone"),
    dateTime: invoice.issuedAt.toISOString(),
    uuid: invoice.id,
    ...invoiceParties(invoice, locale),
    inclusive: order.vatInclusive,
    lines: lines.map((line, index) => ({
      key: index,
      name: locale === "ar" ? line.nameAr : line.nameEn,
      quantity: line.quantity,
      unitPrice: money(line.unitPriceCents),
      total: money(line.lineTotalCents),
      rate: formatRate(line.vatRateBp, locale),
      vat: money(line.vatCents),
    })),
    shipping: order.shippingCents > 0 ? money(order.shippingCents) : null,
    codFee: order.codFeeCents > 0 ? money(order.codFeeCents) : null,
    discount: order.discountCents > 0 ? money(-order.discountCents) : null,
    totals: {
      net: money(net),
      byRate: ratesView(rates, locale, money),
      vat: money(invoice.vatCents),
      total: money(invoice.totalCents),
    },
    /** The ZATCA QR (a Saudi seller's), an SVG as a data URL for the page's img. */
    qrImage: saudi
      ? `data:image/svg+xml;base64,${Buffer.from(await zatcaQrSvg(invoice)).toString("base64")}`
      : null,
  };
}
