/**
 * Fixed-window counters in PostgreSQL, so a limit holds across every app instance (DESIGN §8).
 * One statement per hit: the upsert both counts and starts a new window when the old one ended.
 */
import { sql } from "drizzle-orm";
import { getDb, rowsOf, type Db } from "~/db/client.server";
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

/**
 * A leaky bucket (the Admin API's per-token limit, issue 38): up to `burst` requests at once, then
 * `perSecond` as the bucket drains. Kept in the same `rate_limits` table as the windows, so it
 * holds across every app instance: `count` is the bucket's level in thousandths of a request,
 * `window_start` when it was last measured, `expires_at` when it will be empty (for the prune).
 * The row is locked for the read-modify-write, so two instances' hits at once are counted both.
 */
export interface LeakyBucketRule {
  burst: number;
  perSecond: number;
}

export interface LeakyBucketResult {
  allowed: boolean;
  /** Requests that may still be made at once. */
  remaining: number;
  /** When refused: seconds until one more request fits. */
  retryAfterSeconds: number;
  /** Seconds until the bucket is empty. */
  resetSeconds: number;
}

const MILLI = 1000;

/** `db`: the app's own unless a test hands it another instance's connection. */
export async function hitLeakyBucket(
  key: string,
  rule: LeakyBucketRule,
  on?: Db,
): Promise<LeakyBucketResult> {
  const db = on ?? (await getDb());
  const capacity = rule.burst * MILLI;
  return unmarked(() =>
    db.withPlatform(async (tx) => {
      await tx.execute(sql`
        insert into rate_limits (key, count, window_start, expires_at)
        values (${key}, 0, clock_timestamp(), clock_timestamp())
        on conflict (key) do nothing`);
      const [row] = rowsOf<{ level: number }>(
        await tx.execute(sql`
          select greatest(0, count - floor(extract(epoch from (clock_timestamp() - window_start)) * ${rule.perSecond * MILLI}))::int as level
          from rate_limits where key = ${key} for update`),
      );
      const drained = Math.max(0, Number(row?.level ?? 0));
      const allowed = drained + MILLI <= capacity;
      const level = allowed ? drained + MILLI : drained;
      const emptyInSeconds = level / MILLI / rule.perSecond;
      await tx.execute(sql`
        update rate_limits set count = ${level}, window_start = clock_timestamp(),
          expires_at = clock_timestamp() + make_interval(secs => ${emptyInSeconds})
        where key = ${key}`);
      return {
        allowed,
        remaining: Math.max(0, Math.floor((capacity - level) / MILLI)),
        retryAfterSeconds: allowed
          ? 0
          : Math.max(1, Math.ceil((level + MILLI - capacity) / MILLI / rule.perSecond)),
        resetSeconds: Math.ceil(emptyInSeconds),
      };
    }),
  );
}
