import { Field } from "~/components/ui/Field";
import type { FieldState } from "~/lib/use-schema-form";
import { useTranslation } from "~/lib/use-translation";

/** A password being chosen: the rules as its hint, and `new-password` so a manager can offer one. */
export function NewPasswordField({ field, label }: { field: FieldState; label: string }) {
  const { t } = useTranslation();
  return (
    <Field
      field={field}
      type="password"
      label={label}
      hint={t("auth.fields.passwordHint")}
      autoComplete="new-password"
    />
  );
}

/** Changing one's own password: the current one, then the new one. */
export function PasswordChangeFields({ current, next }: { current: FieldState; next: FieldState }) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        field={current}
        type="password"
        label={t("auth.fields.currentPassword")}
        autoComplete="current-password"
      />
      <NewPasswordField field={next} label={t("auth.fields.newPassword")} />
    </>
  );
}
