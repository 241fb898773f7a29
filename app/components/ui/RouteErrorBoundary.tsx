import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { MessagePage } from "~/components/MessagePage";
import { errorView } from "~/lib/error-view";

/**
 * The error boundary of every route (`export { RouteErrorBoundary as ErrorBoundary }`). Remix
 * renders it in place of the failing route only, inside its parents' layouts: a failing admin
 * panel leaves the admin frame, a failing page the store header and footer. 404 and 403 say so in
 * the page's language, a refusal shows its own message, anything else a generic "something went
 * wrong" (the details stay in the server log).
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const view = errorView(error, isRouteErrorResponse);
  return (
    <MessagePage status={view.status} title={t(view.title)} message={String(t(view.message, view.params))} />
  );
}
