/** The forms of /admin/billing (issue 12). */
import { z } from "zod";

/** A plan's "Choose" button: the package it names (the service refuses one that is not offered). */
export const planChoiceSchema = z.object({
  packageId: z.string({ required_error: "billing.noSuchPlan", invalid_type_error: "billing.noSuchPlan" }),
});
