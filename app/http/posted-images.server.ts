/**
 * Images posted with a form (multipart): throttled per account (each one is decoded), checked by
 * content and size (PNG or JPG, 5 MB, 25 megapixels) before anything is written. The checked bytes go to the
 * service, which stores them in the same transaction as the change that uses them, so a refused
 * change leaves no image behind.
 */
import { checkImage, type NewImage } from "~/services/media/images.server";
import { enforceRateLimit } from "./form.server";
import { PRODUCT_IMAGE_RATE_LIMIT, UPLOAD_RATE_LIMIT } from "./rate-rules.server";

/** The multipart field product images are posted in. */
export const PRODUCT_IMAGES_FIELD = "newImages";
/** At most this many files in one post (the request body is capped at 8 MB anyway). */
export const MAX_IMAGES_PER_POST = 10;

type Refused = { ok: false; error: string; status: 400 | 413 | 415 };

async function checkPostedFile(file: Blob): Promise<{ ok: true; image: NewImage } | Refused> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = await checkImage(bytes);
  if (!checked.ok) {
    return {
      ok: false,
      error: checked.error,
      status: checked.error === "validation.imageType" ? 415 : 413,
    };
  }
  return { ok: true, image: { bytes, checked } };
}

export type PostedImage = { ok: true; image: NewImage | undefined } | Refused;

/** The image in form field `field` (a logo, a category's picture, a profile photo); none → undefined. */
export async function readPostedImage(userId: string, form: FormData, field: string): Promise<PostedImage> {
  const file = form.get(field);
  if (!(file instanceof Blob) || file.size === 0) return { ok: true, image: undefined };
  await enforceRateLimit(`upload:user:${userId}`, UPLOAD_RATE_LIMIT);
  return checkPostedFile(file);
}

/** Whether the post carried any product image file (a step that does not save them drops them). */
export function postsImages(form: FormData): boolean {
  return form.getAll(PRODUCT_IMAGES_FIELD).some((entry) => entry instanceof Blob && entry.size > 0);
}

export type PostedImages = { ok: true; uploads: NewImage[] } | Refused;

/** A product form's images (several files in one field): one bad file refuses the whole post. */
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
  const uploads: NewImage[] = [];
  for (const file of files) {
    const posted = await checkPostedFile(file);
    if (!posted.ok) return posted;
    uploads.push(posted.image);
  }
  return { ok: true, uploads };
}
