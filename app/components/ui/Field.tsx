import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";

/**
 * A labelled input with its errors underneath, tied together for screen readers (aria-invalid,
 * aria-describedby, and a live region so a new error is announced).
 */
export function Field({
  meta,
  label,
  type = "text",
  hint,
  ...rest
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "password" | "tel";
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "form">) {
  const { t } = useTranslation();
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const input = getInputProps(meta, { type, ariaDescribedBy: hintId });
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={meta.id} className="font-bold">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <input
        {...input}
        key={input.key}
        {...rest}
        className="min-h-11 rounded-md border border-line bg-field px-3 text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-400"
      />
      <FieldErrors id={meta.errorId} errors={meta.errors?.map((key) => t(key))} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} aria-live="polite" className="min-h-5 text-sm font-bold text-red-700 dark:text-red-400">
      {errors?.length ? <p>{errors[0]}</p> : null}
    </div>
  );
}
