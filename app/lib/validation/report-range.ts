/**
 * The date range of the dashboard and the sales report (`startDate`, `endDate`, both
 * `YYYY-MM-DD`, both days included), read in the store's time zone. Missing dates default to
 * the last 30 days up to today; a range is compared with the equally long period just before it.
 * Bad input never fails the page: the default range is shown with a notice (and a 400 status).
 */
import { z } from "zod";
import { isCalendarDay } from "~/lib/calendar-day";
import type { FormNotice } from "~/lib/notice";
import { storeTimeZone } from "~/lib/time-zone";

export const DEFAULT_RANGE_DAYS = 30;
/** A leap year and a day: a year against the year before is the longest comparison. */
export const MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;

/** A calendar day that exists (2026-02-30 does not), between the years 2000 and 2999. */
const dayField = z.string().trim().refine(isCalendarDay, "reports.range.invalidDate");

/** The range form's fields: each may be missing or empty (then it takes its default). */
export const reportRangeSchema = z.object({
  startDate: z.union([z.literal(""), dayField]).optional(),
  endDate: z.union([z.literal(""), dayField]).optional(),
});

export interface DayRange {
  /** First day, `YYYY-MM-DD`, in the store's time zone. */
  start: string;
  /** Last day, included. */
  end: string;
}

export interface ReportRange extends DayRange {
  days: number;
  /** The equally long period just before. */
  previous: DayRange;
}

export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day of a range in order. */
export function eachDay({ start, end }: DayRange): string[] {
  return Array.from({ length: daysBetween(start, end) }, (_, i) => addDays(start, i));
}

/**
 * A time zone the settings form would accept (lib/time-zone.ts), else UTC: a bad stored value
 * must not break the dashboard, and an offset such as "+05:00" must never reach SQL's
 * `AT TIME ZONE` (PostgreSQL reads POSIX offsets the other way round).
 */
export function knownTimeZone(timeZone: string): string {
  return storeTimeZone(timeZone);
}

/** Today's date in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: knownTimeZone(timeZone),
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

function withPrevious(start: string, end: string): ReportRange {
  const days = daysBetween(start, end);
  return { start, end, days, previous: { start: addDays(start, -days), end: addDays(start, -1) } };
}

export function defaultRange(timeZone: string, now = new Date()): ReportRange {
  const end = todayIn(timeZone, now);
  return withPrevious(addDays(end, -(DEFAULT_RANGE_DAYS - 1)), end);
}

/**
 * The range a request asks for. Only one date given: the other is its default (the end today,
 * the start 29 days before the end). Anything wrong: the default range and a notice saying why.
 */
export function readReportRange(
  search: URLSearchParams,
  timeZone: string,
  now = new Date(),
): { range: ReportRange; notice: FormNotice | null } {
  const fallback = (key: string, params?: Record<string, number>) => ({
    range: defaultRange(timeZone, now),
    notice: { key, params, tone: "error" as const },
  });
  const parsed = reportRangeSchema.safeParse({
    startDate: search.get("startDate") ?? undefined,
    endDate: search.get("endDate") ?? undefined,
  });
  if (!parsed.success) return fallback("reports.range.invalidDate");
  const end = parsed.data.endDate || todayIn(timeZone, now);
  const start = parsed.data.startDate || addDays(end, -(DEFAULT_RANGE_DAYS - 1));
  if (end < start) return fallback("reports.range.endBeforeStart");
  if (daysBetween(start, end) > MAX_RANGE_DAYS)
    return fallback("reports.range.tooLong", { max: MAX_RANGE_DAYS });
  return { range: withPrevious(start, end), notice: null };
}

/** The query string of a range, for links that keep it (the CSV download). */
export function rangeSearch(range: DayRange): string {
  return new URLSearchParams({ startDate: range.start, endDate: range.end }).toString();
}
