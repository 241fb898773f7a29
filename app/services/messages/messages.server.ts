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
import { sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { messageOutbox } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import { logger } from "~/lib/log.server";
import { startSweeps } from "~/lib/sweeps.server";
import {
  claimRows,
  deliverAfterCommitWith,
  deliverClaimed,
  enqueueRows,
  recordAttempt,
  sweepDue,
  trySend,
} from "~/services/outbox/outbox.server";
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
const CLAIM_LEASE_MINUTES = 5;
export const MESSAGE_SWEEP_MS = 60_000;

/** Writes the messages in the caller's transaction, due now; returns their ids. */
export async function enqueueMessages(
  tx: Tx,
  storeId: string,
  messages: readonly TextMessage[],
): Promise<string[]> {
  return enqueueRows(
    tx,
    messageOutbox,
    storeId,
    messages.map((message) => ({
      orderId: message.orderId ?? null,
      channel: message.channel,
      to: message.to,
      body: message.body,
      kind: message.kind,
      locale: message.locale,
    })),
  );
}

type Claimed = typeof messageOutbox.$inferSelect;

const claim = (db: Db, storeId: string, ids: readonly string[] | null): Promise<Claimed[]> =>
  claimRows(db, messageOutbox, storeId, ids, CLAIM_LEASE_MINUTES);

async function deliver(db: Db, storeId: string, message: Claimed): Promise<MessageStatus> {
  const provider = messageProvider();
  let status: MessageStatus = "logged";
  let error: string | null = null;
  let providerId: string | null = null;
  if (provider?.channels.includes(message.channel)) {
    ({ status, error } = await trySend(
      async () => {
        providerId = (await provider.send({ channel: message.channel, to: message.to, body: message.body }))
          .id;
      },
      { kind: message.kind, channel: message.channel, to: message.to, attempt: message.attempts },
      "message not delivered",
    ));
  } else {
    logger.info(
      { kind: message.kind, channel: message.channel, to: message.to, text: message.body },
      `${message.channel} message logged (no provider configured)`,
    );
  }
  await recordAttempt(db, messageOutbox, storeId, message, { status, error }, { providerId });
  return status;
}

/** Delivers the store's due messages (of `ids` only, when given); returns each one's outcome. */
export async function deliverMessages(
  storeId: string,
  ids: readonly string[] | null = null,
): Promise<MessageStatus[]> {
  return deliverClaimed(storeId, ids, claim, deliver);
}

/**
 * Delivers messages a committed change wrote, without the caller waiting (outbox.server's
 * `deliverAfterCommitWith`): a failure is logged; the sweep tries again.
 */
export function deliverMessagesAfterCommit(storeId: string, ids: readonly string[]): void {
  deliverAfterCommitWith(deliverMessages, "messages", storeId, ids);
}

/** Delivers every store's due messages; one store failing does not stop the rest. */
export function sweepMessages(): Promise<{ stores: number; delivered: number }> {
  return sweepDue(
    sql`select store_id from platform_stores_with_due_messages()`,
    (storeId) => deliverMessages(storeId),
    "message",
  );
}

/** Sweeps shortly after start and every `intervalMs`; several processes at once are safe. */
export function startMessageSweeps(intervalMs = MESSAGE_SWEEP_MS): () => void {
  return startSweeps("message sweep", sweepMessages, intervalMs);
}
