/** The forms of /admin/api/webhooks (issue 38, decision 047): a subscription, its rotation, its log. */
import { z } from "zod";
import { WEBHOOK_TOPICS } from "~/lib/webhooks";

/** How long the old secret stays valid after "Rotate secret" (hours). */
export const ROTATION_GRACE_HOURS = ["1", "24", "72"] as const;

export const createWebhookSchema = z.object({
  url: z
    .string({ required_error: "webhooks.errors.url" })
    .trim()
    .min(1, "webhooks.errors.url")
    .max(2000, "webhooks.errors.url")
    .refine((value) => URL.canParse(value), "webhooks.errors.url"),
  topics: z
    .array(z.enum(WEBHOOK_TOPICS, { errorMap: () => ({ message: "webhooks.errors.topics" }) }), {
      invalid_type_error: "webhooks.errors.topics",
    })
    .min(1, "webhooks.errors.topics"),
});

/** Pause, resume, delete: the subscription is the page's (its path), nothing else is sent. */
export const noFieldsSchema = z.object({});
export const rotateWebhookSchema = z.object({
  grace: z.enum(ROTATION_GRACE_HOURS, { errorMap: () => ({ message: "webhooks.errors.grace" }) }),
});
export const redeliverSchema = z.object({ deliveryId: z.string().uuid() });
