/**
 * The shopper's discount code forms on the cart and checkout pages (issue 20): Apply (a code) and
 * Remove. One schema per form, checked by the page's action and, for Apply, in the browser. A code
 * is letters, digits, "-" and "_" (the admin's rule), matched whatever the case.
 */
import { z } from "zod";
import { APPLY_CODE, CODE_CHARACTERS, MAX_CODE_LENGTH, REMOVE_CODE } from "~/lib/discount-code-fields";

export const applyCodeSchema = z.object({
  intent: z.literal(APPLY_CODE),
  code: z
    .string({
      required_error: "discounts.errors.codeRequired",
      invalid_type_error: "discounts.errors.codeRequired",
    })
    .trim()
    .min(1, "discounts.errors.codeRequired")
    .max(MAX_CODE_LENGTH, "discounts.errors.codeFormat")
    .refine((value) => value === "" || CODE_CHARACTERS.test(value), "discounts.errors.codeFormat"),
});

export const removeCodeSchema = z.object({ intent: z.literal(REMOVE_CODE) });

/** What the page's action parses when the intent is one of these two. */
export const codeFormSchema = z.discriminatedUnion("intent", [applyCodeSchema, removeCodeSchema]);
