/**
 * The admin's sale form (/admin/sales/new and /admin/sales/:id): one schema for the server
 * (conform's parseWithZod) and the browser (useSchemaForm). A sale takes a percentage (a whole
 * number 1–100) or a fixed amount in the store's currency (typed as "5.00", stored in minor
 * units) off each unit, on the whole store, on categories (their sub categories included) or on
 * chosen products, from its start (inclusive) to its end (exclusive). Times are typed in the
 * store's time zone with a datetime-local field (lib/time-zone.ts: a wall time the clocks skip,
 * 02:30 on the spring change, is read as the moment after the gap, 03:30).
 *
 * The currency's decimals and the store's zone shape the rules, so the schema is made per store:
 * `saleSchema(2, "America/New_York")` for USD in New York, `saleSchema(0, "Asia/Tokyo")` for JPY.
 */
import { z } from "zod";
import { zonedDateTimeToInstant } from "~/lib/time-zone";
import { isPlainLabel } from "./fields";

export const MAX_SALE_NAME = 80;
/** The most a fixed sale takes off, in major units: the storefront's price filter tops out here. */
export const MAX_FIXED_OFF = 10_000;
/** The most targets one sale may name (checkboxes of one form). */
export const MAX_SALE_TARGETS = 500;
export const SALE_KINDS = ["percent", "fixed"] as const;
export const SALE_SCOPES = ["store", "categories", "products"] as const;
/** Where a sale stands at a moment (a switched-off one counts as ended). */
export const SALE_STATES = ["running", "scheduled", "ended"] as const;
export type SaleState = (typeof SALE_STATES)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const saleName = (required: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .max(MAX_SALE_NAME, "validation.fieldTooLong")
    .refine(isPlainLabel, "validation.textInvalid");

/** Minor units as the amount field shows them: 500 → "5.00" for a currency with 2 decimals. */
export function minorToAmount(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const scale = 10 ** digits;
  return `${Math.floor(minor / scale)}.${String(minor % scale).padStart(digits, "0")}`;
}

/** "5.5" → 550 with 2 decimals; null for anything that is not a plain amount with at most `digits` decimals. */
export function amountToMinor(value: string, digits: number): number | null {
  const pattern = digits > 0 ? new RegExp(`^(\\d{1,6})(?:\\.(\\d{1,${digits}}))?$`) : /^(\d{1,6})$/;
  const match = pattern.exec(value);
  if (!match) return null;
  const fraction = (match[2] ?? "").padEnd(digits, "0");
  return Number(match[1]) * 10 ** digits + (digits > 0 ? Number(fraction) : 0);
}

const moment = (required: string, timeZone: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .refine((value) => zonedDateTimeToInstant(value, timeZone) !== null, "admin.sales.errors.dateInvalid")
    .transform((value) => zonedDateTimeToInstant(value, timeZone)!);

/** A list of ids from checkboxes: none (undefined), one (a string) or several (a list). */
const idList = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(z.string().regex(UUID, "validation.choiceInvalid"), {
      invalid_type_error: "validation.choiceInvalid",
    })
    .max(MAX_SALE_TARGETS, "admin.sales.errors.tooManyTargets")
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
);

export function saleSchema(currencyDigits: number, timeZone: string) {
  return z
    .object({
      nameEn: saleName("admin.sales.errors.nameEnRequired"),
      nameAr: saleName("admin.sales.errors.nameArRequired"),
      kind: z.enum(SALE_KINDS, {
        errorMap: () => ({ message: "admin.sales.errors.kindRequired" }),
      }),
      value: z
        .string({
          required_error: "admin.sales.errors.valueRequired",
          invalid_type_error: "admin.sales.errors.valueRequired",
        })
        .trim()
        .min(1, "admin.sales.errors.valueRequired"),
      scope: z.enum(SALE_SCOPES, {
        errorMap: () => ({ message: "admin.sales.errors.scopeRequired" }),
      }),
      categoryIds: idList,
      productIds: idList,
      startsAt: moment("admin.sales.errors.startRequired", timeZone),
      endsAt: moment("admin.sales.errors.endRequired", timeZone),
    })
    .superRefine((input, ctx) => {
      if (input.kind === "percent" && !/^\d{1,3}$/.test(input.value)) {
        ctx.addIssue({ code: "custom", path: ["value"], message: "admin.sales.errors.percentInvalid" });
      } else if (input.kind === "percent" && (Number(input.value) < 1 || Number(input.value) > 100)) {
        ctx.addIssue({ code: "custom", path: ["value"], message: "admin.sales.errors.percentInvalid" });
      } else if (input.kind === "fixed") {
        const minor = amountToMinor(input.value, currencyDigits);
        if (minor === null || minor < 1 || minor > MAX_FIXED_OFF * 10 ** currencyDigits) {
          ctx.addIssue({ code: "custom", path: ["value"], message: "admin.sales.errors.amountInvalid" });
        }
      }
      if (input.scope === "categories" && input.categoryIds.length === 0) {
        ctx.addIssue({
          code: "custom",
          path: ["categoryIds"],
          message: "admin.sales.errors.chooseCategories",
        });
      }
      if (input.scope === "products" && input.productIds.length === 0) {
        ctx.addIssue({ code: "custom", path: ["productIds"], message: "admin.sales.errors.chooseProducts" });
      }
      if (input.endsAt.getTime() <= input.startsAt.getTime()) {
        ctx.addIssue({ code: "custom", path: ["endsAt"], message: "admin.sales.errors.endBeforeStart" });
      }
    })
    .transform((input) => ({
      nameEn: input.nameEn,
      nameAr: input.nameAr,
      kind: input.kind,
      /** Percent, or minor units off each unit. */
      value: input.kind === "percent" ? Number(input.value) : amountToMinor(input.value, currencyDigits)!,
      scope: input.scope,
      categoryIds: input.scope === "categories" ? input.categoryIds : [],
      productIds: input.scope === "products" ? input.productIds : [],
      startsAt: input.startsAt,
      endsAt: input.endsAt,
    }));
}
export type SaleInput = z.output<ReturnType<typeof saleSchema>>;

/** The list's delete button. */
export const saleDeleteSchema = z.object({
  intent: z.literal("delete"),
  saleId: z.string().regex(UUID),
});
