/**
 * Vitest global setup: migrate one database per run and let every test file start from a copy
 * (migrating PGlite took ~6 s per file, most of the integration pass; copying takes ~1 s). On
 * PostgreSQL the copy is `CREATE DATABASE … TEMPLATE`, on PGlite a dump of the data directory
 * in a temporary file. `tests/helpers/db.ts` reads what this provides; migrations.test.ts still
 * migrates from nothing.
 */
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDb } from "~/db/client.server";
import { createScratchDatabase } from "./scratch-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated database to copy. */
    postgresTemplate: string | null;
    /** PGlite: the file holding a migrated database's dump. */
    pgliteTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, "template");
    const db = await createDb({ url: scratch.url, appUrl: scratch.appUrl, max: 1 });
    await db.close();
    project.provide("postgresTemplate", scratch.name);
    project.provide("pgliteTemplate", null);
    return () => scratch.drop();
  }
  const db = await createDb({ dataDir: "memory://" });
  const file = path.join(os.tmpdir(), `pglite-template-${randomBytes(6).toString("hex")}.tar`);
  writeFileSync(file, Buffer.from(await (await db.dump!()).arrayBuffer()));
  await db.close();
  project.provide("postgresTemplate", null);
  project.provide("pgliteTemplate", file);
  return () => rmSync(file, { force: true });
}
