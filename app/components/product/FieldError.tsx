import { useTranslation } from "react-i18next";

/** The first error of a field, translated, in a live region so a new one is announced. */
export function FieldError({ id, errors }: { id: string; errors?: string[] | null }) {
  const { t } = useTranslation();
  return (
    <div id={id} aria-live="polite" className="min-h-5 text-sm font-bold text-red-700 dark:text-red-400">
      {errors?.length ? <p>{t(errors[0]!)}</p> : null}
    </div>
  );
}
