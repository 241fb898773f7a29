/**
 * `/handoff/:token` on a new store's host: where the platform's sign-up sends its owner. The
 * token is single-use, lives two minutes and works only on the host it was issued for; it signs
 * the owner in here (this host's own cookie) and lands on the dashboard's getting-started list.
 * Unlike an emailed sign-in link, a GET uses it up: it is never mailed (no scanner opens it), and
 * it reaches this host only as the sign-up's redirect.
 */
import { data, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { AuthCard } from "~/components/AuthCard";
import { Notice } from "~/components/ui/Notice";
import { storeLoader } from "~/http/handlers.server";
import { createUserSession } from "~/http/sessions.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { consumeHandoff } from "~/services/platform/store-signup.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("storeSignup.handoffTitle") });

const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export const loader = storeLoader(async ({ request, params, store }) => {
  const host = new URL(request.url).hostname;
  const userId = await consumeHandoff(store.id, host, params.token ?? "");
  if (!userId) return data({ expired: true }, { status: 410, headers: PRIVATE });
  const cookie = await createUserSession(store.id, userId, request);
  const headers = new Headers(PRIVATE);
  headers.append("Set-Cookie", cookie);
  return redirectWithToast("/admin/dashboard", { key: "toast.registrationSuccess" }, { headers });
});

export default function Handoff() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("storeSignup.handoffTitle")}>
      <Notice>{t("storeSignup.handoffExpired")}</Notice>
      <p className="mt-6 text-center">
        <Link to="/login" className="font-bold text-primary-ink underline underline-offset-4">
          {t("auth.login.title")}
        </Link>
      </p>
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
