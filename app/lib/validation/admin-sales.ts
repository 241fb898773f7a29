/**
 * The admin's sale form (/admin/sales/new and /admin/sales/:id): one schema for the server
 * (conform's parseWithZod) and the browser (useSchemaForm). A sale takes a percentage (a whole
 * number 1–100) or a fixed amount in the store's currency (typed as "5.00", stored in minor
 * units) off each unit, on the whole store, on categories (their sub categories included) or on
 * chosen products, from its start (inclusive) to its end (exclusive). Times are typed in UTC
 * (stores have no time zone of their own yet) with a datetime-local field.
 *
 * The currency's decimals shape the amount rule, so the schema is made per store: `saleSchema(2)`
 * for USD, `saleSchema(0)` for JPY.
 */
import { z } from "zod";
import { isPlainText } from "./fields";

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

const MARKUP = /[<>]/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What a datetime-local input sends: minutes, optionally seconds. */
const LOCAL_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const saleName = (required: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .max(MAX_SALE_NAME, "validation.fieldTooLong")
    .refine((value) => !MARKUP.test(value) && isPlainText(value), "validation.textInvalid");

/** "2026-05-01T09:30" read as UTC; null when it is not a real moment (Feb 30, 25:00). */
export function parseUtcDateTime(value: string): Date | null {
  const match = LOCAL_DATETIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number?,
  ];
  if (year < 2000 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const real =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute;
  return real ? date : null;
}

/** A moment as the datetime-local field shows it, in UTC: "2026-05-01T09:30". */
export function toUtcDateTimeValue(date: Date): string {
  return date.toISOString().slice(0, 16);
}

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

const moment = (required: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .refine((value) => parseUtcDateTime(value) !== null, "admin.sales.errors.dateInvalid")
    .transform((value) => parseUtcDateTime(value)!);

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

export function saleSchema(currencyDigits: number) {
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
      startsAt: moment("admin.sales.errors.startRequired"),
      endsAt: moment("admin.sales.errors.endRequired"),
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
