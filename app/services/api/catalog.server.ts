/**
 * The Admin API's products and categories (issue 38, decision 045), as JSON shapes of
 * app/lib/validation/api.ts, read and changed through the admin's own services (the product list,
 * the product and its variants, showing and hiding) in the store's row-level-secured scope.
 */
import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { categories, products, productVariants } from "~/db/schema";
import { decodeKeyset, pageOf } from "~/lib/keyset.server";
import type { Locale } from "~/lib/i18n";
import type { z } from "zod/v4";
import type { ProductJson, productCreateBody } from "~/lib/validation/api";
import { catalogChanged } from "~/services/catalog/catalog-cache.server";
import {
  getAdminProduct,
  listAdminProducts,
  saveProduct,
  type SaveProductResult,
} from "~/services/catalog/products-admin.server";
import { setProductsActive } from "~/services/catalog/products-bulk.server";
import { getAdminVariants } from "~/services/catalog/variants-admin.server";
import { categoryColumns } from "~/services/catalog/product-columns.server";
import { productJson } from "~/services/catalog/product-json.server";
import { recordInventoryEvent } from "~/services/catalog/product-events.server";
import { storeJoin } from "~/db/store-scope";

export async function apiProductList(
  storeId: string,
  query: { q?: string; category?: string; status?: "all" | "active" | "inactive"; cursor?: string },
  locale: Locale,
) {
  const page = await listAdminProducts(storeId, {
    q: query.q ?? "",
    categoryId: query.category?.toLowerCase() ?? null,
    status: query.status ?? "all",
    sort: { key: "newest", dir: "desc" },
    cursor: query.cursor ?? null,
    locale,
  });
  return {
    data: page.rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      priceCents: row.priceCents,
      stock: row.stock,
      variantCount: row.variantCount,
      active: row.active,
      createdAt: new Date(row.createdAt).toISOString(),
    })),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}

/** One product of the store with its variants and tax class; null when it is not this store's. */
export async function apiProduct(
  storeId: string,
  currency: string,
  productId: string,
): Promise<ProductJson | null> {
  const [product, variants] = await Promise.all([
    getAdminProduct(storeId, productId),
    getAdminVariants(storeId, productId),
  ]);
  return product && variants ? productJson(product, variants, currency) : null;
}

/** Shows or hides a product (the products list's own service); already so is no change. */
export async function apiSetProductActive(
  storeId: string,
  productId: string,
  active: boolean,
  locale: Locale,
): Promise<"done" | "unchanged" | "not-found"> {
  const result = await setProductsActive(storeId, [productId], active, locale);
  if (result.done.length > 0) return "done";
  if (result.refused.length > 0) return "unchanged";
  return "not-found";
}

/** A new product of one variant through the admin form's save (slug, categories, audit entry). */
export async function apiCreateProduct(
  storeId: string,
  input: z.infer<typeof productCreateBody>,
): Promise<SaveProductResult> {
  return saveProduct(storeId, null, {
    nameEn: input.nameEn,
    nameAr: input.nameAr,
    descriptionEn: input.descriptionEn.replace(/\r\n?/g, "\n"),
    descriptionAr: input.descriptionAr.replace(/\r\n?/g, "\n"),
    slug: input.slug ?? null,
    price: input.priceCents,
    stock: input.stock,
    weightGrams: input.weightGrams,
    categoryId: input.categoryId?.toLowerCase() ?? null,
    subcategoryId: input.subcategoryId?.toLowerCase() ?? null,
    shadeHex: null,
    colorFamily: null,
    taxClass: input.taxClass,
    active: input.active,
  });
}

export type StockAdjustResult =
  { kind: "done"; stock: number } | { kind: "not-found" } | { kind: "below-zero"; stock: number };

/**
 * Adds `delta` to one variant's stock atomically (never below 0: `stock + delta >= 0` in the
 * same statement), with the product row locked like the admin's variant edits.
 */
export async function adjustVariantStock(
  storeId: string,
  productId: string,
  variantId: string,
  delta: number,
): Promise<StockAdjustResult> {
  const db = await getDb();
  const result = await db.withStore(storeId, async (tx): Promise<StockAdjustResult> => {
    const where = and(
      eq(productVariants.storeId, storeId),
      eq(productVariants.productId, productId),
      eq(productVariants.id, variantId),
    );
    const [current] = await tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(where)
      .for("update");
    if (!current) return { kind: "not-found" };
    const [row] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${delta}`, updatedAt: new Date() })
      .where(and(where, sql`${productVariants.stock} + ${delta} >= 0`))
      .returning({ stock: productVariants.stock });
    if (!row) return { kind: "below-zero", stock: current.stock };
    await recordInventoryEvent(tx, storeId, productId);
    return { kind: "done", stock: row.stock };
  });
  if (result.kind === "done") await catalogChanged(storeId);
  return result;
}

export async function apiCategoryList(storeId: string) {
  const db = await getDb();
  const rows = await db.withStore(storeId, (tx) =>
    tx
      .select(categoryColumns)
      .from(categories)
      .where(eq(categories.storeId, storeId))
      .orderBy(asc(categories.parentId), asc(categories.nameEn), asc(categories.id)),
  );
  return { data: rows };
}

const INVENTORY_PAGE_SIZE = 100;

/**
 * Every variant's stock, 100 a page in a stable order (the variant's id), for a warehouse or
 * marketplace to mirror: `sku` finds one, `below` lists those with less stock than it.
 */
export async function apiInventoryLevels(
  storeId: string,
  query: { sku?: string; below?: number; cursor?: string },
) {
  const keyset = decodeKeyset(query.cursor ?? null);
  const backwards = keyset?.side === "before";
  const filters = [eq(productVariants.storeId, storeId)];
  if (query.sku) filters.push(sql`lower(${productVariants.sku}) = ${query.sku.toLowerCase()}`);
  if (query.below !== undefined) filters.push(lt(productVariants.stock, query.below));
  if (keyset) filters.push(backwards ? lt(productVariants.id, keyset.id) : gt(productVariants.id, keyset.id));
  const db = await getDb();
  const fetched = await db.withStore(storeId, (tx) =>
    tx
      .select({
        variantId: productVariants.id,
        productId: productVariants.productId,
        productNameEn: products.nameEn,
        productNameAr: products.nameAr,
        sku: productVariants.sku,
        stock: productVariants.stock,
        active: productVariants.active,
        updatedAt: sql<string>`to_char(${productVariants.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })
      .from(productVariants)
      .innerJoin(products, storeJoin(products, "id", productVariants, "productId"))
      .where(and(...filters))
      .orderBy(backwards ? desc(productVariants.id) : asc(productVariants.id))
      .limit(INVENTORY_PAGE_SIZE + 1),
  );
  const page = pageOf(fetched, INVENTORY_PAGE_SIZE, keyset, (row) => ({ value: "", id: row.variantId }));
  return { data: page.rows, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}
