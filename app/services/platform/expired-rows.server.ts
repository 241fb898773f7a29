/**
 * Deletes the rows nothing reads once they are old and nothing else deletes: expired sessions and
 * tokens, month-old Stripe events, mail the outbox finished with 90 days ago (migration 0029 says
 * how old each is). Without it these tables grow with every sign-in, reset and webhook.
 */
import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "~/db/client.server";
import { startSweeps } from "~/lib/sweeps.server";

export const EXPIRED_ROWS_PRUNE_MS = 60 * 60 * 1000;
/** Rows of one table deleted per statement: short locks, and the sweep asks again while more remain. */
export const EXPIRED_ROWS_BATCH = 5_000;
/** A prune stops after this many rounds (25,000 rows a table) and goes on at the next sweep. */
const MAX_ROUNDS = 5;

export type PrunedRows = Record<string, number>;

export async function pruneExpiredRows(batch = EXPIRED_ROWS_BATCH): Promise<PrunedRows> {
  const db = await getDb();
  const pruned: PrunedRows = {};
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const rows = rowsOf<{ kind: string; deleted: number }>(
      await db.withPlatform((tx) =>
        tx.execute(sql`select kind, deleted from platform_prune_expired_rows(${batch})`),
      ),
    );
    for (const row of rows) pruned[row.kind] = (pruned[row.kind] ?? 0) + row.deleted;
    if (rows.every((row) => row.deleted < batch)) break;
  }
  return pruned;
}

/** Prunes shortly after start and every `intervalMs`; several processes at once delete disjoint or no rows. */
export function startExpiredRowPrunes(intervalMs = EXPIRED_ROWS_PRUNE_MS): () => void {
  return startSweeps("expired rows prune", pruneExpiredRows, intervalMs);
}
