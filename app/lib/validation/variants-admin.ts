/**
 * The admin's options and variants forms (issue 19, decision 023 phase 2): a product's options
 * with their ordered values, its variants table, the bulk price/stock form and the per-variant
 * buttons. One schema per form, run by the action (conform) and by the browser (useSchemaForm).
 * Written for both sides (ADR 012): conform sends an empty field as undefined, the browser "".
 * Messages are locale keys (adminVariants.errors.*).
 */
import { weightGramsRule } from "./products-admin";
import { z } from "zod";
import { isPlainLabel } from "./fields";
import {
  MAX_PRICE_MAJOR,
  MAX_STOCK,
  isNegativeNumber,
  majorToMinor,
  pricePattern,
  productFormShape,
  refineProduct,
} from "./products-admin";

/** At most this many options a product (the database's check says the same). */
export const MAX_OPTIONS = 3;
/** At most this many variants a product: every combination of its options' values. */
export const MAX_VARIANTS = 100;
export const MAX_OPTION_NAME = 40;
export const MAX_OPTION_VALUE = 40;
export const MAX_SKU = 64;
/** Letters, digits and . _ - / after a letter or digit (what SKUs are made of). */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/;

const E = (key: string) => `adminVariants.errors.${key}`;

/** "" and a missing field both mean "not given". */
const blank = (value: unknown) =>
  value === null || value === "" || (typeof value === "string" && value.trim() === "") ? undefined : value;

const uuid = (message = E("badRequest")) =>
  z.string({ required_error: message, invalid_type_error: message }).uuid(message);
const optionalUuid = (message = E("badRequest")) =>
  z.preprocess(blank, uuid(message).optional()).transform((value) => value ?? null);

const label = (required: string, max: number) =>
  z
    .string({ required_error: E(required), invalid_type_error: E(required) })
    .trim()
    .min(1, E(required))
    .max(max, E("tooLong"))
    .refine(isPlainLabel, E("textInvalid"));

/** A list field: conform leaves it out when it has no rows. */
const list = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((value) => value ?? [], z.array(item, { invalid_type_error: E("badRequest") }));

const optionValueRule = z.object({
  /** Set for a value the product has (it keeps its variants); absent for a new one. */
  id: optionalUuid(),
  valueEn: label("valueEnRequired", MAX_OPTION_VALUE),
  valueAr: label("valueArRequired", MAX_OPTION_VALUE),
});

const optionRule = z.object({
  id: optionalUuid(),
  nameEn: label("nameEnRequired", MAX_OPTION_NAME),
  nameAr: label("nameArRequired", MAX_OPTION_NAME),
  values: list(optionValueRule)
    .refine((values) => values.length > 0, E("needsValue"))
    .refine((values) => values.length <= MAX_VARIANTS, E("tooManyCombinations")),
});

const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** How many variants a set of options makes: the product of their value counts (1 without options). */
export function combinationCount(options: readonly { values: readonly unknown[] }[]): number {
  return options.reduce((total, option) => total * Math.max(option.values.length, 1), 1);
}

/**
 * The options list's own rules: names and values told apart, at most 3 options, 100 combinations.
 * `path` leads from where the check runs to the list (issue paths are relative to it).
 */
function checkOptions(options: z.output<typeof optionRule>[], ctx: z.RefinementCtx, path: string[]) {
  if (options.length > MAX_OPTIONS) {
    ctx.addIssue({ code: "custom", message: E("tooManyOptions"), path });
    return;
  }
  options.forEach((option, index) => {
    for (const field of ["nameEn", "nameAr"] as const) {
      if (options.slice(0, index).some((other) => same(other[field], option[field]))) {
        ctx.addIssue({ code: "custom", message: E("duplicateOption"), path: [...path, index, field] });
      }
    }
    option.values.forEach((value, position) => {
      for (const field of ["valueEn", "valueAr"] as const) {
        if (option.values.slice(0, position).some((other) => same(other[field], value[field]))) {
          ctx.addIssue({
            code: "custom",
            message: E("duplicateValue"),
            path: [...path, index, "values", position, field],
          });
        }
      }
    });
  });
  if (combinationCount(options) > MAX_VARIANTS) {
    ctx.addIssue({ code: "custom", message: E("tooManyCombinations"), path: [] });
  }
}

/** The options, as the product form of /admin/products/new carries them (no ids: all new). */
const newProductOptionsField = list(optionRule).superRefine((options, ctx) => checkOptions(options, ctx, []));

/**
 * The product form of /admin/products/new: the product's fields and, optionally, its options;
 * every variant then starts at the form's price and stock.
 */
export function newProductFormSchema(currencyDigits: number) {
  return refineProduct(z.object({ ...productFormShape(currencyDigits), options: newProductOptionsField }));
}
export type NewProductFormValue = z.output<ReturnType<typeof newProductFormSchema>>;

/** The options form of /admin/products/:id: the whole list, saved at once. */
export const optionsFormSchema = z
  .object({
    intent: z.literal("save-options", { errorMap: () => ({ message: E("badRequest") }) }),
    options: list(optionRule),
  })
  .superRefine((value, ctx) => checkOptions(value.options, ctx, ["options"]));
export type OptionsFormValue = z.output<typeof optionsFormSchema>;
export type OptionInput = OptionsFormValue["options"][number];

function priceRule(currencyDigits: number) {
  const pattern = pricePattern(currencyDigits);
  return z
    .string({ required_error: E("priceRequired"), invalid_type_error: E("priceRequired") })
    .trim()
    .min(1, E("priceRequired"))
    .refine((value) => !isNegativeNumber(value), E("priceNegative"))
    .refine((value) => isNegativeNumber(value) || pattern.test(value), E("priceInvalid"))
    .refine((value) => !pattern.test(value) || Number(value) <= MAX_PRICE_MAJOR, E("priceTooHigh"))
    .transform((value) => majorToMinor(value, currencyDigits));
}

const stockRule = z
  .string({ required_error: E("stockRequired"), invalid_type_error: E("stockRequired") })
  .trim()
  .min(1, E("stockRequired"))
  .regex(/^\d{1,7}$/, E("stockInvalid"))
  .refine((value) => !/^\d{1,7}$/.test(value) || Number(value) <= MAX_STOCK, E("stockInvalid"))
  .transform(Number);

const skuRule = z
  .preprocess(
    blank,
    z
      .string({ invalid_type_error: E("skuInvalid") })
      .trim()
      .max(MAX_SKU, E("skuInvalid"))
      .regex(SKU_PATTERN, E("skuInvalid"))
      .optional(),
  )
  .transform((value) => value ?? null);

/** A checkbox: "on" when ticked, absent when not. */
const checkbox = z
  .enum(["on"], { errorMap: () => ({ message: E("badRequest") }) })
  .optional()
  .transform((value) => value === "on");

/** The variants table of /admin/products/:id: every row's SKU, price, stock, image and active flag. */
export function variantsFormSchema(currencyDigits: number) {
  return z
    .object({
      intent: z.literal("save-variants", { errorMap: () => ({ message: E("badRequest") }) }),
      variants: list(
        z.object({
          id: uuid(),
          sku: skuRule,
          price: priceRule(currencyDigits),
          stock: stockRule,
          weightGrams: weightGramsRule,
          imageId: optionalUuid(),
          active: checkbox,
        }),
      ).refine((rows) => rows.length <= MAX_VARIANTS, E("badRequest")),
    })
    .superRefine((value, ctx) => {
      value.variants.forEach((row, index) => {
        const earlier = value.variants.slice(0, index);
        if (earlier.some((other) => other.id === row.id)) {
          ctx.addIssue({ code: "custom", message: E("badRequest"), path: ["variants", index, "id"] });
        }
        if (row.sku !== null && earlier.some((other) => other.sku === row.sku)) {
          ctx.addIssue({ code: "custom", message: E("skuTaken"), path: ["variants", index, "sku"] });
        }
      });
    });
}
export type VariantsFormValue = z.output<ReturnType<typeof variantsFormSchema>>;
export type VariantRowInput = VariantsFormValue["variants"][number];

export const BULK_INTENTS = ["bulk-price", "bulk-stock"] as const;

/**
 * Set one price or one stock for all of a product's variants, or the ticked ones. The two
 * buttons (intent) share the form; each needs its own field, the other may stay empty.
 */
export function bulkVariantsSchema(currencyDigits: number) {
  const price = priceRule(currencyDigits);
  return z
    .object({
      intent: z.enum(BULK_INTENTS, { errorMap: () => ({ message: E("badRequest") }) }),
      scope: z.enum(["all", "selected"], { errorMap: () => ({ message: E("scopeInvalid") }) }),
      variantIds: z
        .preprocess(
          (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
          z.array(uuid()),
        )
        .refine((ids) => ids.length <= MAX_VARIANTS, E("badRequest")),
      price: z.preprocess(blank, price.optional()),
      stock: z.preprocess(blank, stockRule.optional()),
    })
    .superRefine((value, ctx) => {
      if (value.intent === "bulk-price" && value.price === undefined) {
        ctx.addIssue({ code: "custom", message: E("priceRequired"), path: ["price"] });
      }
      if (value.intent === "bulk-stock" && value.stock === undefined) {
        ctx.addIssue({ code: "custom", message: E("stockRequired"), path: ["stock"] });
      }
      if (value.scope === "selected" && value.variantIds.length === 0) {
        ctx.addIssue({ code: "custom", message: E("selectSome"), path: ["scope"] });
      }
    });
}
export type BulkVariantsValue = z.output<ReturnType<typeof bulkVariantsSchema>>;

/** One variant's own buttons: delete it, or take it off sale / back on sale. */
export const variantActionSchema = z.object({
  intent: z.enum(["variant-delete", "variant-deactivate", "variant-activate"], {
    errorMap: () => ({ message: E("badRequest") }),
  }),
  variantId: uuid(),
});

/** The "Generate variants" button: nothing but its intent. */
export const generateVariantsSchema = z.object({
  intent: z.literal("generate-variants", { errorMap: () => ({ message: E("badRequest") }) }),
});
