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
import { uuidv7 } from "uuidv7";
import { getDb, rowsOf, type Tx } from "~/db/client.server";
import { storeEvents, webhookSubscriptions } from "~/db/schema";
import type { WebhookTopic } from "~/lib/webhooks";
import type { ProductJson } from "~/lib/validation/api";
import { apiProductIn, apiProductsIn } from "~/services/api/catalog.server";
import { apiCustomerIn } from "~/services/api/customers.server";
import { apiOrderIn } from "~/services/api/orders.server";

export const WEBHOOKS_DUE_CHANNEL = "webhooks_due";

export type ResourceType = "order" | "product" | "inventory" | "customer" | "return";

/** One event to record: its topic, the resource it reports, and that resource's snapshot. */
export interface NewEvent {
  topic: WebhookTopic;
  resource: { type: ResourceType; id: string };
  payload: unknown;
}

/**
 * Writes events and their deliveries in `tx` (the change's transaction), `seq` in the order
 * given: one store lock, one subscription read, one insert of the events (their `seq` and
 * `resource_seq` computed by it), one of the deliveries. A bulk change (the CSV import) costs a
 * few statements, not a few per event. Subscriptions that are paused get their deliveries queued
 * without a due time: resuming makes them due.
 */
export async function recordEvents(
  tx: Tx,
  storeId: string,
  events: readonly NewEvent[],
): Promise<{ eventId: string; seq: number }[]> {
  if (events.length === 0) return [];
  // The store's event lock: seq order is commit order (see above).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`events:${storeId}`}, 0))`);
  const subscribers = await tx
    .select({
      id: webhookSubscriptions.id,
      pausedAt: webhookSubscriptions.pausedAt,
      topics: webhookSubscriptions.topics,
    })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.storeId, storeId));
  // Ids made here, in seq order (uuidv7 is monotonic): the deliveries can name their events, and
  // a claim's tie-break on id (one transaction's rows share created_at) follows seq.
  const rows = events.map((event) => ({
    id: uuidv7(),
    topic: event.topic,
    type: event.resource.type,
    resourceId: event.resource.id,
    payload: event.payload ?? {},
  }));
  // seq continues the store's; resource_seq each resource's, counting its events in this batch.
  const inserted = rowsOf<{ id: string; seq: number }>(
    await tx.execute(sql`
      with input as (
        select e->>'id' as id, e->>'topic' as topic, e->>'type' as resource_type,
               e->>'resourceId' as resource_id, e->'payload' as payload, n
          from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as t(e, n)
      ), base as (
        select coalesce(max(seq), 0) as seq from events where store_id = ${storeId}
      ), prior as (
        -- The resources' last events through events_resource_idx, their types and ids given as
        -- constants: matched against the input's rows instead, the lookup was planned as a pass
        -- over the store's whole event history (a per-event lateral under the app role's
        -- row-level security was worse still: an import's time grew with the history).
        select resource_type, resource_id, max(resource_seq) as resource_seq
          from events
         where store_id = ${storeId}
           and resource_type in ${[...new Set(rows.map((row) => row.type))]}
           and resource_id in ${[...new Set(rows.map((row) => row.resourceId))]}
         group by resource_type, resource_id
      )
      insert into events (store_id, id, seq, topic, resource_type, resource_id, resource_seq, payload)
      select ${storeId}, input.id::uuid, (base.seq + input.n)::int, input.topic, input.resource_type,
             input.resource_id,
             (coalesce(prior.resource_seq, 0)
               + row_number() over (partition by input.resource_type, input.resource_id order by input.n))::int,
             input.payload
        from input cross join base
        left join prior using (resource_type, resource_id)
      returning id, seq`),
  );
  const seqOf = new Map(inserted.map((row) => [String(row.id), Number(row.seq)]));
  const deliveries = rows.flatMap((event) =>
    subscribers
      .filter((subscription) => subscription.topics.includes(event.topic))
      .map((subscription) => ({
        id: uuidv7(),
        subscriptionId: subscription.id,
        eventId: event.id,
        paused: !!subscription.pausedAt,
      })),
  );
  if (deliveries.length > 0) {
    await tx.execute(sql`
      insert into webhook_deliveries (store_id, id, subscription_id, event_id, next_attempt_at)
      select ${storeId}, (d->>'id')::uuid, (d->>'subscriptionId')::uuid, (d->>'eventId')::uuid,
             case when (d->>'paused')::boolean then null else now() end
        from jsonb_array_elements(${JSON.stringify(deliveries)}::jsonb) as t(d)`);
    await tx.execute(sql`select pg_notify(${WEBHOOKS_DUE_CHANNEL}, ${storeId})`);
  }
  return rows.map((row) => ({ eventId: row.id, seq: seqOf.get(row.id)! }));
}

/** One event (see recordEvents). */
export async function recordEvent(
  tx: Tx,
  storeId: string,
  topic: WebhookTopic,
  resource: { type: ResourceType; id: string },
  payload: unknown,
): Promise<{ eventId: string; seq: number }> {
  const [recorded] = await recordEvents(tx, storeId, [{ topic, resource, payload }]);
  return recorded!;
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

/** inventory/updated's payload: the product's stock levels, per variant, as they now are. */
const inventoryPayload = (product: ProductJson) => ({
  productId: product.id,
  stock: product.stock,
  variants: product.variants.map((variant) => ({ id: variant.id, sku: variant.sku, stock: variant.stock })),
});

/** inventory/updated: the product's stock levels, per variant, as they now are. */
export async function recordInventoryEvent(tx: Tx, storeId: string, productId: string): Promise<void> {
  const product = await apiProductIn(tx, storeId, productId);
  if (!product) return;
  await recordEvent(
    tx,
    storeId,
    "inventory/updated",
    { type: "inventory", id: productId },
    inventoryPayload(product),
  );
}

/**
 * Many products' events at once (the CSV import, decision 047): their snapshots read in one
 * query, the events written in one go, in the order given; `stock` adds the product's
 * inventory/updated after its own event.
 */
export async function recordProductsEvents(
  tx: Tx,
  storeId: string,
  changes: readonly {
    productId: string;
    topic: Extract<WebhookTopic, "products/created" | "products/updated">;
    stock: boolean;
  }[],
): Promise<void> {
  if (changes.length === 0) return;
  const snapshots = await apiProductsIn(
    tx,
    storeId,
    changes.map((change) => change.productId),
  );
  await recordEvents(
    tx,
    storeId,
    changes.flatMap((change): NewEvent[] => {
      const product = snapshots.get(change.productId);
      if (!product) return [];
      const event: NewEvent = {
        topic: change.topic,
        resource: { type: "product", id: product.id },
        payload: product,
      };
      return change.stock
        ? [
            event,
            {
              topic: "inventory/updated",
              resource: { type: "inventory", id: product.id },
              payload: inventoryPayload(product),
            },
          ]
        : [event];
    }),
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
