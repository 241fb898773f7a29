import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { CatalogListing } from "~/components/catalog/CatalogListing";
import { CatalogNotFound } from "~/components/catalog/CatalogNotFound";
import { cardImagePreload } from "~/lib/card-image";
import { seo } from "~/lib/seo";
import { loadListingPage } from "~/http/catalog-page.server";
import { storeLoader } from "~/http/handlers.server";

/** Best sellers (units sold), Previous/Next only. */
export const loader = storeLoader((args) => loadListingPage(args, { fixedSort: "best-seller" }));

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  ...seo({
    matches,
    path: "/products/most-selling",
    page: (t) => t("catalog.mostSelling.title"),
    description: (t) => t("catalog.mostSelling.description"),
  }),
  ...cardImagePreload(data?.kind === "listing" ? data.listing.products[0]?.imageId : null),
];

export default function MostSelling() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (data.kind === "not-found") return <CatalogNotFound what={data.what} />;
  return <CatalogListing page={data} title={t("catalog.mostSelling.title")} filters="none" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
