import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { FieldError } from "~/components/ui/Field";
import type { FieldState } from "~/lib/use-schema-form";
import { CONTROL_CLASS } from "./Input";

const CONTROL = CONTROL_CLASS;

function Label({ field, label, hint }: { field: FieldState; label: string; hint?: string }) {
  return (
    <>
      <label htmlFor={field.id} className="font-bold">
        {label}
      </label>
      {hint ? (
        <p id={`${field.id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </>
  );
}

const describedBy = (field: FieldState, hint?: string) =>
  hint ? `${field.errorId} ${field.id}-hint` : field.errorId;

/**
 * A labelled multi-line text field, wired like Field (errors under it, announced). `dir="auto"`
 * by default: an Arabic text field reads right to left in an English admin and the other way.
 */
export function TextAreaField({
  field,
  label,
  hint,
  rows = 5,
  ...rest
}: {
  field: FieldState;
  label: string;
  hint?: string;
  rows?: number;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue" | "rows">) {
  const { defaultValue, ...input } = field.input;
  return (
    <div className="flex flex-col gap-1">
      <Label field={field} label={label} hint={hint} />
      <textarea
        {...input}
        defaultValue={defaultValue}
        rows={rows}
        dir="auto"
        aria-describedby={describedBy(field, hint)}
        {...rest}
        className={`${CONTROL} py-2`}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A labelled <select>, wired like Field. `options` are <option> elements. */
export function SelectField({
  field,
  label,
  hint,
  children,
  ...rest
}: {
  field: FieldState;
  label: string;
  hint?: string;
  children: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "defaultValue">) {
  const { id, name, defaultValue, required } = field.input;
  return (
    <div className="flex flex-col gap-1">
      <Label field={field} label={label} hint={hint} />
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={field.input["aria-invalid"]}
        aria-describedby={describedBy(field, hint)}
        {...rest}
        className={`${CONTROL} min-h-11`}
      >
        {children}
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
