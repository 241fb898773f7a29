/**
 * The form of /admin/storesetting/tax (issue 35, decision 042): registered for VAT or not, the
 * VAT number (checked against the store's country's format), the legal names a tax invoice
 * carries, whether typed prices include VAT, whether shipping and the COD fee are taxed, and a
 * rate per destination country as a percentage ("15", "5", "0", up to two decimals), stored in
 * basis points. One schema for server and browser; the country and the listed destinations come
 * from the page (the loader), so both sides build the same schema.
 */
import { z } from "zod";
import { validVatNumber } from "~/lib/vat-number";
import { blankAsMissing, checkboxField, isPlainLabel } from "./fields";

export const MAX_LEGAL_NAME = 200;

/** "15", "15.5", "0.25": a percentage from 0 to 100 with up to two decimals. */
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** "15.5" → 1550 basis points, exactly (no float multiplication). */
export function percentToBasisPoints(percent: string): number {
  const [whole = "0", fraction = ""] = percent.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** 1550 → "15.5", 1500 → "15": the rate as the form shows it. */
export function basisPointsToPercent(bp: number): string {
  const fraction = String(bp % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return fraction ? `${Math.floor(bp / 100)}.${fraction}` : String(Math.floor(bp / 100));
}

const rateField = z
  .string({ required_error: "tax.rateInvalid", invalid_type_error: "tax.rateInvalid" })
  .trim()
  .regex(PERCENT, "tax.rateInvalid")
  .transform(percentToBasisPoints)
  .refine((bp) => bp <= 10_000, "tax.rateInvalid");

const legalName = blankAsMissing(
  z
    .string({ invalid_type_error: "tax.legalNameInvalid" })
    .trim()
    .max(MAX_LEGAL_NAME, "tax.legalNameInvalid")
    .refine(isPlainLabel, "tax.legalNameInvalid")
    .optional(),
).transform((value) => value ?? "");

export function taxSettingsSchema(country: string, destinations: readonly string[]) {
  return z
    .object({
      vatRegistered: checkboxField,
      vatNumber: blankAsMissing(
        z
          .string({ invalid_type_error: "tax.vatNumberInvalid" })
          .trim()
          .max(40, "tax.vatNumberInvalid")
          .optional(),
      ),
      legalNameEn: legalName,
      legalNameAr: legalName,
      pricesIncludeVat: z
        .enum(["inclusive", "exclusive"], { errorMap: () => ({ message: "validation.choiceInvalid" }) })
        .transform((value) => value === "inclusive"),
      vatOnShipping: checkboxField,
      vatOnCodFee: checkboxField,
      rates: z.object(Object.fromEntries(destinations.map((code) => [code, rateField]))),
    })
    .superRefine((value, ctx) => {
      if (value.vatNumber !== undefined && validVatNumber(country, value.vatNumber) === null) {
        ctx.addIssue({
          code: "custom",
          path: ["vatNumber"],
          message: `tax.vatNumberFormat.${country === "SA" || country === "AE" ? country : "other"}`,
        });
      }
      if (!value.vatRegistered) return;
      if (value.vatNumber === undefined)
        ctx.addIssue({ code: "custom", path: ["vatNumber"], message: "tax.vatNumberRequired" });
      if (value.legalNameEn === "")
        ctx.addIssue({ code: "custom", path: ["legalNameEn"], message: "tax.legalNameRequired" });
      if (value.legalNameAr === "")
        ctx.addIssue({ code: "custom", path: ["legalNameAr"], message: "tax.legalNameRequired" });
    })
    .transform(({ vatNumber, ...rest }) => ({
      ...rest,
      vatNumber: vatNumber === undefined ? null : validVatNumber(country, vatNumber),
    }));
}
export type TaxSettingsInput = z.output<ReturnType<typeof taxSettingsSchema>>;
