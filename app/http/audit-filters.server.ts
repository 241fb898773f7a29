/**
 * The activity log's filters (decision 041): a person (a user id), an entity type and a range of
 * the store's days; read with readListQuery, so a value it cannot use is ignored and said.
 */
import { isCalendarDay } from "~/lib/calendar-day";
import { zonedDateTimeToInstant } from "~/lib/time-zone";
import { uuidOrNull } from "~/lib/uuid";
import { AUDIT_ENTITY_TYPES, type AuditFilters } from "~/services/audit/audit.server";
import { readListQuery } from "./list-query.server";

const calendarDay = (raw: string) => (isCalendarDay(raw) ? raw : null);

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export function readAuditFilters(source: Request | URLSearchParams, timeZone: string) {
  const { filters, problems, cursor } = readListQuery(source, {
    filters: { person: uuidOrNull, type: AUDIT_ENTITY_TYPES, from: calendarDay, to: calendarDay },
  });
  const audit: AuditFilters = {
    actorId: filters.person,
    entityType: filters.type,
    from: filters.from ? zonedDateTimeToInstant(`${filters.from}T00:00`, timeZone) : null,
    until: filters.to ? zonedDateTimeToInstant(`${nextDay(filters.to)}T00:00`, timeZone) : null,
  };
  return {
    filters: audit,
    values: {
      person: filters.person ?? "",
      type: filters.type ?? "",
      from: filters.from ?? "",
      to: filters.to ?? "",
    },
    problems: problems as string[],
    cursor,
  };
}
