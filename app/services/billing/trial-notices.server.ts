/**
 * Our own trial (a new store's `trialing` period with no Stripe subscription, decision 016) is
 * announced to the store's admins by email TRIAL_WARNING_DAYS before it ends, once. Stripe's own
 * trials mail through `customer.subscription.trial_will_end` instead (billing-events.server.ts).
 *
 * Every server process runs the job, at start and hourly. `platform_claim_trial_notices` claims
 * the due stores by setting `stores.trial_ending_notified_at` in the same UPDATE that finds them,
 * so two processes never both mail a store. The claim commits before the mails go: a mail server
 * that is down loses that notice (the admin banner still shows the trial's end) rather than
 * sending it twice.
 */
import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "~/db/client.server";
import { mailAdmins } from "./billing-events.server";
import { TRIAL_WARNING_DAYS } from "./subscriptions.server";
import { startSweeps } from "~/lib/sweeps.server";
import { errorFields, logger } from "~/lib/log.server";

export const TRIAL_NOTICE_SWEEP_MS = 60 * 60 * 1000;

/** Mails every store whose own trial ends within TRIAL_WARNING_DAYS of `now`; returns their ids. */
export async function announceEndingTrials(now = new Date()): Promise<string[]> {
  const db = await getDb();
  const within = `${TRIAL_WARNING_DAYS} days`;
  const due = rowsOf<{ id: string }>(
    await db.withPlatform((tx) =>
      tx.execute(
        sql`select id from platform_claim_trial_notices(${now.toISOString()}::timestamptz, ${within}::interval)`,
      ),
    ),
  );
  for (const { id } of due) {
    try {
      await mailAdmins(id, "trial-ending");
    } catch (error) {
      // One store's failure does not keep the others' notices back.
      logger.error({ store: id, ...errorFields(error) }, "trial notice failed");
    }
  }
  return due.map(({ id }) => id);
}

/** Announces now (shortly after start) and every `intervalMs`; the timers never keep the process alive. */
export function startTrialNotices(intervalMs = TRIAL_NOTICE_SWEEP_MS): () => void {
  return startSweeps("trial notices", announceEndingTrials, intervalMs);
}
