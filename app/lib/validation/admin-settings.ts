/**
 * The store-setting forms (SPEC §2): one schema per page, shared by the action and the browser.
 * Texts the owner writes are plain text (rendered as text, paragraphs kept); bilingual columns
 * have an English and an Arabic field.
 */
import { z } from "zod";
import { canonicalTimeZone } from "~/lib/time-zone";
import { blankAsMissing, isPlainLabel, isPlainText, MAX_NAME_LENGTH } from "./fields";

/** Currencies a store can sell in: all with two decimals, so the form's major units map simply. */
export const STORE_CURRENCIES = ["USD", "EUR", "GBP", "SAR", "AED", "EGP"] as const;
export const STORE_LOCALES = ["en", "ar"] as const;
/** Social networks the footer links to, in the order it shows them. */
export const SOCIAL_NETWORKS = ["instagram", "facebook", "x", "youtube", "tiktok"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const MAX_HERO_TITLE = 120;
export const MAX_HERO_SUBTITLE = 300;
export const MAX_PAGE_TEXT = 20_000;
export const MAX_FEATURED_CATEGORIES = 6;
export const MAX_FEATURED_PRODUCTS = 8;
/** 9,999,999.99 in the form: fits the integer column in minor units. */
export const AMOUNT = /^\d{1,7}(?:\.\d{1,2})?$/;
const HEX = /^#[0-9a-fA-F]{6}$/;

/** Optional plain text, trimmed; "" when left empty (conform sends undefined, the browser ""). */
const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  z
    .string()
    .trim()
    .max(max, "validation.fieldTooLong")
    .refine((value) => isPlainText(value, options), "validation.textInvalid")
    .optional()
    .transform((value) => value ?? "");

/** "12.5" → 1250: parsed from the digits, never through a float. */
export function majorToMinor(value: string): number {
  const [whole, fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** 1250 → "12.50", the form's value for a stored amount. */
export function minorToMajor(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

export const amountField = (required: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .regex(AMOUNT, "validation.amountInvalid")
    .transform(majorToMinor);

/**
 * The store's time zone: one of the runtime's IANA names (or UTC), saved as the runtime spells
 * it. Anything else (an offset, a made-up name) is refused under the field.
 */
export const timeZoneField = z
  .string({ required_error: "timeZone.required", invalid_type_error: "timeZone.invalid" })
  .trim()
  .min(1, "timeZone.required")
  .refine((value) => canonicalTimeZone(value) !== null, "timeZone.invalid")
  .transform((value) => canonicalTimeZone(value)!);

/**
 * /admin/settings: the store's name, currency, language, time zone, where it ships from (a
 * country, ISO 3166-1 alpha-2; the server checks it is one) and the default weight in grams of a
 * product without one (issue 33; fees and thresholds are per zone at /admin/shipping).
 */
export const generalSettingsSchema = z.object({
  storeName: z
    .string({ required_error: "validation.storeName", invalid_type_error: "validation.storeName" })
    .trim()
    .min(4, "validation.storeName")
    .max(MAX_NAME_LENGTH, "validation.nameTooLong")
    .refine(isPlainLabel, "validation.nameInvalid"),
  currency: z.enum(STORE_CURRENCIES, {
    errorMap: () => ({ message: "validation.choiceInvalid" }),
  }),
  defaultLocale: z.enum(STORE_LOCALES, {
    errorMap: () => ({ message: "validation.choiceInvalid" }),
  }),
  timeZone: timeZoneField,
  country: z
    .string({
      required_error: "shippingAdmin.errors.countryRequired",
      invalid_type_error: "validation.choiceInvalid",
    })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "validation.choiceInvalid"),
  defaultWeightGrams: z
    .string({
      required_error: "shippingAdmin.errors.weightInvalid",
      invalid_type_error: "shippingAdmin.errors.weightInvalid",
    })
    .trim()
    .regex(/^\d{1,7}$/, "shippingAdmin.errors.weightInvalid")
    .transform(Number)
    .refine((grams) => grams <= 1_000_000, "shippingAdmin.errors.weightInvalid"),
});

const colorField = (required: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .regex(HEX, "validation.colorInvalid")
    .transform((value) => value.toUpperCase());

/** /admin/storesetting/logoAndColors: the colours (the logo is a file beside them). */
export const brandingSchema = z.object({
  primaryColor: colorField("validation.colorRequired"),
  secondaryColor: colorField("validation.colorRequired"),
  removeLogo: z.literal("on").optional(),
});

/** Checkboxes: none ticked sends nothing, one a single value, several a list. */
const idList = (max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.string().uuid("validation.choiceInvalid"))
      .max(max, "validation.tooManyChosen")
      .transform((ids) => [...new Set(ids)]),
  );

/** /admin/storesetting/homepage: the hero's texts and the owner's picks below it. */
export const homepageSchema = z.object({
  heroTitleEn: optionalText(MAX_HERO_TITLE),
  heroTitleAr: optionalText(MAX_HERO_TITLE),
  heroSubtitleEn: optionalText(MAX_HERO_SUBTITLE),
  heroSubtitleAr: optionalText(MAX_HERO_SUBTITLE),
  removeHeroImage: z.literal("on").optional(),
  featuredCategoryIds: idList(MAX_FEATURED_CATEGORIES),
  featuredProductIds: idList(MAX_FEATURED_PRODUCTS),
});

/** /admin/storesetting/aboutus. */
export const aboutSchema = z.object({
  aboutEn: optionalText(MAX_PAGE_TEXT, { multiline: true }),
  aboutAr: optionalText(MAX_PAGE_TEXT, { multiline: true }),
});

/** /admin/storesetting/terms&privacy. */
export const legalSchema = z.object({
  termsEn: optionalText(MAX_PAGE_TEXT, { multiline: true }),
  termsAr: optionalText(MAX_PAGE_TEXT, { multiline: true }),
  privacyEn: optionalText(MAX_PAGE_TEXT, { multiline: true }),
  privacyAr: optionalText(MAX_PAGE_TEXT, { multiline: true }),
});

const socialUrl = blankAsMissing(
  z
    .string()
    .trim()
    .max(300, "validation.fieldTooLong")
    .url("validation.urlInvalid")
    .refine((value) => /^https:\/\//i.test(value), "validation.urlInvalid")
    .optional()
    .transform((value) => value ?? ""),
);

/** /admin/storesetting/contact&footer: what the contact page and every page's footer show. */
export const contactFooterSchema = z.object({
  contactEmail: blankAsMissing(
    z
      .string()
      .trim()
      .max(254, "validation.emailInvalid")
      .email("validation.emailInvalid")
      .optional()
      .transform((value) => value ?? ""),
  ),
  contactPhone: blankAsMissing(
    z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ().-]{3,28}$/, "validation.phoneInvalid")
      .optional()
      .transform((value) => value ?? ""),
  ),
  contactAddressEn: optionalText(300),
  contactAddressAr: optionalText(300),
  contactHours: optionalText(100),
  footerTextEn: optionalText(300),
  footerTextAr: optionalText(300),
  social: z
    .object(
      Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, socialUrl])) as Record<
        SocialNetwork,
        typeof socialUrl
      >,
    )
    .optional()
    .transform((value) => value ?? ({} as Partial<Record<SocialNetwork, string>>)),
});
