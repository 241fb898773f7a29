/**
 * The Admin API's products and categories (issue 38, decision 045), as JSON shapes of
 * app/lib/validation/api.ts, read and changed through the admin's own services (the product list,
 * the product and its variants, showing and hiding) in the store's row-level-secured scope.
 */
import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import { getDb, rowsOf, type Tx } from "~/db/client.server";
import { categories, products, productVariants, stores } from "~/db/schema";
import { decodeKeyset, pageOf } from "~/lib/keyset.server";
import type { Locale } from "~/lib/i18n";
import type { z } from "zod/v4";
import type { ProductJson, productCreateBody } from "~/lib/validation/api";
import { catalogChanged } from "~/services/catalog/catalog-cache.server";
import {
  getAdminProduct,
  listAdminProducts,
  saveProduct,
  type AdminProduct,
  type SaveProductResult,
} from "~/services/catalog/products-admin.server";
import { setProductsActive } from "~/services/catalog/products-bulk.server";
import {
  combinationOrder,
  getAdminVariants,
  type AdminVariants,
} from "~/services/catalog/variants-admin.server";
import { categoryColumns } from "~/services/catalog/product-columns.server";
import { recordInventoryEvent } from "~/services/webhooks/events.server";

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

/** apiProduct inside the caller's transaction of the store: a webhook event's snapshot. */
export async function apiProductIn(tx: Tx, storeId: string, productId: string): Promise<ProductJson | null> {
  return (await apiProductsIn(tx, storeId, [productId])).get(productId) ?? null;
}

/** What one row of apiProductsIn's query holds: a product with its options and variants, as JSON. */
interface ProductRow {
  id: string;
  slug: string;
  name_en: string;
  name_ar: string;
  description_en: string;
  description_ar: string;
  active: boolean;
  category_id: string | null;
  subcategory_id: string | null;
  tax_class: AdminProduct["taxClass"];
  price_cents: number;
  stock: number;
  options: AdminVariants["options"] | string;
  variants: Omit<AdminVariants["variants"][number], "imageId" | "ordered">[] | string;
}

/** A json column: parsed by both drivers, but a string is read too. */
const fromJson = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/**
 * Products of the store as the API answers them, by id, read in one query inside the caller's
 * transaction (a bulk change's event snapshots: the CSV import's thousand products at once).
 * Ids that are not the store's products are left out.
 */
export async function apiProductsIn(
  tx: Tx,
  storeId: string,
  productIds: readonly string[],
): Promise<Map<string, ProductJson>> {
  const found = new Map<string, ProductJson>();
  if (productIds.length === 0) return found;
  const [store] = await tx.select({ currency: stores.currency }).from(stores).where(eq(stores.id, storeId));
  const rows = rowsOf<ProductRow>(
    await tx.execute(sql`
      select p.id, p.slug, p.name_en, p.name_ar, p.description_en, p.description_ar, p.active,
             p.category_id, p.subcategory_id, p.tax_class, p.price_cents, p.stock,
             coalesce((select json_agg(json_build_object(
                         'id', o.id, 'position', o.position, 'nameEn', o.name_en, 'nameAr', o.name_ar,
                         'values', coalesce((select json_agg(json_build_object(
                                               'id', v.id, 'valueEn', v.value_en, 'valueAr', v.value_ar)
                                             order by v.position, v.id)
                                               from product_option_values v
                                              where v.store_id = o.store_id and v.option_id = o.id), '[]'))
                         order by o.position)
                         from product_options o
                        where o.store_id = p.store_id and o.product_id = p.id), '[]') as options,
             coalesce((select json_agg(json_build_object(
                         'id', x.id, 'sku', x.sku, 'priceCents', x.price_cents, 'stock', x.stock,
                         'weightGrams', x.weight_grams, 'active', x.active, 'position', x.position,
                         'valueIds', json_build_array(x.option1_value_id, x.option2_value_id, x.option3_value_id))
                       order by x.position, x.id)
                         from product_variants x
                        where x.store_id = p.store_id and x.product_id = p.id), '[]') as variants
        from products p
       where p.store_id = ${storeId}
         and p.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))`),
  );
  for (const row of rows) {
    const options = fromJson(row.options);
    const variants = fromJson(row.variants).sort(combinationOrder(options));
    found.set(
      row.id,
      productJson(
        {
          id: row.id,
          slug: row.slug,
          nameEn: row.name_en,
          nameAr: row.name_ar,
          descriptionEn: row.description_en,
          descriptionAr: row.description_ar,
          active: row.active,
          categoryId: row.category_id,
          subcategoryId: row.subcategory_id,
          taxClass: row.tax_class,
          priceCents: Number(row.price_cents),
          stock: Number(row.stock),
        },
        { options, variants },
        store?.currency ?? "",
      ),
    );
  }
  return found;
}

/** The product's fields the API's JSON shows. */
type ProductFields = Pick<
  AdminProduct,
  | "id"
  | "slug"
  | "nameEn"
  | "nameAr"
  | "descriptionEn"
  | "descriptionAr"
  | "active"
  | "categoryId"
  | "subcategoryId"
  | "taxClass"
  | "priceCents"
  | "stock"
>;

/** The API's JSON of a product and its variants. */
function productJson(
  product: ProductFields,
  variants: {
    options: AdminVariants["options"];
    variants: Pick<
      AdminVariants["variants"][number],
      "id" | "sku" | "priceCents" | "stock" | "weightGrams" | "active" | "valueIds"
    >[];
  },
  currency: string,
): ProductJson {
  const valueOf = new Map(
    variants.options.flatMap((option) =>
      option.values.map((value) => [value.id, { option, value }] as const),
    ),
  );
  return {
    id: product.id,
    slug: product.slug,
    nameEn: product.nameEn,
    nameAr: product.nameAr,
    descriptionEn: product.descriptionEn,
    descriptionAr: product.descriptionAr,
    active: product.active,
    categoryId: product.categoryId,
    subcategoryId: product.subcategoryId,
    taxClass: product.taxClass,
    currency,
    priceCents: product.priceCents,
    stock: product.stock,
    variants: variants.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      priceCents: v.priceCents,
      stock: v.stock,
      weightGrams: v.weightGrams,
      active: v.active,
      options: v.valueIds.flatMap((valueId) => {
        const found = valueId ? valueOf.get(valueId) : undefined;
        return found
          ? [
              {
                nameEn: found.option.nameEn,
                nameAr: found.option.nameAr,
                valueEn: found.value.valueEn,
                valueAr: found.value.valueAr,
              },
            ]
          : [];
      }),
    })),
  };
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
      .innerJoin(
        products,
        and(eq(products.storeId, productVariants.storeId), eq(products.id, productVariants.productId)),
      )
      .where(and(...filters))
      .orderBy(backwards ? desc(productVariants.id) : asc(productVariants.id))
      .limit(INVENTORY_PAGE_SIZE + 1),
  );
  const page = pageOf(fetched, INVENTORY_PAGE_SIZE, keyset, (row) => ({ value: "", id: row.variantId }));
  return { data: page.rows, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}
