/**
 * The ZATCA QR as an image (issue 35 item 5, decision 043): the phase-1 content (zatca-qr.ts)
 * drawn as an SVG on the server with `qrcode`, so the printable page needs no script and prints
 * sharp at any size. Error correction M, as readers of printed receipts expect.
 */
import QRCode from "qrcode";
import { currencyDigits } from "~/lib/money";
import { encodeZatcaQr } from "./zatca-qr";

export const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 2 } as const;

/** Minor units as the invoice writes them in major units, always with the currency's decimals. */
export function majorAmount(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

export interface QrInvoice {
  sellerNameEn: string;
  sellerNameAr: string;
  sellerVatNumber: string;
  issuedAt: Date;
  currency: string;
  totalCents: number;
  vatCents: number;
}

/** The QR's Base64 content: seller (the Arabic legal name when there is one), VAT number, time, total, VAT. */
export function zatcaContent(invoice: QrInvoice): string {
  return encodeZatcaQr({
    sellerName: invoice.sellerNameAr.trim() || invoice.sellerNameEn,
    vatNumber: invoice.sellerVatNumber,
    // ISO 8601 in UTC, to the second.
    timestamp: invoice.issuedAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
    totalWithVat: majorAmount(invoice.totalCents, invoice.currency),
    vatTotal: majorAmount(invoice.vatCents, invoice.currency),
  });
}

/** The QR as an SVG document (one path, black on white). */
export function zatcaQrSvg(invoice: QrInvoice): Promise<string> {
  return QRCode.toString(zatcaContent(invoice), { ...QR_OPTIONS, type: "svg" });
}

/** The QR as a PNG (for the PDF, which embeds raster images): 4 pixels a module, ~8 mm printed at 110 pt. */
export function zatcaQrPng(invoice: QrInvoice): Promise<Buffer> {
  return QRCode.toBuffer(zatcaContent(invoice), { ...QR_OPTIONS, type: "png", scale: 4 });
}
