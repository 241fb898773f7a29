/**
 * An order's rows as the refund and return flows read them inside their transaction: the order
 * itself (locked when the caller will write), its lines in the order its pages list them, and the
 * units its refunds hold per line.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orderItems, orders, refundLines, refunds } from "~/db/schema";
import { storeJoin } from "~/db/store-scope";

/** The store's order `number` (or `id`), locked (`FOR UPDATE`) when `lock`; null when there is none. */
export async function orderRowIn(
  tx: Tx,
  storeId: string,
  key: { number: number } | { id: string },
  lock: boolean,
) {
  const query = tx
    .select()
    .from(orders)
    .where(
      and(eq(orders.storeId, storeId), "id" in key ? eq(orders.id, key.id) : eq(orders.number, key.number)),
    );
  const [order] = lock ? await query.for("update") : await query;
  return order ?? null;
}

/** The order's lines, by English name then id (the order its pages list them in). */
export function orderLinesIn(tx: Tx, storeId: string, orderId: string) {
  return tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.storeId, storeId), eq(orderItems.orderId, orderId)))
    .orderBy(asc(orderItems.nameEn), asc(orderItems.id));
}

/** Per order line: the units of the order's refunds that are pending or succeeded. */
export async function refundedUnitsIn(
  tx: Tx,
  storeId: string,
  orderId: string,
): Promise<Map<string, number>> {
  const lines = await tx
    .select({ orderItemId: refundLines.orderItemId, quantity: refundLines.quantity })
    .from(refundLines)
    .innerJoin(refunds, storeJoin(refunds, "id", refundLines, "refundId"))
    .where(
      and(
        eq(refundLines.storeId, storeId),
        eq(refunds.orderId, orderId),
        inArray(refunds.status, ["pending", "succeeded"]),
      ),
    );
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.orderItemId, (units.get(line.orderItemId) ?? 0) + line.quantity);
  return units;
}
