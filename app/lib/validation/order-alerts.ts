/**
 * The "Email alerts" form of /admin/profile (decision 030): whether this admin gets an email for
 * every new order, and the language the admin's emails are written in. One schema for the
 * server and the browser.
 */
import { z } from "zod";
import { LOCALES } from "~/lib/i18n";

export const orderAlertsSchema = z.object({
  /** A ticked box sends "on", an unticked one nothing. */
  orderAlerts: z
    .literal("on", { errorMap: () => ({ message: "validation.choiceInvalid" }) })
    .optional()
    .transform((value) => value === "on"),
  emailLocale: z.enum(LOCALES, { errorMap: () => ({ message: "validation.choiceInvalid" }) }),
});
export type OrderAlertsInput = z.output<typeof orderAlertsSchema>;
