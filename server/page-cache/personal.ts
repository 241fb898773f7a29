/**
 * Signed-in pages from the shared page cache (decision 031). A signed-in viewer's page is the
 * page every viewer of the same *shape* gets (admin or not, photo or not, cart empty or not and,
 * on a product page, in the wishlist or not, in the cart or not), with the viewer's own words and
 * numbers filled in per request. The shared copy is rendered once by Remix from an anonymous
 * request with a PageTemplate in the load context, whose words and numbers are tokens that occur
 * nowhere else; it is kept cut at every token, and a request's answer is the pieces with that
 * viewer's values between them, escaped for where each token stands: page text and attributes,
 * the turbo-stream data inside the page's stream scripts, or a `.data` response's turbo-stream.
 *
 * The answer is gzip made without compressing the page again: each piece is kept raw-deflated
 * and ended by a sync flush (byte-aligned, not final), the values go between them as stored
 * blocks, and the gzip trailer's CRC is computed over the pieces and values. Any deflate reader
 * reads consecutive blocks as one stream, whichever deflate stream each came from.
 */
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import type { PageTemplate } from "../../app/http/page-template.server";
import { avatarInitial } from "../../app/lib/avatar";
import type { PageViewer } from "../../app/services/identity/viewer.server";

export type { PageViewer };

/** The values a template's tokens stand for. */
export type SlotName = "name" | "initial" | "email" | "imageId" | "cartCount" | "cartQuantity";
/** Where a token stands: page markup, a page's stream script, a `.data` body. */
export type SlotContext = "html" | "stream" | "json";

export interface Slot {
  name: SlotName;
  context: SlotContext;
}

/**
 * A signed-in page kept cut at its tokens: `deflated.length === slots.length + 1`. Only the
 * compressed pieces are kept, with each piece's CRC-32 and length for the gzip trailer: a hit
 * crosses the cluster's IPC channel with the entry, and the raw pieces were five times the bytes
 * of the rest (an uncompressed answer, rare, inflates the pieces again).
 */
export interface TemplateBody {
  /** Each piece raw-deflated and ended with a sync flush. */
  deflated: Uint8Array[];
  /** CRC-32 of each piece as rendered. */
  crcs: number[];
  /** Bytes of each piece as rendered. */
  lengths: number[];
  /** Each piece's `crc32Shift` of its length: the trailer's CRC in two multiplications a piece. */
  shifts: number[];
  slots: Slot[];
}

/** A template render's tokens, by the slot each stands for. */
export interface Tokens {
  /** The part every string token starts with: none may be left in a kept page. */
  marker: string;
  strings: Map<string, SlotName>;
  numbers: Map<string, SlotName>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a viewer's page can come from a shared copy: not when they reviewed the product (their
 * own review fills the review form and may show above the others), nor with a photo id that is
 * not a plain uuid (it stands in a URL).
 */
export function templatable(viewer: PageViewer): boolean {
  if (viewer.product?.reviewed) return false;
  return viewer.imageId === null || UUID.test(viewer.imageId);
}

/** What makes two viewers' pages differ in markup, not only in words: part of the cache key. */
export function shapeOf(viewer: PageViewer): string {
  const bit = (value: boolean) => (value ? "1" : "0");
  const product = viewer.product
    ? `w${bit(viewer.product.inWishlist)}q${bit(viewer.product.cartQuantity > 0)}`
    : "p0";
  return `viewer:a${bit(viewer.isAdmin)}i${bit(viewer.imageId !== null)}c${bit(viewer.cartLineCount > 0)}${product}`;
}

/** Fifteen random digits (a safe integer): a number no page shows by chance. */
function numberToken(): number {
  const digits = BigInt(`0x${randomBytes(8).toString("hex")}`) % 900_000_000_000_000n;
  return Number(digits + 100_000_000_000_000n);
}

/** The template for a viewer's shape, with fresh tokens. */
export function templateFor(viewer: PageViewer): { template: PageTemplate; tokens: Tokens } {
  // Letters and digits only: React's escaping, JSON and the stream script's escaping keep them as they are.
  const marker = `pz${randomBytes(9).toString("hex")}`;
  const strings = new Map<string, SlotName>();
  const numbers = new Map<string, SlotName>();
  const text = (slot: SlotName) => {
    const token = `${marker}${slot.toLowerCase()}z`;
    strings.set(token, slot);
    return token;
  };
  const number = (slot: SlotName) => {
    let token = numberToken();
    while (numbers.has(String(token))) token = numberToken();
    numbers.set(String(token), slot);
    return token;
  };
  const template: PageTemplate = {
    viewer: {
      name: text("name"),
      initial: text("initial"),
      email: text("email"),
      isAdmin: viewer.isAdmin,
      imageId: viewer.imageId === null ? null : text("imageId"),
    },
    cartCount: viewer.cartLineCount > 0 ? number("cartCount") : 0,
    product: viewer.product
      ? {
          inWishlist: viewer.product.inWishlist,
          cartQuantity: viewer.product.cartQuantity > 0 ? number("cartQuantity") : 0,
        }
      : null,
  };
  return { template, tokens: { marker, strings, numbers } };
}

const STREAM_SCRIPT = "window.__remixContext.streamController.enqueue(";

interface ScriptRange {
  start: number;
  end: number;
  stream: boolean;
}

/** The contents of every `<script>` element of a page, and whether it is a stream script. */
function scriptRanges(body: Buffer): ScriptRange[] {
  const ranges: ScriptRange[] = [];
  let at = body.indexOf("<script");
  while (at !== -1) {
    const open = body.indexOf(">", at);
    if (open === -1) break;
    const close = body.indexOf("</script", open);
    const end = close === -1 ? body.byteLength : close;
    const start = open + 1;
    ranges.push({
      start,
      end,
      stream: body.subarray(start, start + STREAM_SCRIPT.length).toString() === STREAM_SCRIPT,
    });
    at = close === -1 ? -1 : body.indexOf("<script", close);
  }
  return ranges;
}

function deflatePiece(piece: Uint8Array): Uint8Array {
  return zlib.deflateRawSync(piece, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH });
}

/**
 * A rendered template cut at its tokens, or null when it may not be kept: a token inside a
 * script that is not the data stream (its escaping is not known here), or a token left whole or
 * in part where it was not found (split across stream chunks, say).
 */
export function cutTemplate(body: Buffer, tokens: Tokens, kind: "html" | "json"): TemplateBody | null {
  const found: { at: number; length: number; name: SlotName }[] = [];
  for (const map of [tokens.strings, tokens.numbers]) {
    for (const [token, name] of map) {
      for (let at = body.indexOf(token); at !== -1; at = body.indexOf(token, at + token.length)) {
        found.push({ at, length: token.length, name });
      }
    }
  }
  found.sort((a, b) => a.at - b.at);
  const scripts = kind === "html" ? scriptRanges(body) : [];
  const pieces: Uint8Array[] = [];
  const slots: Slot[] = [];
  let from = 0;
  for (const occurrence of found) {
    if (occurrence.at < from) return null;
    let context: SlotContext = "json";
    if (kind === "html") {
      const script = scripts.find((range) => occurrence.at >= range.start && occurrence.at < range.end);
      if (script && !script.stream) return null;
      context = script ? "stream" : "html";
    }
    pieces.push(body.subarray(from, occurrence.at));
    slots.push({ name: occurrence.name, context });
    from = occurrence.at + occurrence.length;
  }
  pieces.push(body.subarray(from));
  if (pieces.some((piece) => Buffer.from(piece).includes(tokens.marker))) return null;
  return {
    // New buffers: a piece must not keep the whole rendered body alive.
    deflated: pieces.map(deflatePiece),
    crcs: pieces.map((piece) => zlib.crc32(piece)),
    lengths: pieces.map((piece) => piece.byteLength),
    shifts: pieces.map((piece) => crc32Shift(piece.byteLength)),
    slots,
  };
}

/** The values a viewer's tokens are replaced with. */
export function valuesOf(viewer: PageViewer): Record<SlotName, string> {
  return {
    name: viewer.name,
    initial: avatarInitial(viewer.name),
    email: viewer.email,
    imageId: viewer.imageId ?? "",
    cartCount: String(viewer.cartLineCount),
    cartQuantity: String(viewer.product?.cartQuantity ?? 0),
  };
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};
/** Remix's escaping of the stream script's argument (@remix-run/react markup.ts). */
const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const NUMERIC: ReadonlySet<SlotName> = new Set(["cartCount", "cartQuantity"]);

/** A value as it must stand where its token stood. */
export function escapeFor(context: SlotContext, name: SlotName, value: string): string {
  if (NUMERIC.has(name)) return value;
  if (context === "html") return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
  // Inside a turbo-stream string: JSON's escaping.
  const json = JSON.stringify(value).slice(1, -1);
  if (context === "json") return json;
  // The stream script holds the turbo-stream line as a JSON string, escaped for HTML.
  return JSON.stringify(json)
    .slice(1, -1)
    .replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
}

function filledValues(body: TemplateBody, values: Record<SlotName, string>): Buffer[] {
  return body.slots.map((slot) => Buffer.from(escapeFor(slot.context, slot.name, values[slot.name])));
}

/** The page for one viewer, uncompressed (a client that takes no gzip: the pieces inflated again). */
export function fillIdentity(body: TemplateBody, values: Record<SlotName, string>): Buffer {
  const filled = filledValues(body, values);
  const parts: Uint8Array[] = [];
  body.deflated.forEach((deflated, i) => {
    parts.push(zlib.inflateRawSync(deflated, { finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    const value = filled[i];
    if (value) parts.push(value);
  });
  return Buffer.concat(parts);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty stored block with the final bit: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const MAX_STORED = 0xffff;

/** Bytes as deflate stored blocks (not final), each byte-aligned like a sync-flushed piece. */
function storedBlocks(bytes: Buffer, out: Uint8Array[]) {
  for (let at = 0; at < bytes.byteLength; at += MAX_STORED) {
    const chunk = bytes.subarray(at, at + MAX_STORED);
    const header = Buffer.alloc(5);
    header[0] = 0x00;
    header.writeUInt16LE(chunk.byteLength, 1);
    header.writeUInt16LE(~chunk.byteLength & 0xffff, 3);
    out.push(header, chunk);
  }
}

/** The CRC-32 polynomial, reflected (zlib's POLY). */
const POLY = 0xedb88320;

/** a × b modulo the polynomial (zlib's multmodp): CRCs as polynomials over GF(2). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31 (zlib's x2n_table). */
const X2N: number[] = [];
for (let p = 0x40000000, k = 0; k < 32; k++) {
  X2N.push(p);
  p = multModP(p, p);
}

/** x^(8 × length) modulo the polynomial: the shift a CRC undergoes past `length` bytes (zlib's x2nmodp). */
export function crc32Shift(length: number): number {
  let p = 0x80000000;
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n & 1) p = multModP(X2N[k & 31]!, p);
  }
  return p;
}

/**
 * The CRC-32 of A followed by B from the CRC of each and B's length (zlib's crc32_combine): a
 * piece's CRC is computed once when the page is kept, not over its bytes on every answer. `shiftB`:
 * `crc32Shift(lengthB)`, when known.
 */
export function crc32Combine(
  crcA: number,
  crcB: number,
  lengthB: number,
  shiftB = crc32Shift(lengthB),
): number {
  return (multModP(shiftB, crcA) ^ crcB) >>> 0;
}

/** The page for one viewer as gzip, from the kept deflated pieces: nothing is compressed again. */
export function fillGzip(body: TemplateBody, values: Record<SlotName, string>): Buffer {
  const filled = filledValues(body, values);
  const parts: Uint8Array[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  body.deflated.forEach((deflated, i) => {
    parts.push(deflated);
    const length = body.lengths[i]!;
    crc = crc32Combine(crc, body.crcs[i]!, length, body.shifts[i]);
    size += length;
    const value = filled[i];
    if (value) {
      storedBlocks(value, parts);
      crc = zlib.crc32(value, crc);
      size += value.byteLength;
    }
  });
  parts.push(FINAL_BLOCK);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** Bytes a template body is charged in the cache. */
export function templateSize(body: TemplateBody): number {
  let size = 64 * body.slots.length + 24 * body.crcs.length;
  for (const piece of body.deflated) size += piece.byteLength;
  return size;
}
