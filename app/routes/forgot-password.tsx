import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmailRequestCard } from "~/components/EmailRequestCard";
import { useTranslation } from "react-i18next";
import { requestLocale } from "~/lib/shell.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { emailOnlySchema } from "~/lib/validation/auth";
import { createPasswordResetToken } from "~/services/identity/accounts.server";
import { sendEmail } from "~/services/email/email.server";
import { emailStore, resetPasswordEmail } from "~/services/email/email-templates.server";
import { readPublicForm } from "~/http/form-guard.server";
import { requireStore } from "~/services/store/tenancy.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("auth.forgot.title") });

export function loader({ context }: LoaderFunctionArgs) {
  requireStore(context);
  return { constraint: formConstraint(emailOnlySchema) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const store = requireStore(context);
  const guard = await readPublicForm(request, context, "password-reset");
  if (!guard.ok) return guard.response;
  const submission = parseWithZod(guard.form, { schema: emailOnlySchema });
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
  return (
    <EmailRequestCard
      id="forgot"
      title={t("auth.forgot.title")}
      intro={t("auth.forgot.intro")}
      submit={t("auth.forgot.submit")}
      constraint={constraint}
      actionData={actionData}
    />
  );
}
