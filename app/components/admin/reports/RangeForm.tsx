import { Form } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { Notice } from "~/components/ui/Notice";
import { Button } from "~/components/ui/Button";
import { Input } from "~/components/ui/Input";
import { isolate } from "~/lib/bidi";
import type { FormNotice } from "~/lib/notice";
import type { DayRange } from "~/lib/validation/report-range";

/**
 * The date range of a report page: a GET form (works without JavaScript) sending `startDate`
 * and `endDate`, what the loader read (or its default) filled in, and why a range was refused.
 */
export function RangeForm({
  range,
  notice,
  timeZone,
}: {
  range: DayRange;
  notice: FormNotice | null;
  timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      {notice ? <Notice>{t(notice.key, notice.params)}</Notice> : null}
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("reports.range.label")}>
        <label className="flex flex-col gap-1">
          <span className="font-bold">{t("reports.range.start")}</span>
          <Input type="date" name="startDate" defaultValue={range.start} required />
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-bold">{t("reports.range.end")}</span>
          <Input type="date" name="endDate" defaultValue={range.end} required />
        </label>
        <Button variant="secondary">{t("reports.range.apply")}</Button>
        <p className="basis-full text-sm text-muted">
          {t("reports.range.timeZone", { timeZone: isolate(timeZone) })}
        </p>
      </Form>
    </div>
  );
}

/** "12 Nov 2026" for a `YYYY-MM-DD` day, in the page's language (the day as written, no shift). */
export function useDayFormat(style: "medium" | "short" = "medium"): (day: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: style === "medium" ? "medium" : undefined,
    day: style === "short" ? "numeric" : undefined,
    month: style === "short" ? "short" : undefined,
    timeZone: "UTC",
  });
  return (day) => format.format(new Date(`${day}T00:00:00Z`));
}
