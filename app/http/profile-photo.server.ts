/** A posted profile photo, shared by the storefront and admin profile actions. */
import { PHOTO_FIELD } from "~/lib/photo-field";
import { saveImage } from "~/services/media/images.server";
import { readPostedImage } from "./posted-images.server";

export type PostedPhoto =
  { ok: true; imageId: string | undefined } | { ok: false; error: string; status: 400 | 413 | 415 };

/** No file → `imageId` undefined (the photo stays as it is). */
export async function savePostedPhoto(storeId: string, userId: string, form: FormData): Promise<PostedPhoto> {
  const posted = await readPostedImage(userId, form, PHOTO_FIELD);
  if (!posted.ok) return posted;
  if (!posted.image) return { ok: true, imageId: undefined };
  return { ok: true, imageId: await saveImage(storeId, posted.image.bytes, posted.image.checked) };
}
