import { data, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { useFormPending } from "~/lib/use-form-pending";
import { AuthCard } from "~/components/AuthCard";
import { Button } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";
import { safeRedirectPath } from "~/lib/redirect";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { consumeSignInLink } from "~/services/identity/accounts.server";
import { createUserSession } from "~/http/sessions.server";
import { storeAction, storeLoader } from "~/http/handlers.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("auth.link.title") });

/**
 * Opening the link only shows a button: mail scanners fetch links, and a GET must not use up
 * the token or sign anybody in.
 */
export const loader = storeLoader(() => data(null, { headers: { "Referrer-Policy": "no-referrer" } }));

export const action = storeAction(async ({ request, params, store }) => {
  const user = await consumeSignInLink(store.id, params.token ?? "");
  if (!user) return data({ expired: true }, { status: 410 });
  const cookie = await createUserSession(store.id, user.id, request);
  const target =
    safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "") ||
    (user.isAdmin ? "/admin/dashboard" : "/");
  return redirectWithToast(target, { key: "toast.loginSuccess" }, { headers: { "Set-Cookie": cookie } });
});

export default function UseSignInLink() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const pending = useFormPending({ method: "post" });
  if (actionData?.expired) {
    return (
      <AuthCard title={t("auth.link.title")}>
        <Notice>{t("auth.link.expired")}</Notice>
        <p className="mt-6 text-center">
          <Link to="/login/link" className="font-bold text-primary-ink underline underline-offset-4">
            {t("auth.link.request")}
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("auth.link.title")} intro={t("auth.link.confirmIntro")}>
      <Form method="post">
        <Button className="w-full" disabled={pending}>
          {t("auth.link.confirm")}
        </Button>
      </Form>
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
