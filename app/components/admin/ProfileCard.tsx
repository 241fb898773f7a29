import { Form, type FormProps } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/Button";
import { useFormPending } from "~/lib/use-form-pending";

/**
 * One of the admin profile's cards (the name and photo, the password, the email alerts): a
 * titled section holding one form posted with its `intent`, its save button busy while that form
 * is sent. `top` stands between the heading and the form (the admin's picture and email).
 */
export function ProfileCard({
  intent,
  title,
  intro,
  top,
  formProps,
  multipart = false,
  save,
  children,
}: {
  intent: string;
  title: string;
  intro?: string;
  top?: ReactNode;
  formProps: Omit<FormProps, "method" | "encType" | "className" | "children">;
  multipart?: boolean;
  save: string;
  children: ReactNode;
}) {
  const pending = useFormPending({ method: "post", intent });
  const headingId = `${intent}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-line p-6">
      <h2 id={headingId} className={`${intro ? "mb-2" : "mb-4"} text-xl font-extrabold`}>
        {title}
      </h2>
      {intro ? <p className="mb-4 text-muted">{intro}</p> : null}
      {top}
      <Form
        method="post"
        encType={multipart ? "multipart/form-data" : undefined}
        {...formProps}
        className="flex flex-col gap-3"
      >
        <input type="hidden" name="intent" value={intent} />
        {children}
        <Button disabled={pending}>{save}</Button>
      </Form>
    </section>
  );
}
