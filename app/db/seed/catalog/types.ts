/** Shapes of the hand-written demo catalogue; prices and stock are drawn from the seeded PRNG. */
import type { TaxClass } from "~/lib/vat-math";

export const COLOR_FAMILIES = [
  "red",
  "orange",
  "yellow",
  "green",
  "blue",
  "purple",
  "pink",
  "brown",
  "black",
  "white",
  "gray",
] as const;
export type ColorFamily = (typeof COLOR_FAMILIES)[number];

export interface ProductDef {
  nameEn: string;
  nameAr: string;
  /** #RRGGBB, also the colour of the generated swatch. */
  hex: string;
  family: ColorFamily;
  /** Its VAT class (issue 35); standard when absent. */
  taxClass?: TaxClass;
}

export interface SubcategoryDef {
  slug: string;
  nameEn: string;
  nameAr: string;
  /** How the products are used; closes every product description of this sub category. */
  usageEn: string;
  usageAr: string;
  /** Price range in whole currency units. */
  price: [min: number, max: number];
  products: ProductDef[];
}

export interface CategoryDef {
  slug: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  subcategories: SubcategoryDef[];
}

/** Opening sentence of a product description, by colour family. */
export const FAMILY_LINES: Record<ColorFamily, { en: string; ar: string }> = {
  red: { en: "A bold, warm red", ar: "لون أحمر جريء ودافئ" },
  orange: { en: "A lively, sunny orange", ar: "لون برتقالي مفعم بالحيوية" },
  yellow: { en: "A bright, cheerful yellow", ar: "لون أصفر مشرق ومبهج" },
  green: { en: "A fresh, natural green", ar: "لون أخضر منعش وطبيعي" },
  blue: { en: "A deep, calm blue", ar: "لون أزرق عميق وهادئ" },
  purple: { en: "A rich, regal purple", ar: "لون بنفسجي غني وفاخر" },
  pink: { en: "A soft, playful pink", ar: "لون وردي ناعم ومرح" },
  brown: { en: "A warm, earthy brown", ar: "لون بني ترابي دافئ" },
  black: { en: "A dense, true black", ar: "لون أسود كثيف وعميق" },
  white: { en: "A clean, bright white", ar: "لون أبيض نقي وناصع" },
  gray: { en: "A cool, elegant grey", ar: "لون رمادي أنيق وهادئ" },
};
