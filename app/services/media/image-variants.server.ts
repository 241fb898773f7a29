/**
 * The image route's work (DESIGN §6): a store's own image, resized to a width from a fixed list
 * and re-encoded as AVIF or WebP when the browser accepts it. Each variant is computed once and
 * kept in `image_variants`, so every app instance serves it from the database afterwards.
 */
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { getDb } from "~/db/client.server";
import { images, imageVariants } from "~/db/schema";
import { FOREIGN_KEY_VIOLATION, isViolation } from "~/db/violation";
import type { RateLimitRule } from "~/services/security/rate-limit.server";

export const IMAGE_WIDTHS = [64, 128, 256, 384, 480, 640, 828, 1080, 1200, 1920] as const;
export const DEFAULT_QUALITY = 75;
const MIN_QUALITY = 30;
const MAX_QUALITY = 90;
/**
 * The qualities actually encoded: any accepted `q` snaps to the nearest step, so an image has at
 * most 10 widths × 4 qualities × 3 formats (AVIF, WebP, its own) = 120 variants, instead of one
 * per integer quality (2,440). PNG ignores quality: its variants are stored under the default.
 */
export const QUALITY_STEPS = [40, 60, 75, 90] as const;

/** The step nearest to `quality` (the higher one on a tie). */
export function snapQuality(quality: number): number {
  return QUALITY_STEPS.reduce((best, step) =>
    Math.abs(step - quality) <= Math.abs(best - quality) ? step : best,
  );
}
const OWN_IMAGE_URL = /^\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * Variants one client may have encoded per minute. A page of product cards on a fresh database
 * misses a few dozen at most; a script walking every width and quality is stopped.
 */
export const IMAGE_ENCODE_LIMIT: RateLimitRule = { limit: 120, windowMs: 60_000 };

export type VariantFormat = "avif" | "webp" | "jpeg" | "png";

export interface VariantRequest {
  imageId: string;
  width: number;
  quality: number;
}

/** Parses url/w/q; null for anything outside the allowed values (the route answers 400). */
export function parseVariantRequest(params: URLSearchParams): VariantRequest | null {
  const imageId = OWN_IMAGE_URL.exec(params.get("url") ?? "")?.[1];
  const width = Number(params.get("w"));
  const rawQuality = params.get("q");
  const quality = rawQuality === null ? DEFAULT_QUALITY : Number(rawQuality);
  if (!imageId) return null;
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return null;
  if (!Number.isInteger(quality) || quality < MIN_QUALITY || quality > MAX_QUALITY) return null;
  return { imageId, width, quality: snapQuality(quality) };
}

/** AVIF, then WebP, by the Accept header; otherwise the original's own format. */
export function negotiateFormat(accept: string | null, original: "image/png" | "image/jpeg"): VariantFormat {
  if (accept?.includes("image/avif")) return "avif";
  if (accept?.includes("image/webp")) return "webp";
  return original === "image/png" ? "png" : "jpeg";
}

export const CONTENT_TYPES: Record<VariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

export interface Variant {
  bytes: Buffer;
  format: VariantFormat;
  /** Changes only when the source image does (new uploads get new ids). */
  etag: string;
}

/** Why a variant was not made: encoding is expensive, so misses are limited per client. */
export interface EncodeRefused {
  refused: true;
  retryAfterSeconds: number;
}

export interface VariantOptions {
  /** Asked once before encoding a missing variant; a refusal is returned as is. */
  mayEncode?: () => Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}

/**
 * The variant of the store's image, made and saved on first request; null if no such image,
 * EncodeRefused when it would have to be made and `mayEncode` says no.
 */
export async function getImageVariant(
  storeId: string,
  wanted: VariantRequest,
  accept: string | null,
  options: VariantOptions = {},
): Promise<Variant | EncodeRefused | null> {
  const db = await getDb();
  // One transaction finds the source, the cached variant and, only on a miss, the original
  // bytes; encoding happens outside it, so no transaction waits on sharp.
  const found = await db.withStore(storeId, async (tx) => {
    const [source] = await tx
      .select({ contentType: images.contentType, sha256: images.sha256 })
      .from(images)
      .where(eq(images.id, wanted.imageId));
    if (!source) return null;
    const format = negotiateFormat(accept, source.contentType);
    const request = format === "png" ? { ...wanted, quality: DEFAULT_QUALITY } : wanted;
    const [cached] = await tx
      .select({ bytes: imageVariants.bytes })
      .from(imageVariants)
      .where(
        and(
          eq(imageVariants.imageId, request.imageId),
          eq(imageVariants.width, request.width),
          eq(imageVariants.quality, request.quality),
          eq(imageVariants.format, format),
        ),
      );
    if (cached) return { source, format, request, cached: cached.bytes, original: null };
    const [original] = await tx
      .select({ bytes: images.bytes })
      .from(images)
      .where(eq(images.id, request.imageId));
    return { source, format, request, cached: null, original: original?.bytes ?? null };
  });
  if (!found) return null;
  const { format, request } = found;
  const etag = `"${found.source.sha256.slice(0, 16)}-${request.width}-${request.quality}-${format}"`;
  if (found.cached) return { bytes: found.cached, format, etag };
  if (!found.original) return null;
  if (options.mayEncode) {
    const verdict = await options.mayEncode();
    if (!verdict.allowed) return { refused: true, retryAfterSeconds: verdict.retryAfterSeconds };
  }
  const resized = sharp(found.original).resize({ width: request.width, withoutEnlargement: true });
  const bytes = await (
    format === "avif"
      ? resized.avif({ quality: request.quality, effort: 2 })
      : format === "webp"
        ? resized.webp({ quality: request.quality })
        : format === "jpeg"
          ? resized.jpeg({ quality: request.quality, mozjpeg: true })
          : resized.png({ compressionLevel: 9 })
  ).toBuffer();
  try {
    await db.withStore(storeId, (tx) =>
      tx
        .insert(imageVariants)
        .values({
          storeId,
          imageId: request.imageId,
          width: request.width,
          quality: request.quality,
          format,
          bytes,
        })
        .onConflictDoNothing(),
    );
  } catch (error) {
    // The image was deleted while it was encoded (an owner removing it as a page showed it): the
    // answer is what was read, and there is nothing left to keep its variant for. Was a 500.
    if (!isViolation(error, FOREIGN_KEY_VIOLATION)) throw error;
  }
  return { bytes, format, etag };
}
