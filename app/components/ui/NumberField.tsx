import { Field, type FieldProps } from "./Field";

/**
 * A Field for a number typed as text (a price, a percent, a count of days): the phone shows its
 * digit pad (with the decimal key when `decimal`), and the digits read left to right in an Arabic
 * admin too. It stays a text input: the form's schema reads the number and says what is wrong.
 *
 * Its own module, not Field.tsx's: the storefront's forms import Field, and every byte of it
 * counts against their pages' start-up JavaScript budget; only admin forms use this.
 */
export function NumberField({ decimal = false, ...rest }: { decimal?: boolean } & Omit<FieldProps, "type">) {
  return <Field inputMode={decimal ? "decimal" : "numeric"} dir="ltr" {...rest} />;
}
