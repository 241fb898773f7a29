/**
 * Webhook subscriptions (issue 38, decision 047): a URL, its topics and a signing secret shown
 * once. "Rotate secret" makes a new one and keeps the old one valid (both sign) until a set time;
 * pause holds deliveries (queued), resume sends them; delete drops the subscription and its log.
 * Creating, rotating and deleting write the activity log in their transaction.
 *
 * The URL must be https, except a loopback http URL while the server runs with
 * WEBHOOKS_ALLOW_LOOPBACK=1; a literal private address is refused here already (the delivery
 * checks again after resolving the name, which is what counts).
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { storeEvents, webhookDeliveries, webhookSubscriptions } from "~/db/schema";
import { isWebhookTopic, type WebhookTopic } from "~/lib/webhooks";
import { recordAudit } from "~/services/audit/audit.server";
import { deliverWebhooksAfterCommit, pauseIn, webhookSettings } from "./delivery.server";
import { WEBHOOKS_DUE_CHANNEL } from "./events.server";
import { newWebhookSecret } from "./signature.server";
import { isAllowedAddress } from "./ssrf.server";
import { isIP } from "node:net";
import { inStore, storeJoin } from "~/db/store-scope";

/** The secret's start, shown in the list so a person can tell which one a receiver holds. */
const SHOWN = 12;

export type WebhookUrlError = "url" | "https" | "private";

/** Why `url` cannot be a subscription's (null: it can). */
export function webhookUrlError(
  url: string,
  allowLoopback = webhookSettings().allowLoopback,
): WebhookUrlError | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "url";
  }
  if (parsed.username || parsed.password || parsed.hash) return "url";
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  const loopbackHost =
    host === "localhost" ||
    (isIP(host) !== 0 && isAllowedAddress(host, true) && !isAllowedAddress(host, false));
  if (parsed.protocol === "http:") {
    if (!(allowLoopback && loopbackHost)) return "https";
  } else if (parsed.protocol !== "https:") return "https";
  if (isIP(host) !== 0 && !isAllowedAddress(host, allowLoopback)) return "private";
  if (loopbackHost && !allowLoopback) return "private";
  return null;
}

export interface WebhookRow {
  id: string;
  url: string;
  topics: WebhookTopic[];
  secretStart: string;
  rotating: Date | null;
  pausedAt: Date | null;
  pausedReason: "manual" | "failing" | null;
  failingSince: Date | null;
  createdAt: Date;
}

const columns = {
  id: webhookSubscriptions.id,
  url: webhookSubscriptions.url,
  topics: webhookSubscriptions.topics,
  secret: webhookSubscriptions.secret,
  previousSecretExpiresAt: webhookSubscriptions.previousSecretExpiresAt,
  pausedAt: webhookSubscriptions.pausedAt,
  pausedReason: webhookSubscriptions.pausedReason,
  failingSince: webhookSubscriptions.failingSince,
  createdAt: webhookSubscriptions.createdAt,
};

function rowOf(row: {
  id: string;
  url: string;
  topics: string[];
  secret: string;
  previousSecretExpiresAt: Date | null;
  pausedAt: Date | null;
  pausedReason: "manual" | "failing" | null;
  failingSince: Date | null;
  createdAt: Date;
}): WebhookRow {
  const { secret, previousSecretExpiresAt, ...rest } = row;
  return {
    ...rest,
    topics: row.topics.filter(isWebhookTopic),
    secretStart: secret.slice(0, SHOWN),
    rotating:
      previousSecretExpiresAt && previousSecretExpiresAt.getTime() > Date.now()
        ? previousSecretExpiresAt
        : null,
  };
}

export async function listWebhooks(storeId: string): Promise<WebhookRow[]> {
  const db = await getDb();
  const rows = await db.withStore(storeId, (tx) =>
    tx
      .select(columns)
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.storeId, storeId))
      .orderBy(desc(webhookSubscriptions.createdAt), desc(webhookSubscriptions.id)),
  );
  return rows.map(rowOf);
}

export async function getWebhook(storeId: string, id: string): Promise<WebhookRow | null> {
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .select(columns)
      .from(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.storeId, storeId), eq(webhookSubscriptions.id, id))),
  );
  return row ? rowOf(row) : null;
}

export type CreateWebhookResult =
  { ok: true; id: string; secret: string } | { ok: false; error: WebhookUrlError };

/** `secret`: the demo's seed only (a known one); a page never passes one. */
export async function createWebhook(
  storeId: string,
  actorId: string | null,
  input: { url: string; topics: readonly WebhookTopic[] },
  secret: string = newWebhookSecret(),
  options: { allowLoopback?: boolean } = {},
): Promise<CreateWebhookResult> {
  const error = webhookUrlError(input.url, options.allowLoopback);
  if (error) return { ok: false, error };
  const topics = [...new Set(input.topics)].sort();
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const [row] = await tx
      .insert(webhookSubscriptions)
      .values({ storeId, url: input.url, topics, secret, createdBy: actorId })
      .returning({ id: webhookSubscriptions.id });
    await recordAudit(tx, storeId, {
      action: "webhook.create",
      entityType: "staff",
      entityId: row!.id,
      entityLabel: input.url,
      changes: { url: [null, input.url], topics: [null, topics] },
    });
    return { ok: true as const, id: row!.id, secret };
  });
}

/**
 * A new secret; the old one still signs until `graceHours` from now (receivers switch meanwhile).
 * Null when the store has no such subscription.
 */
export async function rotateWebhookSecret(
  storeId: string,
  id: string,
  graceHours: number,
): Promise<{ secret: string; url: string } | null> {
  const secret = newWebhookSecret();
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const [row] = await tx
      .update(webhookSubscriptions)
      .set({
        previousSecret: sql`${webhookSubscriptions.secret}`,
        previousSecretExpiresAt: sql`now() + make_interval(hours => ${graceHours})`,
        secret,
      })
      .where(and(eq(webhookSubscriptions.storeId, storeId), eq(webhookSubscriptions.id, id)))
      .returning({ url: webhookSubscriptions.url });
    if (!row) return null;
    await recordAudit(tx, storeId, {
      action: "webhook.rotate",
      entityType: "staff",
      entityId: id,
      entityLabel: row.url,
      changes: { graceHours: [null, graceHours] },
    });
    return { secret, url: row.url };
  });
}

export async function deleteWebhook(storeId: string, id: string): Promise<{ url: string } | null> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const [row] = await tx
      .delete(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.storeId, storeId), eq(webhookSubscriptions.id, id)))
      .returning({ url: webhookSubscriptions.url, topics: webhookSubscriptions.topics });
    if (!row) return null;
    await recordAudit(tx, storeId, {
      action: "webhook.delete",
      entityType: "staff",
      entityId: id,
      entityLabel: row.url,
      changes: { url: [row.url, null], topics: [row.topics, null] },
    });
    return { url: row.url };
  });
}

/** Pauses (its deliveries wait, queued). False: no such subscription (or already paused). */
export async function pauseWebhook(storeId: string, id: string): Promise<boolean> {
  const db = await getDb();
  return db.withStore(storeId, (tx) => pauseIn(tx, storeId, id, "manual"));
}

/** Resumes: what waited is due now, in order; the failing clock starts again. */
export async function resumeWebhook(storeId: string, id: string): Promise<boolean> {
  const db = await getDb();
  const resumed = await db.withStore(storeId, async (tx) => {
    const [row] = await tx
      .update(webhookSubscriptions)
      .set({ pausedAt: null, pausedReason: null, failingSince: null })
      .where(and(eq(webhookSubscriptions.storeId, storeId), eq(webhookSubscriptions.id, id)))
      .returning({ id: webhookSubscriptions.id });
    if (!row) return false;
    await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(
        and(
          inStore(webhookDeliveries, storeId, { subscriptionId: id, status: "queued" }),
          isNull(webhookDeliveries.nextAttemptAt),
        ),
      );
    await tx.execute(sql`select pg_notify(${WEBHOOKS_DUE_CHANNEL}, ${storeId})`);
    return true;
  });
  return resumed;
}

export interface DeliveryLogRow {
  id: string;
  eventId: string;
  topic: string;
  seq: number;
  status: "queued" | "sent" | "failed";
  attempts: number;
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  createdAt: Date;
}

/** A subscription's deliveries, newest first (the log keeps 30 days). */
export async function webhookDeliveryLog(
  storeId: string,
  subscriptionId: string,
  limit = 50,
): Promise<DeliveryLogRow[]> {
  const db = await getDb();
  return db.withStore(storeId, (tx) =>
    tx
      .select({
        id: webhookDeliveries.id,
        eventId: webhookDeliveries.eventId,
        topic: storeEvents.topic,
        seq: storeEvents.seq,
        status: webhookDeliveries.status,
        attempts: webhookDeliveries.attempts,
        responseStatus: webhookDeliveries.responseStatus,
        durationMs: webhookDeliveries.durationMs,
        error: webhookDeliveries.error,
        nextAttemptAt: webhookDeliveries.nextAttemptAt,
        lastAttemptAt: webhookDeliveries.lastAttemptAt,
        createdAt: webhookDeliveries.createdAt,
      })
      .from(webhookDeliveries)
      .innerJoin(storeEvents, storeJoin(storeEvents, "id", webhookDeliveries, "eventId"))
      .where(
        and(eq(webhookDeliveries.storeId, storeId), eq(webhookDeliveries.subscriptionId, subscriptionId)),
      )
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit),
  );
}

/**
 * "Redeliver": the same event to the same subscription once more, as a new delivery (the log
 * keeps the first). Null when the store has no such delivery of this subscription.
 */
export async function redeliver(
  storeId: string,
  subscriptionId: string,
  deliveryId: string,
): Promise<string | null> {
  const db = await getDb();
  const id = await db.withStore(storeId, async (tx) => {
    const [old] = await tx
      .select({ eventId: webhookDeliveries.eventId, pausedAt: webhookSubscriptions.pausedAt })
      .from(webhookDeliveries)
      .innerJoin(
        webhookSubscriptions,
        storeJoin(webhookSubscriptions, "id", webhookDeliveries, "subscriptionId"),
      )
      .where(inStore(webhookDeliveries, storeId, { subscriptionId, id: deliveryId }));
    if (!old) return null;
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        storeId,
        subscriptionId,
        eventId: old.eventId,
        nextAttemptAt: old.pausedAt ? null : sql`now()`,
      })
      .returning({ id: webhookDeliveries.id });
    return row!.id;
  });
  if (id) deliverWebhooksAfterCommit(storeId, [id]);
  return id;
}
