/**
 * The checkout form (SPEC §3, §5): shipping info (full name, street address, zip code, city,
 * email, mobile number, all required, email valid), the payment choice and the form's one-time
 * token. One schema for the server and the browser (decision 006). Messages are locale keys.
 */
import { z } from "zod";
import { looksLikePhone } from "~/lib/phone";
import { emailField } from "./fields";

// Control characters and bidi overrides (as in fields.ts) and markup: never part of an address.
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069<>]/;

export const MAX_ADDRESS_LENGTH = 200;
export const MAX_SHORT_FIELD_LENGTH = 80;

const text = (required: string, max: number, invalid: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .max(max, "validation.fieldTooLong")
    .refine((value) => !UNSAFE_TEXT.test(value), invalid);

export const shippingFields = {
  fullName: text("validation.nameRequired", MAX_SHORT_FIELD_LENGTH, "validation.nameInvalid"),
  streetAddress: text("validation.addressRequired", MAX_ADDRESS_LENGTH, "validation.addressInvalid"),
  zipCode: text("validation.zipRequired", 20, "validation.zipInvalid").refine(
    (value) => /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u.test(value),
    "validation.zipInvalid",
  ),
  city: text("validation.cityRequired", MAX_SHORT_FIELD_LENGTH, "validation.cityInvalid"),
  /** ISO 3166-1 alpha-2 (issue 33); absent: the store's own country. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "shipping.countryInvalid")
    .optional(),
  email: emailField,
  // Digits with the usual separators and an optional leading +; 6 to 15 digits in all.
  // Arabic-Indic and Persian digits read as 0-9 (issue 34): app/lib/phone.ts.
  mobile: text("validation.mobileRequired", 30, "validation.mobileInvalid").refine(
    looksLikePhone,
    "validation.mobileInvalid",
  ),
};

export const shippingSchema = z.object(shippingFields);
export type ShippingInput = z.infer<typeof shippingSchema>;

export const PAYMENT_METHODS = ["cod", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * "save" keeps the address; "place" (the default, so the browser's check of the whole form,
 * which cannot see the pressed button, checks the order too) places the order.
 */
export const checkoutSchema = z
  .object({
    ...shippingFields,
    intent: z.enum(["save", "place"]).default("place"),
    paymentMethod: z
      .enum(PAYMENT_METHODS, { errorMap: () => ({ message: "checkout.paymentRequired" }) })
      .optional(),
    /** The one-time token the page was rendered with. */
    checkoutToken: z
      .string({ required_error: "checkout.tokenInvalid" })
      .regex(/^[A-Za-z0-9_-]{16,64}$/, "checkout.tokenInvalid"),
    /** The total (minor units) the shopper saw; a different total on the server places nothing. */
    expectedTotal: z.coerce
      .number({ invalid_type_error: "checkout.tokenInvalid" })
      .int("checkout.tokenInvalid")
      .min(0, "checkout.tokenInvalid")
      .max(1_000_000_000, "checkout.tokenInvalid"),
    /** The shipping rate the shopper chose and the price shown for it (issue 33). */
    shippingRateId: z.string().uuid("checkout.tokenInvalid").optional(),
    expectedShipping: z.coerce
      .number({ invalid_type_error: "checkout.tokenInvalid" })
      .int("checkout.tokenInvalid")
      .min(0, "checkout.tokenInvalid")
      .max(1_000_000_000, "checkout.tokenInvalid")
      .optional(),
    /** The Cash On Delivery fee (minor units) the shopper saw; absent counts as none. */
    expectedCodFee: z.coerce
      .number({ invalid_type_error: "checkout.tokenInvalid" })
      .int("checkout.tokenInvalid")
      .min(0, "checkout.tokenInvalid")
      .max(1_000_000_000, "checkout.tokenInvalid")
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.intent === "place" && !value.paymentMethod) {
      ctx.addIssue({ code: "custom", path: ["paymentMethod"], message: "checkout.paymentRequired" });
    }
  });
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** The cancel form: which order (from the URL) and nothing else but the honeypot. */
export const orderNumberParam = z.coerce.number().int().min(1).max(2_000_000_000);
