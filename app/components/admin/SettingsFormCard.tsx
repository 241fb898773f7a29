import type { ReactNode } from "react";
import { Form, type FormProps } from "@remix-run/react";
import { Button } from "~/components/ui/Button";

/**
 * One form of a settings page that holds several (Payment Options: Cash On Delivery, the return
 * window, the card account): a bordered card with its heading, posted to the page with its
 * `intent`. `formProps` are a schema form's (useSchemaForm); `save` its button, left out where
 * the card has its own (the card account's connect button).
 */
export function SettingsFormCard({
  heading,
  formProps,
  save,
  children,
}: {
  heading: string;
  formProps?: Omit<FormProps, "method" | "className" | "children">;
  save?: { intent: string; label: string; busy: boolean };
  children: ReactNode;
}) {
  return (
    <Form method="post" {...formProps} className="mt-6 flex flex-col gap-4 rounded-lg border border-line p-5">
      <h2 className="text-xl font-bold">{heading}</h2>
      {children}
      {save ? (
        <Button name="intent" value={save.intent} className="self-start" disabled={save.busy}>
          {save.label}
        </Button>
      ) : null}
    </Form>
  );
}
