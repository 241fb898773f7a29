/**
 * The store's time zone (issue 21): an IANA name from `store_settings.time_zone`, chosen on
 * /admin/settings. Every date and time a store page shows is read in it, and the sale form's
 * datetime-local fields are typed in it. Isomorphic: the settings schema checks a name in the
 * browser as on the server, and admin components format with it.
 *
 * A wall time the clocks skip or repeat is read with the offset in force just before the change
 * (what ECMAScript's `Date`, Temporal's default "compatible" and most calendars do):
 * 2026-03-08 02:30 in New York does not exist (02:00 EST jumps to 03:00 EDT) and is read as
 * 07:30 UTC, i.e. 03:30 EDT; 2026-11-01 01:30 happens twice and is the first one, 01:30 EDT
 * (05:30 UTC). See docs/decisions/018-reports.md, addendum "The store's time zone".
 */

export const DEFAULT_TIME_ZONE = "UTC";

let names: readonly string[] | null = null;
let nameSet: ReadonlySet<string> | null = null;

/** Every zone this runtime offers (Intl.supportedValuesOf), UTC first. */
export function timeZoneNames(): readonly string[] {
  if (!names) {
    const supported = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    names = [DEFAULT_TIME_ZONE, ...supported.filter((name) => name !== DEFAULT_TIME_ZONE)];
    nameSet = new Set(names);
  }
  return names;
}

/**
 * A time zone name as this runtime spells it ("asia/riyadh" → "Asia/Riyadh", "US/Eastern" →
 * "America/New_York"), or null for anything that is not one of `timeZoneNames()`: unknown
 * names, offsets ("+05:00", which PostgreSQL would read the other way round), empty input.
 * Runtimes disagree on a few spellings (Node 20 says Asia/Calcutta, newer ones Asia/Kolkata);
 * each accepts the other's, since both resolve to a name on its own list.
 */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === "" || trimmed.length > 64) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en", { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  timeZoneNames();
  if (resolved === "Etc/UTC" || resolved === "Etc/GMT" || resolved === "GMT") resolved = DEFAULT_TIME_ZONE;
  return nameSet!.has(resolved) ? resolved : null;
}

/** The zone to use for a stored name: itself when known, else UTC (a bad row never breaks a page). */
export function storeTimeZone(name: string | null | undefined): string {
  return (name && canonicalTimeZone(name)) || DEFAULT_TIME_ZONE;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partFormats.set(timeZone, format);
  }
  return format;
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallOf(instant: number, timeZone: string): Wall {
  const parts = partsFormat(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour") % 24,
    minute: get("minute"),
    second: get("second"),
  };
}

const wallMs = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** The zone's offset from UTC at an instant, in milliseconds (New York in winter: −5 h). */
export function offsetAt(instant: number, timeZone: string): number {
  const whole = instant - (((instant % 1000) + 1000) % 1000);
  return wallMs(wallOf(whole, timeZone)) - whole;
}

const pad = (value: number, size = 2) => String(value).padStart(size, "0");

/** An instant as a datetime-local field shows it in the zone: "2026-05-01T09:30". */
export function toZonedDateTimeValue(date: Date, timeZone: string): string {
  const w = wallOf(date.getTime(), timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** An instant as ISO 8601 in the zone, with its offset: "2026-03-08T03:30:00-04:00" (CSV files). */
export function toZonedIsoString(date: Date, timeZone: string): string {
  const w = wallOf(date.getTime(), timeZone);
  const offset = Math.round(offsetAt(date.getTime(), timeZone) / 60_000);
  const abs = Math.abs(offset);
  const sign = offset < 0 ? "-" : "+";
  return (
    `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** What a datetime-local input sends: minutes, optionally seconds. */
const LOCAL_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const HOUR = 3_600_000;

/**
 * "2026-05-01T09:30" typed in a zone → the instant; null when it is not a date and time on the
 * calendar (Feb 30, 25:00) or outside 2000–2100. A skipped or repeated wall time takes the
 * offset in force before the change (see the top of this file).
 */
export function zonedDateTimeToInstant(value: string, timeZone: string): Date | null {
  const match = LOCAL_DATETIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number?,
  ];
  if (year < 2000 || year > 2100) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  const real =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day &&
    check.getUTCHours() === hour &&
    check.getUTCMinutes() === minute;
  if (!real) return null;
  // The offsets on either side of this wall time (no zone changes twice within two days).
  const before = offsetAt(wall - 48 * HOUR, timeZone);
  const after = offsetAt(wall + 48 * HOUR, timeZone);
  const fits = [before, after]
    .map((offset) => wall - offset)
    .filter((instant) => offsetAt(instant, timeZone) === wall - instant);
  // One fit: the usual case. Two (a repeated hour): the earlier, read with the offset before.
  // None (a skipped hour): the offset before the change carries the time past the gap.
  const instant = fits.length > 0 ? Math.min(...fits) : wall - before;
  return new Date(instant);
}

const displayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * How much of a moment to show: the day ("Mar 8, 2026"; long: "March 8, 2026"), the day and time
 * ("Mar 8, 2026, 10:30 AM"), or the day and time with the zone's short name ("Mar 8, 2026,
 * 10:30 AM EST", "… GMT+3") where the page does not say the zone elsewhere.
 */
export type MomentStyle = "date" | "longDate" | "dateTime" | "dateTimeZone";

const STYLE_OPTIONS: Record<MomentStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: "medium" },
  longDate: { dateStyle: "long" },
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  // dateStyle cannot be combined with timeZoneName: the same fields spelled out.
  dateTimeZone: {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  },
};

/**
 * A moment in the reader's language and the store's zone, Latin digits (as the prices): the
 * same text on the server and in the browser.
 */
export function formatInZone(
  date: Date | string,
  locale: string,
  timeZone: string,
  style: MomentStyle = "date",
): string {
  const key = `${locale}|${timeZone}|${style}`;
  let format = displayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...STYLE_OPTIONS[style], timeZone, numberingSystem: "latn" });
    displayFormats.set(key, format);
  }
  return format.format(typeof date === "string" ? new Date(date) : date);
}

/** A zone's offset now as a label, "GMT+03:00" ("GMT" for UTC). */
export function offsetLabel(timeZone: string, at = Date.now()): string {
  const offset = Math.round(offsetAt(at, timeZone) / 60_000);
  if (offset === 0) return "GMT";
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `GMT${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export interface TimeZoneGroup {
  /** The IANA area ("America"), or "" for UTC and names without one. */
  region: string;
  zones: { value: string; label: string }[];
}

/**
 * The settings page's choices, grouped by area, each labelled by its place and its offset now:
 * "New York (GMT-05:00)", "Argentina / Salta (GMT-03:00)". UTC comes first on its own.
 */
export function timeZoneGroups(at = Date.now()): TimeZoneGroup[] {
  const groups = new Map<string, TimeZoneGroup>();
  for (const value of timeZoneNames()) {
    const slash = value.indexOf("/");
    const region = slash === -1 ? "" : value.slice(0, slash);
    const place = (slash === -1 ? value : value.slice(slash + 1)).replaceAll("_", " ").replaceAll("/", " / ");
    const label = value === DEFAULT_TIME_ZONE ? "UTC" : `${place} (${offsetLabel(value, at)})`;
    let group = groups.get(region);
    if (!group) {
      group = { region, zones: [] };
      groups.set(region, group);
    }
    group.zones.push({ value, label });
  }
  return [...groups.values()].sort((a, b) =>
    a.region === "" ? -1 : b.region === "" ? 1 : a.region.localeCompare(b.region, "en"),
  );
}

let memo: { hour: number; groups: TimeZoneGroup[] } | null = null;

/** `timeZoneGroups` as of this hour (offsets change on the hour; building them takes ~10 ms). */
export function currentTimeZoneGroups(now = Date.now()): TimeZoneGroup[] {
  const hour = Math.floor(now / HOUR);
  if (memo?.hour !== hour) memo = { hour, groups: timeZoneGroups(hour * HOUR) };
  return memo.groups;
}
