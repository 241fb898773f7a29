import { Form, Link } from "@remix-run/react";
import { NewPasswordField } from "~/components/PasswordFields";
import {} from "~/components/PasswordFields";
import { useTranslation } from "~/lib/use-translation";
import { AuthCard } from "~/components/AuthCard";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { Honeypot } from "~/components/ui/Honeypot";
import { Notice } from "~/components/ui/Notice";
import { useFormPending } from "~/lib/use-form-pending";
import { useSchemaForm, type SchemaFormProps } from "~/lib/use-schema-form";

/** The browser loads the schema on the form's first focus (see useSchemaForm). */
const loadSchema = () => import("~/lib/validation/auth").then((m) => m.signUpSchema);

/** A shopper's account on a store's host (`/signup` there). */
export function ShopperSignUp({
  redirectTo,
  constraint,
  result,
  notice,
}: SchemaFormProps & {
  redirectTo: string;
}) {
  const { t } = useTranslation();
  const pending = useFormPending({ method: "post" });
  const form = useSchemaForm(loadSchema, result, { id: "signup", constraint });
  return (
    <AuthCard title={t("auth.signup.title")} intro={t("auth.signup.intro")}>
      <Form method="post" {...form.formProps} className="flex flex-col gap-3">
        {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
        <Honeypot />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field field={form.field("name")} label={t("auth.fields.name")} autoComplete="name" />
        <Field field={form.field("email")} type="email" label={t("auth.fields.email")} autoComplete="email" />
        <NewPasswordField field={form.field("password")} label={t("auth.fields.password")} />
        <Button disabled={pending}>{t("auth.signup.submit")}</Button>
      </Form>
      <p className="mt-6 text-center">
        {t("auth.signup.haveAccount")}{" "}
        <Link
          to={redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login"}
          className="font-bold text-primary-ink underline underline-offset-4"
        >
          {t("auth.login.title")}
        </Link>
      </p>
    </AuthCard>
  );
}
