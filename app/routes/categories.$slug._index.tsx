import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { CatalogListing } from "~/components/catalog/CatalogListing";
import { CatalogNotFound } from "~/components/catalog/CatalogNotFound";
import { cardImagePreload } from "~/lib/card-image";
import { seo } from "~/lib/seo";
import { loadListingPage } from "~/http/catalog-page.server";
import { storeLoader } from "~/http/handlers.server";

/**
 * One category's products, with its sub categories as links; 'Categorie Not Found' (404) otherwise.
 * An index route, not `categories.$slug.tsx`: flat routes would make that file the parent of
 * /categories/:slug/:sub, which would then never render (and both loaders would run).
 */
export const loader = storeLoader((args) =>
  loadListingPage(args, { category: args.params.slug ?? "", strictSub: true }),
);

export const meta: MetaFunction<typeof loader> = ({ matches, data, params }) => [
  ...seo({
    matches,
    path: `/categories/${params.slug}`,
    page: (t) => (data?.kind === "listing" ? data.category?.name : t("notFound.category")),
    description: () => (data?.kind === "listing" && data.category?.description) || null,
  }),
  ...cardImagePreload(data?.kind === "listing" ? data.listing.products[0]?.imageId : null),
];

export default function Category() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (data.kind === "not-found" || !data.category) return <CatalogNotFound what="category" />;
  const category = data.category;
  return (
    <CatalogListing
      page={data}
      title={category.name}
      filters="price"
      intro={
        <>
          {category.description ? (
            <p className="mt-2 max-w-3xl text-lg text-muted">{category.description}</p>
          ) : null}
          {category.subcategories.length > 0 ? (
            <nav
              aria-label={t("catalog.categories.subHeading", { category: category.name })}
              className="mt-4"
            >
              <ul className="flex flex-wrap gap-2">
                {category.subcategories.map((sub) => (
                  <li key={sub.slug}>
                    <Link
                      to={`/categories/${category.slug}/${sub.slug}`}
                      className="inline-flex min-h-11 items-center rounded-full border border-line bg-card px-4 font-bold hover:bg-page"
                    >
                      {sub.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </>
      }
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
