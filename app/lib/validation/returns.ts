/**
 * Returns requested by the shopper (issue 37 item 4, decision 050): the shopper's request form
 * (units per order line, a reason from the list, a comment), the staff's decision (approve or
 * decline, with a message to the shopper), the units received, and the store's return window.
 * One schema per form for the server and the browser. Whether the units are still returnable or
 * the step is allowed in the request's state is the service's answer (4xx).
 */
import { z } from "zod";

import { MAX_RETURN_TEXT, MAX_RETURN_WINDOW_DAYS, RETURN_REASON_CODES } from "~/lib/returns";

export { RETURN_REASON_CODES, type ReturnReasonCode } from "~/lib/returns";
export const MAX_RETURN_LINES = 200;

const E = (key: string) => `returns.errors.${key}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const optionalText = z
  .string({ invalid_type_error: E("textInvalid") })
  .trim()
  .max(MAX_RETURN_TEXT, E("textTooLong"))
  .optional()
  .transform((value) => value || null);

const units = z.coerce
  .number({ invalid_type_error: E("unitsInvalid") })
  .int(E("unitsInvalid"))
  .min(0, E("unitsInvalid"))
  .max(100_000, E("unitsInvalid"))
  .default(0);

const lines = z
  .array(z.object({ orderItemId: z.string().regex(UUID, E("lineInvalid")), quantity: units }))
  .max(MAX_RETURN_LINES, E("lineInvalid"))
  .default([])
  .transform((all) => all.filter((line) => line.quantity > 0));

/** The shopper's request: at least one unit, a reason, an optional comment. */
export const returnRequestSchema = z
  .object({
    lines,
    reasonCode: z.enum(RETURN_REASON_CODES, { errorMap: () => ({ message: E("reasonRequired") }) }),
    comment: optionalText,
  })
  .refine((value) => value.lines.length > 0, { path: ["lines"], message: E("noUnits") });
export type ReturnRequestForm = z.output<typeof returnRequestSchema>;

/** The staff's decision on a requested return, with an optional message to the shopper. */
export const returnDecisionSchema = z.object({
  intent: z.enum(["approve", "decline"]),
  returnId: z.string().regex(UUID, E("lineInvalid")),
  message: optionalText,
});

/** The units that came back, per line (0 to what was asked). */
export const returnReceivedSchema = z.object({
  intent: z.literal("receive"),
  returnId: z.string().regex(UUID, E("lineInvalid")),
  lines,
});

/** The store's return window: whole days after delivery, 0 = no returns. */
export const returnWindowSchema = z.object({
  returnWindowDays: z
    .string({ required_error: E("windowInvalid"), invalid_type_error: E("windowInvalid") })
    .trim()
    .regex(/^\d{1,3}$/, E("windowInvalid"))
    .transform(Number)
    .refine((days) => days >= 0 && days <= MAX_RETURN_WINDOW_DAYS, E("windowInvalid")),
});
