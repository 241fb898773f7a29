/**
 * The Cash On Delivery form of /admin/storesetting/paymentOptions (decision 030): on/off, the COD
 * fee, the largest order total COD is offered for (empty: no limit) and "verified email only".
 * Amounts are typed in major units and stored in minor units. One schema for server and browser.
 */
import { z } from "zod";
import { AMOUNT, amountField, majorToMinor } from "./admin-settings";
import { blankAsMissing, checkboxField } from "./fields";

/** Whole hours from 1 to a week; left out (a form from before issue 34), the default. */
const hoursField = (fallback: number) =>
  blankAsMissing(
    z
      .string({ invalid_type_error: "codConfirmation.settings.hoursInvalid" })
      .trim()
      .regex(/^\d{1,3}$/, "codConfirmation.settings.hoursInvalid")
      .transform(Number)
      .refine((hours) => hours >= 1 && hours <= 168, "codConfirmation.settings.hoursInvalid")
      .optional(),
  ).transform((hours) => hours ?? fallback);

export const codSettingsSchema = z
  .object({
    cashOnDelivery: checkboxField,
    codFee: amountField("validation.amountRequired"),
    codMaxTotal: blankAsMissing(
      z
        .string({ invalid_type_error: "validation.amountInvalid" })
        .trim()
        .regex(AMOUNT, "validation.amountInvalid")
        .transform(majorToMinor)
        .refine((minor) => minor > 0, "codControls.maxInvalid")
        .optional(),
    ).transform((minor) => minor ?? null),
    codVerifiedOnly: checkboxField,
    // Shoppers confirm COD orders (issue 34): the reminder and the auto-cancel, in whole hours.
    codConfirm: checkboxField,
    codConfirmRemindHours: hoursField(6),
    codConfirmCancelHours: hoursField(24),
    // "No Cash On Delivery after N refusals" (issue 34 item 6): ticked with a count from 1 to 99.
    codRefusalLimit: checkboxField,
    codMaxRefusalsCount: blankAsMissing(
      z
        .string({ invalid_type_error: "codRefusals.settings.countInvalid" })
        .trim()
        .regex(/^\d{1,2}$/, "codRefusals.settings.countInvalid")
        .transform(Number)
        .refine((count) => count >= 1 && count <= 99, "codRefusals.settings.countInvalid")
        .optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.codConfirmRemindHours >= value.codConfirmCancelHours)
      ctx.addIssue({
        code: "custom",
        path: ["codConfirmRemindHours"],
        message: "codConfirmation.settings.remindBeforeCancel",
      });
    if (value.codRefusalLimit && value.codMaxRefusalsCount === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["codMaxRefusalsCount"],
        message: "codRefusals.settings.countInvalid",
      });
  })
  .transform(({ codRefusalLimit, codMaxRefusalsCount, ...rest }) => ({
    ...rest,
    codMaxRefusals: codRefusalLimit ? (codMaxRefusalsCount ?? null) : null,
  }));
export type CodSettingsInput = z.output<typeof codSettingsSchema>;
