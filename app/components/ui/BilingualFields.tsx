import type { ChangeEventHandler } from "react";
import { Field } from "~/components/ui/Field";
import { TextAreaField } from "~/components/ui/FormFields";
import type { FieldState } from "~/lib/use-schema-form";
import { useTranslation } from "~/lib/use-translation";

/** What the English field alone has: a hint, an example, and the page reacting as it is typed. */
type EnglishOnly = { hint?: string; placeholder?: string };

type BilingualFieldsProps = {
  /** The schema form (useSchemaForm's, or anything with its `field`). */
  form: { field: (name: string) => FieldState };
  /** The pair's field names less their ending: `heroTitle` is `heroTitleEn` and `heroTitleAr`. */
  name: string;
  /** The labels' locale keys less their ending, as `name` (`admin.settings.heroTitle`). */
  label: string;
  /** Values the two labels take (`{ n }` for a numbered row). */
  labelParams?: Record<string, unknown>;
  /** Both inputs' maxlength, where the schema's constraint gives none (a length checked in a refine). */
  maxLength?: number;
} & (
  | { multiline?: false; en?: EnglishOnly & { onChange?: ChangeEventHandler<HTMLInputElement> } }
  | { multiline: true; rows?: number; en?: EnglishOnly }
);

/**
 * A text a store writes in English and in Arabic: the English field (left to right) and the
 * Arabic one (right to left, `lang="ar"` so it is read and spell-checked as Arabic), each a Field
 * (or a text area, of 5 rows unless told, when `multiline`) with its label and error. They are two siblings, not a
 * wrapper: the page's grid puts them side by side. Admin forms only; the storefront's forms never
 * import this module, so it costs their start-up JavaScript nothing.
 */
export function BilingualFields({
  form,
  name,
  label,
  labelParams,
  maxLength,
  ...sides
}: BilingualFieldsProps) {
  const { t } = useTranslation();
  // Passed only when given: an undefined one would wipe the schema's maxlength off the input.
  const limit = maxLength === undefined ? {} : { maxLength };
  const en = { field: form.field(`${name}En`), label: t(`${label}En`, labelParams), ...limit };
  const ar = { field: form.field(`${name}Ar`), label: t(`${label}Ar`, labelParams), ...limit };
  if (sides.multiline) {
    return (
      <>
        <TextAreaField {...en} {...sides.en} rows={sides.rows} dir="ltr" lang="en" />
        <TextAreaField {...ar} rows={sides.rows} dir="rtl" lang="ar" />
      </>
    );
  }
  return (
    <>
      <Field {...en} {...sides.en} dir="ltr" lang="en" />
      <Field {...ar} dir="rtl" lang="ar" />
    </>
  );
}
