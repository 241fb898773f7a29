import { useId } from "react";
import { useTranslation } from "~/lib/use-translation";
import { useMoney } from "~/components/Price";
import { localeDir } from "~/lib/i18n";
import { useDayFormat } from "./RangeForm";

export interface ChartDay {
  day: string;
  orders: number;
  revenue: number;
}

const WIDTH = 720;
const HEIGHT = 240;
const AXIS = 88;
const TOP = 16;
const BOTTOM = 32;

/**
 * Sales over time as a bar per day, drawn on the server (an SVG: readable without JavaScript).
 * Time runs in the reading direction: left to right in English, right to left in Arabic, with
 * the amounts' axis on the side the reader starts from. The picture is named by a text
 * alternative (the total and the best day), and every figure is in a table below it.
 */
export function SalesChart({ days }: { days: ChartDay[] }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const dayFormat = useDayFormat();
  const shortDay = useDayFormat("short");
  const titleId = useId();
  const rtl = localeDir(i18n.language === "ar" ? "ar" : "en") === "rtl";
  const max = Math.max(1, ...days.map((d) => d.revenue));
  const total = days.reduce((sum, d) => sum + d.revenue, 0);
  const best = days.reduce<ChartDay | null>((top, d) => (d.revenue > (top?.revenue ?? 0) ? d : top), null);
  const plotStart = rtl ? 8 : AXIS;
  const plotEnd = rtl ? WIDTH - AXIS : WIDTH - 8;
  const band = (plotEnd - plotStart) / Math.max(1, days.length);
  const barWidth = Math.max(1, band * 0.7);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const y = (value: number) => TOP + plotHeight - (value / max) * plotHeight;
  const x = (index: number) => (rtl ? plotEnd - (index + 1) * band : plotStart + index * band);
  const axisX = rtl ? plotEnd + 6 : plotStart - 6;
  const anchor = rtl ? "start" : "end";
  const ticks = [0, max / 2, max];
  const labelled = days.length > 0 ? [0, Math.floor((days.length - 1) / 2), days.length - 1] : [];
  const summary = best
    ? t("reports.chart.summary", {
        start: dayFormat(days[0]!.day),
        end: dayFormat(days[days.length - 1]!.day),
        total: money(total),
        best: dayFormat(best.day),
        bestAmount: money(best.revenue),
      })
    : t("reports.chart.empty");
  return (
    <figure className="flex flex-col gap-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        // Positions are computed for the reading direction above; text anchors must not flip again.
        direction="ltr"
        className="h-auto w-full text-muted"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{summary}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={plotStart}
              x2={plotEnd}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-current"
              strokeOpacity={0.3}
              strokeDasharray={tick === 0 ? undefined : "4 4"}
            />
            <text x={axisX} y={y(tick) + 4} textAnchor={anchor} fontSize={12} className="fill-current">
              {money(Math.round(tick))}
            </text>
          </g>
        ))}
        {days.map((day, index) =>
          day.revenue > 0 ? (
            <rect
              key={day.day}
              x={x(index) + (band - barWidth) / 2}
              y={y(day.revenue)}
              width={barWidth}
              height={TOP + plotHeight - y(day.revenue)}
              rx={Math.min(3, barWidth / 2)}
              className="fill-primary"
            />
          ) : null,
        )}
        {[...new Set(labelled)].map((index, position, all) => (
          <text
            key={index}
            x={x(index) + band / 2}
            y={HEIGHT - 10}
            fontSize={12}
            textAnchor={
              position === 0
                ? rtl
                  ? "end"
                  : "start"
                : position === all.length - 1
                  ? rtl
                    ? "start"
                    : "end"
                  : "middle"
            }
            className="fill-current"
          >
            {shortDay(days[index]!.day)}
          </text>
        ))}
      </svg>
      <figcaption className="text-sm text-muted">{summary}</figcaption>
      <details className="rounded-md border border-line p-3">
        <summary className="cursor-pointer font-bold">{t("reports.chart.table")}</summary>
        <div className="mt-3 max-h-96 overflow-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("reports.chart.table")}</caption>
            <thead>
              <tr>
                <th scope="col" className="p-2 text-start">
                  {t("reports.day")}
                </th>
                <th scope="col" className="p-2 text-end">
                  {t("reports.orders")}
                </th>
                <th scope="col" className="p-2 text-end">
                  {t("reports.sales")}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day} className="border-t border-line">
                  <th scope="row" className="p-2 text-start font-normal">
                    {dayFormat(day.day)}
                  </th>
                  <td className="p-2 text-end tabular-nums">{day.orders}</td>
                  <td className="p-2 text-end tabular-nums">{money(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
