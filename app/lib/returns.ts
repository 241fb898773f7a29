/** Returns requested by the shopper (decision 050): the lists forms and pages share. Client-safe, no zod. */
export const RETURN_REASON_CODES = [
  "changed_mind",
  "damaged",
  "wrong_item",
  "not_as_described",
  "other",
] as const;
export type ReturnReasonCode = (typeof RETURN_REASON_CODES)[number];
export const RETURN_STATES = ["requested", "approved", "declined", "received", "refunded"] as const;
export const MAX_RETURN_TEXT = 1000;
/** The longest return window a store may set, in days. */
export const MAX_RETURN_WINDOW_DAYS = 365;
