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

/** `template`: copy that (migrated) database instead of starting empty. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ""}`);
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
