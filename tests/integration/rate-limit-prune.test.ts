/**
 * Rate-limit counters do not pile up: every server process prunes, shortly after it starts and
 * hourly, the windows that ended over a day ago (`startRateLimitPrunes`, started by server.ts).
 * A counter still counting, or one that ended only just now, stays.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { startRateLimitPrunes } from "~/services/security/rate-limit.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { eventually } from "../helpers/eventually";

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.dispose());

const keys = async () =>
  rowsOf<{ key: string }>(await db.owner.execute(sql`select key from rate_limits order by key`)).map(
    (row) => row.key,
  );

it("the prune every process starts removes windows that ended over a day ago, and only those", async () => {
  await db.owner.execute(sql`
    insert into rate_limits (key, count, window_start, expires_at) values
      ('prune:last-week', 3, now() - interval '8 days', now() - interval '7 days'),
      ('prune:two-days-ago', 1, now() - interval '2 days 1 minute', now() - interval '2 days'),
      ('prune:ended-an-hour-ago', 5, now() - interval '2 hours', now() - interval '1 hour'),
      ('prune:counting', 2, now(), now() + interval '1 minute')`);

  const stop = startRateLimitPrunes();
  try {
    // The first prune runs a few seconds after the start.
    const left = await eventually(keys, (now) => now.length === 2, 30_000);
    expect(left).toEqual(["prune:counting", "prune:ended-an-hour-ago"]);
  } finally {
    stop();
  }
});
