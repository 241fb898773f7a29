/**
 * The content of a Saudi simplified tax invoice's QR code (ZATCA e-invoicing, phase 1; issue 35,
 * decision 042): Base64 of five TLV fields, each a tag byte, a length byte and the value's UTF-8
 * bytes. The length counts bytes, not characters, so an Arabic seller name (two bytes a letter)
 * round-trips. A value longer than 255 bytes cannot be written in one length byte: refused.
 */

/** The five phase-1 fields, in tag order 1–5. */
export interface ZatcaFields {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601 with its zone, e.g. 2026-12-04T09:30:00Z. */
  timestamp: string;
  /** The invoice total with VAT, in major units as written on the invoice ("115.00"). */
  totalWithVat: string;
  /** The VAT total, in major units ("15.00"). */
  vatTotal: string;
}

const ORDER: (keyof ZatcaFields)[] = ["sellerName", "vatNumber", "timestamp", "totalWithVat", "vatTotal"];

export function encodeZatcaQr(fields: ZatcaFields): string {
  const parts: Buffer[] = [];
  ORDER.forEach((key, index) => {
    const value = Buffer.from(fields[key], "utf8");
    if (value.length === 0 || value.length > 255) {
      throw new RangeError(
        `ZATCA field ${index + 1} (${key}) must be 1–255 bytes of UTF-8, not ${value.length}`,
      );
    }
    parts.push(Buffer.from([index + 1, value.length]), value);
  });
  return Buffer.concat(parts).toString("base64");
}

/** The fields back from a QR's content; throws on anything that is not five well-formed TLVs. */
export function decodeZatcaQr(base64: string): ZatcaFields {
  const bytes = Buffer.from(base64, "base64");
  const values: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    const tag = bytes[at];
    const length = bytes[at + 1];
    if (tag !== values.length + 1 || length === undefined || at + 2 + length > bytes.length) {
      throw new Error(`malformed ZATCA TLV at byte ${at}`);
    }
    values.push(bytes.subarray(at + 2, at + 2 + length).toString("utf8"));
    at += 2 + length;
  }
  if (values.length !== ORDER.length) throw new Error(`a ZATCA QR has 5 fields, not ${values.length}`);
  return Object.fromEntries(ORDER.map((key, i) => [key, values[i]!])) as unknown as ZatcaFields;
}
