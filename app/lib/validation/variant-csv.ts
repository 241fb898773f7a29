/**
 * The variant columns of the products CSV (decision 027): one row per variant, Shopify's
 * handle-plus-option layout with `slug` as the handle, each option's name and value in English
 * and Arabic. The cell rules here are shared by the import's check; messages are locale keys.
 */
import { z } from "zod";
import { isPlainLabel } from "./fields";
import { BOOLEAN_WORDS } from "./products-admin";

export const MAX_OPTIONS = 3;
export const MAX_VARIANTS = 100;
export const MAX_OPTION_NAME = 40;
export const MAX_OPTION_VALUE = 60;
export const MAX_SKU = 64;

/** optionN_name, optionN_name_ar, optionN_value, optionN_value_ar for N = 1…3. */
export const OPTION_CSV_COLUMNS = [1, 2, 3].flatMap((n) => [
  `option${n}_name`,
  `option${n}_name_ar`,
  `option${n}_value`,
  `option${n}_value_ar`,
]) as readonly string[];

/** What follows the product columns in the header, in this order. */
export const VARIANT_CSV_COLUMNS = [
  ...OPTION_CSV_COLUMNS,
  "sku",
  "variant_price",
  "variant_stock",
  "variant_image",
  "variant_active",
] as const;

/** An option column of any number (option4_name is recognised, to be refused per row). */
export const ANY_OPTION_COLUMN = /^option(\d+)_(name|value)(_ar)?$/;

const E = (key: string) => `variantCsv.errors.${key}`;

const text = (max: number, invalid: string) =>
  z.string().max(max, E(invalid)).refine(isPlainLabel, E(invalid));

/** Cells already trimmed; "" means not given. */
export const optionNameRule = text(MAX_OPTION_NAME, "optionNameInvalid");
export const optionValueRule = text(MAX_OPTION_VALUE, "optionValueInvalid");
export const skuRule = text(MAX_SKU, "skuInvalid");

/** `/images/{id}` as the export writes it, or the bare id. */
const IMAGE_REF = /^(?:\/images\/)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export function imageIdOf(cell: string): string | null {
  const match = IMAGE_REF.exec(cell);
  return match ? match[1]!.toLowerCase() : null;
}

export const imageRef = (id: string) => `/images/${id}`;

/** true/false/yes/no/1/0; "" means true; anything else undefined. */
export function readActive(cell: string): boolean | undefined {
  return cell === "" ? true : BOOLEAN_WORDS[cell.toLowerCase()];
}
