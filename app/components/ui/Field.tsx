import type { InputHTMLAttributes } from "react";
import { useTranslation } from "~/lib/use-translation";
import type { FieldState } from "~/lib/use-schema-form";
import { Input } from "./Input";

/**
 * A labelled input with its error underneath, tied together for screen readers (aria-invalid,
 * aria-describedby, and a live region so a new error is announced). `field` comes from
 * useSchemaForm's `field(name)`: ids, the schema's constraints, the value to start from.
 */
export type FieldProps = {
  field: FieldState;
  label: string;
  type?: "text" | "email" | "password" | "tel" | "datetime-local";
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "form" | "defaultValue">;

export function Field({ field, label, type = "text", hint, ...rest }: FieldProps) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="font-bold">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <Input
        {...field.input}
        type={type}
        aria-describedby={hintId ? `${field.errorId} ${hintId}` : field.errorId}
        {...rest}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The first error of a field (a locale key), translated, in a live region so a new one is announced. */
export function FieldError({ id, errors }: { id: string; errors?: string[] | null }) {
  const { t } = useTranslation();
  return (
    <div id={id} aria-live="polite" className="min-h-5 text-sm font-bold text-red-700 dark:text-red-400">
      {errors?.length ? <p>{t(errors[0]!)}</p> : null}
    </div>
  );
}
