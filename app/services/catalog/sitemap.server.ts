/** What a store's sitemap lists: its public pages, categories and active products. */
import { and, asc, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "~/db/client.server";
import { categories, products } from "~/db/schema";
import { storeJoin } from "~/db/store-scope";

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

const STATIC_PATHS = [
  "/",
  "/products",
  "/products/most-selling",
  "/categories",
  "/about",
  "/contact",
  "/terms",
  "/privacy",
];
/** The sitemap protocol's limit for one file. */
const MAX_URLS = 50_000;

export async function sitemapEntries(storeId: string): Promise<SitemapEntry[]> {
  const db = await getDb();
  const parent = alias(categories, "parent");
  const [categoryRows, productRows] = await db.withStore(storeId, async (tx) => [
    await tx
      .select({ slug: categories.slug, parentSlug: parent.slug, updatedAt: categories.updatedAt })
      .from(categories)
      .leftJoin(parent, storeJoin(parent, "id", categories, "parentId"))
      .orderBy(asc(isNull(categories.parentId)), asc(categories.sortOrder)),
    await tx
      .select({ slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.active, true)))
      .orderBy(asc(products.slug))
      .limit(MAX_URLS),
  ]);
  const entries: SitemapEntry[] = STATIC_PATHS.map((path) => ({ path }));
  for (const row of categoryRows) {
    const path = row.parentSlug ? `/categories/${row.parentSlug}/${row.slug}` : `/categories/${row.slug}`;
    entries.push({ path, lastModified: row.updatedAt });
  }
  for (const row of productRows) entries.push({ path: `/products/${row.slug}`, lastModified: row.updatedAt });
  return entries.slice(0, MAX_URLS);
}
