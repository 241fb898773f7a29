/**
 * The shopper's cart (DESIGN §5): server-side rows in cart_items, one line per variant, so it
 * works without JavaScript and across devices. Every change checks the variant in this store
 * (active, in stock) inside the same transaction, with the variant row locked, so a line never
 * exceeds stock. Prices and totals come from the one pricing core (priceLines, decision 011) in
 * minor units, computed on the server, never in the browser; the page formats them.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { cartItems, products, productVariants } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import { stockState } from "~/lib/stock";
import { loadActiveSales, priceLines, sumLines } from "~/services/pricing/pricing.server";
import type { Cart, CartLine } from "./contract";

export type { Cart, CartLine };
import { localized } from "~/services/store/settings.server";
import { lineImageId, productSummaryColumns } from "~/services/catalog/product-columns.server";
import { loadVariantOptions, resolveVariant, type VariantChoice } from "~/services/catalog/variants.server";
import { variantLabel } from "~/lib/variants";
import { lockShopperCart } from "./shopper-lock.server";
import { priceAppliedCode } from "~/services/discounts/codes.server";
import { loadCartVatRule } from "~/services/tax/settings.server";
import { goodsTaxLine, taxOrder } from "~/lib/vat-math";
import { inStore, storeJoin } from "~/db/store-scope";

export type CartError =
  | { error: "not-found" }
  | { error: "choose-options" }
  | { error: "no-such-combination" }
  | { error: "out-of-stock" }
  | { error: "above-stock"; stock: number; inCart: number }
  | { error: "not-in-cart" };

export type CartChange =
  /** `variantId`: the line's variant, when an add resolved it (the product page shows it again). */
  { ok: true; quantity: number; variantId?: string } | ({ ok: false } & CartError);

/**
 * The variant row, locked for the rest of the transaction; null unless it and its product are
 * active in this store.
 */
async function lockVariant(tx: Tx, storeId: string, variantId: string) {
  const [variant] = await tx
    .select({ id: productVariants.id, productId: productVariants.productId, stock: productVariants.stock })
    .from(productVariants)
    .innerJoin(products, storeJoin(products, "id", productVariants, "productId"))
    .where(and(inStore(productVariants, storeId, { id: variantId, active: true }), eq(products.active, true)))
    .for("update", { of: productVariants });
  return variant ?? null;
}

/** One shopper's cart line for one variant. */
const cartLine = (storeId: string, userId: string, variantId: string) =>
  and(eq(cartItems.storeId, storeId), eq(cartItems.userId, userId), eq(cartItems.variantId, variantId));

async function currentQuantity(tx: Tx, storeId: string, userId: string, variantId: string): Promise<number> {
  const [line] = await tx
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(cartLine(storeId, userId, variantId));
  return line?.quantity ?? 0;
}

/**
 * Adds `quantity` of the chosen variant of the product to the shopper's cart (the same variant
 * merges into one line), never above that variant's stock.
 */
export async function addToCart(
  storeId: string,
  userId: string,
  productId: string,
  quantity: number,
  choice: VariantChoice = { optionValueIds: [] },
): Promise<CartChange> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    await lockShopperCart(tx, userId);
    const resolved = await resolveVariant(tx, storeId, productId, choice);
    if (!resolved.ok) return { ok: false, error: resolved.error };
    const variant = await lockVariant(tx, storeId, resolved.variantId);
    if (!variant) return { ok: false, error: "not-found" };
    if (variant.stock <= 0) return { ok: false, error: "out-of-stock" };
    const inCart = await currentQuantity(tx, storeId, userId, variant.id);
    const next = inCart + quantity;
    if (next > variant.stock) return { ok: false, error: "above-stock", stock: variant.stock, inCart };
    await tx
      .insert(cartItems)
      .values({ storeId, userId, productId: variant.productId, variantId: variant.id, quantity: next })
      .onConflictDoUpdate({
        target: [cartItems.storeId, cartItems.userId, cartItems.variantId],
        set: { quantity: next, updatedAt: sql`now()` },
      });
    return { ok: true, quantity: next, variantId: variant.id };
  });
}

/** Sets the line's quantity; 0 removes it. Only lines the shopper already has. */
export async function setCartQuantity(
  storeId: string,
  userId: string,
  variantId: string,
  quantity: number,
): Promise<CartChange> {
  if (quantity === 0) return removeFromCart(storeId, userId, variantId);
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    await lockShopperCart(tx, userId);
    const variant = await lockVariant(tx, storeId, variantId);
    if (!variant) return { ok: false, error: "not-found" };
    const inCart = await currentQuantity(tx, storeId, userId, variantId);
    if (inCart === 0) return { ok: false, error: "not-in-cart" };
    if (quantity > variant.stock) return { ok: false, error: "above-stock", stock: variant.stock, inCart };
    await tx
      .update(cartItems)
      .set({ quantity })
      .where(cartLine(storeId, userId, variantId));
    return { ok: true, quantity };
  });
}

/** Removes the line, also for a variant that is no longer sold (so a stale line can go). */
export async function removeFromCart(
  storeId: string,
  userId: string,
  variantId: string,
): Promise<CartChange> {
  const db = await getDb();
  const removed = await db.withStore(storeId, async (tx) => {
    await lockShopperCart(tx, userId);
    return tx
      .delete(cartItems)
      .where(cartLine(storeId, userId, variantId))
      .returning({ id: cartItems.id });
  });
  return removed.length > 0 ? { ok: true, quantity: 0 } : { ok: false, error: "not-in-cart" };
}

/** The cart with sale prices and totals; unavailable lines are shown but not counted. */
export async function getCart(
  storeId: string,
  userId: string,
  { locale, currency }: { locale: Locale; currency: string },
): Promise<Cart> {
  const db = await getDb();
  const { rows, priced, buyable, code, options, vatRule } = await db.withStore(storeId, async (tx) => {
    const rows = await tx
      .select({
        productId: cartItems.productId,
        variantId: cartItems.variantId,
        quantity: cartItems.quantity,
        ...productSummaryColumns,
        // The variant's price and stock, not the product's summary of them.
        priceCents: productVariants.priceCents,
        stock: productVariants.stock,
        active: sql<boolean>`${products.active} and ${productVariants.active}`,
        imageId: lineImageId("cart_items"),
        taxClass: products.taxClass,
      })
      .from(cartItems)
      .innerJoin(products, storeJoin(products, "id", cartItems, "productId"))
      .innerJoin(productVariants, storeJoin(productVariants, "id", cartItems, "variantId"))
      .where(and(eq(cartItems.storeId, storeId), eq(cartItems.userId, userId)))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    const priced = priceLines(rows, await loadActiveSales(tx)).lines;
    const buyable = rows.flatMap((row, index) => (row.active ? [index] : []));
    return {
      rows,
      priced,
      buyable,
      code: await priceAppliedCode(tx, storeId, {
        lines: buyable.map((index) => rows[index]!),
        priced: buyable.map((index) => priced[index]!),
        shippingCents: 0,
        userId,
      }),
      options: await loadVariantOptions(
        tx,
        storeId,
        rows.map((row) => row.variantId),
      ),
      vatRule: await loadCartVatRule(tx, storeId, userId),
    };
  });
  // Archived products stay listed (so they can be removed) but are not bought: not in the totals.
  const totals = sumLines(priced.filter((_, index) => rows[index]!.active));
  let checkoutReady = rows.length > 0;
  const lines = rows.map((row, index): CartLine => {
    const price = priced[index]!;
    const exceedsStock = row.quantity > row.stock;
    if (!row.active || exceedsStock) checkoutReady = false;
    return {
      productId: row.productId,
      variantId: row.variantId,
      variantLabel: variantLabel(options.get(row.variantId), locale),
      slug: row.slug,
      name: localized(row.nameEn, row.nameAr, locale),
      shadeHex: row.shadeHex,
      colorFamily: row.colorFamily,
      imageId: row.imageId,
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
  // A free-shipping code takes nothing off the goods (its amount is shipping, 0 here).
  const codeOnGoods = code && code.kind !== "free_shipping" ? code.amountCents : 0;
  // Each line at its product's tax class; the code shared over the lines it applies to.
  const goodsVat = vatRule
    ? taxOrder(
        vatRule.inclusive ? "inclusive" : "exclusive",
        buyable.map((index) =>
          goodsTaxLine(priced[index]!.lineTotalCents, rows[index]!.taxClass, vatRule.rateBp),
        ),
        codeOnGoods,
        buyable.map((_index, i) => code?.reaches[i] ?? true),
      ).vat
    : 0;
  return {
    lines,
    itemCount: totals.quantity,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents - (code?.amountCents ?? 0) + (vatRule && !vatRule.inclusive ? goodsVat : 0),
    currency,
    checkoutReady,
    code,
    codeDiscountCents: code?.amountCents ?? 0,
    vat: vatRule ? { inclusive: vatRule.inclusive, rateBp: vatRule.rateBp, vatCents: goodsVat } : null,
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
