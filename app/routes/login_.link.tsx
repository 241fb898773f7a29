import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmailRequestCard } from "~/components/EmailRequestCard";
import { useTranslation } from "~/lib/use-translation";
import { safeRedirectPath } from "~/lib/redirect";
import { seo } from "~/lib/seo";
import { formConstraint } from "~/lib/form-constraint.server";
import { emailOnlySchema } from "~/lib/validation/auth";
import { emailRequestAction } from "~/http/email-request.server";
import { storeLoader } from "~/http/handlers.server";
import { sendSignInLink } from "~/services/identity/account-emails.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("auth.link.title") });

export const loader = storeLoader(({ request }) => ({
  redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), ""),
  constraint: formConstraint(emailOnlySchema),
}));

export const action = emailRequestAction("sign-in-link", ({ store, locale, form }, email) =>
  sendSignInLink(store, email, locale, form.get("redirectTo")),
);

export default function SignInLink() {
  const { redirectTo, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <EmailRequestCard
      id="sign-in-link"
      title={t("auth.link.title")}
      intro={t("auth.link.intro")}
      submit={t("auth.link.submit")}
      constraint={constraint}
      actionData={actionData}
      redirectTo={redirectTo}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
