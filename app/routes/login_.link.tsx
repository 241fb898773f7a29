import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmailRequestCard } from "~/components/EmailRequestCard";
import { useTranslation } from "react-i18next";
import { safeRedirectPath } from "~/lib/redirect";
import { requestLocale } from "~/lib/shell.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { emailOnlySchema } from "~/lib/validation/auth";
import { createSignInLinkToken } from "~/services/identity/accounts.server";
import { sendEmail } from "~/services/email/email.server";
import { emailStore, signInLinkEmail } from "~/services/email/email-templates.server";
import { readPublicForm } from "~/http/form-guard.server";
import { requireStore } from "~/services/store/tenancy.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("auth.link.title") });

export function loader({ request, context }: LoaderFunctionArgs) {
  requireStore(context);
  return {
    redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), ""),
    constraint: formConstraint(emailOnlySchema),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const store = requireStore(context);
  const guard = await readPublicForm(request, context, "sign-in-link");
  if (!guard.ok) return guard.response;
  const submission = parseWithZod(guard.form, { schema: emailOnlySchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), notice: null }, { status: 400 });
  const { token, user } = await createSignInLinkToken(store.id, submission.value.email);
  const locale = await requestLocale(request, context.tenant);
  const redirectTo = safeRedirectPath(guard.form.get("redirectTo"), "");
  const query = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : "";
  const link = `${new URL(request.url).origin}/login/link/${token}${query}`;
  const name = user?.name ?? submission.value.email;
  await sendEmail(
    store.id,
    signInLinkEmail(emailStore(store, request), locale, submission.value.email, name, link),
  );
  return redirectWithToast("/login", { key: "toast.checkMail" });
}

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
