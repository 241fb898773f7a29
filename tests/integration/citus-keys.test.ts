/**
 * Citus-ready keys (issue 18, item 5; docs/deploy/scale-out.md), read from the catalog of the
 * migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL). Citus distributes the tenant
 * tables by `store_id` and can only enforce a primary, unique or foreign key between them when
 * it carries that column; `npm run db:citus-ddl` places every table.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { citusPlacement, citusStatements, readCatalog, type CatalogTable } from "../../scripts/citus-ddl";
import { createTestDb, type TestDb } from "../helpers/db";

let db: TestDb;
let tables: CatalogTable[];

beforeAll(async () => {
  db = await createTestDb();
  tables = await readCatalog((text) => db.owner.execute(sql.raw(text)).then((r) => rowsOf(r)));
});
afterAll(() => db.dispose());

describe("keys between tenant tables", () => {
  it("every primary, unique and exclusion key of a distributed table carries store_id", () => {
    const missing: string[] = [];
    for (const table of tables.filter((t) => citusPlacement(t).kind === "distributed")) {
      for (const key of table.keys) {
        if (!key.columns.includes("store_id"))
          missing.push(`${table.name}.${key.name} (${key.columns.join(", ")})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every foreign key from a distributed table to another carries store_id on both sides", () => {
    const placement = new Map(tables.map((t) => [t.name, citusPlacement(t).kind]));
    const missing: string[] = [];
    for (const table of tables.filter((t) => placement.get(t.name) === "distributed")) {
      for (const fk of table.foreignKeys) {
        if (placement.get(fk.references) !== "distributed") continue;
        const at = fk.columns.indexOf("store_id");
        if (at < 0 || fk.referencedColumns[at] !== "store_id")
          missing.push(`${table.name}.${fk.name} → ${fk.references}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("no foreign key of a distributed table sets its store_id to null or a default on delete", () => {
    // Citus refuses SET NULL / SET DEFAULT on the distribution column.
    const wrong = tables
      .filter((t) => citusPlacement(t).kind === "distributed")
      .flatMap((t) => t.foreignKeys.filter((fk) => fk.onDelete === "n" || fk.onDelete === "d"))
      .map((fk) => fk.name);
    expect(wrong).toEqual([]);
  });

  it("no distributed table is referenced by a table that is not distributed", () => {
    const placement = new Map(tables.map((t) => [t.name, citusPlacement(t).kind]));
    const wrong = tables
      .filter((t) => placement.get(t.name) !== "distributed")
      .flatMap((t) =>
        t.foreignKeys
          .filter((fk) => placement.get(fk.references) === "distributed")
          .map((fk) => `${t.name}.${fk.name} → ${fk.references}`),
      );
    expect(wrong).toEqual([]);
  });
});

describe("npm run db:citus-ddl", () => {
  it("places every table of the schema exactly once, tenant tables distributed by store_id", () => {
    const statements = citusStatements(tables);
    const text = statements.join("\n");
    for (const table of tables) {
      const mentions = statements.filter((s) => s.includes(`('${table.name}'`));
      expect([table.name, mentions.length]).toEqual([table.name, 1]);
    }
    for (const table of tables.filter((t) => t.columns.includes("store_id") && t.name !== "stores")) {
      expect(text).toContain(`SELECT create_distributed_table('${table.name}', 'store_id'`);
    }
    expect(text).toContain("SELECT create_reference_table('stores');");
    // Co-located with the first distributed table, so joins on store_id stay on one node.
    expect(statements.filter((s) => s.includes("create_distributed_table")).length).toBeGreaterThan(10);
  });
});
