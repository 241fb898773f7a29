/**
 * The Admin API's per-token leaky bucket (issue 38, decision 045) holds across app instances: two
 * independent callers, each with its own connection pool to the same database (on PostgreSQL two
 * `createDb`s, as two processes would have; on PGlite the one embedded database), share one
 * bucket: together they get the burst, not a burst each. Then it drains at its rate.
 */
import { inject } from "vitest";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDb, type Db } from "~/db/client.server";
import { hitLeakyBucket } from "~/services/security/rate-limit.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/scratch-database";

let first: Db;
let second: Db;
let testDb: TestDb | undefined;
let scratch: ScratchDatabase | undefined;

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    scratch = await createScratchDatabase(serverUrl, "ratelimit", inject("postgresTemplate") ?? undefined);
    first = await createDb({ url: scratch.url, appUrl: scratch.appUrl, max: 4 });
    second = await createDb({ url: scratch.url, appUrl: scratch.appUrl, max: 4 });
  } else {
    testDb = await createTestDb();
    first = second = testDb;
  }
});

afterAll(async () => {
  if (scratch) {
    await first.close();
    await second.close();
    await scratch.drop();
  }
  await testDb?.dispose();
});

it("two instances hitting one token's bucket at once get the burst between them, then 429s", async () => {
  // A slow drain, so the test's own time does not let extra requests through.
  const rule = { burst: 40, perSecond: 0.001 };
  const key = `api:test-${Date.now()}`;
  const results = await Promise.all(
    Array.from({ length: 60 }, (_, i) => hitLeakyBucket(key, rule, i % 2 === 0 ? first : second)),
  );
  const allowed = results.filter((r) => r.allowed);
  expect(allowed).toHaveLength(40);
  const refused = results.filter((r) => !r.allowed);
  expect(refused).toHaveLength(20);
  for (const r of refused) {
    expect(r.remaining).toBe(0);
    expect(r.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  }
});

it("drains at its rate: after the wait Retry-After names, one more request fits", async () => {
  const rule = { burst: 2, perSecond: 2 };
  const key = `api:drain-${Date.now()}`;
  expect((await hitLeakyBucket(key, rule, first)).allowed).toBe(true);
  expect((await hitLeakyBucket(key, rule, second)).allowed).toBe(true);
  const refused = await hitLeakyBucket(key, rule, first);
  expect(refused.allowed).toBe(false);
  expect(refused.retryAfterSeconds).toBe(1);
  // eslint-disable-next-line no-restricted-syntax -- the drain is the behaviour under test and runs on the database's clock_timestamp(), which fake timers cannot move
  await new Promise((resolve) => setTimeout(resolve, 600));
  const again = await hitLeakyBucket(key, rule, second);
  expect(again.allowed).toBe(true);
  expect(again.remaining).toBe(0);
});
