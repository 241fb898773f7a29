/**
 * A product as the Admin API and the webhook events show it (decisions 045, 047): the JSON shape
 * of app/lib/validation/api.ts, built from the admin's product and variants. Here in the catalog
 * (issue 40) so the catalog's own event recording (product-events.server.ts) reads it without
 * going up to app/services/api.
 */
import { eq, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "~/db/client.server";
import { stores } from "~/db/schema";
import type { ProductJson } from "~/lib/validation/api";
import type { AdminProduct } from "./products-admin.server";
import { combinationOrder, type AdminVariants } from "./variants-admin.server";

/** A product as the API answers it (apiProduct) inside the caller's transaction of the store: a webhook event's snapshot. */
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
export function productJson(
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
