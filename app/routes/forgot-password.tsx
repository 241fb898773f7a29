import { parseWithZod } from "@conform-to/zod";
import { data, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmailRequestCard } from "~/components/EmailRequestCard";
import { useTranslation } from "~/lib/use-translation";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { emailOnlySchema } from "~/lib/validation/auth";
import { storeAction, storeLoader } from "~/http/handlers.server";
import { MAIL_RECIPIENT_RATE_LIMIT } from "~/http/rate-rules.server";
import { sendPasswordReset } from "~/services/identity/account-emails.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("auth.forgot.title") });

export const loader = storeLoader(() => ({ constraint: formConstraint(emailOnlySchema) }));

export const action = storeAction(
  async ({ store, locale, form }) => {
    const submission = parseWithZod(form, { schema: emailOnlySchema });
    if (submission.status !== "success")
      return data({ result: submission.reply(), notice: null }, { status: 400 });
    // The answer is the same whether or not the address has an account.
    await sendPasswordReset(store, submission.value.email, locale);
    return redirectWithToast("/login", { key: "toast.checkMail" });
  },
  {
    // Per client, and per address asked for, so nobody floods one inbox from many addresses.
    rateLimit: {
      kind: "password-reset",
      subject: (form) => String(form.get("email") ?? ""),
      subjectRule: MAIL_RECIPIENT_RATE_LIMIT,
    },
  },
);

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

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
