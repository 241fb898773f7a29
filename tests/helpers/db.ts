/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped by `close`).
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { createDb, setDb, type Db } from "~/db/client.server";

export interface TestDb extends Db {
  /** Closes and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

export async function createTestDb(options: { install?: boolean } = {}): Promise<TestDb> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let db: Db;
  let drop = async () => {};
  if (serverUrl) {
    const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const appUrl = new URL(url);
    appUrl.username = "storefront_app";
    appUrl.password = "";
    db = await createDb({ url: url.toString(), appUrl: appUrl.toString(), max: 4 });
    drop = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    db = await createDb({ dataDir: "memory://" });
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
