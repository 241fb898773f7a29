/**
 * A posted profile photo, shared by the storefront and admin profile actions: throttled per
 * account (each upload is decoded and stored), checked by content and size, then saved.
 */
import { PHOTO_FIELD } from "~/components/ui/PhotoField";
import { checkImage, saveImage, type NewImage } from "~/services/media/images.server";
import { enforceRateLimit } from "./form.server";
import { UPLOAD_RATE_LIMIT } from "./rate-rules.server";

export type PostedPhoto =
  { ok: true; imageId: string | undefined } | { ok: false; error: string; status: 413 | 415 };

/** No file → `imageId` undefined (the photo stays as it is). */
export async function savePostedPhoto(storeId: string, userId: string, form: FormData): Promise<PostedPhoto> {
  const posted = await readPostedImage(userId, form, PHOTO_FIELD);
  if (!posted.ok) return posted;
  if (!posted.image) return { ok: true, imageId: undefined };
  return { ok: true, imageId: await saveImage(storeId, posted.image.bytes, posted.image.checked) };
}

export type PostedImage =
  { ok: true; image: NewImage | undefined } | { ok: false; error: string; status: 413 | 415 };

/**
 * An image posted in form field `field` (a store logo, a category's picture…): throttled per
 * account like the photo, checked by content and size, but not stored: the service stores it in
 * the same transaction as the change that uses it, so a refused change leaves no image behind.
 * No file → `image` undefined.
 */
export async function readPostedImage(userId: string, form: FormData, field: string): Promise<PostedImage> {
  const file = form.get(field);
  if (!(file instanceof Blob) || file.size === 0) return { ok: true, image: undefined };
  await enforceRateLimit(`upload:user:${userId}`, UPLOAD_RATE_LIMIT);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = await checkImage(bytes);
  if (!checked.ok) {
    return {
      ok: false,
      error: checked.error,
      status: checked.error === "validation.imageTooLarge" ? 413 : 415,
    };
  }
  return { ok: true, image: { bytes, checked } };
}
