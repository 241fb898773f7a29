/**
 * The store's events (issue 38, decision 047): `recordEvent` writes one, in the transaction of
 * the change it reports, with a snapshot of the resource as that transaction sees it, and one
 * `webhook_deliveries` row (the outbox) for each subscription to its topic. A rolled-back change
 * leaves neither; a committed one has both, whatever happens to the process next.
 *
 * Order: `seq` is taken under a per-store transaction lock held until the commit, so events
 * commit in `seq` order and a reader of "after N" never misses one committed later with a lower
 * number. `resource_seq` counts one resource's events (a receiver drops one older than what it has).
 *
 * After the commit, `pg_notify('webhooks_due', store)` (sent by PostgreSQL only if the
 * transaction commits) wakes every instance's delivery; the sweep catches what a notice missed.
 */
import { and, asc, eq, gt, like, or, sql } from "drizzle-orm";
import { getDb, rowsOf, type Tx } from "~/db/client.server";
import { storeEvents, webhookDeliveries, webhookSubscriptions } from "~/db/schema";
import type { WebhookTopic } from "~/lib/webhooks";
import { apiProductIn } from "~/services/api/catalog.server";
import { apiCustomerIn } from "~/services/api/customers.server";
import { apiOrderIn } from "~/services/api/orders.server";

export const WEBHOOKS_DUE_CHANNEL = "webhooks_due";

export type ResourceType = "order" | "product" | "inventory" | "customer" | "return";

/**
 * Writes one event and its deliveries in `tx` (the change's transaction). Subscriptions that are
 * paused get their delivery queued without a due time: resuming makes it due.
 */
export async function recordEvent(
  tx: Tx,
  storeId: string,
  topic: WebhookTopic,
  resource: { type: ResourceType; id: string },
  payload: unknown,
): Promise<{ eventId: string; seq: number }> {
  // The store's event lock: seq order is commit order (see above).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`events:${storeId}`}, 0))`);
  const [next] = rowsOf<{ seq: number; resource_seq: number }>(
    await tx.execute(sql`
      select (select coalesce(max(seq), 0) + 1 from events where store_id = ${storeId})::int as seq,
             (select coalesce(max(resource_seq), 0) + 1 from events
               where store_id = ${storeId} and resource_type = ${resource.type}
                 and resource_id = ${resource.id})::int as resource_seq`),
  );
  const [event] = await tx
    .insert(storeEvents)
    .values({
      storeId,
      seq: next!.seq,
      topic,
      resourceType: resource.type,
      resourceId: resource.id,
      resourceSeq: next!.resource_seq,
      payload: payload ?? {},
    })
    .returning({ id: storeEvents.id });
  const subscribers = await tx
    .select({ id: webhookSubscriptions.id, pausedAt: webhookSubscriptions.pausedAt })
    .from(webhookSubscriptions)
    .where(
      and(eq(webhookSubscriptions.storeId, storeId), sql`${topic} = any(${webhookSubscriptions.topics})`),
    );
  if (subscribers.length > 0) {
    await tx.insert(webhookDeliveries).values(
      subscribers.map((subscription) => ({
        storeId,
        subscriptionId: subscription.id,
        eventId: event!.id,
        nextAttemptAt: subscription.pausedAt ? null : sql`now()`,
      })),
    );
    await tx.execute(sql`select pg_notify(${WEBHOOKS_DUE_CHANNEL}, ${storeId})`);
  }
  return { eventId: event!.id, seq: next!.seq };
}

/** An order's event, its payload the order as the API answers it (app/services/api). */
export async function recordOrderEvent(
  tx: Tx,
  storeId: string,
  orderId: string,
  topic: Extract<WebhookTopic, `orders/${string}`>,
): Promise<void> {
  await recordEvent(
    tx,
    storeId,
    topic,
    { type: "order", id: orderId },
    await apiOrderIn(tx, storeId, orderId),
  );
}

/**
 * A product's event, its payload the product as the API answers it. A deletion is recorded
 * before the row goes: its payload is the product as it was.
 */
export async function recordProductEvent(
  tx: Tx,
  storeId: string,
  productId: string,
  topic: Extract<WebhookTopic, `products/${string}`>,
): Promise<void> {
  const product = await apiProductIn(tx, storeId, productId);
  await recordEvent(tx, storeId, topic, { type: "product", id: productId }, product ?? { id: productId });
}

/**
 * customers/created: a shopper's account was made on the store (a password sign-up, or the first
 * use of a sign-in link), its payload the customer as GET /customers/{id} answers it.
 */
export async function recordCustomerCreated(tx: Tx, storeId: string, userId: string): Promise<void> {
  const customer = await apiCustomerIn(tx, storeId, userId);
  await recordEvent(
    tx,
    storeId,
    "customers/created",
    { type: "customer", id: userId },
    customer ?? { id: userId },
  );
}

/** inventory/updated: the product's stock levels, per variant, as they now are. */
export async function recordInventoryEvent(tx: Tx, storeId: string, productId: string): Promise<void> {
  const product = await apiProductIn(tx, storeId, productId);
  if (!product) return;
  await recordEvent(
    tx,
    storeId,
    "inventory/updated",
    { type: "inventory", id: productId },
    {
      productId,
      stock: product.stock,
      variants: product.variants.map((variant) => ({
        id: variant.id,
        sku: variant.sku,
        stock: variant.stock,
      })),
    },
  );
}

/**
 * What the activity log's entries of a product mean as events (decision 047): every product
 * write of the admin and the API records one entry in its transaction (decision 046), so that
 * one place reports them all. A deletion (or an archive) is recorded while the row still exists.
 */
export async function recordProductAuditEvents(
  tx: Tx,
  storeId: string,
  entry: { action: string; entityId?: string | null; changes?: Record<string, unknown> },
): Promise<void> {
  if (!entry.entityId) return;
  const topic =
    entry.action === "product.create"
      ? "products/created"
      : entry.action === "product.delete"
        ? "products/deleted"
        : "products/updated";
  await recordProductEvent(tx, storeId, entry.entityId, topic);
  if (topic !== "products/deleted" && Object.keys(entry.changes ?? {}).some((field) => /stock/i.test(field)))
    await recordInventoryEvent(tx, storeId, entry.entityId);
}

export interface EventJson {
  id: string;
  seq: number;
  topic: string;
  resource: { type: string; id: string; sequence: number };
  createdAt: string;
  payload: unknown;
}

export const eventJson = (row: typeof storeEvents.$inferSelect): EventJson => ({
  id: row.id,
  seq: row.seq,
  topic: row.topic,
  resource: { type: row.resourceType, id: row.resourceId, sequence: row.resourceSeq },
  createdAt: row.createdAt.toISOString(),
  payload: row.payload,
});

/**
 * The events feed: the store's events after `after` (a `seq`; 0 for the start), oldest first,
 * `limit` of them. `nextCursor` is the last one's seq (or `after` when none): a receiver keeps it
 * and asks again from there, now or later; `hasMore` says whether more are there already.
 */
export async function listEvents(
  storeId: string,
  after: number,
  limit: number,
  /** Only topics starting with one of these (what the caller may read). */
  topicPrefixes: readonly string[] | null = null,
): Promise<{ data: EventJson[]; nextCursor: string; hasMore: boolean }> {
  const db = await getDb();
  const rows = await db.withStore(storeId, (tx) =>
    tx
      .select()
      .from(storeEvents)
      .where(
        and(
          eq(storeEvents.storeId, storeId),
          gt(storeEvents.seq, after),
          topicPrefixes
            ? or(...topicPrefixes.map((prefix) => like(storeEvents.topic, `${prefix}%`)))
            : undefined,
        ),
      )
      .orderBy(asc(storeEvents.seq))
      .limit(limit + 1),
  );
  const page = rows.slice(0, limit);
  return {
    data: page.map(eventJson),
    nextCursor: String(page.at(-1)?.seq ?? after),
    hasMore: rows.length > limit,
  };
}
