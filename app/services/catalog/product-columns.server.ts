/** The product fields every card, cart line and wishlist line is built from; one list. */
import { sql } from "drizzle-orm";
import { categories, products } from "~/db/schema";

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

/** A product's path and its names and descriptions, in both languages (the CSV's first columns). */
export const productTextColumns = {
  id: products.id,
  slug: products.slug,
  nameEn: products.nameEn,
  nameAr: products.nameAr,
  descriptionEn: products.descriptionEn,
  descriptionAr: products.descriptionAr,
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

/**
 * A cart or order line's picture: its variant's own image, else the product's first. Qualified
 * by the lines' table for the same reason as firstImageId; an order line's variant and product
 * are never deleted (archived or deactivated instead), so both lookups still find them.
 */
export const lineImageId = (lines: "cart_items" | "order_items") => {
  const table = sql.identifier(lines);
  return sql<string | null>`coalesce(
    (select lv.image_id from product_variants lv
      where lv.store_id = ${table}."store_id" and lv.id = ${table}."variant_id"),
    (select li.image_id from product_images li
      where li.store_id = ${table}."store_id" and li.product_id = ${table}."product_id"
      order by li.position limit 1))`;
};

/** A category as lists and the API name it: its place in the tree and its names. */
export const categoryColumns = {
  id: categories.id,
  parentId: categories.parentId,
  slug: categories.slug,
  nameEn: categories.nameEn,
  nameAr: categories.nameAr,
};
