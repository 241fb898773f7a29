/**
 * The shopper's cart (DESIGN §5): server-side rows in cart_items, one line per product, so it
 * works without JavaScript and across devices. Every change checks the product in this store
 * (active, in stock) inside the same transaction, with the product row locked, so a line never
 * exceeds stock. Prices and totals come from the one pricing core (priceLines, decision 011) in
 * minor units, computed on the server, never in the browser; the page formats them.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { cartItems, products } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import { stockState, type StockState } from "~/lib/stock";
import { loadActiveSales, priceLines, sumLines, type AppliedSale } from "~/services/commerce/pricing.server";
import { localized } from "~/services/store/settings.server";
import { productSummaryColumns } from "~/services/catalog/product-columns.server";

export type CartError =
  | { error: "not-found" }
  | { error: "out-of-stock" }
  | { error: "above-stock"; stock: number; inCart: number }
  | { error: "not-in-cart" };

export type CartChange = { ok: true; quantity: number } | ({ ok: false } & CartError);

/** The product row, locked for the rest of the transaction; null unless active in this store. */
async function lockProduct(tx: Tx, storeId: string, productId: string) {
  const [product] = await tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId), eq(products.active, true)))
    .for("update");
  return product ?? null;
}

/** One shopper's cart line for one product. */
const cartLine = (storeId: string, userId: string, productId: string) =>
  and(eq(cartItems.storeId, storeId), eq(cartItems.userId, userId), eq(cartItems.productId, productId));

async function currentQuantity(tx: Tx, userId: string, productId: string): Promise<number> {
  const [line] = await tx
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  return line?.quantity ?? 0;
}

/** Adds `quantity` to the shopper's line for the product (creating it), never above stock. */
export async function addToCart(
  storeId: string,
  userId: string,
  productId: string,
  quantity: number,
): Promise<CartChange> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const product = await lockProduct(tx, storeId, productId);
    if (!product) return { ok: false, error: "not-found" };
    if (product.stock <= 0) return { ok: false, error: "out-of-stock" };
    const inCart = await currentQuantity(tx, userId, productId);
    const next = inCart + quantity;
    if (next > product.stock) return { ok: false, error: "above-stock", stock: product.stock, inCart };
    await tx
      .insert(cartItems)
      .values({ storeId, userId, productId, quantity: next })
      .onConflictDoUpdate({
        target: [cartItems.storeId, cartItems.userId, cartItems.productId],
        set: { quantity: next, updatedAt: sql`now()` },
      });
    return { ok: true, quantity: next };
  });
}

/** Sets the line's quantity; 0 removes it. Only lines the shopper already has. */
export async function setCartQuantity(
  storeId: string,
  userId: string,
  productId: string,
  quantity: number,
): Promise<CartChange> {
  if (quantity === 0) return removeFromCart(storeId, userId, productId);
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const product = await lockProduct(tx, storeId, productId);
    if (!product) return { ok: false, error: "not-found" };
    const inCart = await currentQuantity(tx, userId, productId);
    if (inCart === 0) return { ok: false, error: "not-in-cart" };
    if (quantity > product.stock) return { ok: false, error: "above-stock", stock: product.stock, inCart };
    await tx
      .update(cartItems)
      .set({ quantity })
      .where(cartLine(storeId, userId, productId));
    return { ok: true, quantity };
  });
}

/** Removes the line, also for a product that is no longer sold (so a stale line can go). */
export async function removeFromCart(
  storeId: string,
  userId: string,
  productId: string,
): Promise<CartChange> {
  const db = await getDb();
  const removed = await db.withStore(storeId, (tx) =>
    tx
      .delete(cartItems)
      .where(cartLine(storeId, userId, productId))
      .returning({ id: cartItems.id }),
  );
  return removed.length > 0 ? { ok: true, quantity: 0 } : { ok: false, error: "not-in-cart" };
}

export interface CartLine {
  productId: string;
  slug: string;
  name: string;
  shadeHex: string | null;
  colorFamily: string | null;
  quantity: number;
  stock: number;
  stockState: StockState;
  /** False when the product was archived: the line stays visible so it can be removed. */
  available: boolean;
  /** The quantity is more than is left (stock went down since it was added). */
  exceedsStock: boolean;
  unitPriceCents: number;
  /** Below unitPriceCents when a sale applies. */
  unitSalePriceCents: number;
  lineTotalCents: number;
  sale: AppliedSale | null;
}

export interface Cart {
  lines: CartLine[];
  /** Units across available lines. */
  itemCount: number;
  /** Totals of the available lines, in minor units of `currency`. */
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  currency: string;
  /** Every line can be bought as it stands. */
  checkoutReady: boolean;
}

/** The cart with sale prices and totals; unavailable lines are shown but not counted. */
export async function getCart(
  storeId: string,
  userId: string,
  { locale, currency }: { locale: Locale; currency: string },
): Promise<Cart> {
  const db = await getDb();
  const { rows, sales } = await db.withStore(storeId, async (tx) => ({
    rows: await tx
      .select({
        productId: cartItems.productId,
        quantity: cartItems.quantity,
        ...productSummaryColumns,
        active: products.active,
      })
      .from(cartItems)
      .innerJoin(products, and(eq(products.storeId, cartItems.storeId), eq(products.id, cartItems.productId)))
      .where(and(eq(cartItems.storeId, storeId), eq(cartItems.userId, userId)))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id)),
    sales: await loadActiveSales(tx),
  }));
  const priced = priceLines(rows, sales).lines;
  // Archived products stay listed (so they can be removed) but are not bought: not in the totals.
  const totals = sumLines(priced.filter((_, index) => rows[index]!.active));
  let checkoutReady = rows.length > 0;
  const lines = rows.map((row, index): CartLine => {
    const price = priced[index]!;
    const exceedsStock = row.quantity > row.stock;
    if (!row.active || exceedsStock) checkoutReady = false;
    return {
      productId: row.productId,
      slug: row.slug,
      name: localized(row.nameEn, row.nameAr, locale),
      shadeHex: row.shadeHex,
      colorFamily: row.colorFamily,
      quantity: row.quantity,
      stock: row.stock,
      stockState: stockState(row.stock),
      available: row.active,
      exceedsStock,
      unitPriceCents: price.unitPriceCents,
      unitSalePriceCents: price.unitSalePriceCents,
      lineTotalCents: price.lineTotalCents,
      sale: price.sale,
    };
  });
  return {
    lines,
    itemCount: totals.quantity,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
    currency,
    checkoutReady,
  };
}

/** Lines in the shopper's cart, for the header (one small indexed count), in the caller's transaction. */
export async function countCartLines(tx: Tx, storeId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(cartItems)
    .where(and(eq(cartItems.storeId, storeId), eq(cartItems.userId, userId)))
    // Prepared: every signed-in page's header shows it.
    .prepare("count_cart_lines")
    .execute();
  return row?.n ?? 0;
}
