import type { InputHTMLAttributes, SelectHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

/**
 * The look of every text control (input, select, textarea): the line colour, the field
 * background, a visible focus ring and a red border when aria-invalid. Field and the
 * FormFields wrap these; filters and pickers use Input and Select directly.
 */
export const CONTROL_CLASS =
  "rounded-md border border-line bg-field px-3 text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-400";

/** An input in the kit's look, 44 px tall (a touch target); `className` adds or overrides. */
export function Input({ className, ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...rest} className={cn(CONTROL_CLASS, "min-h-11", className)} />;
}

/** A <select> in the kit's look. */
export function Select({ className, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select {...rest} className={cn(CONTROL_CLASS, "min-h-11", className)} />;
}

/** A file input in the kit's look: the browser's button styled as a small secondary button. */
export function FileInput({ className, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <input
      {...rest}
      type="file"
      className={cn(
        "min-h-11 max-w-full rounded-md border border-line bg-field px-3 py-2 file:me-3 file:rounded file:border-0 file:bg-card file:px-3 file:py-1 file:font-bold",
        className,
      )}
    />
  );
}
