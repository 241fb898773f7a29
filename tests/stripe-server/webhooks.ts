/**
 * Events and their delivery: each event is POSTed as JSON to the webhook URL with a
 * `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` header, which is what
 * stripe.webhooks.constructEvent checks. Deliveries go one at a time, in the order the events
 * happened (so tests are deterministic); a non-2xx answer or a connection error is retried.
 */
import { createHmac } from "node:crypto";
import { newId, now, type StripeObject } from "./state";

export const API_VERSION = "2026-10-28.endive";

export interface DeliveryAttempt {
  at: string;
  status: number | null;
  error?: string;
}

export interface SentEvent {
  event: StripeObject;
  attempts: DeliveryAttempt[];
  delivered: boolean;
  /** False while attempts are still to come. */
  settled: boolean;
}

export function signPayload(payload: string, secret: string, timestamp = now()): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export class Webhooks {
  private readonly sent: SentEvent[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(
    public url: string | undefined,
    readonly secret: string,
    /** Waits before each retry; its length is the number of retries. */
    readonly retryDelaysMs: number[],
  ) {}

  /** Records the event and queues its delivery. `account` is set for Connect events. */
  emit(
    type: string,
    object: StripeObject,
    account: string | null,
    previous?: Record<string, unknown>,
  ): StripeObject {
    const event: StripeObject = {
      id: newId("evt"),
      object: "event",
      ...(account ? { account } : {}),
      api_version: API_VERSION,
      created: now(),
      // A snapshot: later changes to the object must not rewrite what was sent.
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: this.url ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    const record: SentEvent = { event, attempts: [], delivered: false, settled: !this.url };
    this.sent.push(record);
    if (this.url) this.queue = this.queue.then(() => this.deliver(record));
    return event;
  }

  events(): SentEvent[] {
    return this.sent;
  }

  /** Resolves when every queued delivery has succeeded or run out of retries. */
  idle(): Promise<void> {
    return this.queue;
  }

  private async deliver(record: SentEvent): Promise<void> {
    const payload = JSON.stringify(record.event, null, 2);
    for (let attempt = 0; attempt <= this.retryDelaysMs.length; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, this.retryDelaysMs[attempt - 1]));
      const url = this.url;
      if (!url) break;
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json; charset=utf-8",
            "stripe-signature": signPayload(payload, this.secret),
            "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        record.attempts.push({ at: new Date().toISOString(), status: response.status });
        if (response.ok) {
          record.delivered = true;
          record.event.pending_webhooks = 0;
          break;
        }
      } catch (error) {
        record.attempts.push({ at: new Date().toISOString(), status: null, error: String(error) });
      }
    }
    record.settled = true;
  }
}
