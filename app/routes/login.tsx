import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { useFormPending } from "~/lib/use-form-pending";
import { AuthCard } from "~/components/AuthCard";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { Honeypot } from "~/components/ui/Honeypot";
import { Notice } from "~/components/ui/Notice";
import type { FormNotice } from "~/lib/notice";
import { guestTarget } from "~/lib/guest-target";
import { safeRedirectPath } from "~/lib/redirect";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { loginSchema } from "~/lib/validation/auth";
import { getOptionalUser, requireStore } from "~/http/guards.server";
import { siteAction, siteLoader } from "~/http/handlers.server";
import { authenticateWithPassword } from "~/http/password-sign-in.server";
import { BILLING_PATH } from "~/services/billing/billing-path";
import { signInStaff } from "~/services/identity/platform-auth.server";
import { storeClosure } from "~/services/store/subscription-gate.server";
import { createStaffSession, getStaff } from "~/http/sessions.server";
import { redirectSignedIn } from "~/http/sessions.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("auth.login.title") });

function redirectTarget(request: Request, form?: FormData): string {
  const raw = form?.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo");
  return safeRedirectPath(raw, "");
}

/**
 * Where signing in lands without a target: an admin on the dashboard, or on billing when the
 * store's subscription has lapsed (every other admin page shows the closed notice); a shopper home.
 */
function homeOf(user: { isAdmin: boolean }, store: Parameters<typeof storeClosure>[0]): string {
  if (!user.isAdmin) return "/";
  return storeClosure(store) === "expired" ? BILLING_PATH : "/admin/dashboard";
}

export const loader = siteLoader(async ({ request, context }) => {
  const redirectTo = redirectTarget(request);
  if (context.tenant.kind === "platform") {
    if (await getStaff(request)) throw redirect(redirectTo || "/platform/stores");
    return { audience: "staff" as const, redirectTo, constraint: formConstraint(loginSchema) };
  }
  const user = await getOptionalUser(request, context);
  if (user) throw redirect(redirectTo || homeOf(user, requireStore(context)));
  return { audience: "store" as const, redirectTo, constraint: formConstraint(loginSchema) };
});

/** The browser loads the schema on the form's first focus (see useSchemaForm). */
const loadSchema = () => import("~/lib/validation/auth").then((m) => m.loginSchema);

export const action = siteAction(
  async ({ request, context, form }) => {
    const submission = parseWithZod(form, { schema: loginSchema });
    if (submission.status !== "success") {
      return data({ result: submission.reply({ hideFields: ["password"] }), notice: null }, { status: 400 });
    }
    const target = redirectTarget(request, form);
    const refuse = (notice: FormNotice, status = 400) =>
      data({ result: submission.reply({ hideFields: ["password"] }), notice }, { status });

    if (context.tenant.kind === "platform") {
      const staff = await signInStaff(submission.value.email, submission.value.password);
      if (!staff) return refuse({ key: "auth.invalidCredentials" });
      const cookie = await createStaffSession(staff.id, request);
      return redirectWithToast(
        target || "/platform/stores",
        { key: "toast.loginSuccess" },
        { headers: { "Set-Cookie": cookie } },
      );
    }
    const store = requireStore(context);

    const result = await authenticateWithPassword(store.id, request);
    if (!result.ok) {
      if (result.error === "other-method")
        return refuse({ key: "auth.otherMethod", params: { method: result.method } });
      if (result.error === "locked") {
        const minutes = Math.max(1, Math.ceil((result.until.getTime() - Date.now()) / 60_000));
        return refuse({ key: "auth.locked", params: { minutes } }, 429);
      }
      if (result.error === "blocked") return refuse({ key: "auth.blocked" }, 403);
      return refuse({ key: "auth.invalidCredentials" });
    }
    const home = homeOf(result.user, store);
    return redirectSignedIn(store.id, result.user.id, request, target || home, "toast.loginSuccess");
  },
  { rateLimit: { kind: "sign-in" } },
);

export default function Login() {
  const { audience, redirectTo, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const pending = useFormPending({ method: "post" });
  const form = useSchemaForm(loadSchema, actionData?.result, { id: "login", constraint });
  const notice = actionData?.notice;
  const withRedirect = (path: string) =>
    redirectTo ? `${path}?${new URLSearchParams({ redirectTo })}` : path;

  return (
    <AuthCard
      title={t(audience === "staff" ? "auth.login.staffTitle" : "auth.login.title")}
      intro={audience === "store" ? t("auth.login.intro") : t("auth.login.staffIntro")}
    >
      <Form method="post" {...form.formProps} className="flex flex-col gap-3">
        {notice ? (
          <Notice>
            <p>
              {String(
                t(notice.key, {
                  ...notice.params,
                  method: notice.params?.method ? t(`auth.methods.${notice.params.method}`) : undefined,
                }),
              )}
            </p>
            {notice.key === "auth.otherMethod" ? (
              <p className="mt-2">
                <Link to={withRedirect("/login/link")} className="font-bold underline underline-offset-4">
                  {t("auth.link.request")}
                </Link>
              </p>
            ) : null}
          </Notice>
        ) : null}
        {form.formErrors ? <Notice>{t(form.formErrors[0]!)}</Notice> : null}
        <Honeypot />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field field={form.field("email")} type="email" label={t("auth.fields.email")} autoComplete="email" />
        <Field
          field={form.field("password")}
          type="password"
          label={t("auth.fields.password")}
          autoComplete="current-password"
        />
        <Button disabled={pending}>{t("auth.login.submit")}</Button>
      </Form>
      {audience === "store" ? (
        <div className="mt-6 flex flex-col gap-3 text-center">
          <Link to="/forgot-password" className="font-bold text-primary-ink underline underline-offset-4">
            {t("auth.login.forgot")}
          </Link>
          <Link
            to={withRedirect("/login/link")}
            className="font-bold text-primary-ink underline underline-offset-4"
          >
            {t("auth.link.request")}
          </Link>
          <p>
            {t("auth.login.noAccount")}{" "}
            <Link
              to={withRedirect("/signup")}
              className="font-bold text-primary-ink underline underline-offset-4"
            >
              {t("auth.signup.title")}
            </Link>
          </p>
          <Button to={guestTarget(redirectTo)} variant="secondary">
            {t("auth.continueAsGuest")}
          </Button>
        </div>
      ) : null}
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
