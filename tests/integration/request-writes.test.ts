/**
 * The transaction helper tells a write request's record what it committed (decision 020, issue 42
 * deliverable 3): a transaction that wrote and committed marks it; one that only read, one that
 * rolled back, and a rate limit's counter (`unmarked`) leave it alone; outside a write request
 * nothing is recorded.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rateLimits } from "~/db/schema";
import { RequestWrites, runWithWrites } from "~/lib/request-writes.server";
import { hitRateLimit } from "~/services/security/rate-limit.server";
import { setDb } from "~/db/client.server";
import { createTestDb, type TestDb } from "../helpers/db";

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
  setDb(db);
});
afterAll(async () => {
  setDb(undefined);
  await db?.dispose();
});

const within = async (work: () => Promise<unknown>) => {
  const writes = new RequestWrites();
  await runWithWrites(writes, work).catch(() => {});
  return writes;
};

it("marks a write request that committed a write", async () => {
  const writes = await within(() =>
    db.withPlatform((tx) =>
      tx
        .insert(rateLimits)
        .values({ key: `mark-${Date.now()}`, count: 1, windowStart: new Date(), expiresAt: new Date() }),
    ),
  );
  expect(writes.mayHaveCommitted).toBe(true);
  expect(writes.outcomeUnknown).toBe(true);
});

it("leaves it alone for reads, rollbacks and a rate limit's counter", async () => {
  const read = await within(() => db.withPlatform((tx) => tx.select().from(rateLimits).limit(1)));
  expect(read.mayHaveCommitted).toBe(false);

  const rolledBack = await within(() =>
    db.withPlatform(async (tx) => {
      await tx.execute(sql`select 1`);
      throw new Error("refused");
    }),
  );
  expect(rolledBack.mayHaveCommitted).toBe(false);

  const counted = await within(() => hitRateLimit(`unmarked-${Date.now()}`, { limit: 5, windowMs: 60_000 }));
  expect(counted.mayHaveCommitted).toBe(false);
});

it("knows a lost COMMIT's outcome once the domain settles it", () => {
  const writes = new RequestWrites();
  writes.began();
  writes.committing();
  writes.ended("unknown", { sent: true });
  expect(writes.outcomeUnknown).toBe(true);
  writes.settle(false);
  expect(writes.mayHaveCommitted).toBe(false);
  expect(writes.outcomeUnknown).toBe(false);
});
