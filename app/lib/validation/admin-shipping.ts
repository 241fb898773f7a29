/**
 * The admin's shipping forms (/admin/shipping, issue 33, decision 039): one schema per form for
 * the server (conform's parseWithZod) and the browser (useSchemaForm).
 *
 * A zone is "everywhere", a set of countries, cities of one country (typed one per line in
 * English or Arabic or a common spelling; the server finds each in the city list), or postal
 * patterns in one country. A rate is flat, by weight bands (grams), by subtotal bands (the
 * store's currency) or a pickup place with its hours; with an optional free-from threshold, Cash
 * On Delivery allowed or not, and an optional own COD fee. Bands are typed one per line,
 * "up to = price" ("1000 = 12.00"), the last may be "* = price" (no end).
 */
import { z } from "zod";
import { amountToMinor } from "./admin-sales";

export const ZONE_PLACE_KINDS = ["everywhere", "countries", "cities", "postal"] as const;
export type ZonePlaceKind = (typeof ZONE_PLACE_KINDS)[number];
export const RATE_KINDS = ["flat", "weight", "subtotal", "pickup"] as const;
export type RateKindInput = (typeof RATE_KINDS)[number];

export const MAX_ZONE_NAME = 80;
export const MAX_RATE_NAME = 80;
export const MAX_ESTIMATE = 80;
export const MAX_ZONE_LINES = 100;
export const MAX_BANDS = 20;
/** 1,000 kg: more than any parcel a store ships. */
export const MAX_GRAMS = 1_000_000;

const E = (key: string) => `shippingAdmin.errors.${key}`;
const COUNTRY = /^[A-Z]{2}$/;
const POSTAL = /^[A-Z0-9][A-Z0-9 -]{0,11}\*?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = z
  .string({ invalid_type_error: E("textInvalid") })
  .trim()
  .optional()
  .transform((value) => value ?? "");

/** Lines of a textarea: trimmed, blank ones dropped, repeats once. */
export function linesOf(value: string): string[] {
  return [
    ...new Set(
      value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

const countryList = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(
      z
        .string({ invalid_type_error: E("countryInvalid") })
        .trim()
        .toUpperCase(),
      {
        invalid_type_error: E("countryInvalid"),
      },
    )
    .max(250, E("countryInvalid"))
    // One message for the whole list (under the select), not one per chosen option.
    .refine((codes) => codes.every((code) => COUNTRY.test(code)), E("countryInvalid"))
    .transform((codes) => [...new Set(codes)]),
);

export const zoneSchema = z
  .object({
    name: z
      .string({ required_error: E("nameRequired"), invalid_type_error: E("nameRequired") })
      .trim()
      .min(1, E("nameRequired"))
      .max(MAX_ZONE_NAME, "validation.fieldTooLong")
      .refine((value) => !/[<>]/.test(value), "validation.textInvalid"),
    placeKind: z.enum(ZONE_PLACE_KINDS, { errorMap: () => ({ message: E("placeKindRequired") }) }),
    countries: countryList,
    country: text.transform((value) => value.toUpperCase()),
    cities: text,
    postalPatterns: text,
  })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (value.placeKind === "countries" && value.countries.length === 0)
      issue("countries", E("countriesRequired"));
    if (value.placeKind === "cities" || value.placeKind === "postal") {
      if (!COUNTRY.test(value.country)) issue("country", E("countryRequired"));
    }
    if (value.placeKind === "cities") {
      const lines = linesOf(value.cities);
      if (lines.length === 0) issue("cities", E("citiesRequired"));
      else if (lines.length > MAX_ZONE_LINES) issue("cities", E("tooManyLines"));
      else if (lines.some((line) => line.length > 60 || /[<>]/.test(line))) issue("cities", E("cityUnknown"));
    }
    if (value.placeKind === "postal") {
      const lines = linesOf(value.postalPatterns).map((line) => line.toUpperCase());
      if (lines.length === 0) issue("postalPatterns", E("postalRequired"));
      else if (lines.length > MAX_ZONE_LINES) issue("postalPatterns", E("tooManyLines"));
      else if (lines.some((line) => !POSTAL.test(line))) issue("postalPatterns", E("postalInvalid"));
    }
  });
export type ZoneInput = z.output<typeof zoneSchema>;

export interface ParsedBands {
  bands: { upTo: number | null; cents: number }[];
}

/**
 * "1000 = 12.00" lines → bands (up to, in grams or minor units; "*" no end), ascending; null when a
 * line is not one. `upToMinor` reads the left side (grams, or an amount in the currency).
 */
export function parseBands(
  value: string,
  upTo: (raw: string) => number | null,
  price: (raw: string) => number | null,
): ParsedBands | null {
  const lines = linesOf(value);
  if (lines.length === 0 || lines.length > MAX_BANDS) return null;
  const bands: ParsedBands["bands"] = [];
  for (const line of lines) {
    const match = /^(\*|[0-9][0-9.,]*)\s*[=:]\s*([0-9][0-9.]*)$/.exec(line);
    if (!match) return null;
    const limit = match[1] === "*" ? null : upTo(match[1]!.replace(/,/g, ""));
    const cents = price(match[2]!);
    if ((match[1] !== "*" && (limit === null || limit <= 0)) || cents === null) return null;
    bands.push({ upTo: limit, cents });
  }
  const open = bands.filter((band) => band.upTo === null);
  if (open.length > 1) return null;
  const closed = bands.filter((band) => band.upTo !== null).sort((a, b) => a.upTo! - b.upTo!);
  if (new Set(closed.map((band) => band.upTo)).size !== closed.length) return null;
  return { bands: [...closed, ...open] };
}

/** Whole grams, 1 to MAX_GRAMS; null otherwise. */
export function gramsOf(raw: string): number | null {
  if (!/^\d{1,7}$/.test(raw)) return null;
  const grams = Number(raw);
  return grams >= 1 && grams <= MAX_GRAMS ? grams : null;
}

/** The rate form, made for the store's currency (its decimals). */
export function rateSchema(currencyDigits: number) {
  const amount = (raw: string) => amountToMinor(raw, currencyDigits);
  const optionalAmount = text.refine((value) => value === "" || amount(value) !== null, E("amountInvalid"));
  return z
    .object({
      kind: z.enum(RATE_KINDS, { errorMap: () => ({ message: E("kindRequired") }) }),
      nameEn: z
        .string({ required_error: E("rateNameRequired"), invalid_type_error: E("rateNameRequired") })
        .trim()
        .min(1, E("rateNameRequired"))
        .max(MAX_RATE_NAME, "validation.fieldTooLong")
        .refine((value) => !/[<>]/.test(value), "validation.textInvalid"),
      nameAr: z
        .string({ required_error: E("rateNameRequired"), invalid_type_error: E("rateNameRequired") })
        .trim()
        .min(1, E("rateNameRequired"))
        .max(MAX_RATE_NAME, "validation.fieldTooLong")
        .refine((value) => !/[<>]/.test(value), "validation.textInvalid"),
      estimateEn: text.refine((value) => value.length <= MAX_ESTIMATE, "validation.fieldTooLong"),
      estimateAr: text.refine((value) => value.length <= MAX_ESTIMATE, "validation.fieldTooLong"),
      price: optionalAmount,
      bands: text,
      extraStep: text,
      extraPrice: optionalAmount,
      freeFrom: optionalAmount,
      codAllowed: z
        .union([z.literal("on"), z.literal("")])
        .optional()
        .transform((value) => value === "on"),
      codFee: optionalAmount,
    })
    .superRefine((value, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: "custom", path: [path], message });
      if ((value.kind === "flat" || value.kind === "pickup") && value.price === "")
        issue("price", E("priceRequired"));
      if (value.kind === "weight" || value.kind === "subtotal") {
        const upTo = value.kind === "weight" ? gramsOf : amount;
        if (!parseBands(value.bands, upTo, amount)) issue("bands", E(`bandsInvalid.${value.kind}`));
        if ((value.extraStep === "") !== (value.extraPrice === ""))
          issue(value.extraStep === "" ? "extraStep" : "extraPrice", E("extraBoth"));
        else if (value.extraStep !== "" && (upTo(value.extraStep) === null || upTo(value.extraStep)! <= 0))
          issue("extraStep", E("extraStepInvalid"));
      }
    })
    .transform((value) => {
      const banded = value.kind === "weight" || value.kind === "subtotal";
      const upTo = value.kind === "weight" ? gramsOf : amount;
      const parsed = banded ? parseBands(value.bands, upTo, amount) : null;
      return {
        kind: value.kind,
        nameEn: value.nameEn,
        nameAr: value.nameAr,
        estimateEn: value.estimateEn,
        estimateAr: value.estimateAr,
        priceCents: banded ? 0 : (amount(value.price) ?? 0),
        bands:
          banded && parsed
            ? {
                bands: parsed.bands,
                extra:
                  value.extraStep !== ""
                    ? { step: upTo(value.extraStep)!, cents: amount(value.extraPrice)! }
                    : null,
              }
            : null,
        freeFromCents: value.freeFrom === "" ? null : amount(value.freeFrom),
        codAllowed: value.codAllowed,
        codFeeCents: value.codFee === "" ? null : amount(value.codFee),
      };
    });
}
export type RateInput = z.output<ReturnType<typeof rateSchema>>;

/** A row's delete button on the list (the zone) or on the zone's page (a rate). */
export const shippingRowSchema = z.object({
  intent: z.enum(["delete", "delete-rate"]),
  id: z.string().regex(UUID),
});

/**
 * A row's move buttons (issue 33): a zone up or down on the list, a rate up or down on its zone's
 * page. Order breaks ties only: between equally specific zones, and between equally priced rates.
 */
export const shippingMoveSchema = z.object({
  intent: z.enum(["zone-up", "zone-down", "rate-up", "rate-down"]),
  id: z.string().regex(UUID),
});
export type ShippingMove = z.infer<typeof shippingMoveSchema>;
