/**
 * What every outbox shares (emails, SMS and WhatsApp messages; DESIGN §1, decisions 030 and 040):
 * a row written in the transaction of the change that owes it, delivered after the commit by
 * whichever process claims it first, tried again with a growing pause when the send fails, and
 * swept every minute for what is due (retries, rows whose process died before sending them).
 *
 * A claim pushes the row's `next_attempt_at` past the send's longest time (the lease) and counts
 * the attempt, under `FOR UPDATE SKIP LOCKED`, so two processes never send one row and neither
 * waits for the other. The tables differ only in what a row carries, so the claim is written
 * once over the columns they all have (`id`, `store_id`, `attempts`, `next_attempt_at`,
 * `created_at`), and each outbox reads its own typed rows back.
 */
import { and, asc, eq, getTableName, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb, rowsOf, type Db, type Tx } from "~/db/client.server";
import { errorFields, logger } from "~/lib/log.server";

export type OutboxTable = "email_outbox" | "message_outbox" | "webhook_deliveries";

/** Attempts before a row is given up (kept as "failed" with its last error). */
export const MAX_ATTEMPTS = 8;
/** Rows one store's delivery claims at a time, oldest first. */
const CLAIM_BATCH = 50;

/** The pause before attempt `attempts + 1`: 30 s, 1 min, 2 min, … up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);
}

/** How an outbox tries again: the pause before attempt `attempts + 1`, and when it gives up. */
export interface RetrySchedule {
  maxAttempts: number;
  delayMs: (attempts: number) => number;
}

/** Emails' and messages' schedule: MAX_ATTEMPTS tries, 30 s doubling up to an hour. */
export const OUTBOX_RETRIES: RetrySchedule = { maxAttempts: MAX_ATTEMPTS, delayMs: retryDelayMs };

/**
 * At most `limit` rows per value of `column` in one claim (webhook deliveries: per subscription,
 * so one endpoint's backlog cannot fill a claim and hold the others back).
 */
export interface ClaimPerGroup {
  column: string;
  limit: number;
}

/**
 * Claims the store's due rows of `table` (those of `ids` only, when given) for `leaseMinutes`;
 * returns their ids, oldest first. Run inside the store's transaction.
 */
export async function claimDue(
  tx: Tx,
  table: OutboxTable,
  storeId: string,
  ids: readonly string[] | null,
  leaseMinutes: number,
  perGroup?: ClaimPerGroup,
): Promise<string[]> {
  const outbox = sql.identifier(table);
  const only = ids
    ? sql`and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const due = perGroup
    ? sql`select d.id from (select distinct ${sql.identifier(perGroup.column)} as grp from ${outbox}
                             where store_id = ${storeId} ${only} and next_attempt_at <= now()) g,
                  lateral (select id from ${outbox}
                            where store_id = ${storeId} ${only} and next_attempt_at <= now()
                              and ${sql.identifier(perGroup.column)} = g.grp
                            order by created_at, id
                            limit ${perGroup.limit}
                            for update skip locked) d
           limit ${CLAIM_BATCH}`
    : sql`select id from ${outbox}
           where store_id = ${storeId} ${only} and next_attempt_at <= now()
           order by created_at, id
           limit ${CLAIM_BATCH}
           for update skip locked`;
  const claimed = rowsOf<{ id: string; created_at: string | Date }>(
    await tx.execute(sql`
      update ${outbox}
         set attempts = attempts + 1,
             next_attempt_at = now() + make_interval(mins => ${leaseMinutes}::int)
       where store_id = ${storeId}
         and id in (${due})
      returning id, created_at`),
  );
  // Rows of one transaction share created_at: their ids (uuidv7, made in order) break the tie, so
  // a bulk change's deliveries (the CSV import's) are claimed in their events' order.
  return claimed
    .sort(
      (a, b) =>
        new Date(a.created_at).getTime() - new Date(b.created_at).getTime() ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .map((row) => row.id);
}

/** What the emails' and the messages' outbox tables both have, for claimRows and recordAttempt. */
type OutboxRows = PgTable & { storeId: PgColumn; id: PgColumn; createdAt: PgColumn };

/**
 * Writes rows of the store into `table` in the caller's transaction, due now; returns their ids,
 * in the rows' order.
 */
export async function enqueueRows<Table extends OutboxRows>(
  tx: Tx,
  table: Table,
  storeId: string,
  rows: readonly Omit<Table["$inferInsert"], "storeId" | "nextAttemptAt">[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  // Written to a plain PgTable (drizzle cannot type a generic table's insert); the rows are `table`'s.
  const inserted = await tx
    .insert(table as PgTable)
    .values(rows.map((row) => ({ storeId, ...row, nextAttemptAt: sql`now()` })))
    .returning({ id: table.id });
  return inserted.map((row) => row.id as string);
}

/**
 * Claims the store's due rows of `table` (of `ids` only, when given) for `leaseMinutes` and reads
 * them back, oldest first, in one transaction of the store.
 */
export async function claimRows<Table extends OutboxRows>(
  db: Db,
  table: Table,
  storeId: string,
  ids: readonly string[] | null,
  leaseMinutes: number,
): Promise<Table["$inferSelect"][]> {
  return db.withStore(storeId, async (tx) => {
    const claimed = await claimDue(tx, getTableName(table) as OutboxTable, storeId, ids, leaseMinutes);
    if (claimed.length === 0) return [];
    // Read as a plain PgTable (drizzle cannot type a generic table's rows); the rows are `table`'s.
    const rows = await tx
      .select()
      .from(table as PgTable)
      .where(and(eq(table.storeId, storeId), inArray(table.id, claimed)))
      // Rows of one transaction share created_at; their ids (uuidv7) keep the order they were made in.
      .orderBy(asc(table.createdAt), asc(table.id));
    return rows as Table["$inferSelect"][];
  });
}

/**
 * Records how a claimed row's attempt ended: its status and error, when it was sent, and when it
 * is due again (nextAttemptAt); `more` adds the table's own columns (a provider's message id).
 */
export async function recordAttempt(
  db: Db,
  table: OutboxRows,
  storeId: string,
  row: { id: string; attempts: number },
  outcome: { status: "sent" | "logged" | "failed"; error: string | null },
  more: Record<string, unknown> = {},
): Promise<void> {
  await db.withStore(storeId, (tx) =>
    tx
      .update(table as PgTable)
      .set({
        status: outcome.status,
        error: outcome.error,
        sentAt: outcome.status === "sent" ? new Date() : null,
        nextAttemptAt: nextAttemptAt(outcome.status, row.attempts),
        ...more,
      })
      .where(and(eq(table.storeId, storeId), eq(table.id, row.id))),
  );
}

/**
 * When a row whose attempt number `attempts` ended in `status` is due again: after its pause
 * when it failed with attempts left; otherwise never (null).
 */
export function nextAttemptAt(
  status: "sent" | "logged" | "failed",
  attempts: number,
  schedule: RetrySchedule = OUTBOX_RETRIES,
): SQL | null {
  return status === "failed" && attempts < schedule.maxAttempts
    ? sql`now() + ${`${Math.round(schedule.delayMs(attempts))} milliseconds`}::interval`
    : null;
}

/** What a failed send's log line says of what comes next. */
export const retryNote = (attempts: number) => (attempts < MAX_ATTEMPTS ? "to be tried again" : "given up");

/**
 * One try at handing a message to its carrier (the mail server, the SMS provider): "sent", or
 * "failed" with its error, logged as `failure` with what comes next. `context` leads the log line.
 */
export async function trySend(
  send: () => Promise<void>,
  context: Record<string, unknown> & { attempt: number },
  failure: string,
): Promise<{ status: "sent" | "failed"; error: string | null }> {
  try {
    await send();
    return { status: "sent", error: null };
  } catch (cause) {
    const error = cause instanceof Error ? cause.message : String(cause);
    logger.error({ ...context, retry: retryNote(context.attempt), error }, failure);
    return { status: "failed", error };
  }
}

/**
 * Claims the store's due rows (of `ids` only, when given) and delivers them one by one; returns
 * each one's outcome. One database for the whole delivery: one that outlives its request never
 * opens another.
 */
export async function deliverClaimed<Row, Status>(
  storeId: string,
  ids: readonly string[] | null,
  claim: (db: Db, storeId: string, ids: readonly string[] | null) => Promise<Row[]>,
  deliver: (db: Db, storeId: string, row: Row) => Promise<Status>,
): Promise<Status[]> {
  if (ids?.length === 0) return [];
  const db = await getDb();
  const claimed = await claim(db, storeId, ids);
  const outcomes: Status[] = [];
  for (const row of claimed) outcomes.push(await deliver(db, storeId, row));
  return outcomes;
}

/**
 * Deliveries started after a commit and not finished yet (awaited by tests and at shutdown).
 * Shared through globalThis: server.ts and the Remix build each load their own copy of this module.
 */
const IN_FLIGHT_KEY = Symbol.for("storefront.emailDeliveries");
const inFlight: Set<Promise<void>> = ((globalThis as Record<symbol, unknown>)[IN_FLIGHT_KEY] ??=
  new Set()) as Set<Promise<void>>;

/**
 * Delivers rows a committed change wrote, without the caller waiting: the caller's answer (a
 * checkout's "placed") is what was committed whatever the provider or the database does next.
 * A delivery that fails is logged as `what`; the sweep tries again what is still due.
 */
export function deliverAfterCommitWith<Ids extends readonly string[] | null>(
  deliver: (storeId: string, ids: Ids) => Promise<unknown>,
  what: string,
  storeId: string,
  /** null: whatever of the store is due (a commit's notice named the store, not its rows). */
  ids: Ids,
): void {
  if (ids?.length === 0) return;
  const delivery = deliver(storeId, ids)
    .then(() => undefined)
    .catch((error: unknown) =>
      logger.error({ [what]: ids ?? storeId, ...errorFields(error) }, `${what} not delivered yet`),
    );
  const tracked = delivery.finally(() => inFlight.delete(tracked));
  inFlight.add(tracked);
}

/** Resolves once every delivery started after a commit so far has finished. */
export async function deliveriesSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

/**
 * Delivers what is due in every store that `dueStores` (a platform function listing the stores
 * with due rows) names; one store failing does not stop the rest (the next sweep tries again).
 */
export async function sweepDue(
  dueStores: SQL,
  deliver: (storeId: string) => Promise<readonly unknown[]>,
  what: string,
): Promise<{ stores: number; delivered: number }> {
  const db = await getDb();
  const due = rowsOf<{ store_id: string }>(await db.withPlatform((tx) => tx.execute(dueStores)));
  let delivered = 0;
  for (const { store_id } of due) {
    try {
      delivered += (await deliver(store_id)).length;
    } catch (error) {
      logger.error({ store: store_id, ...errorFields(error) }, `${what} sweep of a store failed`);
    }
  }
  return { stores: due.length, delivered };
}
