import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormPending } from "~/lib/use-form-pending";
import { AuthCard } from "~/components/AuthCard";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { Honeypot } from "~/components/ui/Honeypot";
import { Notice } from "~/components/ui/Notice";
import { safeRedirectPath } from "~/lib/redirect";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { signUpSchema } from "~/lib/validation/auth";
import { signUp } from "~/services/identity/accounts.server";
import { getOptionalUser } from "~/http/guards.server";
import { storeAction, storeLoader } from "~/http/handlers.server";
import { sendWelcome } from "~/services/identity/account-emails.server";
import { createUserSession } from "~/http/sessions.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("auth.signup.title") });

export const loader = storeLoader(async ({ request, context }) => {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
  if (await getOptionalUser(request, context)) throw redirect(redirectTo || "/");
  return { redirectTo, constraint: formConstraint(signUpSchema) };
});

/** The browser loads the schema on the form's first focus (see useSchemaForm). */
const loadSchema = () => import("~/lib/validation/auth").then((m) => m.signUpSchema);

export const action = storeAction(
  async ({ request, store, locale, form }) => {
    const submission = parseWithZod(form, { schema: signUpSchema });
    if (submission.status !== "success") {
      return data({ result: submission.reply({ hideFields: ["password"] }), notice: null }, { status: 400 });
    }
    const created = await signUp(store.id, { ...submission.value, locale });
    if (!created.ok) {
      return data(
        {
          result: submission.reply({ fieldErrors: { email: ["auth.emailTaken"] }, hideFields: ["password"] }),
          notice: null,
        },
        { status: 409 },
      );
    }
    const { user } = created;
    await sendWelcome(store, user, locale);
    const cookie = await createUserSession(store.id, user.id, request);
    const target = safeRedirectPath(form.get("redirectTo"), "/");
    return redirectWithToast(
      target,
      { key: "toast.registrationSuccess" },
      { headers: { "Set-Cookie": cookie } },
    );
  },
  { rateLimit: { kind: "sign-up" } },
);

export default function SignUp() {
  const { redirectTo, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const pending = useFormPending({ method: "post" });
  const form = useSchemaForm(loadSchema, actionData?.result, { id: "signup", constraint });
  const notice = actionData?.notice;
  return (
    <AuthCard title={t("auth.signup.title")} intro={t("auth.signup.intro")}>
      <Form method="post" {...form.formProps} className="flex flex-col gap-3">
        {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
        <Honeypot />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field field={form.field("name")} label={t("auth.fields.name")} autoComplete="name" />
        <Field field={form.field("email")} type="email" label={t("auth.fields.email")} autoComplete="email" />
        <Field
          field={form.field("password")}
          type="password"
          label={t("auth.fields.password")}
          hint={t("auth.fields.passwordHint")}
          autoComplete="new-password"
        />
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

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
