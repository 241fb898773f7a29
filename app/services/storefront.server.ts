/** Storefront reads for the shell and the home page. The full catalogue lives in catalog.server.ts. */
import { and, asc, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { products } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { stockState, type StockState } from "~/lib/stock";
import { localized } from "./settings.server";

export interface HomeProduct {
  id: string;
  slug: string;
  name: string;
  priceCents: number;
  /** Formatted with the store currency in the active locale. */
  price: string;
  shadeHex: string | null;
  colorFamily: string | null;
  stock: StockState;
}

export interface HomeProductsOptions {
  locale: Locale;
  currency: string;
  limit?: number;
}

/** Active products, best sellers first, for the home page grid. */
export async function listHomeProducts(
  storeId: string,
  { locale, currency, limit = 12 }: HomeProductsOptions,
): Promise<HomeProduct[]> {
  const db = await getDb();
  const rows = await db.withStore(storeId, (tx) =>
    tx
      .select({
        id: products.id,
        slug: products.slug,
        nameEn: products.nameEn,
        nameAr: products.nameAr,
        priceCents: products.priceCents,
        stock: products.stock,
        shadeHex: products.shadeHex,
        colorFamily: products.colorFamily,
      })
      .from(products)
      // RLS already scopes rows to the store; the explicit filter lets the index lead with it.
      .where(and(eq(products.storeId, storeId), eq(products.active, true)))
      .orderBy(desc(products.unitsSold), asc(products.id)) // matches products_best_seller_idx
      .limit(Math.min(Math.max(limit, 1), 48)),
  );
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: localized(row.nameEn, row.nameAr, locale),
    priceCents: row.priceCents,
    price: formatMoney(row.priceCents, currency, locale),
    shadeHex: row.shadeHex,
    colorFamily: row.colorFamily,
    stock: stockState(row.stock),
  }));
}
