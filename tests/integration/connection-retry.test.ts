/**
 * Issue 42, D4 at the database layer (decision 020): work whose pooled connection was already
 * dead before it began (its backend terminated, the client not yet aware: a failover, a pooler
 * restart) runs once more on a fresh connection; work that had begun is not run again, its
 * failure is a lost connection, and every loss is told to `onConnectionLost`. A TCP proxy holds
 * back what the server sends, so the client sends its next statement on a connection whose
 * backend is gone. PostgreSQL only (TEST_DATABASE_URL).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDb, type Db } from "~/db/client.server";
import { isConnectionLoss } from "~/db/connection-loss.server";
import { eventually } from "../helpers/eventually";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/scratch-database";
import { DatabaseProxy } from "./faults-support";

const serverUrl = process.env.TEST_DATABASE_URL;
const APP_NAME = "connection-retry-test";

describe.skipIf(!serverUrl)("a connection lost before or during a transaction", () => {
  let database: ScratchDatabase;
  let proxy: DatabaseProxy;
  let owner: Db;
  let app: Db;
  let losses: unknown[];

  beforeAll(async () => {
    database = await createScratchDatabase(serverUrl!, "connretry");
    owner = await createDb({ url: database.url, appUrl: database.appUrl, max: 2 });
    proxy = await DatabaseProxy.start();
    const named = (url: string) => {
      const through = new URL(proxy.through(url));
      through.searchParams.set("application_name", APP_NAME);
      return through.toString();
    };
    // One connection: the next transaction takes the one whose backend is terminated.
    app = await createDb({
      url: named(database.url),
      appUrl: named(database.appUrl),
      max: 1,
      migrate: false,
    });
    app.onConnectionLost((error) => losses.push(error));
  }, 60_000);

  beforeEach(() => {
    losses = [];
  });

  afterAll(async () => {
    proxy?.release();
    await app?.close();
    await owner?.close();
    await proxy?.cut();
    await database?.drop();
  }, 60_000);

  const terminateApp = () =>
    owner.owner.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = ${APP_NAME}`,
    );

  it("runs work again, once, when its connection was dead before it began", async () => {
    await app.withPlatform((tx) => tx.execute(sql`select 1`));
    // The backend goes; the client hears nothing of it until its transaction has begun.
    const { clientSpoke } = proxy.holdAnswers();
    await terminateApp();
    let runs = 0;
    const work = app.withPlatform(async (tx) => {
      runs++;
      return (await tx.execute(sql`select 41 + 1 as answer`)) as unknown as { answer: number }[];
    });
    // BEGIN is on its way to the dead backend: now the client learns it is gone.
    await clientSpoke;
    proxy.release();
    const rows = await work;
    expect(rows[0]!.answer).toBe(42);
    expect(runs).toBe(1);
    expect(losses.length).toBeGreaterThan(0);
    expect(losses.every(isConnectionLoss)).toBe(true);
  });

  it("does not run work again that had begun, and says its connection was lost", async () => {
    await app.withPlatform((tx) => tx.execute(sql`select 1`));
    let runs = 0;
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const work = app.withPlatform(async (tx) => {
      runs++;
      started();
      return tx.execute(sql`select pg_sleep(30)`);
    });
    // Its failure is taken as soon as it comes: the connection can close while terminateApp is
    // still awaited, and a rejection with no handler yet is an unhandled one (CI saw it once).
    const failed = work.then(
      () => null,
      (failure: unknown) => failure,
    );
    await running;
    // The sleep is on the server before its backend is terminated.
    const sleeping = await eventually(
      async () =>
        (
          (await owner.owner.execute(
            sql`select count(*)::int as n from pg_stat_activity
                where application_name = ${APP_NAME} and query like 'select pg_sleep%'`,
          )) as unknown as { n: number }[]
        )[0]!.n,
      (n) => n > 0,
    );
    expect(sleeping).toBeGreaterThan(0);
    await terminateApp();
    const error = await failed;
    expect(isConnectionLoss(error)).toBe(true);
    expect(runs).toBe(1);
    expect(losses.length).toBeGreaterThan(0);
    // The next transaction runs on a fresh connection.
    const rows = (await app.withPlatform((tx) => tx.execute(sql`select 1 as one`))) as unknown as {
      one: number;
    }[];
    expect(rows[0]!.one).toBe(1);
  });

  it("reads a store's statement again when its connection was lost", async () => {
    const storeId = "0190a4b8-0000-7000-8000-000000000001";
    const read = () => app.queryInStore(storeId, "select $1::text as store", [storeId]);
    expect(await read()).toEqual([[storeId]]);
    const { clientSpoke } = proxy.holdAnswers();
    await terminateApp();
    const reading = read();
    await clientSpoke;
    proxy.release();
    expect(await reading).toEqual([[storeId]]);
    expect(losses.length).toBeGreaterThan(0);
  });
});
