import { data, type MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/lib/use-translation";
import { MessagePage } from "~/components/MessagePage";
import { siteLoader } from "~/http/handlers.server";
import { seo } from "~/lib/seo";

/** Every path no other route claims: a 404 inside the site's layout. */
export const loader = siteLoader(() => data(null, { status: 404 }));

export const meta: MetaFunction = ({ matches }) => seo({ matches, page: (t) => t("meta.pageNotFound") });

export default function NotFound() {
  const { t } = useTranslation();
  return <MessagePage status={404} title={t("notFound.page")} message={t("error.pageNotFoundMessage")} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
