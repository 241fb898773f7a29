import { data, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { useFormPending } from "~/lib/use-form-pending";
import { AuthCard } from "~/components/AuthCard";
import { Button } from "~/components/ui/Button";
import { ExpiredLinkCard } from "~/components/ExpiredLinkCard";
import { safeRedirectPath } from "~/lib/redirect";
import { seo } from "~/lib/seo";
import { consumeSignInLink } from "~/services/identity/accounts.server";
import { redirectSignedIn } from "~/http/sessions.server";
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
  const target =
    safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "") ||
    (user.isAdmin ? "/admin/dashboard" : "/");
  return redirectSignedIn(store.id, user.id, request, target, "toast.loginSuccess");
});

export default function UseSignInLink() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const pending = useFormPending({ method: "post" });
  if (actionData?.expired) {
    return (
      <ExpiredLinkCard
        title={t("auth.link.title")}
        notice={t("auth.link.expired")}
        to="/login/link"
        linkText={t("auth.link.request")}
      />
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
