/**
 * A posted profile photo, shared by the storefront and admin profile actions: throttled per
 * account (each upload is decoded and stored), checked by content and size, then saved.
 */
import { PHOTO_FIELD } from "~/components/ui/PhotoField";
import { checkImage, saveImage } from "~/services/media/images.server";
import { enforceRateLimit } from "./form.server";
import { UPLOAD_RATE_LIMIT } from "./rate-rules.server";

export type PostedPhoto =
  { ok: true; imageId: string | undefined } | { ok: false; error: string; status: 413 | 415 };

/** No file → `imageId` undefined (the photo stays as it is). */
export function savePostedPhoto(storeId: string, userId: string, form: FormData): Promise<PostedPhoto> {
  return savePostedImage(storeId, userId, form, PHOTO_FIELD);
}

/**
 * Any image posted by a signed-in person (a photo, a store logo, a category image) in the form
 * field `field`: the same throttle, checks and storage. No file → `imageId` undefined.
 */
export async function savePostedImage(
  storeId: string,
  userId: string,
  form: FormData,
  field: string,
): Promise<PostedPhoto> {
  const photo = form.get(field);
  if (!(photo instanceof Blob) || photo.size === 0) return { ok: true, imageId: undefined };
  await enforceRateLimit(`upload:user:${userId}`, UPLOAD_RATE_LIMIT);
  const bytes = new Uint8Array(await photo.arrayBuffer());
  const checked = await checkImage(bytes);
  if (!checked.ok) {
    return {
      ok: false,
      error: checked.error,
      status: checked.error === "validation.imageTooLarge" ? 413 : 415,
    };
  }
  return { ok: true, imageId: await saveImage(storeId, bytes, checked) };
}
