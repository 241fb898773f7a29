/**
 * The admin's refund form (issue 37, decision 048): one schema for the server (conform's
 * parseWithZod) and the browser (useSchemaForm). Units per order line with a restock box each,
 * amounts typed in the store's currency (shipping, COD fee, any further amount) read into minor
 * units, a reason from the list and its text, a note to the shopper, and for an offline payment
 * its method and reference. Whether it is more than is left is the service's answer (409).
 */
import { z } from "zod";
import { amountToMinor } from "./admin-sales";
import { checkboxField } from "./fields";

export const REFUND_REASON_CODES = [
  "returned",
  "damaged",
  "wrong_item",
  "late_delivery",
  "goodwill",
  "other",
] as const;
export const OFFLINE_REFUND_METHODS = ["cash", "bank_transfer"] as const;
export const MAX_REFUND_TEXT = 500;
export const MAX_REFUND_REFERENCE = 100;
export const MAX_REFUND_LINES = 200;

const E = (key: string) => `refunds.errors.${key}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const optionalText = (max: number) =>
  z
    .string({ invalid_type_error: E("textInvalid") })
    .trim()
    .max(max, E("textTooLong"))
    .optional()
    .transform((value) => value || null);

const amount = (digits: number) =>
  z
    .string({ invalid_type_error: E("amountInvalid") })
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return 0;
      const minor = amountToMinor(value.replace(",", "."), digits);
      if (minor === null) {
        ctx.addIssue({ code: "custom", message: E("amountInvalid") });
        return z.NEVER;
      }
      return minor;
    });

export function refundSchema(digits: number) {
  return z.object({
    requestToken: z.string({ required_error: E("tokenMissing") }).regex(/^[\w-]{8,80}$/, E("tokenMissing")),
    lines: z
      .array(
        z.object({
          orderItemId: z.string().regex(UUID, E("lineInvalid")),
          quantity: z.coerce
            .number({ invalid_type_error: E("unitsInvalid") })
            .int(E("unitsInvalid"))
            .min(0, E("unitsInvalid"))
            .max(100_000, E("unitsInvalid"))
            .default(0),
          restock: checkboxField,
        }),
      )
      .max(MAX_REFUND_LINES)
      .default([]),
    shipping: amount(digits),
    codFee: amount(digits),
    extra: amount(digits),
    reasonCode: z.enum(REFUND_REASON_CODES, {
      errorMap: () => ({ message: E("reasonRequired") }),
    }),
    reasonText: optionalText(MAX_REFUND_TEXT),
    note: optionalText(MAX_REFUND_TEXT),
    method: z.enum(OFFLINE_REFUND_METHODS).optional(),
    reference: optionalText(MAX_REFUND_REFERENCE),
  });
}

export type RefundForm = z.output<ReturnType<typeof refundSchema>>;
