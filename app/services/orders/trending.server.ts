/**
 * Best Seller and Trending counters (DESIGN §5, Sorts). `units_sold` is every non-cancelled
 * order's quantities; `units_sold_7d` those of the last 7 days. Both move with the order in the
 * order's own transaction (checkout adds, a cancel subtracts, see checkout.server.ts and
 * orders.server.ts) instead of being recomputed from order_items, so placing an order costs the
 * same whatever a product's sales history.
 *
 * What the last 7 days drop is subtracted by a sweep: `orders.counted_in_trending` says whether an
 * order's quantities are still in `units_sold_7d`. A cancel and the sweep both clear it under the
 * order row's lock, so each order is subtracted once, whichever comes first. The sweep runs in
 * every server process at start and hourly (idempotent: a second process finds nothing left), so
 * Trending is at most an hour late in dropping week-old orders and exact otherwise.
 */
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { getDb, rowsOf, type Tx } from "~/db/client.server";
import { orderItems, orders, products } from "~/db/schema";
import { startSweeps } from "~/lib/sweeps.server";
import { errorFields, logger } from "~/lib/log.server";

export const TRENDING_WINDOW = sql`interval '7 days'`;
export const TRENDING_SWEEP_MS = 60 * 60 * 1000;

/**
 * Takes a week-old order's quantities out of `units_sold_7d`, one store in its transaction.
 * Products are updated in id order, the order checkout locks them in, so a sweep never deadlocks
 * with a checkout. Returns how many orders aged out.
 */
export async function ageOutTrending(storeId: string): Promise<number> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const aged = await tx
      .update(orders)
      .set({ countedInTrending: false })
      .where(
        and(
          eq(orders.storeId, storeId),
          eq(orders.countedInTrending, true),
          lt(orders.createdAt, sql`now() - ${TRENDING_WINDOW}`),
        ),
      )
      .returning({ id: orders.id });
    if (aged.length === 0) return 0;
    await subtractTrending(
      tx,
      storeId,
      aged.map((o) => o.id),
    );
    return aged.length;
  });
}

/** Subtracts the orders' quantities from their products' units_sold_7d (never below 0). */
export async function subtractTrending(tx: Tx, storeId: string, orderIds: string[]): Promise<void> {
  const sold = await tx
    .select({ productId: orderItems.productId, quantity: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .where(and(eq(orderItems.storeId, storeId), inArray(orderItems.orderId, orderIds)))
    .groupBy(orderItems.productId)
    .orderBy(asc(orderItems.productId));
  for (const line of sold) {
    await tx
      .update(products)
      .set({ unitsSold7d: sql`greatest(${products.unitsSold7d} - ${line.quantity}, 0)` })
      .where(and(eq(products.storeId, storeId), eq(products.id, line.productId)));
  }
}

/** Ages out every store that has week-old counted orders; one store failing does not stop the rest. */
export async function sweepTrending(): Promise<{ stores: number; orders: number }> {
  const db = await getDb();
  const due = rowsOf<{ store_id: string }>(
    await db.withPlatform((tx) => tx.execute(sql`select store_id from platform_stores_with_aged_trending()`)),
  );
  let aged = 0;
  for (const { store_id } of due) {
    try {
      aged += await ageOutTrending(store_id);
    } catch (error) {
      // A deadlock or a closed pool: the next sweep tries again.
      logger.error({ store: store_id, ...errorFields(error) }, "trending sweep of a store failed");
    }
  }
  return { stores: due.length, orders: aged };
}

/** Sweeps now and every `intervalMs`; the timer never keeps the process alive. Returns a stop. */
export function startTrendingSweeps(intervalMs = TRENDING_SWEEP_MS): () => void {
  return startSweeps("trending sweep", sweepTrending, intervalMs);
}
