/**
 * The loader behind every listing page (/products, /products/most-selling, /categories/:slug,
 * /categories/:slug/:sub): reads the query, lists, and answers 200, 400 (with the repaired
 * listing and what was repaired) or 404 for a category that is not this store's. Listings are
 * read through the catalogue cache, keyed by the whole (repaired) query.
 */
import { data } from "@remix-run/node";
import type { Locale } from "~/lib/i18n";
import { DEFAULT_QUERY, parseCatalogQuery, type CatalogQuery } from "~/lib/validation/catalog";
import { cachedCatalogRead } from "~/services/catalog/catalog-cache.server";
import { listProducts, type CatalogCategory } from "~/services/catalog/catalog.server";
import type { ListingCategoryRef, ListingPageData, ListingProblem } from "~/services/catalog/contract";
import type { TenantStore } from "~/services/store/tenancy.server";
import { isLookupKey } from "./params.server";

export type { ListingCategoryRef, ListingPageData, ListingProblem };

export interface NotFoundPageData {
  kind: "not-found";
  what: "category" | "subCategory";
}

export interface ListingPageOptions {
  /** Path parameters that win over the query string. */
  category?: string;
  sub?: string;
  /** Pages with a fixed order (most selling) ignore everything but the cursor. */
  fixedSort?: CatalogQuery["sort"];
  /** /categories/:slug/:sub: a sub of another category is a 404, not a hint. */
  strictSub?: boolean;
}

const ref = (category: { slug: string; name: string; description: string }): ListingCategoryRef => ({
  slug: category.slug,
  name: category.name,
  description: category.description,
});

/** Called from a storeLoader with its `request`, `store` and `locale`. */
export async function loadListingPage(
  { request, store, locale }: { request: Request; store: TenantStore; locale: Locale },
  options: ListingPageOptions = {},
) {
  if (options.category !== undefined && !isLookupKey(options.category))
    return data<ListingPageData | NotFoundPageData>({ kind: "not-found", what: "category" }, { status: 404 });
  if (options.sub !== undefined && !isLookupKey(options.sub))
    return data<ListingPageData | NotFoundPageData>(
      { kind: "not-found", what: "subCategory" },
      { status: 404 },
    );
  const parsed = parseCatalogQuery(new URL(request.url).searchParams);
  let query: CatalogQuery = parsed.query;
  let problems: ListingProblem[] = parsed.problems;
  if (options.fixedSort) {
    query = { ...DEFAULT_QUERY, cursor: query.cursor, sort: options.fixedSort };
    problems = problems.filter((problem) => problem === "cursor");
  }
  if (options.category !== undefined)
    query = { ...query, category: options.category, sub: options.sub ?? null };

  const listing = { locale, currency: store.currency, strictSub: options.strictSub ?? false };
  const result = await cachedCatalogRead(store.id, `listing\u0000${JSON.stringify([query, listing])}`, () =>
    listProducts(store.id, query, listing),
  );
  if (result.kind !== "ok") {
    const what = result.kind === "category-not-found" ? "category" : "subCategory";
    return data<ListingPageData | NotFoundPageData>({ kind: "not-found", what }, { status: 404 });
  }
  if (result.cursorIgnored && !problems.includes("cursor")) problems = [...problems, "cursor"];
  if (result.subIgnored) problems = [...problems, "subIgnored"];
  const page: ListingPageData = {
    kind: "listing",
    query: { ...query, cursor: null, sub: result.subIgnored ? null : query.sub },
    problems,
    listing: {
      products: result.products,
      total: result.total,
      prevCursor: result.prevCursor,
      nextCursor: result.nextCursor,
    },
    categories: result.categories.map((category: CatalogCategory) => ({
      slug: category.slug,
      name: category.name,
      subcategories: category.subcategories.map((sub) => ({ slug: sub.slug, name: sub.name })),
    })),
    category: result.category
      ? { ...ref(result.category), subcategories: result.category.subcategories.map(ref) }
      : null,
    subcategory: result.subcategory ? ref(result.subcategory) : null,
  };
  // subIgnored is a hint about a combination, not malformed input: the page is still a 200.
  const malformed = problems.some((problem) => problem !== "subIgnored");
  return data<ListingPageData | NotFoundPageData>(page, { status: malformed ? 400 : 200 });
}
