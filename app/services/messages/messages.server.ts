/**
 * SMS and WhatsApp messages (issue 34, decision 040) go through an outbox as emails do
 * (email.server.ts): a message is a row of `message_outbox` written in the transaction of the
 * change that owes it (`enqueueMessages`, e.g. a checkout's), so it exists exactly when the change
 * does; it is delivered after the commit (`deliverMessagesAfterCommit`), never holding back or
 * failing the change. Delivery claims a row by pushing its `next_attempt_at` ahead, so one process
 * sends it; a provider's refusal or an unreachable provider is logged and tried again later with
 * a growing pause, up to MAX_ATTEMPTS. Without a configured provider (or a sender for the
 * channel) the message is printed to the server log and kept as "logged". The sweep delivers
 * what is due: retries, and messages whose process died before sending them.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb, rowsOf, type Db, type Tx } from "~/db/client.server";
import { messageOutbox } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import { errorFields, logger } from "~/lib/log.server";
import { startSweeps } from "~/lib/sweeps.server";
import { MAX_ATTEMPTS, retryDelayMs, trackDelivery } from "~/services/email/email.server";
import { messageProvider, type MessageChannel } from "./message-provider.server";

export interface TextMessage {
  channel: MessageChannel;
  /** E.164. */
  to: string;
  body: string;
  /** What it is for, e.g. "order-awaiting-confirmation". */
  kind: string;
  locale: Locale;
  orderId?: string;
}

export type MessageStatus = "sent" | "logged" | "failed";

/** A claimed message is not due again before this: longer than the provider's time limit. */
const CLAIM_LEASE = sql`interval '5 minutes'`;
export const MESSAGE_SWEEP_MS = 60_000;
const SWEEP_BATCH = 50;

/** Writes the messages in the caller's transaction, due now; returns their ids. */
export async function enqueueMessages(
  tx: Tx,
  storeId: string,
  messages: readonly TextMessage[],
): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await tx
    .insert(messageOutbox)
    .values(
      messages.map((message) => ({
        storeId,
        orderId: message.orderId ?? null,
        channel: message.channel,
        to: message.to,
        body: message.body,
        kind: message.kind,
        locale: message.locale,
        nextAttemptAt: sql`now()`,
      })),
    )
    .returning({ id: messageOutbox.id });
  return rows.map((row) => row.id);
}

type Claimed = typeof messageOutbox.$inferSelect;

async function claim(db: Db, storeId: string, ids: readonly string[] | null): Promise<Claimed[]> {
  return db.withStore(storeId, async (tx) => {
    const due = await tx
      .select({ id: messageOutbox.id })
      .from(messageOutbox)
      .where(
        and(
          eq(messageOutbox.storeId, storeId),
          ids ? inArray(messageOutbox.id, [...ids]) : undefined,
          lte(messageOutbox.nextAttemptAt, sql`now()`),
        ),
      )
      .orderBy(asc(messageOutbox.createdAt))
      .limit(SWEEP_BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(messageOutbox)
      .set({ attempts: sql`${messageOutbox.attempts} + 1`, nextAttemptAt: sql`now() + ${CLAIM_LEASE}` })
      .where(
        and(
          eq(messageOutbox.storeId, storeId),
          inArray(
            messageOutbox.id,
            due.map((row) => row.id),
          ),
        ),
      )
      .returning();
  });
}

async function deliver(db: Db, storeId: string, message: Claimed): Promise<MessageStatus> {
  const provider = messageProvider();
  let status: MessageStatus = "logged";
  let error: string | null = null;
  let providerId: string | null = null;
  if (provider?.channels.includes(message.channel)) {
    try {
      providerId = (await provider.send({ channel: message.channel, to: message.to, body: message.body })).id;
      status = "sent";
    } catch (cause) {
      status = "failed";
      error = cause instanceof Error ? cause.message : String(cause);
      const retry = message.attempts < MAX_ATTEMPTS ? "to be tried again" : "given up";
      logger.error(
        {
          kind: message.kind,
          channel: message.channel,
          to: message.to,
          attempt: message.attempts,
          retry,
          error,
        },
        "message not delivered",
      );
    }
  } else {
    logger.info(
      { kind: message.kind, channel: message.channel, to: message.to, text: message.body },
      `${message.channel} message logged (no provider configured)`,
    );
  }
  const retryAt =
    status === "failed" && message.attempts < MAX_ATTEMPTS
      ? sql`now() + ${`${retryDelayMs(message.attempts)} milliseconds`}::interval`
      : null;
  await db.withStore(storeId, (tx) =>
    tx
      .update(messageOutbox)
      .set({
        status,
        error,
        providerId,
        sentAt: status === "sent" ? new Date() : null,
        nextAttemptAt: retryAt,
      })
      .where(and(eq(messageOutbox.storeId, storeId), eq(messageOutbox.id, message.id))),
  );
  return status;
}

/** Delivers the store's due messages (of `ids` only, when given); returns each one's outcome. */
export async function deliverMessages(
  storeId: string,
  ids: readonly string[] | null = null,
): Promise<MessageStatus[]> {
  if (ids?.length === 0) return [];
  const db = await getDb();
  const claimed = await claim(db, storeId, ids);
  const outcomes: MessageStatus[] = [];
  for (const message of claimed) outcomes.push(await deliver(db, storeId, message));
  return outcomes;
}

/**
 * Delivers messages a committed change wrote, without the caller waiting (counted by
 * email.server's `deliveriesSettled`). A failure is logged; the sweep tries again.
 */
export function deliverMessagesAfterCommit(storeId: string, ids: readonly string[]): void {
  if (ids.length === 0) return;
  trackDelivery(
    deliverMessages(storeId, ids)
      .then(() => undefined)
      .catch((error: unknown) =>
        logger.error({ messages: ids, ...errorFields(error) }, "messages not delivered yet"),
      ),
  );
}

/** Delivers every store's due messages; one store failing does not stop the rest. */
export async function sweepMessages(): Promise<{ stores: number; delivered: number }> {
  const db = await getDb();
  const due = rowsOf<{ store_id: string }>(
    await db.withPlatform((tx) => tx.execute(sql`select store_id from platform_stores_with_due_messages()`)),
  );
  let delivered = 0;
  for (const { store_id } of due) {
    try {
      delivered += (await deliverMessages(store_id)).length;
    } catch (error) {
      logger.error({ store: store_id, ...errorFields(error) }, "message sweep of a store failed");
    }
  }
  return { stores: due.length, delivered };
}

/** Sweeps shortly after start and every `intervalMs`; several processes at once are safe. */
export function startMessageSweeps(intervalMs = MESSAGE_SWEEP_MS): () => void {
  return startSweeps("message sweep", sweepMessages, intervalMs);
}
