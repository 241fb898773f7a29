import { parseWithZod } from "@conform-to/zod";
import { data, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmailRequestCard } from "~/components/EmailRequestCard";
import { useTranslation } from "~/lib/use-translation";
import { safeRedirectPath } from "~/lib/redirect";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { emailOnlySchema } from "~/lib/validation/auth";
import { storeAction, storeLoader } from "~/http/handlers.server";
import { MAIL_RECIPIENT_RATE_LIMIT } from "~/http/rate-rules.server";
import { sendSignInLink } from "~/services/identity/account-emails.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("auth.link.title") });

export const loader = storeLoader(({ request }) => ({
  redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), ""),
  constraint: formConstraint(emailOnlySchema),
}));

export const action = storeAction(
  async ({ store, locale, form }) => {
    const submission = parseWithZod(form, { schema: emailOnlySchema });
    if (submission.status !== "success")
      return data({ result: submission.reply(), notice: null }, { status: 400 });
    await sendSignInLink(store, submission.value.email, locale, form.get("redirectTo"));
    return redirectWithToast("/login", { key: "toast.checkMail" });
  },
  {
    // Per client, and per recipient: the form mails any address, so one inbox must not be flooded
    // from many client addresses.
    rateLimit: {
      kind: "sign-in-link",
      subject: (form) => String(form.get("email") ?? ""),
      subjectRule: MAIL_RECIPIENT_RATE_LIMIT,
    },
  },
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
