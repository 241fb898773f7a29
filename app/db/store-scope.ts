/**
 * Two conditions every tenant read names the store in (decision 002): the store's rows of one
 * table that match some values, and the join between two tenant tables, whose foreign keys are
 * all composite, store id first, so a join matches the store as well as the reference.
 */
import { and, eq, type AnyColumn, type SQL } from "drizzle-orm";

type StoreTable = { storeId: AnyColumn };
/** The names of a table's columns (a table object also carries non-column keys). */
type ColumnName<Table> = { [Key in keyof Table]: Table[Key] extends AnyColumn ? Key : never }[keyof Table];
type RowOf<Table> = Table extends { $inferSelect: infer Row } ? Row : never;

/**
 * `table.store_id = storeId and table.<column> = value and …`, in the order given, e.g.
 * `inStore(shippingRates, storeId, { zoneId, id: rateId })`. An undefined value throws: left
 * out, it would widen the read.
 */
export function inStore<Table extends StoreTable>(
  table: Table,
  storeId: string,
  values: Partial<RowOf<Table>>,
): SQL {
  const matches = Object.entries(values).map(([column, value]) => {
    if (value === undefined) throw new Error(`inStore: no value for ${column}`);
    return eq(table[column as ColumnName<Table>] as AnyColumn, value);
  });
  return and(eq(table.storeId, storeId), ...matches)!;
}

/** `a.store_id = b.store_id and a.<aColumn> = b.<bColumn>`, e.g. `storeJoin(orders, "id", invoices, "orderId")`. */
export function storeJoin<A extends StoreTable, B extends StoreTable>(
  a: A,
  aColumn: ColumnName<A>,
  b: B,
  bColumn: ColumnName<B>,
): SQL {
  return and(eq(a.storeId, b.storeId), eq(a[aColumn] as AnyColumn, b[bColumn] as AnyColumn))!;
}
