import { Link, useLocation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { catalogSearch } from "~/lib/catalog-query";
import type { ListingPageData } from "~/http/catalog-page.server";
import { CatalogFilters } from "./CatalogFilters";
import { ListingProblems } from "./ListingProblems";
import { Pagination } from "./Pagination";
import { ProductGrid } from "./ProductGrid";

/**
 * A listing page: title, optional intro, filters, the result count, the grid and Previous/Next.
 * `filters`: "all" shows every picker, "price" hides the category pickers (fixed by the path),
 * "none" shows no form (a page with a fixed order).
 */
export function CatalogListing({
  page,
  title,
  intro,
  filters,
}: {
  page: ListingPageData;
  title: string;
  intro?: ReactNode;
  filters: "all" | "price" | "none";
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const id = useId();
  const { listing, query } = page;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 id={`${id}-title`} className="text-3xl font-extrabold">
        {title}
      </h1>
      {intro}
      <div className="mt-6 flex flex-col gap-4">
        <ListingProblems problems={page.problems} />
        {filters !== "none" ? (
          <CatalogFilters
            action={pathname}
            query={query}
            categories={filters === "all" ? page.categories : null}
          />
        ) : null}
      </div>
      <p role="status" className="mt-6 font-bold text-muted">
        {t("catalog.results", { count: listing.total })}
      </p>
      {listing.products.length > 0 ? (
        <div className="mt-4">
          <ProductGrid products={listing.products} labelledBy={`${id}-title`} />
        </div>
      ) : (
        <p className="mt-4">
          {t("catalog.noResults")}{" "}
          {filters !== "none" ? (
            <Link to={pathname} className="font-bold text-primary-ink underline underline-offset-4">
              {t("catalog.filters.clear")}
            </Link>
          ) : null}
        </p>
      )}
      <Pagination
        pathname={pathname}
        search={catalogSearch(filters === "none" ? {} : query, { category: filters === "all" })}
        prevCursor={listing.prevCursor}
        nextCursor={listing.nextCursor}
      />
    </div>
  );
}
