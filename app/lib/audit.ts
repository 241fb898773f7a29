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

/**
 * Which side of a change the page shows: a creation or a count its new value ("Price: $12.50"),
 * a deletion what was there, anything else before → after.
 */
export function auditChangeShape(action: string): "after" | "before" | "both" {
  if (AUDIT_COUNT_ACTIONS.includes(action) || action.endsWith(".create")) return "after";
  if (action.endsWith(".delete")) return "before";
  return "both";
}

/**
 * Fields whose values are one of a few known words, and the group of
 * `staffRoles.activity.values.<group>.<value>` that names them in the page's language.
 */
const ENUM_GROUPS: Record<string, string> = {
  status: "status",
  paymentStatus: "paymentStatus",
  kind: "kind",
  scope: "scope",
  taxClass: "taxClass",
  reviewModeration: "reviewModeration",
  defaultLocale: "locale",
};

/** A field's value as the log shows it: money in the store's currency, known words translated. */
export interface AuditValueFormat {
  t: (key: string, options?: Record<string, unknown>) => string;
  money: (minor: number) => string;
}

export function auditFieldLabel(field: string, { t }: Pick<AuditValueFormat, "t">): string {
  return t(`staffRoles.activity.fields.${field}`, { defaultValue: field });
}

export function auditValue(field: string, value: unknown, format: AuditValueFormat): string {
  const { t, money } = format;
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return t(`staffRoles.activity.values.${value ? "yes" : "no"}`);
  if (typeof value === "number" && /Cents$/.test(field)) return money(value);
  if (Array.isArray(value)) {
    return value.length === 0 ? "—" : value.map((item) => auditValue(field, item, format)).join(", ");
  }
  if (typeof value === "object") return JSON.stringify(value);
  const text = String(value);
  if (field === "role" && text.startsWith("preset:")) {
    const preset = text.slice("preset:".length);
    return t(`staffAdmin.presets.${preset}`, { defaultValue: preset });
  }
  if (field === "role" && text.startsWith("role:")) return t("staffRoles.activity.values.customRole");
  if (field === "role" && text === "admin") return t("staffRoles.activity.values.admin");
  const group = ENUM_GROUPS[field];
  if (group) return t(`staffRoles.activity.values.${group}.${text}`, { defaultValue: text });
  return text;
}
