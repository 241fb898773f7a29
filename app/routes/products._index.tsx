import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { CatalogListing } from "~/components/catalog/CatalogListing";
import { CatalogNotFound } from "~/components/catalog/CatalogNotFound";
import { cardImagePreload } from "~/lib/card-image";
import { seo } from "~/lib/seo";
import { loadListingPage } from "~/http/catalog-page.server";
import { storeLoader } from "~/http/handlers.server";

/** All products: search, category, sub category, price range, sort, Previous/Next. */
export const loader = storeLoader((args) => loadListingPage(args));

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  ...seo({
    matches,
    path: "/products",
    page: (t) => (data?.kind === "not-found" ? t(`notFound.${data.what}`) : t("catalog.allProducts.title")),
    description: (t) => t("catalog.allProducts.description"),
  }),
  ...cardImagePreload(data?.kind === "listing" ? data.listing.products[0]?.imageId : null),
];

export default function Products() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (data.kind === "not-found") return <CatalogNotFound what={data.what} />;
  return <CatalogListing page={data} title={t("catalog.allProducts.title")} filters="all" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
