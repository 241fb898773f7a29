import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CatalogListing } from "~/components/catalog/CatalogListing";
import { CatalogNotFound } from "~/components/catalog/CatalogNotFound";
import { cardImagePreload } from "~/lib/card-image";
import { seo } from "~/lib/seo";
import { loadListingPage } from "~/http/catalog-page.server";
import { storeLoader } from "~/http/handlers.server";

/**
 * A sub category's products. 'Categorie Not Found' or 'Sub Category Not Found' (404) when either
 * slug is not this store's, or the sub category belongs to another category.
 */
export const loader = storeLoader((args) =>
  loadListingPage(args, { category: args.params.slug ?? "", sub: args.params.sub ?? "", strictSub: true }),
);

export const meta: MetaFunction<typeof loader> = ({ matches, data, params }) => [
  ...seo({
    matches,
    path: `/categories/${params.slug}/${params.sub}`,
    page: (t) =>
      data?.kind === "listing"
        ? `${data.subcategory?.name} · ${data.category?.name}`
        : t(`notFound.${data?.what ?? "subCategory"}`),
    description: () => (data?.kind === "listing" && data.subcategory?.description) || null,
  }),
  ...cardImagePreload(data?.kind === "listing" ? data.listing.products[0]?.imageId : null),
];

export default function SubCategory() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "not-found") return <CatalogNotFound what={data.what} />;
  const { category, subcategory } = data;
  if (!category || !subcategory) return <CatalogNotFound what="subCategory" />;
  return (
    <CatalogListing
      page={data}
      title={subcategory.name}
      filters="price"
      intro={
        <>
          <p className="mt-1">
            <Link
              to={`/categories/${category.slug}`}
              className="font-bold text-primary-ink underline underline-offset-4"
            >
              {category.name}
            </Link>
          </p>
          {subcategory.description ? (
            <p className="mt-2 max-w-3xl text-lg text-muted">{subcategory.description}</p>
          ) : null}
        </>
      }
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
