/**
 * The shopper's wishlist (DESIGN §5): server-side rows in wishlist_items (quantity stays 1).
 * Only active products of this store can be added; removing works for any line, so an archived
 * product can still be taken off the list.
 */
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { products, wishlistItems } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import { stockState, type StockState } from "~/lib/stock";
import { loadActiveSales, priceLines } from "~/services/pricing/pricing.server";
import { localized } from "~/services/store/settings.server";
import { priceVaries, productSummaryColumns } from "~/services/catalog/product-columns.server";
import { inStore, storeJoin } from "~/db/store-scope";

export type WishlistChange =
  { ok: true; inWishlist: boolean } | { ok: false; error: "not-found" | "not-in-wishlist" };

/** One shopper's wishlist line for one product. */
const wishlistLine = (storeId: string, userId: string, productId: string) =>
  and(
    eq(wishlistItems.storeId, storeId),
    eq(wishlistItems.userId, userId),
    eq(wishlistItems.productId, productId),
  );

/** Adds the product, or removes it when it is already there. */
export async function toggleWishlist(
  storeId: string,
  userId: string,
  productId: string,
): Promise<WishlistChange> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const removed = await tx
      .delete(wishlistItems)
      .where(wishlistLine(storeId, userId, productId))
      .returning({ id: wishlistItems.id });
    if (removed.length > 0) return { ok: true, inWishlist: false } as const;
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(inStore(products, storeId, { id: productId, active: true }));
    if (!product) return { ok: false, error: "not-found" } as const;
    await tx.insert(wishlistItems).values({ storeId, userId, productId, quantity: 1 }).onConflictDoNothing();
    return { ok: true, inWishlist: true } as const;
  });
}

export async function removeFromWishlist(
  storeId: string,
  userId: string,
  productId: string,
): Promise<WishlistChange> {
  const db = await getDb();
  const removed = await db.withStore(storeId, (tx) =>
    tx
      .delete(wishlistItems)
      .where(wishlistLine(storeId, userId, productId))
      .returning({ id: wishlistItems.id }),
  );
  return removed.length > 0 ? { ok: true, inWishlist: false } : { ok: false, error: "not-in-wishlist" };
}

export interface WishlistLine {
  productId: string;
  slug: string;
  name: string;
  shadeHex: string | null;
  colorFamily: string | null;
  available: boolean;
  stockState: StockState;
  /** Minor units before any sale. */
  priceCents: number;
  /** What one unit costs now; below priceCents when a sale applies. */
  salePriceCents: number;
  /** The product's variants differ in price: these are the lowest ("From $x"). */
  priceVaries: boolean;
  addedAt: string;
}

/** The wishlist, newest first, with current (sale) prices in minor units. */
export async function getWishlist(
  storeId: string,
  userId: string,
  // currency: the page formats the amounts in the store currency; kept for the callers' shape.
  { locale }: { locale: Locale; currency: string },
): Promise<WishlistLine[]> {
  const db = await getDb();
  const { rows, sales } = await db.withStore(storeId, async (tx) => ({
    rows: await tx
      .select({
        productId: wishlistItems.productId,
        addedAt: wishlistItems.createdAt,
        ...productSummaryColumns,
        active: products.active,
        priceVaries: priceVaries(),
      })
      .from(wishlistItems)
      .innerJoin(products, storeJoin(products, "id", wishlistItems, "productId"))
      .where(and(eq(wishlistItems.storeId, storeId), eq(wishlistItems.userId, userId)))
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id)),
    sales: await loadActiveSales(tx),
  }));
  // A wishlist line is one unit: its price is what the product page shows.
  const priced = priceLines(
    rows.map((row) => ({ ...row, quantity: 1 })),
    sales,
  ).lines;
  return rows.map((row, index) => {
    const price = priced[index]!;
    return {
      productId: row.productId,
      slug: row.slug,
      name: localized(row.nameEn, row.nameAr, locale),
      shadeHex: row.shadeHex,
      colorFamily: row.colorFamily,
      available: row.active,
      stockState: stockState(row.stock),
      priceCents: price.unitPriceCents,
      salePriceCents: price.unitSalePriceCents,
      priceVaries: Boolean(row.priceVaries),
      addedAt: row.addedAt.toISOString(),
    };
  });
}
