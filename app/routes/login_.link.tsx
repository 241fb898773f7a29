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
import { safeRedirectPath } from "~/lib/redirect";
import { requestLocale } from "~/lib/shell.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { useZodForm } from "~/lib/use-zod-form";
import { signInLinkSchema } from "~/lib/validation/auth";
import { createSignInLinkToken } from "~/services/accounts.server";
import { sendEmail } from "~/services/email.server";
import { emailStore, signInLinkEmail } from "~/services/email-templates.server";
import { readPublicForm } from "~/services/form-guard.server";
import { requireStore } from "~/services/tenancy.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("auth.link.title") });

export function loader({ request, context }: LoaderFunctionArgs) {
  requireStore(context);
  return {
    redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), ""),
    constraint: formConstraint(signInLinkSchema),
  };
}

/** The browser loads the schema on the form's first focus (see useZodForm). */
const loadSchema = () => import("~/lib/validation/auth").then((m) => m.signInLinkSchema);

export async function action({ request, context }: ActionFunctionArgs) {
  const store = requireStore(context);
  const guard = await readPublicForm(request, context, "sign-in-link");
  if (!guard.ok) return guard.response;
  const submission = parseWithZod(guard.form, { schema: signInLinkSchema });
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
  const navigation = useNavigation();
  const [form, fields, { onFocus }] = useZodForm(loadSchema, constraint, actionData?.result, {
    id: "sign-in-link",
  });
  const notice = actionData?.notice;
  return (
    <AuthCard title={t("auth.link.title")} intro={t("auth.link.intro")}>
      <Form method="post" {...getFormProps(form)} onFocus={onFocus} className="flex flex-col gap-3">
        {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
        <Honeypot />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field meta={fields.email} type="email" label={t("auth.fields.email")} autoComplete="email" />
        <Button disabled={navigation.state === "submitting"}>{t("auth.link.submit")}</Button>
      </Form>
      <p className="mt-6 text-center">
        <Link to="/login" className="font-bold text-primary-ink underline underline-offset-4">
          {t("auth.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
