import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmailRequestCard } from "~/components/EmailRequestCard";
import { useTranslation } from "~/lib/use-translation";
import { seo } from "~/lib/seo";
import { formConstraint } from "~/lib/form-constraint.server";
import { emailOnlySchema } from "~/lib/validation/auth";
import { emailRequestAction } from "~/http/email-request.server";
import { storeLoader } from "~/http/handlers.server";
import { sendPasswordReset } from "~/services/identity/account-emails.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("auth.forgot.title") });

export const loader = storeLoader(() => ({ constraint: formConstraint(emailOnlySchema) }));

export const action = emailRequestAction("password-reset", ({ store, locale }, email) =>
  sendPasswordReset(store, email, locale),
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
