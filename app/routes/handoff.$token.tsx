/**
 * `/handoff/:token` on a new store's host: where the platform's sign-up sends its owner. The
 * token is single-use, lives two minutes and works only on the host it was issued for; it signs
 * the owner in here (this host's own cookie) and lands on the dashboard's getting-started list.
 * Unlike an emailed sign-in link, a GET uses it up: it is never mailed (no scanner opens it), and
 * it reaches this host only as the sign-up's redirect.
 */
import { data, type MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/lib/use-translation";
import { ExpiredLinkCard } from "~/components/ExpiredLinkCard";
import { storeLoader } from "~/http/handlers.server";
import { redirectSignedIn } from "~/http/sessions.server";
import { seo } from "~/lib/seo";
import { consumeHandoff } from "~/services/platform/store-signup.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("storeSignup.handoffTitle") });

const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export const loader = storeLoader(async ({ request, params, store }) => {
  const host = new URL(request.url).hostname;
  const userId = await consumeHandoff(store.id, host, params.token ?? "");
  if (!userId) return data({ expired: true }, { status: 410, headers: PRIVATE });
  return redirectSignedIn(
    store.id,
    userId,
    request,
    "/admin/dashboard",
    "toast.registrationSuccess",
    PRIVATE,
  );
});

export default function Handoff() {
  const { t } = useTranslation();
  return (
    <ExpiredLinkCard
      title={t("storeSignup.handoffTitle")}
      notice={t("storeSignup.handoffExpired")}
      to="/login"
      linkText={t("auth.login.title")}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
