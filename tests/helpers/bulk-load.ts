/**
 * Loading many products as one would in production: the products table's secondary indexes
 * (those no constraint needs) are dropped first and built again, from their own definitions,
 * once the rows are in. Maintaining them row by row, the trigram index above all, makes a bulk
 * load several times slower.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type AppDatabase } from "~/db/client.server";

/** Drops the secondary indexes of products; `rebuild` creates them again and says how many. */
export function dropSecondaryProductIndexes(owner: AppDatabase): Promise<{ rebuild(): Promise<number> }> {
  return dropSecondaryIndexes(owner, "products");
}

/** The same for any table (orders and order_items in tests/helpers/bulk-orders.ts). */
export async function dropSecondaryIndexes(
  owner: AppDatabase,
  table: string,
): Promise<{ rebuild(): Promise<number> }> {
  const secondary = rowsOf<{ name: string; definition: string }>(
    await owner.execute(sql`
      select c.relname as name, pg_get_indexdef(c.oid) as definition
        from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indrelid = ${table}::regclass
         and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`),
  );
  for (const { name } of secondary) await owner.execute(sql.raw(`drop index "${name}"`));
  return {
    async rebuild() {
      for (const { definition } of secondary) await owner.execute(sql.raw(definition));
      return secondary.length;
    },
  };
}
