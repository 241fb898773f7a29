import { useTranslation } from "~/lib/use-translation";

const TONES: Record<string, string> = {
  pending: "border-amber-700 text-amber-900 dark:border-amber-300 dark:text-amber-200",
  awaiting_confirmation: "border-amber-700 text-amber-900 dark:border-amber-300 dark:text-amber-200",
  confirmed: "border-blue-700 text-blue-900 dark:border-blue-300 dark:text-blue-200",
  shipped: "border-indigo-700 text-indigo-900 dark:border-indigo-300 dark:text-indigo-200",
  delivered: "border-green-700 text-green-900 dark:border-green-300 dark:text-green-200",
  paid: "border-green-700 text-green-900 dark:border-green-300 dark:text-green-200",
  cancelled: "border-red-700 text-red-900 dark:border-red-300 dark:text-red-200",
  failed: "border-red-700 text-red-900 dark:border-red-300 dark:text-red-200",
};

/** An order or payment status as a translated label; the colour repeats the text, never replaces it. */
export function StatusBadge({ kind, value }: { kind: "status" | "payment"; value: string }) {
  const { t } = useTranslation();
  const label = t(kind === "status" ? `orders.statuses.${value}` : `orders.paymentStatuses.${value}`);
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-sm font-bold whitespace-nowrap ${TONES[value] ?? "border-line text-ink"}`}
    >
      {label}
    </span>
  );
}
