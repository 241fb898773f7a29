/**
 * Uploaded images live in PostgreSQL (DESIGN §4), so every app instance serves the same files.
 * An upload is accepted by its content, never its name: PNG or JPEG magic bytes, at most 5 MB,
 * at most 25 megapixels, and sharp must be able to decode it.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { getDb, type Tx } from "~/db/client.server";
import { images } from "~/db/schema";
import { MAX_IMAGE_BYTES } from "~/lib/validation/auth";

export type ImageCheck =
  | { ok: true; contentType: "image/png" | "image/jpeg"; width: number; height: number }
  | {
      ok: false;
      error: "validation.imageTooLarge" | "validation.imageTooManyPixels" | "validation.imageType";
    };

/**
 * Pixels, not bytes, are what decoding costs: a flat 39.7-megapixel PNG is 38 kB, and each of
 * its variants decodes all of it (~100 MB and seconds of CPU for a logo's set). 25 Mpx is more
 * than any phone camera's photo a shop needs (e.g. 6000 × 4000).
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

export async function checkImage(bytes: Uint8Array): Promise<ImageCheck> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) return { ok: false, error: "validation.imageTooLarge" };
  const contentType = startsWith(bytes, PNG) ? "image/png" : startsWith(bytes, JPEG) ? "image/jpeg" : null;
  if (!contentType || bytes.byteLength === 0) return { ok: false, error: "validation.imageType" };
  try {
    // Reading the header decodes no pixels: the size is known before anything large is done.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    const expected = contentType === "image/png" ? "png" : "jpeg";
    if (meta.format !== expected || !meta.width || !meta.height)
      return { ok: false, error: "validation.imageType" };
    if (meta.width * meta.height > MAX_IMAGE_PIXELS)
      return { ok: false, error: "validation.imageTooManyPixels" };
    return { ok: true, contentType, width: meta.width, height: meta.height };
  } catch {
    return { ok: false, error: "validation.imageType" };
  }
}

/** An upload that passed `checkImage`, not stored yet: a service stores it with its own change. */
export interface NewImage {
  bytes: Uint8Array;
  checked: Extract<ImageCheck, { ok: true }>;
}

/** Stores a checked image inside the caller's transaction (in the store's scope); its new id. */
export async function insertImage(tx: Tx, storeId: string, image: NewImage): Promise<string> {
  const buffer = Buffer.from(image.bytes);
  const [row] = await tx
    .insert(images)
    .values({
      storeId,
      contentType: image.checked.contentType,
      bytes: buffer,
      byteSize: buffer.byteLength,
      width: image.checked.width,
      height: image.checked.height,
      sha256: createHash("sha256").update(buffer).digest("hex"),
    })
    .returning({ id: images.id });
  return row!.id;
}

/** Stores checked image bytes for the store and returns the new image id. */
export async function saveImage(
  storeId: string,
  bytes: Uint8Array,
  checked: Extract<ImageCheck, { ok: true }>,
): Promise<string> {
  const db = await getDb();
  return db.withStore(storeId, (tx) => insertImage(tx, storeId, { bytes, checked }));
}
