import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/Button";

/**
 * The bordered "new …" form under an admin list (an API token, a webhook): its heading, a fixed
 * `intent`, the fields, and the submit button.
 */
export function CreateForm({
  title,
  intent,
  submit,
  children,
}: {
  title: string;
  intent: string;
  submit: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="flex flex-col gap-4 rounded-lg border border-line p-4">
      <h2 className="text-lg font-bold">{title}</h2>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <div>
        <Button>{submit}</Button>
      </div>
    </Form>
  );
}
