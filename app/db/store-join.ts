/**
 * The join condition between two tenant tables: every foreign key between them is composite, store
 * id first (decision 002), so a join matches the store as well as the reference. The caller still
 * filters its rows by the store (`eq(table.storeId, storeId)`).
 */
import { and, eq, type AnyColumn, type SQL } from "drizzle-orm";

type StoreTable = { storeId: AnyColumn };
/** The names of a table's columns (a table object also carries non-column keys). */
type ColumnName<Table> = { [Key in keyof Table]: Table[Key] extends AnyColumn ? Key : never }[keyof Table];

/** `a.store_id = b.store_id and a.<aColumn> = b.<bColumn>`, e.g. `storeJoin(orders, "id", invoices, "orderId")`. */
export function storeJoin<A extends StoreTable, B extends StoreTable>(
  a: A,
  aColumn: ColumnName<A>,
  b: B,
  bColumn: ColumnName<B>,
): SQL {
  return and(eq(a.storeId, b.storeId), eq(a[aColumn] as AnyColumn, b[bColumn] as AnyColumn))!;
}
