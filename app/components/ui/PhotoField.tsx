import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/ui/Field";

/** The form field a profile photo is posted as (multipart). */
export const PHOTO_FIELD = "photo";

/** A profile photo input (PNG or JPG, checked again on the server) with its hint and error. */
export function PhotoField({ error }: { error: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="photo" className="font-bold">
        {t("profile.photo")}
      </label>
      <p id="photo-hint" className="text-sm text-muted">
        {t("profile.photoHint")}
      </p>
      <input
        id="photo"
        name={PHOTO_FIELD}
        type="file"
        accept="image/png,image/jpeg"
        aria-describedby="photo-hint photo-error"
        aria-invalid={error ? true : undefined}
        className="min-h-11 rounded-md border border-line bg-field px-3 py-2 file:me-3 file:rounded file:border-0 file:bg-card file:px-3 file:py-1 file:font-bold"
      />
      <FieldError id="photo-error" errors={error ? [error] : undefined} />
    </div>
  );
}
