/**
 * Issue 42, D4 (decision 020): `pg_terminate_backend` of the app's connections, as a PostgreSQL
 * failover or a pooler restart does, while the database itself stays up. Under a steady load of
 * signed-in carts, product pages and the catalogue on the production server (the build), the
 * app role's backends are terminated several times: no request answers 500 (a request whose
 * connection was already dead is read again on a fresh one; anything else a dead connection
 * caused answers 503 with the outage page), and the process stays up. Once with one process and
 * once with two (WEB_CONCURRENCY=2).
 * PostgreSQL only (TEST_DATABASE_URL).
 */
import { existsSync } from "node:fs";
import http from "node:http";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, setDb, type Db } from "~/db/client.server";
import { products, stores } from "~/db/schema";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/scratch-database";
import {
  send,
  SESSION_SECRET,
  shopperWithCart,
  startInstance,
  stopInstance,
  STORE,
  type Answer,
  type Instance,
} from "./faults-support";

const serverUrl = process.env.TEST_DATABASE_URL;
const ROUNDS = 4;

describe.skipIf(!serverUrl)("terminated database connections", () => {
  let database: ScratchDatabase;
  let instance: Instance | undefined;
  let db: Db;

  beforeAll(async () => {
    if (!existsSync("build/server/index.js")) throw new Error("needs the build: npx remix vite:build");
    process.env.SESSION_SECRET = SESSION_SECRET;
    database = await createScratchDatabase(serverUrl!, "connloss");
  });

  afterAll(async () => {
    await stopInstance(instance);
    setDb(undefined);
    await db?.close();
    await database?.drop();
  }, 60_000);

  /** Terminates every connection of the app role to this file's database; how many. */
  async function terminateAppConnections(): Promise<number> {
    const rows = (await db.owner.execute(
      sql`select pg_terminate_backend(pid) as done from pg_stat_activity
          where datname = current_database() and usename = 'storefront_app'`,
    )) as unknown as { done: boolean }[];
    return rows.filter((row) => row.done).length;
  }

  it.each([1, 2])(
    "with %i process(es): 200 or 503, never 500, and the process stays up",
    async (workers) => {
      await stopInstance(instance);
      instance = await startInstance({
        DATABASE_URL: database.url,
        APP_DATABASE_URL: database.appUrl,
        WEB_CONCURRENCY: String(workers),
        // Every page is rendered: each request reads the database.
        PAGE_CACHE: "off",
      });
      const server = instance;
      db ??= await createDb({ url: database.url, appUrl: database.appUrl, max: 2, migrate: false });
      setDb(db);
      const [store] = await db.owner.select({ id: stores.id }).from(stores).where(eq(stores.slug, STORE));
      const [product] = await db.owner
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(eq(products.storeId, store!.id))
        .orderBy(products.slug)
        .limit(1);
      const shopper = await shopperWithCart(db, store!.id, product!.id);

      const answers: (Answer & { path: string })[] = [];
      let onAnswer = () => {};
      const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
      let running = true;
      const loop = async (path: string, cookie?: string) => {
        while (running) {
          const answer = await send(server, { path, cookie, agent, timeoutMs: 15_000 }).catch(
            (error: Error): Answer => ({ status: 0, headers: {}, body: error.message, ms: 0 }),
          );
          answers.push({ path, ...answer });
          onAnswer();
        }
      };
      /** Resolves once `count` more answers came: requests are running on the pool. */
      const answered = (count: number) =>
        new Promise<void>((resolve) => {
          const target = answers.length + count;
          onAnswer = () => {
            if (answers.length >= target) {
              onAnswer = () => {};
              resolve();
            }
          };
        });
      const paths = [
        ["/cart", shopper.cookie],
        [`/products/${product!.slug}`, shopper.cookie],
        ["/products", undefined],
        [`/products/${product!.slug}`, undefined],
        ["/cart", shopper.cookie],
        ["/products", shopper.cookie],
      ] as const;
      const loops = paths.map(([path, cookie]) => loop(path, cookie));

      let terminated = 0;
      for (let round = 0; round < ROUNDS; round++) {
        await answered(30);
        terminated += await terminateAppConnections();
      }
      await answered(60);
      running = false;
      await Promise.all(loops);
      agent.destroy();

      const counts = new Map<number, number>();
      for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
      const wrong = answers
        .filter((answer) => answer.status !== 200 && answer.status !== 503)
        .map((answer) => `${answer.status} ${answer.path}: ${answer.body.slice(0, 160)}`);
      expect(wrong, server.output()).toEqual([]);
      for (const answer of answers.filter((a) => a.status === 503)) {
        expect(answer.body).toContain("Temporarily unavailable");
      }
      expect(terminated).toBeGreaterThan(ROUNDS);
      expect(server.process.exitCode).toBeNull();
      expect(server.output()).not.toMatch(/exited \(/);
      console.log(
        `connection loss (${workers} process(es)): ${terminated} connections terminated in ${ROUNDS} rounds, ` +
          `${answers.length} requests: ${[...counts].map(([status, n]) => `${n} × ${status}`).join(", ")}`,
      );
    },
    240_000,
  );
});
