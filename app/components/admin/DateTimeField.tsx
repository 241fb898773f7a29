import { Field, type FieldProps } from "~/components/ui/Field";

/**
 * A Field for a moment typed as date and time (a sale's or a code's start and end, in the store's
 * time zone, which the label names): the browser's date-time picker, its digits left to right in
 * an Arabic admin too.
 */
export function DateTimeField(props: Omit<FieldProps, "type" | "dir">) {
  return <Field type="datetime-local" dir="ltr" {...props} />;
}
