/** A message about a whole form, sent by an action as a locale key and shown translated. */
export interface FormNotice {
  key: string;
  params?: Record<string, string | number>;
  tone?: "error" | "info";
  /** A second sentence after the first, e.g. what happened because of it. */
  followUp?: { key: string; params?: Record<string, string | number> };
}
