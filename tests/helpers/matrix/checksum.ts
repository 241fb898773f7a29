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
 * The database's next transaction id: it moves only when some transaction wrote. Comparing it
 * is one tiny query, so the full checksum is read only after a request that wrote something.
 */
export async function writeMark(db: Db): Promise<string> {
  const [row] = rowsOf<{ mark: string }>(
    await db.owner.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`),
  );
  return row!.mark;
}
