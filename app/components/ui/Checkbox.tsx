import type { InputHTMLAttributes, ReactNode } from "react";
import { cn } from "~/lib/cn";
import type { FieldState } from "~/lib/use-schema-form";
import { FieldError } from "./Field";

/** The look of every checkbox: 20 px, the store's colour when ticked, a visible focus ring. */
export function Checkbox({ className, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <input
      {...rest}
      type="checkbox"
      className={cn(
        "size-5 shrink-0 accent-[var(--color-primary)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
        className,
      )}
    />
  );
}

/** A checkbox and its words on one row, the whole row a 44 px touch target. */
export function CheckRow({
  label,
  className,
  ...rest
}: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <label className={cn("flex min-h-11 items-center gap-3", className)}>
      <Checkbox {...rest} />
      <span>{label}</span>
    </label>
  );
}

/**
 * A form's checkbox with its hint and error underneath, tied together for screen readers, as
 * Field is for text. `field` comes from useSchemaForm's `field(name)`; a checkbox starts from
 * `defaultChecked`, not from the field's text value.
 */
export function CheckboxField({
  field,
  label,
  hint,
  className,
  ...rest
}: { field: FieldState; label: ReactNode; hint?: ReactNode } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "name" | "id" | "defaultValue"
>) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <div className={cn("flex flex-col", className)}>
      <CheckRow
        id={field.id}
        name={field.input.name}
        label={label}
        aria-invalid={field.input["aria-invalid"]}
        aria-describedby={hintId ? `${hintId} ${field.errorId}` : field.errorId}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
