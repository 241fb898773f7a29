/**
 * The store's time zone (lib/time-zone.ts): names the settings form accepts, datetime-local
 * values read and shown in a zone both ways (DST gaps and repeats included), and the texts the
 * pages show.
 */
import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  formatInZone,
  storeTimeZone,
  timeZoneGroups,
  toZonedDateTimeValue,
  toZonedIsoString,
  zonedDateTimeToInstant,
} from "~/lib/time-zone";

const iso = (value: string, zone: string) => zonedDateTimeToInstant(value, zone)?.toISOString() ?? null;

describe("time zone names", () => {
  it("accepts the runtime's IANA names and UTC, spelled as the runtime spells them", () => {
    expect(canonicalTimeZone("Asia/Riyadh")).toBe("Asia/Riyadh");
    expect(canonicalTimeZone(" asia/riyadh ")).toBe("Asia/Riyadh");
    expect(canonicalTimeZone("US/Eastern")).toBe("America/New_York");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    expect(canonicalTimeZone("Etc/UTC")).toBe("UTC");
    // Node 20 lists Asia/Calcutta, newer runtimes Asia/Kolkata: each accepts the other's.
    expect(canonicalTimeZone("Asia/Kolkata")).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
  });

  it("refuses what is not a zone on the list: made-up names, offsets, empty, overlong", () => {
    for (const bad of ["Mars/Olympus_Mons", "+05:00", "GMT+5", "Etc/GMT+5", "", " ", "A".repeat(65), "<b>"]) {
      expect(canonicalTimeZone(bad), bad).toBeNull();
    }
    expect(storeTimeZone("Nowhere/Land")).toBe("UTC");
    expect(storeTimeZone(null)).toBe("UTC");
  });

  it("groups every name by area for the settings list, UTC first, each with its offset", () => {
    const winter = Date.parse("2026-01-15T12:00:00Z");
    const groups = timeZoneGroups(winter);
    expect(groups[0]).toEqual({ region: "", zones: [{ value: "UTC", label: "UTC" }] });
    const zones = groups.flatMap((group) => group.zones);
    expect(zones.length).toBe(new Set(zones.map((zone) => zone.value)).size);
    expect(zones.length).toBeGreaterThan(300);
    const find = (value: string) => zones.find((zone) => zone.value === value)?.label;
    expect(find("America/New_York")).toBe("New York (GMT-05:00)");
    expect(find("Asia/Riyadh")).toBe("Riyadh (GMT+03:00)");
    expect(find("America/Argentina/Salta")).toBe("Argentina / Salta (GMT-03:00)");
    // Summer time moves the offset.
    const summer = timeZoneGroups(Date.parse("2026-07-15T12:00:00Z")).flatMap((group) => group.zones);
    expect(summer.find((zone) => zone.value === "America/New_York")?.label).toBe("New York (GMT-04:00)");
  });
});

describe("datetime-local values in a zone", () => {
  it("reads a wall time in the zone and shows the instant back the same way", () => {
    expect(iso("2026-05-01T09:30", "Asia/Riyadh")).toBe("2026-05-01T06:30:00.000Z");
    expect(iso("2026-05-01T09:30", "America/New_York")).toBe("2026-05-01T13:30:00.000Z");
    expect(iso("2026-01-15T09:30", "America/New_York")).toBe("2026-01-15T14:30:00.000Z");
    expect(iso("2026-05-01T09:30", "UTC")).toBe("2026-05-01T09:30:00.000Z");
    expect(iso("2026-05-01T09:30:15", "UTC")).toBe("2026-05-01T09:30:15.000Z");
    for (const zone of ["Asia/Riyadh", "America/New_York", "UTC", "Asia/Kathmandu", "Australia/Lord_Howe"]) {
      for (const value of ["2026-01-15T00:00", "2026-03-29T01:15", "2026-07-01T23:59", "2026-10-25T12:00"]) {
        expect(toZonedDateTimeValue(zonedDateTimeToInstant(value, zone)!, zone), `${zone} ${value}`).toBe(
          value,
        );
      }
    }
  });

  it("reads a wall time the spring change skips as the moment after the gap (02:30 → 03:30 EDT)", () => {
    // 2026-03-08 in New York: 02:00 EST is followed by 03:00 EDT; 02:30 never shows on a clock.
    const gap = zonedDateTimeToInstant("2026-03-08T02:30", "America/New_York")!;
    expect(gap.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(toZonedDateTimeValue(gap, "America/New_York")).toBe("2026-03-08T03:30");
    // Either side of the gap reads normally.
    expect(iso("2026-03-08T01:59", "America/New_York")).toBe("2026-03-08T06:59:00.000Z");
    expect(iso("2026-03-08T03:00", "America/New_York")).toBe("2026-03-08T07:00:00.000Z");
  });

  it("reads a wall time the autumn change repeats as its first occurrence (01:30 EDT)", () => {
    expect(iso("2026-11-01T01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    expect(iso("2026-11-01T02:30", "America/New_York")).toBe("2026-11-01T07:30:00.000Z");
    // The second 01:30 (EST) is still shown as 01:30.
    expect(toZonedDateTimeValue(new Date("2026-11-01T06:30:00Z"), "America/New_York")).toBe(
      "2026-11-01T01:30",
    );
  });

  it("refuses what is not a moment on the calendar", () => {
    for (const bad of [
      "2026-02-30T10:00",
      "2026-05-01T24:00",
      "2026-05-01",
      "1999-12-31T23:00",
      "tomorrow",
    ]) {
      expect(zonedDateTimeToInstant(bad, "Asia/Riyadh"), bad).toBeNull();
    }
  });
});

describe("dates as pages and files show them", () => {
  const moment = new Date("2026-03-08T02:30:00Z");

  it("shows the store's day and time, not the server's", () => {
    expect(formatInZone(moment, "en", "UTC")).toBe("Mar 8, 2026");
    expect(formatInZone(moment, "en", "America/New_York")).toBe("Mar 7, 2026");
    expect(formatInZone(moment, "en", "Asia/Riyadh", "dateTime")).toBe("Mar 8, 2026, 5:30 AM");
    expect(formatInZone(moment, "en", "America/New_York", "dateTimeZone")).toBe("Mar 7, 2026, 9:30 PM EST");
    expect(formatInZone(moment, "ar", "Asia/Riyadh", "dateTime")).toMatch(/08.*03.*2026.*5:30/);
  });

  it("writes ISO 8601 with the zone's offset for CSV files", () => {
    expect(toZonedIsoString(moment, "Asia/Riyadh")).toBe("2026-03-08T05:30:00+03:00");
    expect(toZonedIsoString(moment, "America/New_York")).toBe("2026-03-07T21:30:00-05:00");
    expect(toZonedIsoString(moment, "UTC")).toBe("2026-03-08T02:30:00+00:00");
  });
});
