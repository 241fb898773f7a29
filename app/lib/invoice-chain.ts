/**
 * An invoice's canonical content and its hash (issue 35, decision 043). Each invoice keeps the
 * hash of the one before it (ZATCA phase 2's "previous invoice hash"), so the sequence is a chain:
 * an invoice removed or altered later breaks the next one's link. Shared by the issuing service
 * and the demo seed, so a seeded chain verifies like an issued one.
 */
import { createHash } from "node:crypto";

/**
 * The previous-invoice hash of a store's first invoice: ZATCA's published initial value (Base64
 * of the hex SHA-256 of "0").
 */
export const FIRST_PREVIOUS_HASH =
  "NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==";

export interface InvoiceContentLine {
  nameEn: string;
  nameAr: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  vatRateBp: number;
  vatCents: number;
}

/** Everything an invoice says, in the order the hash reads it. */
export interface InvoiceContent {
  id: string;
  number: number;
  issuedAt: Date;
  seller: {
    nameEn: string;
    nameAr: string;
    addressEn: string;
    addressAr: string;
    vatNumber: string;
    country: string;
  };
  buyer: { name: string; address: string; country: string };
  currency: string;
  lines: InvoiceContentLine[];
  shippingCents: number;
  codFeeCents: number;
  discountCents: number;
  totalCents: number;
  vatCents: number;
  vatInclusive: boolean;
  previousHash: string;
}

/** One JSON text, fields in a fixed order (the interface's), lines sorted by their own text. */
export function canonicalInvoice(content: InvoiceContent): string {
  return JSON.stringify([
    content.id,
    content.number,
    content.issuedAt.toISOString(),
    [
      content.seller.nameEn,
      content.seller.nameAr,
      content.seller.addressEn,
      content.seller.addressAr,
      content.seller.vatNumber,
      content.seller.country,
    ],
    [content.buyer.name, content.buyer.address, content.buyer.country],
    content.currency,
    // Lines in the order of their own text (code units), whatever order they were read in.
    content.lines
      .map((line) =>
        JSON.stringify([
          line.nameEn,
          line.nameAr,
          line.quantity,
          line.unitPriceCents,
          line.lineTotalCents,
          line.vatRateBp,
          line.vatCents,
        ]),
      )
      .sort(),
    content.shippingCents,
    content.codFeeCents,
    content.discountCents,
    content.totalCents,
    content.vatCents,
    content.vatInclusive,
    content.previousHash,
  ]);
}

/** Base64 of the SHA-256 of the canonical content. */
export function invoiceHash(content: InvoiceContent): string {
  return createHash("sha256").update(canonicalInvoice(content), "utf8").digest("base64");
}
