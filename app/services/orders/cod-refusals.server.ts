/**
 * A store's Cash On Delivery history per shopper phone (issue 34 item 6, decision 040): how many
 * of the COD orders placed with one normalised number (`orders.phone_e164`) were confirmed,
 * refused at the door ("Refused on delivery"), refused by phone or cancelled unconfirmed. Read
 * from the store's own orders only (RLS and the store id): another store's refusals never count.
 *
 * "Refusals" (what the "No Cash On Delivery after N refusals" rule counts) are the refusals at the
 * door and by phone; an order left unconfirmed until its window ended is shown apart.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { orders, storeSettings } from "~/db/schema";
import { CANCELLED_UNCONFIRMED } from "./cod-confirmation.server";
import { REFUSED_BY_PHONE } from "./order-transitions.server";
import { inStore } from "~/db/store-scope";

export interface RefusalHistory {
  confirmed: number;
  refusedOnDelivery: number;
  refusedByPhone: number;
  autoCancelled: number;
  /** Refused at the door or by phone: what the store's rule counts. */
  refusals: number;
}

export const NO_HISTORY: RefusalHistory = {
  confirmed: 0,
  refusedOnDelivery: 0,
  refusedByPhone: 0,
  autoCancelled: 0,
  refusals: 0,
};

const withNote = (note: string) =>
  sql`exists (select 1 from order_events e where e.store_id = ${orders.storeId} and e.order_id = ${orders.id} and e.to_status = 'cancelled' and e.note = ${note})`;

/** The store's COD history of `phone` (E.164), leaving out `exceptOrderId` (the order shown). */
export async function refusalHistory(
  tx: Tx,
  storeId: string,
  phone: string | null,
  exceptOrderId?: string,
): Promise<RefusalHistory> {
  if (!phone) return NO_HISTORY;
  const [row] = await tx
    .select({
      confirmed:
        sql<number>`count(*) filter (where ${orders.status} in ('confirmed', 'shipped', 'delivered') or ${orders.refusedOnDeliveryAt} is not null)`.mapWith(
          Number,
        ),
      refusedOnDelivery:
        sql<number>`count(*) filter (where ${orders.refusedOnDeliveryAt} is not null)`.mapWith(Number),
      refusedByPhone:
        sql<number>`count(*) filter (where ${orders.status} = 'cancelled' and ${withNote(REFUSED_BY_PHONE)})`.mapWith(
          Number,
        ),
      autoCancelled:
        sql<number>`count(*) filter (where ${orders.status} = 'cancelled' and ${withNote(CANCELLED_UNCONFIRMED)})`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(
      and(
        inStore(orders, storeId, { phoneE164: phone, paymentMethod: "cod" }),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
      ),
    );
  if (!row) return NO_HISTORY;
  return { ...row, refusals: row.refusedOnDelivery + row.refusedByPhone };
}

/** The store's "No Cash On Delivery after N refusals" (null: off). */
export async function loadMaxRefusals(tx: Tx, storeId: string): Promise<number | null> {
  const [row] = await tx
    .select({ max: storeSettings.codMaxRefusals })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, storeId));
  return row?.max ?? null;
}

/** Whether the store's rule takes Cash On Delivery away from this phone: its refusal count, or null. */
export async function refusalsOverLimit(
  tx: Tx,
  storeId: string,
  phone: string | null,
): Promise<number | null> {
  if (!phone) return null;
  const max = await loadMaxRefusals(tx, storeId);
  if (max === null) return null;
  const { refusals } = await refusalHistory(tx, storeId, phone);
  return refusals >= max ? refusals : null;
}

/**
 * The admin order page's line (decision 040): the history of the order's phone in this store,
 * other orders only, with the phone it keys on; null for a card order or a number not read.
 */
export async function orderRefusalHistory(
  storeId: string,
  orderId: string,
): Promise<{ phone: string; history: RefusalHistory } | null> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const [order] = await tx
      .select({ phone: orders.phoneE164, method: orders.paymentMethod })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
    if (!order?.phone || order.method !== "cod") return null;
    return { phone: order.phone, history: await refusalHistory(tx, storeId, order.phone, orderId) };
  });
}
