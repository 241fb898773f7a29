import type { ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { FieldError } from "~/components/ui/Field";
import { FileInput } from "~/components/ui/Input";

/**
 * A product's "Add images" file field (several PNG or JPG files, posted as `newImages`): in the
 * new-product form, and in the edit page's images panel with its own Upload button. `error` is a
 * locale key; `children` goes under it (a note about the chosen files).
 */
export function NewImagesField({
  id,
  error,
  children,
}: {
  id: string;
  error: string | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-newImages`} className="font-bold">
        {t("admin.products.fields.newImages")}
      </label>
      <p id={`${id}-newImages-hint`} className="text-sm text-muted">
        {t("admin.products.fields.newImagesHint")}
      </p>
      <FileInput
        id={`${id}-newImages`}
        name="newImages"
        multiple
        accept="image/png,image/jpeg"
        aria-describedby={`${id}-newImages-hint ${id}-newImages-error`}
        aria-invalid={error ? true : undefined}
      />
      <FieldError id={`${id}-newImages-error`} errors={error ? [error] : undefined} />
      {children}
    </div>
  );
}
