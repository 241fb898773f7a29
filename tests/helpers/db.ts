/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped by `close`).
 */
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { createDb, setDb, type Db } from "~/db/client.server";
import { createScratchDatabase } from "./scratch-database";

export interface TestDb extends Db {
  /** Closes and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

export async function createTestDb(options: { install?: boolean } = {}): Promise<TestDb> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let db: Db;
  let drop = async () => {};
  if (serverUrl) {
    // A copy of the run's migrated database (database-template.ts); migrate() then finds
    // nothing to do.
    const scratch = await createScratchDatabase(serverUrl, "test", inject("postgresTemplate") ?? undefined);
    db = await createDb({ url: scratch.url, appUrl: scratch.appUrl, max: 4 });
    drop = scratch.drop;
  } else {
    const template = inject("pgliteTemplate");
    const pgliteDump = template ? new Blob([readFileSync(template)]) : undefined;
    db = await createDb({ dataDir: "memory://", pgliteDump });
  }
  if (options.install !== false) setDb(db);
  return Object.assign(db, {
    async dispose() {
      setDb(undefined);
      await db.close();
      await drop();
    },
  });
}
