/** One checksum over every tenant table (app/db/schema.ts `tenantTables`), in one query. */
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "~/db/client.server";
import { tenantTables } from "~/db/schema";

/**
 * What stands for a row in the checksum: the whole row, except the image tables' bytes (hashing
 * megabytes of PNG per request would dominate the matrix; their sha256/size columns stand in) and
 * a session's last_seen_at: any request of a signed-in probe renews it once SESSION_TOUCH_MS has
 * passed since the last (a matrix pass longer than that reported a refused form as a write).
 */
const ROW: Partial<Record<(typeof tenantTables)[number], string>> = {
  sessions: "(x.store_id, x.id, x.user_id, x.created_at, x.expires_at, x.user_agent)",
  images: "(x.store_id, x.id, x.sha256, x.byte_size, x.content_type)",
  image_variants: "(x.store_id, x.id, x.image_id, x.width, x.quality, x.format, octet_length(x.bytes))",
};

const query = sql.raw(
  tenantTables
    .map((table) => {
      const row = `md5(${ROW[table] ?? "x"}::text)`;
      return `select '${table}' as t, count(*)::int as n, coalesce(md5(string_agg(${row}, '' order by ${row})), '') as h from ${table} x`;
    })
    .join(" union all "),
);

/** Per table "rows:md5", read as the table owner (so row-level security hides nothing). */
export async function tenantChecksum(db: Db): Promise<Record<string, string>> {
  const rows = rowsOf<{ t: string; n: number; h: string }>(await db.owner.execute(query));
  return Object.fromEntries(rows.map((row) => [row.t, `${row.n}:${row.h}`]));
}

/** The tables whose checksum differs between two readings. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((table) => before[table] !== after[table]);
}

/**
 * Counts every row a tenant table gains, changes or loses, and every truncation, in a sequence
 * of this database: a sequence moves outside transactions, so `writeMark` sees a write at once,
 * whoever made it. Installed after seeding (a trigger per seeded row would slow the seed).
 *
 * The transaction id this replaced (`pg_snapshot_xmax`) is the whole server's: on CI every
 * other test file's database moved it too, so nearly every probe of the matrix paid for a full
 * checksum (two per write) though it had written nothing.
 */
export async function installWriteCounter(db: Db): Promise<void> {
  await db.owner.execute(sql`create sequence matrix_tenant_writes`);
  // Security definer: the app role that writes need not be granted the sequence.
  await db.owner.execute(
    sql.raw(`create function matrix_count_write() returns trigger language plpgsql
      security definer set search_path = public as $$
      begin perform nextval('matrix_tenant_writes'); return null; end $$`),
  );
  for (const table of tenantTables) {
    await db.owner.execute(
      sql.raw(`create trigger matrix_count_rows after insert or update or delete on ${table}
        for each row execute function matrix_count_write()`),
    );
    await db.owner.execute(
      sql.raw(`create trigger matrix_count_truncate after truncate on ${table}
        for each statement execute function matrix_count_write()`),
    );
  }
}

/**
 * How many tenant rows have been written (`installWriteCounter`): one tiny query, so the full
 * checksum is read only after a request that wrote something.
 */
export async function writeMark(db: Db): Promise<string> {
  const [row] = rowsOf<{ mark: string }>(
    await db.owner.execute(sql`select (last_value * is_called::int)::text as mark from matrix_tenant_writes`),
  );
  return row!.mark;
}
