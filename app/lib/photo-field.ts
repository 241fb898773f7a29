/**
 * The form field a profile photo is posted as (multipart): the input's name in
 * components/ui/PhotoField and the field app/http/profile-photo.server reads.
 */
export const PHOTO_FIELD = "photo";
