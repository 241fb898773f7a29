import type { ReactNode } from "react";

/** A message about the whole form (not one field), announced when it appears. */
export function Notice({ tone = "error", children }: { tone?: "error" | "info"; children: ReactNode }) {
  const colors =
    tone === "error"
      ? "border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
      : "border-primary bg-card text-ink";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border-s-4 px-4 py-3 ${colors}`}>
      {children}
    </div>
  );
}
