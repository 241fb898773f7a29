import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { useFormPending } from "~/lib/use-form-pending";
import type { FieldConstraint } from "~/lib/use-schema-form";
import type { FormNotice } from "~/lib/notice";
import { useSchemaForm, type FormReply } from "~/lib/use-schema-form";
import { AuthCard } from "./AuthCard";
import { Button } from "./ui/Button";
import { Field } from "./ui/Field";
import { Honeypot } from "./ui/Honeypot";
import { Notice } from "./ui/Notice";

const loadSchema = () => import("~/lib/validation/auth").then((m) => m.emailOnlySchema);

/** A page that asks for an email address and mails a link to it (password reset, sign-in link). */
export function EmailRequestCard({
  id,
  title,
  intro,
  submit,
  constraint,
  actionData,
  redirectTo,
}: {
  id: string;
  title: string;
  intro: string;
  submit: string;
  constraint: Record<string, FieldConstraint>;
  actionData: { result: FormReply | null; notice: FormNotice | null } | undefined;
  redirectTo?: string;
}) {
  const { t } = useTranslation();
  const pending = useFormPending({ method: "post" });
  const form = useSchemaForm(loadSchema, actionData?.result, { id, constraint });
  const notice = actionData?.notice;
  return (
    <AuthCard title={title} intro={intro}>
      <Form method="post" {...form.formProps} className="flex flex-col gap-3">
        {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
        <Honeypot />
        {redirectTo !== undefined ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field field={form.field("email")} type="email" label={t("auth.fields.email")} autoComplete="email" />
        <Button disabled={pending}>{submit}</Button>
      </Form>
      <p className="mt-6 text-center">
        <Link to="/login" className="font-bold text-primary-ink underline underline-offset-4">
          {t("auth.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
