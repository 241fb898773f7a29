import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, type ButtonVariant } from "~/components/ui/Button";
import { useFormPending } from "~/lib/use-form-pending";

export interface ConfirmFormProps {
  /** Where the confirmed POST goes: the page's own action unless told otherwise. */
  action: string;
  /** Hidden fields sent with the POST (intent, ids). */
  fields: Record<string, string>;
  confirmLabel: string;
  tone: ButtonVariant;
  /** The cancel control: a link back (no JavaScript) or the dialog's close button. */
  cancel: ReactNode;
  /** Controls the confirmation asks for besides the hidden fields (where a category's products go). */
  children?: ReactNode;
}

/** The confirming half of a ConfirmDialog: a real POST form, so it works with or without JavaScript. */
export function ConfirmForm({ action, fields, confirmLabel, tone, cancel, children }: ConfirmFormProps) {
  const pending = useFormPending({ action, method: "post", intent: fields.intent });
  return (
    <Form method="post" action={action} className="mt-6 flex flex-wrap justify-end gap-3">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children ? <div className="w-full">{children}</div> : null}
      {cancel}
      <Button variant={tone} disabled={pending}>
        {confirmLabel}
      </Button>
    </Form>
  );
}
