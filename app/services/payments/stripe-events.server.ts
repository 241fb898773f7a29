/** Stripe webhook idempotency (DESIGN §8): an event id is recorded once, with its effect. */
import { sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { stripeEvents } from "~/db/schema";
import type { Stripe } from "./stripe-client.server";

/** Inserts the event's row in the effect's transaction; false when it was there already (a redelivery). */
export async function recordStripeEvent(
  tx: Tx,
  event: Stripe.Event,
  storeId: string | null,
): Promise<boolean> {
  const inserted = await tx
    .insert(stripeEvents)
    .values({
      id: event.id,
      type: event.type,
      account: event.account ?? null,
      storeId,
      processedAt: sql`now()`,
    })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return inserted.length > 0;
}
