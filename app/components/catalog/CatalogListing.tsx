import { Link, useLocation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { catalogSearch } from "~/lib/catalog-query";
import type { ListingPageData } from "~/services/catalog/contract";
import { CatalogFilters } from "./CatalogFilters";
import { FILTERS_ID, FilterDrawer } from "./FilterDrawer";
import { ListingProblems } from "./ListingProblems";
import { Pagination } from "./Pagination";
import { ProductGrid } from "./ProductGrid";

/**
 * A listing page: title, optional intro, filters, the result count, the grid and Previous/Next.
 * `filters`: "all" shows every picker, "price" hides the category pickers (fixed by the path),
 * "none" shows no form (a page with a fixed order). Below 640 px the filters sit behind a
 * "Filter and sort" button (FilterDrawer), so the first screen shows products.
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
  const filterProps = {
    action: pathname,
    query,
    categories: filters === "all" ? page.categories : null,
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <h1 id={`${id}-title`} className="text-3xl font-extrabold">
        {title}
      </h1>
      {intro}
      <div className="mt-4 flex flex-col gap-4 empty:hidden sm:mt-6">
        <ListingProblems problems={page.problems} />
        {filters !== "none" ? (
          // Without JavaScript a phone shows it while the URL names it (FilterDrawer's link).
          <div id={FILTERS_ID} className="scroll-mt-4 max-sm:hidden max-sm:target:block">
            <CatalogFilters {...filterProps} />
          </div>
        ) : null}
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 sm:mt-6">
        {filters !== "none" ? <FilterDrawer {...filterProps} total={listing.total} /> : null}
        <p role="status" className="font-bold text-muted">
          {t("catalog.results", { count: listing.total })}
        </p>
      </div>
      {listing.products.length > 0 ? (
        <div className="mt-4">
          {/* Right under the h1 on phones (the filters' h2 is in the drawer there), so h2 cards. */}
          <ProductGrid products={listing.products} labelledBy={`${id}-title`} headingLevel={2} />
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
