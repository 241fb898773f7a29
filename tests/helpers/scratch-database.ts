/**
 * A new, empty database on a PostgreSQL server, for one test file or one benchmark run: the
 * owner's URL (migrations, seed), the same database as the row-level-secured app role
 * `storefront_app` (what requests use in production), and a drop that removes it again.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";

export interface ScratchDatabase {
  name: string;
  url: string;
  appUrl: string;
  drop(): Promise<void>;
  /** Leaves the database in place (to inspect it) and lets the process exit. */
  keep(): Promise<void>;
}

export interface ScratchOptions {
  /**
   * Wait for each commit to reach the disk, as production does. Off for tests (the default):
   * a test proves what the database holds and in which order, never that it survives a power
   * cut, and on CI's disk a flushed commit cost ~5 ms against ~0.5 ms (decision 036). The
   * benchmarks keep it on, so they measure production's shape.
   */
  durable?: boolean;
}

/** `template`: copy that (migrated) database instead of starting empty. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
  options: ScratchOptions = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ""}`);
  // Every later connection to the database, the app role's and the servers' the tests start.
  if (!options.durable) await admin.unsafe(`alter database ${name} set synchronous_commit = off`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const appUrl = new URL(url);
  appUrl.username = "storefront_app";
  appUrl.password = "";
  return {
    name,
    url: url.toString(),
    appUrl: appUrl.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
    async keep() {
      await admin.end();
    },
  };
}
