import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, type ButtonVariant } from "~/components/ui/Button";
import { ConfirmDialog, type ConfirmDialogProps } from "~/components/ui/ConfirmDialog";

/**
 * The buttons of one admin table row. Each is small and secondary, and its accessible name says
 * which row it acts on ("Edit: SUMMER10"), since every row has a button with the same text.
 */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap gap-2">{children}</div>;
}

/** "Edit" (or another label): a link to the row's page, styled as a button. */
export function RowLinkButton({ to, label, name }: { to: string; label: string; name: string }) {
  return (
    <Button to={to} size="sm" variant="secondary" aria-label={`${label}: ${name}`}>
      {label}
    </Button>
  );
}

/** A row's one-click POST: the hidden `fields` (intent, id, …) and a button. */
export function RowPostButton({
  fields,
  label,
  name,
}: {
  fields: Record<string, string>;
  label: string;
  name: string;
}) {
  return (
    <Form method="post">
      {Object.entries(fields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <Button size="sm" variant="secondary" aria-label={`${label}: ${name}`}>
        {label}
      </Button>
    </Form>
  );
}

/** A row's confirmed POST (delete, revoke, block): `ConfirmDialog` with a small trigger named "label: name". */
export function RowConfirm({
  label,
  name,
  ...dialog
}: { label: string; name: string } & Omit<ConfirmDialogProps, "trigger" | "triggerLabel" | "size">) {
  return <ConfirmDialog {...dialog} size="sm" trigger={label} triggerLabel={`${label}: ${name}`} />;
}

/**
 * A small button that submits the form it stands in with `field=value` (move up, remove,
 * activate…), named "label: name" for the row or item it acts on.
 */
export function RowSubmitButton({
  field = "intent",
  value,
  label,
  name,
  disabled,
  variant = "secondary",
}: {
  field?: string;
  value: string;
  label: string;
  name: string;
  disabled?: boolean;
  variant?: ButtonVariant;
}) {
  return (
    <Button
      size="sm"
      variant={variant}
      name={field}
      value={value}
      disabled={disabled}
      aria-label={`${label}: ${name}`}
    >
      {label}
    </Button>
  );
}
