/**
 * `npm run db:citus-ddl`: prints the statements that place every table of the schema on a Citus
 * cluster (docs/deploy/scale-out.md), worked out from the catalog of the migrated schema, so a
 * table added by a later migration is placed without anyone listing it:
 * - a table with a `store_id` column is distributed by it, all co-located, so a store's rows
 *   of every table live on one node and join there;
 * - the small tables every store's rows point at (the store directory, the plans) are reference
 *   tables, copied to every node;
 * - the platform's own tables (staff, their sessions, rate limits, events of no store) stay on the
 *   coordinator, added to Citus's metadata so they can still join the reference tables.
 * Reads the catalog of DATABASE_URL when set, else of a fresh in-memory PGlite migrated from
 * drizzle/ (nothing to set up). Citus itself is not needed to print them.
 */
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { createDb, rowsOf } from "~/db/client.server";

export interface CatalogKey {
  name: string;
  /** Column names, or the expression of an expression column (`lower(email)`). */
  columns: string[];
}

export interface CatalogForeignKey {
  name: string;
  columns: string[];
  references: string;
  referencedColumns: string[];
  /** pg_constraint.confdeltype: a no action, r restrict, c cascade, n set null, d set default. */
  onDelete: string;
}

export interface CatalogTable {
  name: string;
  columns: string[];
  /** Primary keys, unique constraints and unique indexes, exclusion constraints. */
  keys: CatalogKey[];
  foreignKeys: CatalogForeignKey[];
}

export type Placement =
  { kind: "distributed"; column: "store_id" } | { kind: "reference" } | { kind: "local"; why: string };

/**
 * Replicated to every node: `stores` is the tenant directory (its unique slug and domain are
 * global, and every tenant table's `store_id` points at it), `packages` the plans stores point at,
 * `cities` the platform's list of cities addresses and shipping zones name (issue 33). All change
 * rarely.
 */
export const REFERENCE_TABLES: ReadonlySet<string> = new Set(["stores", "packages", "cities"]);

export function citusPlacement(table: CatalogTable): Placement {
  if (REFERENCE_TABLES.has(table.name)) return { kind: "reference" };
  if (table.columns.includes("store_id")) return { kind: "distributed", column: "store_id" };
  return { kind: "local", why: "platform-wide, no store" };
}

type Query = (text: string) => Promise<unknown[]>;

/** The public schema's tables, their keys and foreign keys, from pg_class/pg_index/pg_constraint. */
export async function readCatalog(query: Query): Promise<CatalogTable[]> {
  const tables = (await query(`
    select c.relname as name,
           array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                  order by a.attnum) as columns
      from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
     order by c.relname`)) as Array<{ name: string; columns: string[] }>;
  // Every unique index (those behind primary and unique constraints too), column by column.
  const keys = (await query(`
    select c.relname as "table", i.relname as name,
           array(select pg_get_indexdef(x.indexrelid, k, true)
                   from generate_series(1, x.indnkeyatts) as k order by k) as columns
      from pg_index x
      join pg_class c on c.oid = x.indrelid
      join pg_class i on i.oid = x.indexrelid
     where c.relnamespace = 'public'::regnamespace and x.indisunique
    union all
    select c.relname, con.conname,
           array(select a.attname::text from unnest(con.conkey) with ordinality as k(attnum, n)
                   join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum order by k.n)
      from pg_constraint con join pg_class c on c.oid = con.conrelid
     where c.relnamespace = 'public'::regnamespace and con.contype = 'x'`)) as Array<{
    table: string;
    name: string;
    columns: string[];
  }>;
  const foreignKeys = (await query(`
    select c.relname as "table", con.conname as name, r.relname as "references",
           con.confdeltype::text as "onDelete",
           array(select a.attname::text from unnest(con.conkey) with ordinality as k(attnum, n)
                   join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum order by k.n) as columns,
           array(select a.attname::text from unnest(con.confkey) with ordinality as k(attnum, n)
                   join pg_attribute a on a.attrelid = r.oid and a.attnum = k.attnum order by k.n)
             as "referencedColumns"
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid
      join pg_class r on r.oid = con.confrelid
     where c.relnamespace = 'public'::regnamespace and con.contype = 'f'
     order by 1, 2`)) as Array<CatalogForeignKey & { table: string }>;
  return tables.map((table) => ({
    name: table.name,
    columns: table.columns,
    keys: keys.filter((k) => k.table === table.name).map(({ name, columns }) => ({ name, columns })),
    foreignKeys: foreignKeys
      .filter((fk) => fk.table === table.name)
      .map(({ name, columns, references, referencedColumns, onDelete }) => ({
        name,
        columns,
        references,
        referencedColumns,
        onDelete,
      })),
  }));
}

/**
 * Tables in an order Citus accepts: a table after every table its foreign keys point at (a
 * reference before the distributed tables pointing at it, a parent before its children).
 */
function dependencyOrder(tables: CatalogTable[]): CatalogTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const placed = new Set<string>();
  const ordered: CatalogTable[] = [];
  const visit = (table: CatalogTable, path: Set<string>) => {
    if (placed.has(table.name) || path.has(table.name)) return;
    path.add(table.name);
    for (const fk of table.foreignKeys) {
      const target = byName.get(fk.references);
      if (target && target !== table) visit(target, path);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

const KIND_ORDER = { reference: 0, local: 1, distributed: 2 } as const;

/** One statement per table: reference tables, then the coordinator's own, then distributed. */
export function citusStatements(tables: CatalogTable[]): string[] {
  const ordered = dependencyOrder(tables)
    .map((table) => ({ table, placement: citusPlacement(table) }))
    .sort((a, b) => KIND_ORDER[a.placement.kind] - KIND_ORDER[b.placement.kind]);
  let colocateWith: string | null = null;
  return ordered.map(({ table, placement }) => {
    switch (placement.kind) {
      case "reference":
        return `SELECT create_reference_table('${table.name}');`;
      case "local":
        return `SELECT citus_add_local_table_to_metadata('${table.name}'); -- ${placement.why}`;
      case "distributed": {
        const colocate: string = colocateWith ? `'${colocateWith}'` : "'none'";
        colocateWith ??= table.name;
        return `SELECT create_distributed_table('${table.name}', '${placement.column}', colocate_with => ${colocate});`;
      }
    }
  });
}

async function main() {
  const url = process.env.DATABASE_URL;
  const db = url ? await createDb({ url }) : await createDb({ dataDir: "memory://" });
  try {
    const tables = await readCatalog((text) => db.owner.execute(sql.raw(text)).then((r) => rowsOf(r)));
    const sequences = rowsOf<{ name: string }>(
      await db.owner.execute(
        sql.raw(`select c.relname as name from pg_class c
                  where c.relnamespace = 'public'::regnamespace and c.relkind = 'S' order by 1`),
      ),
    );
    console.log("-- Citus placement of every table (npm run db:citus-ddl; docs/deploy/scale-out.md).");
    console.log("-- Run on the coordinator after `CREATE EXTENSION citus` and the migrations.");
    console.log("BEGIN;");
    for (const statement of citusStatements(tables)) console.log(statement);
    console.log("COMMIT;");
    for (const { name } of sequences) console.log(`-- sequence ${name} stays on the coordinator`);
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
