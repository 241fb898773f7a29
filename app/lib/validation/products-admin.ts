/**
 * The admin's product form (/admin/products/new, /admin/products/:id) and its CSV rows: one set
 * of field rules, so a row of an imported file is refused for exactly what the form refuses.
 * Written for both sides (ADR 012): conform sends an empty field as undefined, the browser as "".
 * Messages are locale keys (admin.products.errors.*).
 */
import { z } from "zod";
import { MAX_SLUG, SLUG_PATTERN, suggestSlug } from "~/lib/slug";
import { TAX_CLASSES } from "~/lib/vat-math";
import { isPlainLabel, isPlainText } from "./fields";

export { MAX_SLUG, SLUG_PATTERN, suggestSlug };

export const MAX_PRODUCT_NAME = 120;
export const MAX_PRODUCT_DESCRIPTION = 5000;
export const MAX_COLOR_FAMILY = 40;
export const MAX_ALT = 200;
/** Highest price in major units (the column is a 32-bit integer of minor units). */
export const MAX_PRICE_MAJOR = 1_000_000;
export const MAX_STOCK = 1_000_000;

const E = (key: string) => `admin.products.errors.${key}`;
export const SHADE_PATTERN = /^#[0-9A-Fa-f]{6}$/;

/** "" and a missing field both mean "not given". */
const blankToUndefined = (value: unknown) =>
  value === "" || (typeof value === "string" && value.trim() === "") ? undefined : value;

const requiredText = (required: string) =>
  z
    .string({ required_error: E(required), invalid_type_error: E(required) })
    .trim()
    .min(1, E(required));

const nameRule = (required: string) =>
  requiredText(required).max(MAX_PRODUCT_NAME, E("tooLong")).refine(isPlainLabel, E("textInvalid"));

const descriptionRule = z.preprocess(
  blankToUndefined,
  z
    .string({ invalid_type_error: E("textInvalid") })
    .trim()
    .max(MAX_PRODUCT_DESCRIPTION, E("descriptionTooLong"))
    .refine((value) => isPlainText(value, { multiline: true }), E("textInvalid"))
    // A browser posts a textarea's line breaks as CRLF: one kind of line break is stored.
    .transform((value) => value.replace(/\r\n?/g, "\n"))
    .optional()
    .transform((value) => value ?? ""),
);

const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional()).transform((value) => value ?? null);

/** Whole or decimal major units, at most as many decimals as the currency has (2 for USD, 0 for JPY). */
export function pricePattern(currencyDigits: number): RegExp {
  return currencyDigits > 0 ? new RegExp(`^\\d{1,7}(?:\\.\\d{1,${currencyDigits}})?$`) : /^\d{1,7}$/;
}

/** "-5": said as "cannot be negative" rather than as a badly written number. */
export const isNegativeNumber = (value: string) => /^-\s*\d/.test(value);

/** "12.5" → 1250 for a two-digit currency, by string arithmetic (no floating point). */
export function majorToMinor(text: string, currencyDigits: number): number {
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 10 ** currencyDigits + Number(fraction.padEnd(currencyDigits, "0") || "0");
}

/** 1250 → "12.50": the price as the form shows it, the reverse of majorToMinor. */
export function minorToMajor(minor: number, currencyDigits: number): string {
  if (currencyDigits === 0) return String(minor);
  const scale = 10 ** currencyDigits;
  return `${Math.floor(minor / scale)}.${String(minor % scale).padStart(currencyDigits, "0")}`;
}

/** The fields every product has, whether typed into the form or read from a CSV row. */
function productFields(currencyDigits: number) {
  const pattern = pricePattern(currencyDigits);
  return {
    nameEn: nameRule("nameEnRequired"),
    nameAr: nameRule("nameArRequired"),
    descriptionEn: descriptionRule,
    descriptionAr: descriptionRule,
    slug: optional(
      z
        .string({ invalid_type_error: E("slugInvalid") })
        .trim()
        .toLowerCase()
        .max(MAX_SLUG, E("slugInvalid"))
        .regex(SLUG_PATTERN, E("slugInvalid")),
    ),
    price: requiredText("priceRequired")
      .refine((value) => !isNegativeNumber(value), E("priceNegative"))
      .refine((value) => isNegativeNumber(value) || pattern.test(value), E("priceInvalid"))
      .refine((value) => !pattern.test(value) || Number(value) <= MAX_PRICE_MAJOR, E("priceTooHigh"))
      .transform((value) => majorToMinor(value, currencyDigits)),
    stock: requiredText("stockRequired")
      .regex(/^\d{1,7}$/, E("stockInvalid"))
      .refine((value) => !/^\d{1,7}$/.test(value) || Number(value) <= MAX_STOCK, E("stockInvalid"))
      .transform(Number),
    shadeHex: optional(
      z
        .string({ invalid_type_error: E("shadeInvalid") })
        .trim()
        .regex(SHADE_PATTERN, E("shadeInvalid"))
        .transform((value) => value.toUpperCase()),
    ),
    colorFamily: optional(
      z
        .string({ invalid_type_error: E("colorFamilyInvalid") })
        .trim()
        .max(MAX_COLOR_FAMILY, E("colorFamilyInvalid"))
        .refine(isPlainLabel, E("colorFamilyInvalid")),
    ),
  };
}

/**
 * A variant's weight in whole grams (issue 33); empty: none, it counts as the store's default
 * weight for weight-banded shipping rates.
 */
export const weightGramsRule = z
  .string({ invalid_type_error: "shippingAdmin.errors.weightInvalid" })
  .trim()
  .optional()
  .refine(
    (value) => !value || (/^\d{1,7}$/.test(value) && Number(value) <= 1_000_000),
    "shippingAdmin.errors.weightInvalid",
  )
  .transform((value) => (value ? Number(value) : null));

const idRule = (message: string) => optional(z.string({ invalid_type_error: E(message) }).uuid(E(message)));

/**
 * The product form's fields. `currencyDigits` is the store currency's (money.ts currencyDigits): a
 * price is typed in major units and leaves the schema in minor units. Without `pricing` (a
 * product with options: each variant has its own price and stock) the form has no price and stock.
 */
export function productFormShape(currencyDigits: number, pricing = true) {
  const { price, stock, ...fields } = productFields(currencyDigits);
  return {
    ...fields,
    // Without pricing a price or stock sent anyway is ignored (zod drops it), never saved.
    price: pricing ? price : z.any().transform(() => undefined),
    stock: pricing ? stock : z.any().transform(() => undefined),
    weightGrams: pricing ? weightGramsRule : z.any().transform(() => undefined),
    categoryId: idRule("categoryInvalid"),
    subcategoryId: idRule("subcategoryInvalid"),
    // The VAT class (issue 35); not sent: standard.
    taxClass: z.preprocess(
      blankToUndefined,
      z
        .enum(TAX_CLASSES, { errorMap: () => ({ message: E("taxClassInvalid") }) })
        .optional()
        .transform((value) => value ?? "standard"),
    ),
    // A checkbox: sent as "on" when ticked, absent when not.
    active: z
      .enum(["on"], { errorMap: () => ({ message: E("activeInvalid") }) })
      .optional()
      .transform((value) => value === "on"),
  };
}

/** The rule across the product form's fields: a sub category needs its category. */
export function refineProduct<Out extends { categoryId: string | null; subcategoryId: string | null }, In>(
  schema: z.ZodType<Out, z.ZodTypeDef, In>,
) {
  return schema.refine((value) => !value.subcategoryId || value.categoryId, {
    message: E("subNeedsCategory"),
    path: ["subcategoryId"],
  });
}

/**
 * The product form. Whether the category and sub category exist in this store, and the sub
 * belongs to the category, is checked by the service. `{ pricing: false }` for a product with
 * options (decision 023): its price and stock are its variants', edited in their own table.
 */
export function productFormSchema(currencyDigits: number, options: { pricing?: boolean } = {}) {
  return refineProduct(z.object(productFormShape(currencyDigits, options.pricing ?? true)));
}
export type ProductFormValue = z.output<ReturnType<typeof productFormSchema>>;

/** The words a CSV's `active` cell may hold (products and variants), lower case. */
export const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  yes: true,
  "1": true,
  false: false,
  no: false,
  "0": false,
};

/**
 * One row of an imported CSV: the form's rules, categories named by slug (the file travels
 * between stores, ids do not), `active` as true/false/yes/no/1/0 (empty means true).
 */
export function productCsvRowSchema(currencyDigits: number) {
  const slugRef = (message: string) =>
    optional(
      z
        .string({ invalid_type_error: E(message) })
        .trim()
        .toLowerCase()
        .max(MAX_SLUG, E(message))
        .regex(SLUG_PATTERN, E(message)),
    );
  return z
    .object({
      ...productFields(currencyDigits),
      category: slugRef("categoryInvalid"),
      subcategory: slugRef("subcategoryInvalid"),
      active: optional(
        z
          .string()
          .trim()
          .toLowerCase()
          .refine((value) => value in BOOLEAN_WORDS, E("activeInvalid")),
      ).transform((value) => (value === null ? true : BOOLEAN_WORDS[value]!)),
      // The VAT class (issue 35): the export's words; case, spaces and "_" for "-" are forgiven
      // ("Zero rated"), empty means standard. A file without the column: see products-csv-read.
      taxClass: z
        .string()
        .transform(
          (value) =>
            value
              .trim()
              .toLowerCase()
              .replace(/[\s_]+/g, "-") || "standard",
        )
        .pipe(
          z.enum(TAX_CLASSES, { errorMap: () => ({ message: "admin.products.import.unknownTaxClass" }) }),
        ),
    })
    .refine((value) => !value.subcategory || value.category, {
      message: E("subNeedsCategory"),
      path: ["subcategory"],
    });
}
export type ProductCsvRow = z.output<ReturnType<typeof productCsvRowSchema>>;

/** The CSV's columns, in order: export writes them, import requires the ones marked required. */
export const PRODUCT_CSV_COLUMNS = [
  "slug",
  "name_en",
  "name_ar",
  "description_en",
  "description_ar",
  "price",
  "stock",
  "category",
  "subcategory",
  "shade",
  "color_family",
  "active",
  "tax_class",
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
/** Largest import accepted (about 2,000 products with long descriptions), and its most rows. */
export const MAX_CSV_BYTES = 1024 * 1024;
export const MAX_CSV_ROWS = 5000;
export const REQUIRED_CSV_COLUMNS: readonly ProductCsvColumn[] = ["name_en", "name_ar", "price", "stock"];

/** A CSV column → the row schema's field. */
export const CSV_FIELD: Record<ProductCsvColumn, string> = {
  slug: "slug",
  name_en: "nameEn",
  name_ar: "nameAr",
  description_en: "descriptionEn",
  description_ar: "descriptionAr",
  price: "price",
  stock: "stock",
  category: "category",
  subcategory: "subcategory",
  shade: "shadeHex",
  color_family: "colorFamily",
  active: "active",
  tax_class: "taxClass",
};

/** One image's alt texts and what to do with it (a row of the edit page's image list). */
export const productImageSchema = z.object({
  intent: z.enum(["image-save", "image-up", "image-down", "image-remove"], {
    errorMap: () => ({ message: E("badRequest") }),
  }),
  imageRowId: z.string({ required_error: E("badRequest") }).uuid(E("badRequest")),
  altEn: optional(
    z
      .string({ invalid_type_error: E("altInvalid") })
      .trim()
      .max(MAX_ALT, E("altInvalid"))
      .refine(isPlainLabel, E("altInvalid")),
  ).transform((value) => value ?? ""),
  altAr: optional(
    z
      .string({ invalid_type_error: E("altInvalid") })
      .trim()
      .max(MAX_ALT, E("altInvalid"))
      .refine(isPlainLabel, E("altInvalid")),
  ).transform((value) => value ?? ""),
});
