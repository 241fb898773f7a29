import { z } from "zod";
import { ORDER_STATUSES, ORDER_STEPS, PAYMENT_STATUSES } from "~/lib/order-transitions";

/**
 * One step button on /admin/orders/:number: the step, and the state the page showed, so a click
 * on a page that is out of date is refused instead of acting on an order that moved on.
 */
export const orderStepSchema = z.object({
  intent: z.enum(ORDER_STEPS),
  expectedStatus: z.enum(ORDER_STATUSES),
  expectedPayment: z.enum(PAYMENT_STATUSES),
});
export type OrderStepForm = z.infer<typeof orderStepSchema>;
