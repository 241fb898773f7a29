/**
 * Outgoing mail (DESIGN §1): every message is a row of `email_outbox` first, then delivered —
 * nodemailer over SMTP_URL when it is set; without it the message is printed to the server log
 * (status "logged"), so the embedded demo can still follow a reset or sign-in link.
 *
 * A message written in the transaction of the change that owes it (`enqueueEmails`, e.g. a
 * checkout's) exists exactly when the change does: a crash or a lost database after the commit
 * delays it, never loses it. Delivery claims a message by pushing its `next_attempt_at` past the
 * send's longest time, so one process sends it; a failed send is tried again later with a
 * growing pause (`retryDelayMs`), up to MAX_ATTEMPTS. The sweep (`startOutboxSweeps`, every
 * process, at start and every minute) delivers whatever is due: messages whose process died
 * before delivering them, and retries.
 */
import { sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { getDb, type Db, type Tx } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import { metrics } from "~/lib/metrics.server";
import { config } from "~/lib/config.server";
import { startSweeps } from "~/lib/sweeps.server";
import { logger } from "~/lib/log.server";
import {
  claimRows,
  deliverAfterCommitWith,
  deliverClaimed,
  enqueueRows,
  recordAttempt,
  sweepDue,
  trySend,
} from "~/services/outbox/outbox.server";

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What the message is for, e.g. "reset-password"; for the outbox and tests. */
  kind: string;
  locale: Locale;
  /** Display name of the sender, usually the store's name. */
  fromName: string;
}

export type DeliveryStatus = "sent" | "logged" | "failed";

/** A claimed message is not due again before this: longer than nodemailer's own time limits. */
const CLAIM_LEASE_MINUTES = 15;
export const OUTBOX_SWEEP_MS = 60_000;

let transport: { url: string; transporter: Transporter } | undefined;
function transporterFor(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

function fromAddress(fromName: string | null): string {
  const address = config().mailFrom;
  if (!fromName) return address;
  return `"${fromName.replace(/["\\\r\n]/g, "")}" <${address}>`;
}

/** Writes the messages into the outbox in the caller's transaction, due now; returns their ids. */
export async function enqueueEmails(tx: Tx, storeId: string, messages: readonly EmailMessage[]) {
  return enqueueRows(
    tx,
    emailOutbox,
    storeId,
    messages.map((message) => ({
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      kind: message.kind,
      locale: message.locale,
      fromName: message.fromName,
    })),
  );
}

type Claimed = typeof emailOutbox.$inferSelect;

/** Claims the store's due messages (those of `ids` only, when given), oldest first. */
const claim = (db: Db, storeId: string, ids: readonly string[] | null): Promise<Claimed[]> =>
  claimRows(db, emailOutbox, storeId, ids, CLAIM_LEASE_MINUTES);

/** Hands one claimed message to the mail server (or the log) and records what happened. */
async function deliver(db: Db, storeId: string, message: Claimed): Promise<DeliveryStatus> {
  const { smtpUrl } = config();
  let status: DeliveryStatus = "logged";
  let error: string | null = null;
  if (smtpUrl) {
    ({ status, error } = await trySend(
      async () => {
        await transporterFor(smtpUrl).sendMail({
          from: fromAddress(message.fromName),
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          headers: { "Content-Language": message.locale },
        });
      },
      { kind: message.kind, to: message.to, attempt: message.attempts },
      "email not delivered",
    ));
  } else {
    logger.info(
      { kind: message.kind, to: message.to, subject: message.subject, text: message.text },
      "email logged (no SMTP_URL)",
    );
  }
  await recordAttempt(db, emailOutbox, storeId, message, { status, error });
  metrics.email(status);
  return status;
}

/** Delivers the store's due messages (of `ids` only, when given); returns each one's outcome. */
export async function deliverEmails(
  storeId: string,
  ids: readonly string[] | null = null,
): Promise<DeliveryStatus[]> {
  return deliverClaimed(storeId, ids, claim, deliver);
}

/**
 * Delivers emails a committed change wrote, without the caller waiting (outbox.server's
 * `deliverAfterCommitWith`): a failure is logged; the sweep tries again.
 */
export function deliverAfterCommit(storeId: string, ids: readonly string[]): void {
  deliverAfterCommitWith(deliverEmails, "emails", storeId, ids);
}

/**
 * One message now, outside any change's transaction (a sign-in link, a webhook's email): written
 * to the outbox, then delivered; a failed send is retried by the sweep.
 */
export async function sendEmail(storeId: string, message: EmailMessage): Promise<{ status: DeliveryStatus }> {
  const db = await getDb();
  const ids = await db.withStore(storeId, (tx) => enqueueEmails(tx, storeId, [message]));
  const [status] = await deliverEmails(storeId, ids);
  // Claimed meanwhile by a sweep of another process, which delivers it.
  return { status: status ?? "logged" };
}

/** Delivers every store's due mail; one store failing does not stop the rest. */
export function sweepOutbox(): Promise<{ stores: number; delivered: number }> {
  return sweepDue(
    sql`select store_id from platform_stores_with_due_email()`,
    (storeId) => deliverEmails(storeId),
    "outbox",
  );
}

/** Sweeps shortly after start and every `intervalMs`; the timers never keep the process alive. */
export function startOutboxSweeps(intervalMs = OUTBOX_SWEEP_MS): () => void {
  return startSweeps("outbox sweep", sweepOutbox, intervalMs);
}
