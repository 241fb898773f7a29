/**
 * Stripe webhook idempotency (DESIGN §8): an event id is recorded once, with its effect. An
 * event about a store is kept with that store (`stripe_events`, keyed by store first so it can be
 * distributed with the store's other rows); an event of no store in `platform_stripe_events`.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { platformStripeEvents, stripeEvents } from "~/db/schema";
import type { Stripe } from "./stripe-client.server";

/**
 * Where a delivery was recorded: its store's `stripe_events`, `platform_stripe_events` (an event
 * of no store), or nowhere (to be delivered again). The webhook metrics count by it.
 */
export type StripeEventLedger = "store" | "platform" | "none";

/** What handling one event came to, and where it was recorded. */
export interface HandledStripeEvent<Outcome extends string> {
  outcome: Outcome;
  ledger: StripeEventLedger;
}

/** Inserts the event's row in the effect's transaction; false when it was there already (a redelivery). */
export async function recordStripeEvent(
  tx: Tx,
  event: Stripe.Event,
  storeId: string | null,
): Promise<boolean> {
  const row = { id: event.id, type: event.type, account: event.account ?? null, processedAt: sql`now()` };
  const inserted = storeId
    ? await tx
        .insert(stripeEvents)
        .values({ ...row, storeId })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id })
    : await tx
        .insert(platformStripeEvents)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: platformStripeEvents.id });
  return inserted.length > 0;
}
