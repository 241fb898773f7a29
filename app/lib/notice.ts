/** A message about a whole form, sent by an action as a locale key and shown translated. */
export interface FormNotice {
  key: string;
  params?: Record<string, string | number>;
  tone?: "error" | "info";
}
