import { useTranslation } from "~/lib/use-translation";

export type Change = number | "new" | null;

/** The change from the period before: "▲ 12.5 %", "▼ 3 %", "New" (from nothing) or "—". */
export function ChangeText({ change }: { change: Change }) {
  const { t, i18n } = useTranslation();
  if (change === null) return <span className="text-muted">{t("reports.change.none")}</span>;
  if (change === "new")
    return <span className="font-bold text-green-800 dark:text-green-300">{t("reports.change.new")}</span>;
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(Math.abs(change));
  if (change === 0) return <span className="text-muted">{t("reports.change.same")}</span>;
  return change > 0 ? (
    <span className="font-bold text-green-800 dark:text-green-300">
      {t("reports.change.up", { percent })}
    </span>
  ) : (
    <span className="font-bold text-red-800 dark:text-red-300">{t("reports.change.down", { percent })}</span>
  );
}

/** One headline figure with its change on the period before. */
export function Figure({ label, value, change }: { label: string; value: string; change?: Change }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-line bg-card p-4">
      <dt className="text-sm font-bold text-muted">{label}</dt>
      <dd className="text-2xl font-extrabold tabular-nums">{value}</dd>
      {change !== undefined ? (
        <dd className="text-sm">
          <ChangeText change={change} /> <span className="text-muted">{t("reports.change.vsPrevious")}</span>
        </dd>
      ) : null}
    </div>
  );
}
