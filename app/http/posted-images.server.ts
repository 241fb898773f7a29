/**
 * Images posted with a product form (multipart, several files in one field): throttled per admin,
 * each checked by content and size (PNG or JPG, 5 MB) before anything is written, so one bad file
 * refuses the whole post. The checked bytes go to the service, which stores them in the same
 * transaction as the product.
 */
import type { CheckedUpload } from "~/services/catalog/products-admin.server";
import { checkImage } from "~/services/media/images.server";
import { enforceRateLimit } from "./form.server";
import { PRODUCT_IMAGE_RATE_LIMIT } from "./rate-rules.server";

/** The multipart field product images are posted in. */
export const PRODUCT_IMAGES_FIELD = "newImages";
/** At most this many files in one post (the request body is capped at 8 MB anyway). */
export const MAX_IMAGES_PER_POST = 10;

export type PostedImages =
  { ok: true; uploads: CheckedUpload[] } | { ok: false; error: string; status: 400 | 413 | 415 };

export async function readPostedImages(userId: string, form: FormData): Promise<PostedImages> {
  const entries = form.getAll(PRODUCT_IMAGES_FIELD);
  // A file input left empty still sends one nameless, empty file; a text value is no file at all.
  const files = entries.filter((entry): entry is File => entry instanceof Blob && entry.size > 0);
  if (entries.some((entry) => typeof entry === "string" && entry !== "")) {
    return { ok: false, error: "validation.imageType", status: 415 };
  }
  if (files.length === 0) return { ok: true, uploads: [] };
  if (files.length > MAX_IMAGES_PER_POST)
    return { ok: false, error: "admin.products.errors.tooManyImages", status: 400 };
  await enforceRateLimit(`product-images:user:${userId}`, PRODUCT_IMAGE_RATE_LIMIT);
  const uploads: CheckedUpload[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const checked = await checkImage(bytes);
    if (!checked.ok) {
      return {
        ok: false,
        error: checked.error,
        status: checked.error === "validation.imageTooLarge" ? 413 : 415,
      };
    }
    uploads.push({ bytes, checked });
  }
  return { ok: true, uploads };
}
