import { useTranslation } from "~/lib/use-translation";
import { FieldError } from "~/components/ui/Field";
import { PHOTO_FIELD } from "~/lib/photo-field";
import { FileInput } from "./Input";

/**
 * An image input (PNG or JPG, checked again on the server) with its hint and error: the profile
 * photo by default; `name` and `label` for other images (a logo, a category's picture).
 */
export function PhotoField({
  error,
  name = PHOTO_FIELD,
  label,
}: {
  error: string | null;
  name?: string;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="font-bold">
        {label ?? t("profile.photo")}
      </label>
      <p id={`${name}-hint`} className="text-sm text-muted">
        {t("profile.photoHint")}
      </p>
      <FileInput
        id={name}
        name={name}
        accept="image/png,image/jpeg"
        aria-describedby={`${name}-hint ${name}-error`}
        aria-invalid={error ? true : undefined}
      />
      <FieldError id={`${name}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}
