/** Categories, products, their swatches and the store logo, for one demo store. */
import { uuidv7 } from "uuidv7";
import { FAMILY_LINES } from "../catalog/types";
import { logoPng, stripesPng, swatchPng, type PngImage } from "../images";
import { createRng } from "../prng";
import type { StoreDef } from "../stores";
import {
  daysBefore,
  MINUTE_MS,
  type CategoryRow,
  type ImageRow,
  type ProductImageRow,
  type ProductRow,
} from "./types";

export interface CatalogPlan {
  logoImageId: string;
  images: ImageRow[];
  categories: CategoryRow[];
  products: ProductRow[];
  productImages: ProductImageRow[];
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function imageRow(storeId: string, png: PngImage, createdAt: Date): ImageRow & { id: string } {
  return {
    storeId,
    id: uuidv7(),
    contentType: "image/png",
    bytes: png.bytes,
    byteSize: png.bytes.length,
    width: png.width,
    height: png.height,
    sha256: png.sha256,
    createdAt,
  };
}

/** A price ending in .49 or .99 inside the shelf's range, like a real price list. */
function pickPrice(rng: ReturnType<typeof createRng>, [min, max]: [number, number]): number {
  return rng.int(min, Math.max(min, max - 1)) * 100 + rng.pick([49, 99]);
}

export async function planCatalog(storeId: string, def: StoreDef, now: Date): Promise<CatalogPlan> {
  const rng = createRng(`${def.slug}:catalog`);
  const openedAt = daysBefore(now, 120);
  const categories: CategoryRow[] = [];
  const products: ProductRow[] = [];
  const hexesByCategory = new Map<string, string[]>();

  def.catalog.forEach((top, topIndex) => {
    const topId = uuidv7();
    categories.push({
      storeId,
      id: topId,
      parentId: null,
      slug: top.slug,
      nameEn: top.nameEn,
      nameAr: top.nameAr,
      descriptionEn: top.descriptionEn,
      descriptionAr: top.descriptionAr,
      sortOrder: topIndex,
      createdAt: openedAt,
      updatedAt: openedAt,
    });
    const topHexes: string[] = [];
    hexesByCategory.set(topId, topHexes);
    top.subcategories.forEach((sub, subIndex) => {
      const subId = uuidv7();
      categories.push({
        storeId,
        id: subId,
        parentId: topId,
        slug: sub.slug,
        nameEn: sub.nameEn,
        nameAr: sub.nameAr,
        descriptionEn: sub.usageEn,
        descriptionAr: sub.usageAr,
        sortOrder: subIndex,
        createdAt: openedAt,
        updatedAt: openedAt,
      });
      hexesByCategory.set(
        subId,
        sub.products.map((p) => p.hex),
      );
      for (const product of sub.products) {
        topHexes.push(product.hex);
        const family = FAMILY_LINES[product.family];
        // Listed between 110 and 65 days ago: before every demo order (at most 60 days old).
        const createdAt = new Date(daysBefore(now, rng.int(65, 110)).getTime() + products.length * MINUTE_MS);
        products.push({
          storeId,
          id: uuidv7(),
          slug: slugify(product.nameEn),
          nameEn: product.nameEn,
          nameAr: product.nameAr,
          descriptionEn: `${family.en} from our ${sub.nameEn} range. ${sub.usageEn}`,
          descriptionAr: `${family.ar} من مجموعة ${sub.nameAr}. ${sub.usageAr}`,
          priceCents: pickPrice(rng, sub.price),
          // About one in ten is sold out, so the storefront shows that state too.
          stock: rng.chance(0.1) ? 0 : rng.int(5, 180),
          categoryId: topId,
          subcategoryId: subId,
          shadeHex: product.hex.toUpperCase(),
          colorFamily: product.family,
          taxClass: product.taxClass ?? "standard",
          active: true,
          unitsSold: 0,
          unitsSold7d: 0,
          ratingCount: 0,
          ratingSum: 0,
          createdAt,
          updatedAt: createdAt,
        });
      }
    });
  });

  // Drawing is CPU work in sharp's thread pool: start it all at once.
  const [logo, categoryPngs, swatches] = await Promise.all([
    logoPng(def.logo, def.primaryColor, def.secondaryColor),
    Promise.all(categories.map((c) => stripesPng(hexesByCategory.get(c.id) ?? []))),
    Promise.all(products.map((p) => swatchPng(p.shadeHex as string))),
  ]);

  const logoRow = imageRow(storeId, logo, openedAt);
  const images: ImageRow[] = [logoRow];
  categories.forEach((category, i) => {
    const row = imageRow(storeId, categoryPngs[i] as PngImage, openedAt);
    images.push(row);
    category.imageId = row.id;
  });
  const productImages: ProductImageRow[] = products.map((product, i) => {
    const row = imageRow(storeId, swatches[i] as PngImage, product.createdAt as Date);
    images.push(row);
    return {
      storeId,
      id: uuidv7(),
      productId: product.id,
      imageId: row.id,
      position: 0,
      altEn: `${product.nameEn} colour swatch`,
      altAr: `عينة لون ${product.nameAr}`,
    };
  });

  return { logoImageId: logoRow.id, images, categories, products, productImages };
}
