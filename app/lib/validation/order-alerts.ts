/**
 * The "Email alerts" form of /admin/profile (decision 030): whether this admin gets an email for
 * every new order, and the language the admin's emails are written in. One schema for the
 * server and the browser.
 */
import { z } from "zod";
import { LOCALES } from "~/lib/i18n";
import { checkboxField } from "./fields";

export const orderAlertsSchema = z.object({
  orderAlerts: checkboxField,
  emailLocale: z.enum(LOCALES, { errorMap: () => ({ message: "validation.choiceInvalid" }) }),
});
export type OrderAlertsInput = z.output<typeof orderAlertsSchema>;
