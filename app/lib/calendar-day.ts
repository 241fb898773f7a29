const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A day as the date fields send it, `YYYY-MM-DD`, that exists on the calendar (2026-02-30 does
 * not), from the year 2000 to 2999: the range every date filter and report accepts.
 */
export function isCalendarDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1, 4).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    year <= 2999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}
