/**
 * Tables that nothing else deletes from do not pile up: every server process prunes, shortly after
 * it starts and hourly, rate-limit windows that ended over a day ago (`startRateLimitPrunes`) and
 * expired sessions and tokens, old Stripe events and finished mail (`startExpiredRowPrunes`), both
 * started by server.ts. A row still in use, or one that only just expired, stays.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { pruneExpiredRows } from "~/services/platform/expired-rows.server";
import { startRateLimitPrunes } from "~/services/security/rate-limit.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { eventually } from "../helpers/eventually";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";

let db: TestDb;
let store: StoreFixture;

beforeAll(async () => {
  db = await createTestDb();
  store = await createStoreFixture(db, "prunes");
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

const ids = async (table: string, column = "id") =>
  rowsOf<{ id: string }>(
    await db.owner.execute(sql.raw(`select ${column} as id from ${table} order by 1`)),
  ).map((row) => row.id);

it("expired sessions and tokens, month-old Stripe events and mail finished 90 days ago go; the rest stays", async () => {
  const { storeId, userId } = store;
  const staff = rowsOf<{ id: string }>(
    await db.owner.execute(sql`
      insert into platform_staff (id, email, name, password_hash)
      values (gen_random_uuid(), 'prune@platform.test', 'Prune', 'x')
      returning id`),
  )[0]!.id;
  await db.owner.execute(sql`
    insert into sessions (store_id, id, user_id, expires_at) values
      (${storeId}, 'session-expired-2-days', ${userId}, now() - interval '2 days'),
      (${storeId}, 'session-expired-3-days', ${userId}, now() - interval '3 days'),
      (${storeId}, 'session-expired-4-days', ${userId}, now() - interval '4 days'),
      (${storeId}, 'session-expired-an-hour', ${userId}, now() - interval '1 hour'),
      (${storeId}, 'session-live', ${userId}, now() + interval '7 days')`);
  await db.owner.execute(sql`
    insert into platform_sessions (id, staff_id, expires_at) values
      ('staff-expired', ${staff}, now() - interval '2 days'),
      ('staff-live', ${staff}, now() + interval '1 day')`);
  await db.owner.execute(sql`
    insert into verification_tokens (store_id, id, email, purpose, token_hash, expires_at, used_at) values
      (${storeId}, gen_random_uuid(), 'a@prunes.test', 'reset-password', 'token-expired-used', now() - interval '2 days', now() - interval '3 days'),
      (${storeId}, gen_random_uuid(), 'a@prunes.test', 'email-link', 'token-expired', now() - interval '2 days', null),
      (${storeId}, gen_random_uuid(), 'a@prunes.test', 'verify-email', 'token-live', now() + interval '1 hour', null)`);
  await db.owner.execute(sql`
    insert into stripe_events (store_id, id, type, received_at) values
      (${storeId}, 'evt_old', 'charge.refunded', now() - interval '31 days'),
      (${storeId}, 'evt_recent', 'charge.refunded', now() - interval '3 days')`);
  await db.owner.execute(sql`
    insert into platform_stripe_events (id, type, received_at) values
      ('evt_platform_old', 'invoice.paid', now() - interval '31 days'),
      ('evt_platform_recent', 'invoice.paid', now() - interval '1 day')`);
  await db.owner.execute(sql`
    insert into email_outbox (store_id, id, "to", subject, html, text, kind, status, next_attempt_at, created_at) values
      (${storeId}, gen_random_uuid(), 'old-sent@prunes.test', 's', 'h', 't', 'welcome', 'sent', null, now() - interval '91 days'),
      (${storeId}, gen_random_uuid(), 'old-failed@prunes.test', 's', 'h', 't', 'welcome', 'failed', null, now() - interval '91 days'),
      (${storeId}, gen_random_uuid(), 'old-retrying@prunes.test', 's', 'h', 't', 'welcome', 'failed', now() + interval '1 minute', now() - interval '91 days'),
      (${storeId}, gen_random_uuid(), 'old-queued@prunes.test', 's', 'h', 't', 'welcome', 'queued', now(), now() - interval '91 days'),
      (${storeId}, gen_random_uuid(), 'recent-sent@prunes.test', 's', 'h', 't', 'welcome', 'sent', null, now() - interval '89 days')`);

  // Two rows a table per statement: the three sessions over a day past expiry take two rounds.
  const pruned = await pruneExpiredRows(2);

  expect(pruned).toEqual({
    sessions: 3,
    platform_sessions: 1,
    verification_tokens: 2,
    stripe_events: 1,
    platform_stripe_events: 1,
    email_outbox: 2,
  });
  expect(await ids("sessions")).toEqual(["session-expired-an-hour", "session-live"]);
  expect(await ids("platform_sessions")).toEqual(["staff-live"]);
  expect(await ids("verification_tokens", "token_hash")).toEqual(["token-live"]);
  expect(await ids("stripe_events")).toEqual(["evt_recent"]);
  expect(await ids("platform_stripe_events")).toEqual(["evt_platform_recent"]);
  expect(await ids("email_outbox", '"to"')).toEqual([
    "old-queued@prunes.test",
    "old-retrying@prunes.test",
    "recent-sent@prunes.test",
  ]);
});
