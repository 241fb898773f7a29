/** Storefront reads for the home page. The full catalogue lives in catalog.server.ts. */
import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { getDb } from "~/db/client.server";
import { categories, products } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import { cachedCatalogRead } from "~/services/catalog/catalog-cache.server";
import { isActive, toCard, type CatalogProduct } from "~/services/catalog/catalog.server";
import { loadActiveSales, type ActiveSale } from "~/services/pricing/pricing.server";
import { localized } from "~/services/store/settings.server";
import { firstImageId, priceVaries, productSummaryColumns } from "~/services/catalog/product-columns.server";

export interface HomeProductsOptions {
  locale: Locale;
  currency: string;
  /** The owner's picks (store settings, in their order); none → the first categories. */
  featuredCategoryIds?: readonly string[];
  featuredProductIds?: readonly string[];
}

export interface HomeCategory {
  id: string;
  slug: string;
  name: string;
  imageId: string | null;
}

export interface HomeData {
  categories: HomeCategory[];
  /** The owner's featured products, in their order (active ones only). */
  featured: CatalogProduct[];
  mostSelling: CatalogProduct[];
  newArrivals: CatalogProduct[];
  onSale: CatalogProduct[];
}

/** Products per home row, and featured categories. */
export const HOME_ROW = 4;
const HOME_CATEGORIES = 6;

/** Products some running sale could cover, as a WHERE condition; null when none can be. */
function saleCondition(sales: readonly ActiveSale[]): SQL | null {
  if (sales.some((sale) => sale.scope === "store")) return sql`true`;
  const categoryIds = [...new Set(sales.flatMap((sale) => [...sale.categoryIds]))];
  const productIds = [...new Set(sales.flatMap((sale) => [...sale.productIds]))];
  const parts: SQL[] = [];
  if (categoryIds.length > 0) {
    parts.push(inArray(products.categoryId, categoryIds), inArray(products.subcategoryId, categoryIds));
  }
  if (productIds.length > 0) parts.push(inArray(products.id, productIds));
  return parts.length > 0 ? (or(...parts) ?? null) : null;
}

/**
 * Everything the home page lists below the hero, through the catalogue cache; a miss is one
 * transaction of three queries: running sales, featured categories, and the product rows (most
 * selling, new arrivals, on sale) as one UNION ALL of index-ordered LIMIT scans.
 */
export function loadHome(storeId: string, options: HomeProductsOptions): Promise<HomeData> {
  // The picks live in the store's settings, which the catalogue triggers do not watch: they are
  // part of the key, so a new choice is a new entry (the tenant cache has the current picks).
  const picks = `${options.featuredCategoryIds?.join(",") ?? ""}\u0000${options.featuredProductIds?.join(",") ?? ""}`;
  return cachedCatalogRead(
    storeId,
    `home\u0000${options.locale}\u0000${options.currency}\u0000${picks}`,
    () => readHome(storeId, options),
  );
}

/** Rows in the order of `ids` (the owner's order); ids with no row are skipped. */
function inPickOrder<T extends { id: string }>(rows: T[], ids: readonly string[]): T[] {
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

async function readHome(
  storeId: string,
  { locale, featuredCategoryIds = [], featuredProductIds = [] }: HomeProductsOptions,
): Promise<HomeData> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const sales = await loadActiveSales(tx);
    const categoryColumns = {
      id: categories.id,
      slug: categories.slug,
      nameEn: categories.nameEn,
      nameAr: categories.nameAr,
      imageId: categories.imageId,
    };
    const topLevel = and(eq(categories.storeId, storeId), sql`${categories.parentId} is null`);
    const picked =
      featuredCategoryIds.length > 0
        ? inPickOrder(
            await tx
              .select(categoryColumns)
              .from(categories)
              .where(and(topLevel, inArray(categories.id, [...featuredCategoryIds]))),
            featuredCategoryIds,
          )
        : [];
    const featured =
      picked.length > 0
        ? picked
        : await tx
            .select(categoryColumns)
            .from(categories)
            .where(topLevel)
            .orderBy(asc(categories.sortOrder), asc(categories.slug))
            .limit(HOME_CATEGORIES);

    const row = (shelf: "best" | "new" | "sale" | "featured") =>
      tx
        .select({
          shelf: sql<string>`${shelf}::text`.as("shelf"),
          ...productSummaryColumns,
          unitsSold: products.unitsSold,
          unitsSold7d: products.unitsSold7d,
          imageId: firstImageId().as("image_id"),
          priceVaries: priceVaries().as("price_varies"),
        })
        .from(products);
    const base = [eq(products.storeId, storeId), isActive];
    const best = row("best")
      .where(and(...base))
      .orderBy(sql`${products.unitsSold} desc nulls last`, asc(products.id))
      .limit(HOME_ROW);
    const fresh = row("new")
      .where(and(...base))
      .orderBy(sql`${products.createdAt} desc nulls last`, asc(products.id))
      .limit(HOME_ROW);
    const onSaleWhere = saleCondition(sales);
    // A few spare rows: a sale that takes nothing off (a 0 % one) does not make a product "on sale".
    const rows = onSaleWhere
      ? await unionAll(
          best,
          fresh,
          row("sale")
            .where(and(...base, onSaleWhere))
            .orderBy(sql`${products.unitsSold} desc nulls last`, asc(products.id))
            .limit(HOME_ROW * 2),
        )
      : await unionAll(best, fresh);

    const featuredProducts =
      featuredProductIds.length > 0
        ? inPickOrder(
            await row("featured").where(and(...base, inArray(products.id, [...featuredProductIds]))),
            featuredProductIds,
          ).map((r) => toCard(r, sales, locale))
        : [];
    const shelf = (name: string) => rows.filter((r) => r.shelf === name).map((r) => toCard(r, sales, locale));
    return {
      categories: featured.map((c) => ({
        id: c.id,
        slug: c.slug,
        name: localized(c.nameEn, c.nameAr, locale),
        imageId: c.imageId,
      })),
      featured: featuredProducts,
      mostSelling: shelf("best"),
      newArrivals: shelf("new"),
      onSale: shelf("sale")
        .filter((p) => p.salePriceCents < p.priceCents)
        .slice(0, HOME_ROW),
    };
  });
}
