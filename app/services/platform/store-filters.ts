/** The states staff filter the tenant list by; shared with the page's filter form. */
export type StoreFilter = "active" | "expired" | "suspended";
export const STORE_FILTERS: readonly StoreFilter[] = ["active", "expired", "suspended"];
