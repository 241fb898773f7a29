/**
 * The admin's category forms (SPEC §2 Categories): one schema for create and edit, one for
 * delete. Names are bilingual; the slug is the category's address on the storefront.
 */
import { z } from "zod";
import { MAX_SLUG, SLUG_PATTERN, suggestSlug } from "~/lib/slug";
import { blankAsMissing, isPlainLabel, isPlainText } from "./fields";

export const MAX_CATEGORY_NAME = 80;
export const MAX_CATEGORY_DESCRIPTION = 2_000;

const categoryName = (required: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .max(MAX_CATEGORY_NAME, "validation.fieldTooLong")
    .refine(isPlainLabel, "validation.textInvalid");

const description = z
  .string()
  .trim()
  .max(MAX_CATEGORY_DESCRIPTION, "validation.fieldTooLong")
  .refine((value) => isPlainText(value, { multiline: true }), "validation.textInvalid")
  .optional()
  .transform((value) => value ?? "");

/**
 * Create and edit. No parent = a top-level category; a parent must itself be top-level. An empty
 * slug is made from the English name (the owner can always type their own).
 */
export const categorySchema = z
  .object({
    nameEn: categoryName("validation.nameEnRequired"),
    nameAr: categoryName("validation.nameArRequired"),
    slug: blankAsMissing(
      z
        .string()
        .trim()
        .max(MAX_SLUG, "validation.fieldTooLong")
        .regex(SLUG_PATTERN, "validation.slugInvalid")
        .optional(),
    ),
    parentId: blankAsMissing(z.string().uuid("validation.choiceInvalid").optional()),
    sortOrder: blankAsMissing(
      z
        .string()
        .trim()
        .regex(/^\d{1,4}$/, "validation.sortOrderInvalid")
        .optional()
        .transform((value) => (value === undefined ? 0 : Number(value))),
    ),
    descriptionEn: description,
    descriptionAr: description,
    removeImage: z.literal("on").optional(),
  })
  .transform((value) => ({ ...value, slug: value.slug || suggestSlug(value.nameEn) }))
  .refine((value) => value.slug.length > 0, { path: ["slug"], message: "validation.slugRequired" });
export type CategoryInput = z.output<typeof categorySchema>;

/** Where a deleted category's products go: another category of the store, or none. */
export const MOVE_TO_NONE = "none";

export const categoryDeleteSchema = z.object({
  intent: z.literal("delete"),
  categoryId: z.string().uuid(),
  moveToCategoryId: z.union([z.literal(MOVE_TO_NONE), z.string().uuid()]).optional(),
});
