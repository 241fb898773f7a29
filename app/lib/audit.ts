/** The kinds of thing the activity log records (decision 041): the filter's choices. Client-safe. */
export const AUDIT_ENTITY_TYPES = ["order", "settings", "payments", "domain", "staff", "customer"] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
