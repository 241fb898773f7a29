/**
 * The product edit page's start values: the product form (price and stock only for a product
 * without options: decision 023, a variant has its own), the options form and the variants form,
 * as their fields show them (amounts in major units).
 */
import { minorToMajor } from "~/lib/validation/products-admin";
import type { AdminProduct } from "./products-admin.server";
import type { AdminVariants } from "./variants-admin.server";

export function productFormValues(product: AdminProduct, digits: number) {
  const pricing = product.optionCount === 0;
  return {
    nameEn: product.nameEn,
    nameAr: product.nameAr,
    descriptionEn: product.descriptionEn,
    descriptionAr: product.descriptionAr,
    slug: product.slug,
    ...(pricing
      ? {
          price: minorToMajor(product.priceCents, digits),
          stock: String(product.stock),
          weightGrams: product.weightGrams === null ? "" : String(product.weightGrams),
        }
      : {}),
    categoryId: product.categoryId ?? "",
    subcategoryId: product.subcategoryId ?? "",
    shadeHex: product.shadeHex ?? "",
    colorFamily: product.colorFamily ?? "",
    taxClass: product.taxClass,
    active: product.active ? "on" : undefined,
  };
}

export function variantsFormValues(variants: AdminVariants, digits: number) {
  return {
    optionsValue: {
      options: variants.options.map((option) => ({
        id: option.id,
        nameEn: option.nameEn,
        nameAr: option.nameAr,
        values: option.values.map((value) => ({
          id: value.id,
          valueEn: value.valueEn,
          valueAr: value.valueAr,
        })),
      })),
    },
    variantsValue: {
      variants: variants.variants.map((variant) => ({
        id: variant.id,
        sku: variant.sku ?? "",
        price: minorToMajor(variant.priceCents, digits),
        stock: String(variant.stock),
        weightGrams: variant.weightGrams === null ? "" : String(variant.weightGrams),
        imageId: variant.imageId ?? "",
        active: variant.active ? "on" : undefined,
      })),
    },
  };
}
