/**
 * The admin's discount code form (/admin/discounts/new and /admin/discounts/:id, issue 20): one
 * schema for the server (conform's parseWithZod) and the browser (useSchemaForm), made per store
 * like the sale form's (the currency's decimals, the store's time zone for the datetime fields).
 *
 * A code is letters, digits, "-" and "_" (1–40), unique per store whatever the case; a percentage
 * (whole number 1–100), a fixed amount off the order (in the store's currency) or free shipping;
 * an optional minimum (the eligible goods after sales), a start and an optional end, optional
 * total and per-shopper limits, the whole store / categories (with their sub categories) / chosen
 * products, and whether it is on.
 */
import { z } from "zod";
import { zonedDateTimeToInstant } from "~/lib/time-zone";
import { amountToMinor, MAX_FIXED_OFF, MAX_SALE_TARGETS } from "./admin-sales";
import { checkboxField } from "./fields";

export const DISCOUNT_KINDS = ["percentage", "fixed", "free_shipping"] as const;
export const DISCOUNT_SCOPES = ["store", "categories", "products"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
/** Where a code stands now, as the admin's list shows and filters it. */
export const DISCOUNT_STATES = ["active", "scheduled", "expired", "used-up", "inactive"] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];
export const MAX_DISCOUNT_TARGETS = MAX_SALE_TARGETS;
/** The largest usage limit a form accepts. */
export const MAX_USAGE_LIMIT = 1_000_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const E = (key: string) => `discounts.admin.errors.${key}`;

/** A text field whose empty value means "none". */
const optionalText = z
  .string({ invalid_type_error: E("valueRequired") })
  .trim()
  .optional()
  .transform((value) => value ?? "");

const idList = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(z.string().regex(UUID, "validation.choiceInvalid"), {
      invalid_type_error: "validation.choiceInvalid",
    })
    .max(MAX_DISCOUNT_TARGETS, E("tooManyTargets"))
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
);

/** A whole number of uses, 1 to MAX_USAGE_LIMIT, or empty for unlimited (null). */
const limit = optionalText
  .refine((value) => value === "" || (/^\d{1,7}$/.test(value) && Number(value) >= 1), E("limitInvalid"))
  .refine((value) => value === "" || Number(value) <= MAX_USAGE_LIMIT, E("limitInvalid"))
  .transform((value) => (value === "" ? null : Number(value)));

export function discountCodeSchema(currencyDigits: number, timeZone: string) {
  const moment = (required: string | null) =>
    optionalText
      .refine((value) => value !== "" || required === null, required ?? E("startRequired"))
      .refine((value) => value === "" || zonedDateTimeToInstant(value, timeZone) !== null, E("dateInvalid"))
      .transform((value) => (value === "" ? null : zonedDateTimeToInstant(value, timeZone)));
  return z
    .object({
      code: z
        .string({ required_error: E("codeRequired"), invalid_type_error: E("codeRequired") })
        .trim()
        .min(1, E("codeRequired"))
        .max(40, E("codeFormat"))
        .refine((value) => value === "" || /^[A-Za-z0-9_-]+$/.test(value), E("codeFormat")),
      kind: z.enum(DISCOUNT_KINDS, { errorMap: () => ({ message: E("kindRequired") }) }),
      value: optionalText,
      minSubtotal: optionalText.refine(
        (value) => value === "" || amountToMinor(value, currencyDigits) !== null,
        E("minInvalid"),
      ),
      startsAt: moment(E("startRequired")),
      endsAt: moment(null),
      usageLimit: limit,
      perShopperLimit: limit,
      scope: z.enum(DISCOUNT_SCOPES, { errorMap: () => ({ message: E("scopeRequired") }) }),
      categoryIds: idList,
      productIds: idList,
      active: checkboxField,
    })
    .superRefine((input, ctx) => {
      const issue = (path: string, key: string) =>
        ctx.addIssue({ code: "custom", path: [path], message: E(key) });
      if (input.kind === "percentage") {
        if (!/^\d{1,3}$/.test(input.value) || Number(input.value) < 1 || Number(input.value) > 100)
          issue("value", input.value === "" ? "valueRequired" : "percentInvalid");
      } else if (input.kind === "fixed") {
        const minor = amountToMinor(input.value, currencyDigits);
        if (minor === null || minor < 1 || minor > MAX_FIXED_OFF * 10 ** currencyDigits)
          issue("value", input.value === "" ? "valueRequired" : "amountInvalid");
      }
      if (input.scope === "categories" && input.categoryIds.length === 0)
        issue("categoryIds", "chooseCategories");
      if (input.scope === "products" && input.productIds.length === 0) issue("productIds", "chooseProducts");
      if (input.startsAt && input.endsAt && input.endsAt.getTime() <= input.startsAt.getTime())
        issue("endsAt", "endBeforeStart");
    })
    .transform((input) => ({
      code: input.code,
      kind: input.kind,
      /** Percent, minor units off the order, or 0 for free shipping. */
      value:
        input.kind === "percentage"
          ? Number(input.value)
          : input.kind === "fixed"
            ? amountToMinor(input.value, currencyDigits)!
            : 0,
      minSubtotalCents: input.minSubtotal === "" ? 0 : amountToMinor(input.minSubtotal, currencyDigits)!,
      startsAt: input.startsAt!,
      endsAt: input.endsAt,
      usageLimit: input.usageLimit,
      perShopperLimit: input.perShopperLimit,
      scope: input.scope,
      categoryIds: input.scope === "categories" ? input.categoryIds : [],
      productIds: input.scope === "products" ? input.productIds : [],
      active: input.active,
    }));
}
export type DiscountCodeInput = z.output<ReturnType<typeof discountCodeSchema>>;

/** The list's row buttons: delete (confirmed), deactivate and activate. */
export const discountRowSchema = z.object({
  intent: z.enum(["delete", "deactivate", "activate"]),
  discountId: z.string().regex(UUID),
});
