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
