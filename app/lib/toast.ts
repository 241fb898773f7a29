/** A toast raised on the server and shown once in the browser, translated there. */
export type ToastType = "success" | "error" | "info";

export interface ToastMessage {
  /** Distinguishes two identical toasts in a row, so each is shown once. */
  id: string;
  type: ToastType;
  /** Locale key, e.g. "toast.loginSuccess". */
  key: string;
  params?: Record<string, string | number>;
}

export function isToastMessage(value: unknown): value is ToastMessage {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === "string" &&
    (v.type === "success" || v.type === "error" || v.type === "info") &&
    typeof v.key === "string" &&
    (v.params === undefined || (typeof v.params === "object" && v.params !== null))
  );
}
