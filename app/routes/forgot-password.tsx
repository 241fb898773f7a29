import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "~/components/AuthCard";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { Honeypot } from "~/components/ui/Honeypot";
import { Notice } from "~/components/ui/Notice";
import { requestLocale } from "~/lib/shell.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { useZodForm } from "~/lib/use-zod-form";
import { forgotPasswordSchema } from "~/lib/validation/auth";
import { createPasswordResetToken } from "~/services/accounts.server";
import { sendEmail } from "~/services/email.server";
import { emailStore, resetPasswordEmail } from "~/services/email-templates.server";
import { readPublicForm } from "~/services/form-guard.server";
import { requireStore } from "~/services/tenancy.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("auth.forgot.title") });

export function loader({ context }: LoaderFunctionArgs) {
  requireStore(context);
  return { constraint: formConstraint(forgotPasswordSchema) };
}

/** The browser loads the schema on the form's first focus (see useZodForm). */
const loadSchema = () => import("~/lib/validation/auth").then((m) => m.forgotPasswordSchema);

export async function action({ request, context }: ActionFunctionArgs) {
  const store = requireStore(context);
  const guard = await readPublicForm(request, context, "password-reset");
  if (!guard.ok) return guard.response;
  const submission = parseWithZod(guard.form, { schema: forgotPasswordSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), notice: null }, { status: 400 });
  // The answer is the same whether or not the address has an account.
  const issued = await createPasswordResetToken(store.id, submission.value.email);
  if (issued) {
    const locale = await requestLocale(request, context.tenant);
    const link = `${new URL(request.url).origin}/reset-password/${issued.token}`;
    await sendEmail(
      store.id,
      resetPasswordEmail(emailStore(store, request), locale, issued.user.email, issued.user.name, link),
    );
  }
  return redirectWithToast("/login", { key: "toast.checkMail" });
}

export default function ForgotPassword() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields, { onFocus }] = useZodForm(loadSchema, constraint, actionData?.result, {
    id: "forgot",
  });
  const notice = actionData?.notice;
  return (
    <AuthCard title={t("auth.forgot.title")} intro={t("auth.forgot.intro")}>
      <Form method="post" {...getFormProps(form)} onFocus={onFocus} className="flex flex-col gap-3">
        {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
        <Honeypot />
        <Field meta={fields.email} type="email" label={t("auth.fields.email")} autoComplete="email" />
        <Button disabled={navigation.state === "submitting"}>{t("auth.forgot.submit")}</Button>
      </Form>
      <p className="mt-6 text-center">
        <Link to="/login" className="font-bold text-primary-ink underline underline-offset-4">
          {t("auth.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
