/**
 * The topics a webhook subscription can choose and the events feed reports (issue 38, decision
 * 047). Shared by the admin's form (checkboxes) and the server.
 */
export const WEBHOOK_TOPICS = [
  "orders/created",
  "orders/paid",
  "orders/updated",
  "orders/cancelled",
  "orders/refunded",
  // A shopper asked to return units of a delivered order (issue 37 item 4, decision 050).
  "returns/requested",
  "products/created",
  "products/updated",
  "products/deleted",
  "inventory/updated",
  "customers/created",
] as const;

export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

export const isWebhookTopic = (value: string): value is WebhookTopic =>
  (WEBHOOK_TOPICS as readonly string[]).includes(value);
