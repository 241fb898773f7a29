/**
 * A subscription plan as staff edit it on /platform/packages (issue 12): names in both languages,
 * the monthly price in dollars and cents, the Stripe price id (optional: without one, Checkout is
 * given the price inline), the features text and whether it is on offer.
 */
import { z } from "zod";
import { checkboxField, isPlainText } from "./fields";

const required = (key: string) => ({ required_error: key, invalid_type_error: key });

const planName = z
  .string(required("validation.planNameRequired"))
  .trim()
  .min(1, "validation.planNameRequired")
  .max(60, "validation.fieldTooLong")
  .refine((value) => !/[<>]/.test(value) && isPlainText(value), "validation.nameInvalid");

const features = z
  .string()
  .trim()
  .max(1000, "validation.fieldTooLong")
  .refine((value) => isPlainText(value, { multiline: true }), "validation.commentsInvalid")
  .default("");

export const packageSchema = z.object({
  nameEn: planName,
  nameAr: planName,
  /** "19", "19.5" or "19.99" (USD), up to 99,999.99: read as cents, never through a float. */
  price: z
    .string(required("validation.priceRequired"))
    .trim()
    .min(1, "validation.priceRequired")
    .regex(/^\d{1,5}(?:\.\d{1,2})?$/, "validation.priceInvalid")
    .transform((value) => {
      const [whole, fraction = ""] = value.split(".");
      return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    }),
  stripePriceId: z
    .string()
    .trim()
    .max(255, "validation.fieldTooLong")
    .regex(/^(?:price_[A-Za-z0-9_]+)?$/, "validation.stripePriceInvalid")
    .default("")
    .transform((value) => value || null),
  descriptionEn: features,
  descriptionAr: features,
  active: checkboxField,
  /** Entitlement: stores on this plan may use a custom domain. */
  allowsCustomDomain: checkboxField,
});

export type PackageInput = z.infer<typeof packageSchema>;
