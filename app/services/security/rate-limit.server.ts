/**
 * Fixed-window counters in PostgreSQL, so a limit holds across every app instance (DESIGN §8).
 * One statement per hit: the upsert both counts and starts a new window when the old one ended.
 */
import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "~/db/client.server";
import { unmarked } from "~/lib/request-writes.server";
import { startSweeps } from "~/lib/sweeps.server";

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

/** Sign-in, sign-up, reset and link requests: the 11th within a minute from one address is refused. */
export const AUTH_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 60_000 };
/** Failed sign-ins per account per hour before it is locked for a while. */
export const FAILED_SIGN_IN_LIMIT: RateLimitRule = { limit: 100, windowMs: 60 * 60_000 };
export const ACCOUNT_LOCK_MS = 15 * 60_000;

export async function hitRateLimit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const db = await getDb();
  const seconds = rule.windowMs / 1000;
  // A counter, not what the request asked for: a fall after it is still "nothing was saved".
  const result = await unmarked(() =>
    db.withPlatform((tx) =>
      tx.execute(sql`
      insert into rate_limits as r (key, count, window_start, expires_at)
      values (${key}, 1, now(), now() + make_interval(secs => ${seconds}))
      on conflict (key) do update set
        count = case when r.expires_at <= now() then 1 else r.count + 1 end,
        window_start = case when r.expires_at <= now() then now() else r.window_start end,
        expires_at = case when r.expires_at <= now() then now() + make_interval(secs => ${seconds}) else r.expires_at end
      returning count, ceil(extract(epoch from (expires_at - now())))::int as retry_after`),
    ),
  );
  const [row] = rowsOf<{ count: number; retry_after: number }>(result);
  const count = row?.count ?? 1;
  return { allowed: count <= rule.limit, count, retryAfterSeconds: Math.max(1, row?.retry_after ?? seconds) };
}

/** Clears a counter (e.g. failed sign-ins after a successful one). */
export async function resetRateLimit(key: string): Promise<void> {
  const db = await getDb();
  await db.withPlatform((tx) => tx.execute(sql`delete from rate_limits where key = ${key}`));
}

/** How often every process prunes: a counter row lives about a day past its window. */
export const RATE_LIMIT_PRUNE_MS = 60 * 60 * 1000;

/** Drops windows that ended over a day ago; cheap enough to run now and then. */
export async function pruneRateLimits(): Promise<void> {
  const db = await getDb();
  await db.withPlatform((tx) =>
    tx.execute(sql`delete from rate_limits where expires_at < now() - interval '1 day'`),
  );
}

/**
 * Prunes shortly after start and every `intervalMs`: without it every address and account that
 * ever signed in keeps its row. Several processes pruning at once delete the same rows, harmlessly.
 */
export function startRateLimitPrunes(intervalMs = RATE_LIMIT_PRUNE_MS): () => void {
  return startSweeps("rate-limit prune", pruneRateLimits, intervalMs);
}
