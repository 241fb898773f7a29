/**
 * A CSV file posted for import: refused with a 4xx before any parsing when it is missing (400),
 * too large (413) or not text a CSV could be (415: a spreadsheet's binary format, an image,
 * bytes that are not UTF-8, a NUL). Judged by content as well as by name, since a browser's
 * file type is only the file name's guess.
 */
import { MAX_CSV_BYTES } from "~/lib/validation/products-admin";
import { Refusal } from "./refusal.server";

const CSV_TYPES = [
  "text/csv",
  "text/plain",
  "application/csv",
  "application/vnd.ms-excel",
  "application/octet-stream",
  "",
];

export async function readPostedCsv(form: FormData, field: string): Promise<string> {
  const file = form.get(field);
  if (!(file instanceof Blob) || file.size === 0) {
    throw new Refusal(400, { key: "admin.products.import.fileRequired" });
  }
  if (file.size > MAX_CSV_BYTES) throw new Refusal(413, { key: "admin.products.import.tooLarge" });
  const name = file instanceof File ? file.name.toLowerCase() : "";
  const type = file.type.split(";")[0]!.trim().toLowerCase();
  if ((name && !name.endsWith(".csv") && !name.endsWith(".txt")) || !CSV_TYPES.includes(type)) {
    throw new Refusal(415, { key: "admin.products.import.notCsv" });
  }
  return decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
}

/** UTF-8 text without NUL bytes, or a 415: what a CSV export from a spreadsheet is. */
export function decodeCsvBytes(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Refusal(415, { key: "admin.products.import.notCsv" });
  }
  if (text.includes("\u0000")) throw new Refusal(415, { key: "admin.products.import.notCsv" });
  return text;
}

/** The file carried from the preview to "apply" in a hidden field (base64, so line ends survive). */
export function encodeCarriedCsv(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}

export function decodeCarriedCsv(value: FormDataEntryValue | null): string {
  if (typeof value !== "string" || value === "" || value.length > Math.ceil(MAX_CSV_BYTES / 3) * 4 + 4) {
    throw new Refusal(400, { key: "admin.products.import.fileRequired" });
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) throw new Refusal(400, { key: "errors.badRequest" });
  return decodeCsvBytes(new Uint8Array(Buffer.from(value, "base64")));
}
