/**
 * Webhook delivery (issue 38, decision 047): the `webhook_deliveries` outbox (outbox.server's
 * claim, retry arithmetic, after-commit start and sweep) POSTs each event to its subscription's
 * URL, signed, through the SSRF guard.
 *
 * - 2xx: sent. The subscription's failing clock stops.
 * - 429, 5xx, a timeout or a network error: tried again with exponential backoff and jitter (30 s
 *   doubling to an hour, ±20 %), for as long as the subscription has not been failing 24 hours;
 *   then the subscription is paused (its deliveries wait, queued) and the owners are emailed.
 * - Any other answer (4xx, a redirect) or an address the guard refuses: failed, not tried again
 *   (retrying a 4xx only multiplies traffic the receiver already said no to).
 *
 * One endpoint cannot hold back the others: a claim takes at most CLAIM_PER_ENDPOINT rows of a
 * subscription, each subscription's rows go out at most CONCURRENCY_PER_ENDPOINT at a time in
 * this process while the others' run beside them, and every request has a time limit.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, rowsOf, type Db, type Tx } from "~/db/client.server";
import { storeEvents, users, webhookDeliveries, webhookSubscriptions } from "~/db/schema";
import { DEFAULT_LOCALE, getT, type Locale } from "~/lib/i18n";
import "~/lib/i18n.server";
import { errorFields, logger } from "~/lib/log.server";
import { config } from "~/lib/config.server";
import { startSweeps } from "~/lib/sweeps.server";
import { emailFrame, escapeHtml } from "~/services/email/email-frame.server";
import { deliverAfterCommit, enqueueEmails, type EmailMessage } from "~/services/email/email.server";
import { loadEmailStore } from "~/services/email/email-store.server";
import {
  claimDue,
  deliverAfterCommitWith,
  nextAttemptAt,
  sweepDue,
  type RetrySchedule,
} from "~/services/outbox/outbox.server";
import { isOwnerRow } from "~/lib/permissions";
import { eventJson, WEBHOOKS_DUE_CHANNEL } from "./events.server";
import { signatureHeader } from "./signature.server";
import { pinnedLookup, resolveDeliveryAddress, AddressRefused, type LookupAll } from "./ssrf.server";
import { storeJoin } from "~/db/store-scope";

/** A claimed delivery is not due again before this: longer than its endpoint's queue can take. */
const CLAIM_LEASE_MINUTES = 15;
const CLAIM_PER_ENDPOINT = 10;
const CONCURRENCY_PER_ENDPOINT = 2;
export const WEBHOOK_SWEEP_MS = 30_000;
/** An endpoint failing this long is paused. */
export const FAILING_PAUSE_HOURS = 24;
/** The delivery log (and events) are kept this long. */
export const WEBHOOK_LOG_DAYS = 30;
/** The most of an answer's body kept in the log. */
const ANSWER_EXCERPT = 200;

/** 30 s doubling to an hour, ±20 % (so a store's failed deliveries do not all return at once). */
export function webhookRetryDelayMs(attempts: number, random = Math.random): number {
  const base = Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);
  return base * (0.8 + 0.4 * random());
}

/** No attempt limit: the 24-hour failing clock decides when to stop (and pause). */
export const WEBHOOK_RETRIES: RetrySchedule = {
  maxAttempts: Number.POSITIVE_INFINITY,
  delayMs: (attempts) => webhookRetryDelayMs(attempts),
};

export interface WebhookDeliverySettings {
  timeoutMs: number;
  /** Loopback addresses allowed (WEBHOOKS_ALLOW_LOOPBACK=1): development and tests only. */
  allowLoopback: boolean;
  /** The resolver (tests give one that answers what they need). */
  lookup?: LookupAll;
}

/** From the configuration (WEBHOOKS_ALLOW_LOOPBACK, WEBHOOKS_TIMEOUT_MS) when first needed. */
let current: WebhookDeliverySettings | undefined;

export const webhookSettings = (): WebhookDeliverySettings => (current ??= { ...config().webhooks });

/** Changes the delivery settings (tests); returns the previous ones. */
export function configureWebhookDelivery(change: Partial<WebhookDeliverySettings>): WebhookDeliverySettings {
  const before = { ...webhookSettings() };
  Object.assign(webhookSettings(), change);
  return before;
}

export type AttemptOutcome =
  | { kind: "answered"; status: number; excerpt: string; durationMs: number }
  | { kind: "error"; error: string; durationMs: number; refused: boolean };

/** One signed POST, through the guard, within the time limit. */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const duration = () => Math.round(performance.now() - started);
  try {
    const target = new URL(url);
    const settings = webhookSettings();
    const address = await resolveDeliveryAddress(target.hostname, settings);
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const answer = await new Promise<{ status: number; excerpt: string }>((resolve, reject) => {
      const req = send(
        target,
        {
          method: "POST",
          headers: {
            ...headers,
            "Content-Type": "application/json",
            "Content-Length": String(Buffer.byteLength(body)),
            "User-Agent": "Storefront-Webhooks/1",
          },
          lookup: pinnedLookup(address) as never,
          timeout: settings.timeoutMs,
        },
        (res: IncomingMessage) => {
          let excerpt = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            if (excerpt.length < ANSWER_EXCERPT) excerpt += chunk.slice(0, ANSWER_EXCERPT - excerpt.length);
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, excerpt }));
          res.on("error", reject);
        },
      );
      // The whole exchange, not only the idle time, is bounded.
      const timer = setTimeout(
        () => req.destroy(new Error(`timed out after ${settings.timeoutMs} ms`)),
        settings.timeoutMs,
      );
      req.on("timeout", () => req.destroy(new Error(`timed out after ${settings.timeoutMs} ms`)));
      req.on("error", reject);
      req.on("close", () => clearTimeout(timer));
      req.end(body);
    });
    return { kind: "answered", ...answer, durationMs: duration() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      kind: "error",
      error: message,
      durationMs: duration(),
      refused: error instanceof AddressRefused,
    };
  }
}

/** Whether an outcome is worth another attempt: 429, 5xx, timeouts and network errors. */
export function isRetryable(outcome: AttemptOutcome): boolean {
  if (outcome.kind === "error") return !outcome.refused;
  return outcome.status === 429 || outcome.status >= 500;
}

const isSuccess = (outcome: AttemptOutcome) =>
  outcome.kind === "answered" && outcome.status >= 200 && outcome.status < 300;

interface Claimed {
  id: string;
  attempts: number;
  subscriptionId: string;
  event: typeof storeEvents.$inferSelect;
  url: string;
  secrets: string[];
  paused: boolean;
}

async function claim(db: Db, storeId: string, ids: readonly string[] | null): Promise<Claimed[]> {
  return db.withStore(storeId, async (tx) => {
    const claimed = await claimDue(tx, "webhook_deliveries", storeId, ids, CLAIM_LEASE_MINUTES, {
      column: "subscription_id",
      limit: CLAIM_PER_ENDPOINT,
    });
    if (claimed.length === 0) return [];
    const rows = await tx
      .select({ delivery: webhookDeliveries, event: storeEvents, subscription: webhookSubscriptions })
      .from(webhookDeliveries)
      .innerJoin(storeEvents, storeJoin(storeEvents, "id", webhookDeliveries, "eventId"))
      .innerJoin(
        webhookSubscriptions,
        storeJoin(webhookSubscriptions, "id", webhookDeliveries, "subscriptionId"),
      )
      .where(and(eq(webhookDeliveries.storeId, storeId), inArray(webhookDeliveries.id, claimed)))
      .orderBy(asc(storeEvents.seq));
    const now = Date.now();
    return rows.map(({ delivery, event, subscription }) => ({
      id: delivery.id,
      attempts: delivery.attempts,
      subscriptionId: subscription.id,
      event,
      url: subscription.url,
      paused: subscription.pausedAt !== null,
      secrets: [
        subscription.secret,
        ...(subscription.previousSecret &&
        subscription.previousSecretExpiresAt &&
        subscription.previousSecretExpiresAt.getTime() > now
          ? [subscription.previousSecret]
          : []),
      ],
    }));
  });
}

/** The body and headers of an event's delivery. */
export function webhookRequest(
  event: typeof storeEvents.$inferSelect,
  secrets: readonly string[],
  now = Date.now(),
) {
  const body = JSON.stringify(eventJson(event));
  const timestamp = Math.floor(now / 1000);
  return {
    body,
    headers: {
      "X-Webhook-Id": event.id,
      "X-Webhook-Topic": event.topic,
      "X-Webhook-Sequence": String(event.resourceSeq),
      "X-Webhook-Timestamp": String(timestamp),
      "X-Webhook-Signature": signatureHeader(secrets, timestamp, body),
    },
  };
}

export type DeliveryResult = "sent" | "retry" | "failed" | "paused";

async function deliverOne(db: Db, storeId: string, row: Claimed): Promise<DeliveryResult> {
  const where = and(eq(webhookDeliveries.storeId, storeId), eq(webhookDeliveries.id, row.id));
  if (row.paused) {
    // Paused since the claim's read of it: the delivery waits for the resume, as it was.
    await db.withStore(storeId, (tx) =>
      tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: null, attempts: sql`${webhookDeliveries.attempts} - 1` })
        .where(where),
    );
    return "paused";
  }
  const { body, headers } = webhookRequest(row.event, row.secrets);
  const outcome = await postWebhook(row.url, headers, body);
  const result: DeliveryResult = isSuccess(outcome) ? "sent" : isRetryable(outcome) ? "retry" : "failed";
  const logged = {
    responseStatus: outcome.kind === "answered" ? outcome.status : null,
    durationMs: outcome.durationMs,
    error:
      outcome.kind === "error"
        ? outcome.error.slice(0, 500)
        : result === "sent"
          ? null
          : outcome.excerpt || `HTTP ${outcome.status}`,
    lastAttemptAt: sql`now()`,
  };
  const subscription = and(
    eq(webhookSubscriptions.storeId, storeId),
    eq(webhookSubscriptions.id, row.subscriptionId),
  );
  const paused = await db.withStore(storeId, async (tx) => {
    if (result === "sent") {
      await tx
        .update(webhookDeliveries)
        .set({ ...logged, status: "sent", nextAttemptAt: null })
        .where(where);
      await tx.update(webhookSubscriptions).set({ failingSince: null }).where(subscription);
      return false;
    }
    if (result === "failed") {
      await tx
        .update(webhookDeliveries)
        .set({ ...logged, status: "failed", nextAttemptAt: null })
        .where(where);
      return false;
    }
    // Retryable: the failing clock starts (or runs on); past 24 hours the subscription pauses.
    const [clock] = rowsOf<{ expired: boolean }>(
      await tx.execute(sql`
        update webhook_subscriptions
           set failing_since = coalesce(failing_since, now())
         where store_id = ${storeId} and id = ${row.subscriptionId}
        returning failing_since <= now() - make_interval(hours => ${FAILING_PAUSE_HOURS}) as expired`),
    );
    if (!clock?.expired) {
      await tx
        .update(webhookDeliveries)
        .set({
          ...logged,
          status: "failed",
          nextAttemptAt: nextAttemptAt("failed", row.attempts, WEBHOOK_RETRIES),
        })
        .where(where);
      return false;
    }
    await tx
      .update(webhookDeliveries)
      .set({ ...logged, status: "queued", nextAttemptAt: null })
      .where(where);
    const pausedNow = await pauseIn(tx, storeId, row.subscriptionId, "failing");
    return pausedNow;
  });
  if (paused) {
    logger.warn(
      { store: storeId, subscription: row.subscriptionId },
      "webhook subscription paused: failing 24 hours",
    );
    await emailOwnersPaused(db, storeId, row.url);
    return "paused";
  }
  if (result !== "sent")
    logger.info(
      {
        subscription: row.subscriptionId,
        event: row.event.id,
        attempt: row.attempts,
        outcome: logged.error ?? logged.responseStatus,
      },
      result === "retry" ? "webhook not delivered: to be tried again" : "webhook refused: not tried again",
    );
  return result;
}

/**
 * Pauses a subscription in `tx` (unless it already is): its waiting deliveries stay queued with
 * no due time, for the resume. Returns whether this call paused it.
 */
export async function pauseIn(
  tx: Tx,
  storeId: string,
  subscriptionId: string,
  reason: "manual" | "failing",
): Promise<boolean> {
  const [paused] = await tx
    .update(webhookSubscriptions)
    .set({ pausedAt: sql`now()`, pausedReason: reason })
    .where(
      and(
        eq(webhookSubscriptions.storeId, storeId),
        eq(webhookSubscriptions.id, subscriptionId),
        isNull(webhookSubscriptions.pausedAt),
      ),
    )
    .returning({ id: webhookSubscriptions.id });
  if (!paused) return false;
  await tx
    .update(webhookDeliveries)
    .set({ status: "queued", nextAttemptAt: null })
    .where(
      and(
        eq(webhookDeliveries.storeId, storeId),
        eq(webhookDeliveries.subscriptionId, subscriptionId),
        sql`${webhookDeliveries.nextAttemptAt} is not null`,
      ),
    );
  return true;
}

/** The owners' email: the endpoint was failing for 24 hours and is paused (through the email outbox). */
async function emailOwnersPaused(db: Db, storeId: string, url: string): Promise<void> {
  const store = await loadEmailStore(storeId);
  if (!store) return;
  const ids = await db.withStore(storeId, async (tx) => {
    const admins = await tx
      .select({
        email: users.email,
        name: users.name,
        locale: users.locale,
        isAdmin: users.isAdmin,
        staffPreset: users.staffPreset,
        staffRoleId: users.staffRoleId,
      })
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.isAdmin, true), isNull(users.blockedAt)));
    const messages: EmailMessage[] = admins.filter(isOwnerRow).map((owner) => {
      const locale: Locale = owner.locale ?? DEFAULT_LOCALE;
      const t = getT(locale);
      const vars = { url, store: store.name, name: owner.name, hours: FAILING_PAUSE_HOURS };
      const lines = [t("email.greeting", vars), t("webhooks.email.body", vars)];
      const link = `${store.origin}/admin/api/webhooks`;
      const html = emailFrame(locale, store, { logoUrl: store.logoUrl }).page(
        lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
        { label: t("webhooks.email.action"), link },
        t("email.footer", vars),
      );
      return {
        to: owner.email,
        subject: t("webhooks.email.subject", vars),
        html,
        text: [...lines, `${t("webhooks.email.action")}: ${link}`].join("\n\n"),
        kind: "webhook-paused",
        locale,
        fromName: store.name,
      };
    });
    return enqueueEmails(tx, storeId, messages);
  });
  deliverAfterCommit(storeId, ids);
}

/** At most CONCURRENCY_PER_ENDPOINT deliveries to one subscription at a time in this process. */
const running = new Map<string, { active: number; waiting: (() => void)[] }>();
async function withEndpointSlot<T>(subscriptionId: string, fn: () => Promise<T>): Promise<T> {
  const slot = running.get(subscriptionId) ?? { active: 0, waiting: [] };
  running.set(subscriptionId, slot);
  if (slot.active >= CONCURRENCY_PER_ENDPOINT)
    await new Promise<void>((resolve) => slot.waiting.push(resolve));
  slot.active++;
  try {
    return await fn();
  } finally {
    slot.active--;
    const next = slot.waiting.shift();
    if (next) next();
    else if (slot.active === 0) running.delete(subscriptionId);
  }
}

/**
 * Delivers the store's due webhook deliveries (of `ids` only, when given): each subscription's in
 * event order, the subscriptions side by side. Returns each one's result.
 */
export async function deliverWebhooks(
  storeId: string,
  ids: readonly string[] | null = null,
): Promise<DeliveryResult[]> {
  if (ids?.length === 0) return [];
  const db = await getDb();
  const claimed = await claim(db, storeId, ids);
  const bySubscription = new Map<string, Claimed[]>();
  for (const row of claimed)
    bySubscription.set(row.subscriptionId, [...(bySubscription.get(row.subscriptionId) ?? []), row]);
  const results = await Promise.all(
    [...bySubscription.values()].map(async (rows) => {
      const done: DeliveryResult[] = [];
      for (const row of rows)
        done.push(await withEndpointSlot(row.subscriptionId, () => deliverOne(db, storeId, row)));
      return done;
    }),
  );
  return results.flat();
}

/** Starts delivering after a commit, without the caller waiting (outbox.server). */
export function deliverWebhooksAfterCommit(storeId: string, ids: readonly string[] | null = null): void {
  deliverAfterCommitWith(deliverWebhooks, "webhooks", storeId, ids);
}

/** Delivers every store's due webhooks, then drops the log and events past WEBHOOK_LOG_DAYS. */
export async function sweepWebhooks(): Promise<{ stores: number; delivered: number }> {
  const swept = await sweepDue(
    sql`select store_id from platform_stores_with_due_webhooks()`,
    (storeId) => deliverWebhooks(storeId),
    "webhook",
  );
  const db = await getDb();
  await db.withPlatform((tx) =>
    tx.execute(sql`select platform_prune_webhook_log(make_interval(days => ${WEBHOOK_LOG_DAYS}))`),
  );
  return swept;
}

/**
 * Every instance hears a committed event's notice and delivers that store's due rows at once; the
 * sweep catches up on anything a notice missed (a restart, a lost connection). Returns a stop.
 */
export async function startWebhookDelivery(intervalMs = WEBHOOK_SWEEP_MS): Promise<() => Promise<void>> {
  const db = await getDb();
  const unlisten = await db
    .listen(WEBHOOKS_DUE_CHANNEL, (storeId) => deliverWebhooksAfterCommit(storeId))
    .catch((error: unknown) => {
      logger.error({ ...errorFields(error) }, "webhook notices not heard: the sweep delivers");
      return async () => {};
    });
  const stopSweeps = startSweeps("webhook sweep", sweepWebhooks, intervalMs);
  return async () => {
    stopSweeps();
    await unlisten();
  };
}
