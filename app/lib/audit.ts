/** The kinds of thing the activity log records (decision 041): the filter's choices. Client-safe. */
export const AUDIT_ENTITY_TYPES = [
  "order",
  "product",
  "category",
  "discount",
  "sale",
  "review",
  "settings",
  "payments",
  "domain",
  "staff",
  "customer",
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/**
 * Actions whose "changes" are counts (an import's created/updated/skipped, an export's rows), not
 * before → after: the page shows "field: value".
 */
export const AUDIT_COUNT_ACTIONS: readonly string[] = ["product.import", "customer.export"];
