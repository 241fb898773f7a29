import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { MessagePage } from "~/components/MessagePage";

/** The order pages' error boundary: 'Order Not Found' for a 404, the general message otherwise. */
export function OrderErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <MessagePage status={404} title={t("notFound.order")} message={t("error.pageNotFoundMessage")} />;
  }
  return <MessagePage title={t("error.title")} message={t("error.message")} />;
}
