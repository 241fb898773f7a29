import { data, type MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/lib/use-translation";
import { MessagePage } from "~/components/MessagePage";
import { adminLoader } from "~/http/handlers.server";
import { ANY_STAFF } from "~/lib/permissions";
import { seo } from "~/lib/seo";

/**
 * An /admin path no page claims (including menu entries not built yet): a 404 inside the admin
 * frame, for admins only, so the area's shape is not shown to anyone else.
 */
export const loader = adminLoader(ANY_STAFF, () => data(null, { status: 404 }));

export const meta: MetaFunction = ({ matches }) => seo({ matches, page: (t) => t("meta.pageNotFound") });

export default function AdminNotFound() {
  const { t } = useTranslation();
  return <MessagePage status={404} title={t("notFound.page")} message={t("error.pageNotFoundMessage")} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
