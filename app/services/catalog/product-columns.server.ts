/** The product fields every card, cart line and wishlist line is built from; one list. */
import { sql } from "drizzle-orm";
import { products } from "~/db/schema";

export const productSummaryColumns = {
  id: products.id,
  slug: products.slug,
  nameEn: products.nameEn,
  nameAr: products.nameAr,
  priceCents: products.priceCents,
  stock: products.stock,
  categoryId: products.categoryId,
  subcategoryId: products.subcategoryId,
  shadeHex: products.shadeHex,
  colorFamily: products.colorFamily,
};

/**
 * The product's first image. Correlated, but evaluated only for the rows a LIMIT keeps. Written
 * out in full because drizzle leaves column names unqualified in a select list, which would
 * bind them to the inner table.
 */
export const firstImageId = () =>
  sql<string | null>`(select pi.image_id from product_images pi
    where pi.store_id = "products"."store_id" and pi.product_id = "products"."id"
    order by pi.position limit 1)`;

/**
 * Whether the product's active variants differ in price (its card then says "From $x", x being
 * the lowest, which products.price_cents holds: decision 023). Correlated like firstImageId, on
 * product_variants_product_idx, for the rows a page keeps.
 */
export const priceVaries = () =>
  sql<boolean>`exists (select 1 from product_variants pv
    where pv.store_id = "products"."store_id" and pv.product_id = "products"."id"
    and pv.active and pv.price_cents <> "products"."price_cents")`;
