/**
 * Issue 42, D1 (decision 020): a worker died after the database came back under load, from
 * `write CONNECTION_DESTROYED … at Object.terminate … at Timeout.destroy`. The health probe's
 * connection was still starting (postgres.js' array types query unanswered) when the probe timed
 * out and its reset ended that connection with `end({ timeout: 0 })`; the driver dropped the
 * types query's rejection, and an unhandled rejection exits Node. Here, on the production server
 * through a TCP proxy, the probe's backends are terminated while the proxy holds back the answer
 * to every new probe connection's types query: the probe times out and resets connections that
 * are still starting. The process (one, or a primary and two workers) stays up and is healthy
 * again once the answers come. PostgreSQL only (TEST_DATABASE_URL).
 */
import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, setDb, type Db } from "~/db/client.server";
import { eventually } from "../helpers/eventually";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/scratch-database";
import {
  DatabaseProxy,
  send,
  SESSION_SECRET,
  startInstance,
  stopInstance,
  type Instance,
} from "./faults-support";

const serverUrl = process.env.TEST_DATABASE_URL;
const TIMED_OUT = /database unavailable: no answer within/g;

describe.skipIf(!serverUrl)("the health probe's reset of a connection still starting", () => {
  let database: ScratchDatabase;
  let proxy: DatabaseProxy;
  let instance: Instance | undefined;
  let db: Db;

  beforeAll(async () => {
    if (!existsSync("build/server/index.js")) throw new Error("needs the build: npx remix vite:build");
    process.env.SESSION_SECRET = SESSION_SECRET;
    database = await createScratchDatabase(serverUrl!, "probereset");
    proxy = await DatabaseProxy.start();
  });

  afterAll(async () => {
    proxy?.release();
    await stopInstance(instance);
    await proxy?.cut();
    setDb(undefined);
    await db?.close();
    await database?.drop();
  }, 60_000);

  it.each([1, 2])(
    "with %i process(es): no exit, and healthy again once the database answers",
    async (workers) => {
      await stopInstance(instance);
      instance = await startInstance({
        DATABASE_URL: proxy.through(database.url),
        APP_DATABASE_URL: proxy.through(database.appUrl),
        WEB_CONCURRENCY: String(workers),
      });
      const server = instance;
      // The test's own connection does not go through the proxy.
      db ??= await createDb({ url: database.url, appUrl: database.appUrl, max: 2, migrate: false });
      setDb(db);
      const probes = async () =>
        (
          (await db.owner.execute(
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and application_name = 'storefront-health'`,
          )) as unknown as { n: number }[]
        )[0]!.n;
      // Every process's probe has its connection (each probes once a second).
      await eventually(probes, (n) => n >= workers, 10_000);
      const logged = () => server.output().match(TIMED_OUT)?.length ?? 0;
      const before = logged();

      proxy.holdStartOf("storefront-health");
      await db.owner.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = 'storefront-health'`,
      );
      // Each probe reconnects, gets no answer to its types query, times out and resets: twice in
      // a row, then it calls the database down. Or, without the fix, the process is gone.
      await eventually(
        async () =>
          logged() - before >= workers ||
          server.process.exitCode !== null ||
          /exited \(/.test(server.output()),
        Boolean,
        20_000,
      );
      expect(server.process.exitCode, server.output()).toBeNull();
      expect(server.output()).not.toMatch(/exited \(|CONNECTION_DESTROYED/);
      expect(logged() - before).toBeGreaterThanOrEqual(workers);

      proxy.release();
      const health = await eventually(
        () => send(server, { path: "/healthz" }),
        (answer) => answer.status === 200,
        15_000,
      );
      expect(health.status).toBe(200);
      expect(server.process.exitCode).toBeNull();
      expect(server.output()).not.toMatch(/exited \(|CONNECTION_DESTROYED/);
    },
    180_000,
  );
});
