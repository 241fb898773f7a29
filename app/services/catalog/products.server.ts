/**
 * The product detail page's data: one store transaction reads the product (active only, by
 * slug), its images, the running sales and its reviews; another what the signed-in shopper has
 * to do with it (wishlist, cart, own review). Names are in the page's locale; prices are minor
 * units from the one pricing core, formatted by the page.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { cartItems, categories, images, productImages, products, reviews, wishlistItems } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import { stockState } from "~/lib/stock";
import { cachedCatalogRead } from "~/services/catalog/catalog-cache.server";
import { IMAGE_WIDTHS } from "~/services/media/image-variants.server";
import { loadActiveSales, priceOne } from "~/services/pricing/pricing.server";
import { loadProductVariants } from "./variants.server";
import { listReviews, reviewSummary } from "~/services/catalog/reviews.server";
import { localized } from "~/services/store/settings.server";
import type {
  GalleryImage,
  ProductDetail,
  PageVariant,
  ProductPageData,
  OwnReview,
  VariesBy,
} from "./contract";
import { inStore, storeJoin } from "~/db/store-scope";

export type { GalleryImage, ProductDetail, PageVariant, ProductPageData, OwnReview, VariesBy };

/** Longer than any slug the admin can save; anything else is not a product. */
const MAX_SLUG_LENGTH = 200;

/**
 * The page's copy of a product detail. Made once per catalogue-cache entry, like the structured
 * data (product-json-ld.server.ts): the entry's `variants` array stands for the entry, and a new
 * read of the product (after any change to it, its prices or its sales) makes a new array.
 */
export function productPageData(product: ProductDetail): ProductPageData {
  let variants = pageVariants.get(product.variants);
  if (!variants) {
    const options = product.options.length;
    variants = product.variants.map(({ id, priceCents, salePriceCents, stock, valueIds, image }) => ({
      id,
      priceCents,
      salePriceCents,
      stock,
      valueIds: valueIds.slice(0, options),
      ...(image ? { image } : {}),
    }));
    pageVariants.set(product.variants, variants);
  }
  return { ...product, variants };
}

const pageVariants = new WeakMap<ProductDetail["variants"], PageVariant[]>();

/** `/resources/image` URLs for every allowed width up to the original's (never upscaled). */
export function imageSources(imageId: string, width: number) {
  const url = (w: number) => `/resources/image?url=/images/${imageId}&w=${w}`;
  const widths = IMAGE_WIDTHS.filter((w) => w <= width);
  if (widths.length === 0) widths.push(IMAGE_WIDTHS[0]);
  return {
    src: url(widths.find((w) => w >= 640) ?? widths[widths.length - 1]!),
    srcSet: widths.map((w) => `${url(w)} ${w}w`).join(", "),
  };
}

/** The property an option is, from its English name ("Size", "Bottle", "Colour"…); null for others. */
export function optionProperty(nameEn: string): VariesBy | null {
  if (/size|bottle|volume|weight|capacity|pack/i.test(nameEn)) return "size";
  if (/colou?r|shade/i.test(nameEn)) return "color";
  if (/material|fabric/i.test(nameEn)) return "material";
  if (/pattern|print/i.test(nameEn)) return "pattern";
  return null;
}

export interface ProductDetailOptions {
  locale: Locale;
  currency: string;
  userId?: string | null;
  /** The viewer's state as given (a cached signed-in page's tokens, decision 031), not read. */
  viewer?: ProductDetail["viewer"];
}

type PublicDetail = Omit<ProductDetail, "viewer">;

/**
 * The product page's data. What every visitor sees is read through the catalogue cache (one
 * entry per slug, locale and currency); what only the signed-in shopper sees (wishlist, cart,
 * own review) is read afresh each time.
 */
export async function getProductDetail(
  storeId: string,
  slug: string,
  { locale, currency, userId, viewer: given }: ProductDetailOptions,
): Promise<ProductDetail | null> {
  if (!slug || slug.length > MAX_SLUG_LENGTH) return null;
  const detail = await cachedCatalogRead(
    storeId,
    `product\u0000${slug}\u0000${locale}\u0000${currency}`,
    () => readPublicDetail(storeId, slug, { locale, currency }),
  );
  if (!detail) return null;
  const viewer = given ?? (userId ? await readViewerState(storeId, detail.id, userId) : null);
  return { ...detail, viewer };
}

async function readViewerState(
  storeId: string,
  productId: string,
  userId: string,
): Promise<ProductDetail["viewer"]> {
  const db = await getDb();
  // One prepared statement (wishlist, cart quantity and own review): every signed-in product
  // page runs it, beside the session read (issue 13).
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .select({
        inWishlist: sql<boolean>`exists (select 1 from ${wishlistItems}
          where ${wishlistItems.userId} = ${userId} and ${wishlistItems.productId} = ${productId})`,
        // All of the product's variants in the cart.
        cartQuantity: sql<number>`coalesce((select sum(${cartItems.quantity}) from ${cartItems}
          where ${cartItems.userId} = ${userId} and ${cartItems.productId} = ${productId}), 0)`.mapWith(
          Number,
        ),
        rating: reviews.rating,
        title: reviews.title,
        comment: reviews.comment,
        status: reviews.status,
        createdAt: reviews.createdAt,
      })
      .from(sql`(select) as viewer`)
      .leftJoin(reviews, and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
      .prepare("read_viewer_state")
      .execute(),
  );
  const ownReview =
    row?.rating == null
      ? null
      : {
          rating: row.rating,
          title: row.title ?? "",
          comment: row.comment ?? "",
          status: row.status ?? "published",
          createdAt: (row.createdAt ?? new Date()).toISOString(),
        };
  return { inWishlist: Boolean(row?.inWishlist), cartQuantity: row?.cartQuantity ?? 0, ownReview };
}

async function readPublicDetail(
  storeId: string,
  slug: string,
  { locale, currency }: Omit<ProductDetailOptions, "userId" | "viewer">,
): Promise<PublicDetail | null> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const [product] = await tx
      .select()
      .from(products)
      // RLS scopes rows to the store; the explicit store filter uses the (store_id, slug) key.
      .where(inStore(products, storeId, { slug, active: true }));
    if (!product) return null;

    const [gallery, sales, reviews, summary, category, variants] = await Promise.all([
      tx
        .select({
          imageId: productImages.imageId,
          altEn: productImages.altEn,
          altAr: productImages.altAr,
          width: images.width,
          height: images.height,
        })
        .from(productImages)
        .innerJoin(images, storeJoin(images, "id", productImages, "imageId"))
        .where(eq(productImages.productId, product.id))
        .orderBy(asc(productImages.position), asc(productImages.id)),
      loadActiveSales(tx),
      listReviews(tx, product.id),
      reviewSummary(tx, product),
      product.categoryId
        ? tx
            .select({ slug: categories.slug, nameEn: categories.nameEn, nameAr: categories.nameAr })
            .from(categories)
            .where(eq(categories.id, product.categoryId))
            .then((rows) => rows[0] ?? null)
        : Promise.resolve(null),
      loadProductVariants(tx, storeId, product.id),
    ]);

    const name = localized(product.nameEn, product.nameAr, locale);
    const priced = priceOne(product, sales);
    // The variants' own pictures (few products have them): their sizes, for srcset and layout.
    const variantImageIds = [...new Set(variants.variants.flatMap((v) => (v.imageId ? [v.imageId] : [])))];
    const variantImages = new Map(
      variantImageIds.length === 0
        ? []
        : (
            await tx
              .select({ id: images.id, width: images.width, height: images.height })
              .from(images)
              .where(and(eq(images.storeId, storeId), inArray(images.id, variantImageIds)))
          ).map((image) => [image.id, image]),
    );
    const valueLabels = new Map(
      variants.options.flatMap((option) =>
        option.values.map((value) => [value.id, localized(value.valueEn, value.valueAr, locale)]),
      ),
    );
    return {
      id: product.id,
      slug: product.slug,
      name,
      description: localized(product.descriptionEn, product.descriptionAr, locale),
      category: category
        ? { slug: category.slug, name: localized(category.nameEn, category.nameAr, locale) }
        : null,
      images: gallery.map((image, index) => ({
        ...imageSources(image.imageId, image.width),
        width: image.width,
        height: image.height,
        alt: localized(image.altEn, image.altAr, locale) || `${name} ${index + 1}`,
      })),
      priceCents: priced.unitPriceCents,
      salePriceCents: priced.unitSalePriceCents,
      currency,
      stock: product.stock,
      stockState: stockState(product.stock),
      shadeHex: product.shadeHex,
      colorFamily: product.colorFamily,
      options: variants.options.map((option) => ({
        position: option.position,
        name: localized(option.nameEn, option.nameAr, locale),
        property: optionProperty(option.nameEn),
        values: option.values.map((value) => ({
          id: value.id,
          label: localized(value.valueEn, value.valueAr, locale),
          // Sold out: no active variant with this value has stock.
          soldOut: !variants.variants.some(
            (v) => v.valueIds[option.position - 1] === value.id && v.stock > 0,
          ),
        })),
      })),
      variants: variants.variants.map((variant) => {
        const price = priceOne({ ...product, priceCents: variant.priceCents }, sales);
        const image = variant.imageId ? variantImages.get(variant.imageId) : undefined;
        const labels = variant.valueIds.flatMap((id) =>
          id && valueLabels.has(id) ? [valueLabels.get(id)!] : [],
        );
        return {
          id: variant.id,
          sku: variant.sku,
          priceCents: price.unitPriceCents,
          salePriceCents: price.unitSalePriceCents,
          stock: variant.stock,
          valueIds: variant.valueIds,
          image: image
            ? {
                ...imageSources(image.id, image.width),
                width: image.width,
                height: image.height,
                alt: labels.length > 0 ? `${name} (${labels.join(", ")})` : name,
              }
            : null,
        };
      }),
      reviews,
      summary,
    };
  });
}

/** The id of an active product of this store with this slug, or null. */
export async function findActiveProductId(storeId: string, slug: string): Promise<string | null> {
  if (!slug || slug.length > MAX_SLUG_LENGTH) return null;
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .select({ id: products.id })
      .from(products)
      .where(inStore(products, storeId, { slug, active: true })),
  );
  return row?.id ?? null;
}
