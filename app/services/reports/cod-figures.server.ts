/**
 * Cash On Delivery figures (issue 34 item 7, decision 040), read apart from the sales figures of
 * reports.server.ts (whose rules they do not change: a refused order is cancelled, never a sale).
 *
 * - The dashboard: this month (the store's time zone) — of the COD orders whose confirmation was
 *   decided this month (they left `awaiting_confirmation`), how many were confirmed (the rate), and
 *   the refusals: orders marked "Refused on delivery" this month and those refused by phone.
 * - The sales report: the orders marked "Refused on delivery" in its range, counted apart.
 */
import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "~/db/client.server";
import type { DayRange } from "~/lib/validation/report-range";
import { dayAfter, dayStart } from "~/services/orders/store-days.server";

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

export interface CodMonthFigures {
  /** Orders whose confirmation was decided this month, and how many of them were confirmed. */
  decided: number;
  confirmed: number;
  /** Confirmed of decided, 0-100 rounded; null when nothing was decided. */
  rate: number | null;
  refusedOnDelivery: number;
  refusedByPhone: number;
}

export async function codMonthFigures(storeId: string, timeZone: string): Promise<CodMonthFigures> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const monthStart = sql`(date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone})`;
    const result = await tx.execute(sql`
      select
        (select count(distinct e.order_id) from order_events e where e.store_id = ${storeId}
            and e.from_status = 'awaiting_confirmation' and e.created_at >= ${monthStart}) as decided,
        (select count(distinct e.order_id) from order_events e where e.store_id = ${storeId}
            and e.from_status = 'awaiting_confirmation' and e.to_status = 'confirmed'
            and e.created_at >= ${monthStart}) as confirmed,
        (select count(*) from orders o where o.store_id = ${storeId}
            and o.refused_on_delivery_at >= ${monthStart}) as refused_on_delivery,
        (select count(distinct e.order_id) from order_events e where e.store_id = ${storeId}
            and e.from_status = 'awaiting_confirmation' and e.to_status = 'cancelled'
            and e.note = 'Refused by phone' and e.created_at >= ${monthStart}) as refused_by_phone`);
    const row = rowsOf<Record<string, string>>(result)[0];
    const decided = num(row?.decided);
    const confirmed = num(row?.confirmed);
    return {
      decided,
      confirmed,
      rate: decided ? Math.round((confirmed * 100) / decided) : null,
      refusedOnDelivery: num(row?.refused_on_delivery),
      refusedByPhone: num(row?.refused_by_phone),
    };
  });
}

export interface RefusedOnDelivery {
  orders: number;
  /** Their totals (the cash never collected), minor units. */
  totalCents: number;
}

/** The orders marked "Refused on delivery" within the report's days (by when they were marked). */
export async function refusedOnDeliveryIn(
  storeId: string,
  range: DayRange,
  timeZone: string,
): Promise<RefusedOnDelivery> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const result = await tx.execute(sql`
      select count(*) as orders, coalesce(sum(o.total_cents), 0) as total
        from orders o
       where o.store_id = ${storeId}
         and o.refused_on_delivery_at >= ${dayStart(range.start, timeZone)}
         and o.refused_on_delivery_at < ${dayAfter(range.end, timeZone)}`);
    const row = rowsOf<Record<string, string>>(result)[0];
    return { orders: num(row?.orders), totalCents: num(row?.total) };
  });
}
