import { sql, type SQL } from "drizzle-orm";

/** The instant a day (`YYYY-MM-DD`) of the store begins in its time zone. */
export function dayStart(day: string, timeZone: string): SQL {
  return sql`(${day}::date::timestamp at time zone ${timeZone})`;
}

/** The instant the day after `day` begins: the exclusive end of a range that includes `day`. */
export function dayAfter(day: string, timeZone: string): SQL {
  return sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;
}
