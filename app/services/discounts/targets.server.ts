/**
 * What sales and discount codes share about their targets (the categories and products one
 * applies to): checking the ids a form names, the rows that store them, and the audit trail's
 * before and after. Each caller keeps its own table and transaction.
 */
import { and, count, eq, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "~/db/client.server";
import { categories, products } from "~/db/schema";
import { recordChange, type AuditEntry } from "~/services/audit/audit.server";

export interface TargetIds {
  categoryIds: string[];
  productIds: string[];
}

type TargetRow = { categoryId: string | null; productId: string | null };

/**
 * Every id the form names must be this store's (RLS hides the others): all or nothing. The
 * first kind with an id not found, else null.
 */
export async function missingTarget(
  tx: Tx,
  input: TargetIds,
): Promise<"category-not-found" | "product-not-found" | null> {
  const named = [
    { table: categories, ids: input.categoryIds, error: "category-not-found" },
    { table: products, ids: input.productIds, error: "product-not-found" },
  ] as const;
  for (const { table, ids, error } of named) {
    if (ids.length === 0) continue;
    const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    if (found.length !== ids.length) return error;
  }
  return null;
}

/** The stored target rows as the two id lists, in the rows' order. */
const targetIdsOf = (rows: TargetRow[]): TargetIds => ({
  categoryIds: rows.flatMap((row) => (row.categoryId ? [row.categoryId] : [])),
  productIds: rows.flatMap((row) => (row.productId ? [row.productId] : [])),
});

const sorted = ({ categoryIds, productIds }: TargetIds): TargetIds => ({
  categoryIds: [...categoryIds].sort(),
  productIds: [...productIds].sort(),
});

/** The rows that store `input`'s targets for one sale or code (`owner` names its column). */
const targetRows = <Owner extends Record<string, string>>(
  storeId: string,
  owner: Owner,
  input: TargetIds,
) => [
  ...input.categoryIds.map((categoryId) => ({ storeId, ...owner, categoryId, productId: null })),
  ...input.productIds.map((productId) => ({ storeId, ...owner, categoryId: null, productId })),
];

/** The audit's "before" of an edit: the stored values of the saved fields and the targets it had. */
function auditBefore(current: object, values: object, had: TargetIds): Record<string, unknown> {
  const stored = current as Record<string, unknown>;
  return {
    ...Object.fromEntries(Object.keys(values).map((key) => [key, stored[key]])),
    ...sorted(had),
  };
}

/** The audit's "after": the saved values, and the targets when there were or are any. */
function auditAfter(
  values: object,
  before: Record<string, unknown> | null,
  input: TargetIds,
): Record<string, unknown> {
  const chosen = sorted(input);
  return {
    ...values,
    ...(before || chosen.categoryIds.length > 0 ? { categoryIds: chosen.categoryIds } : {}),
    ...(before || chosen.productIds.length > 0 ? { productIds: chosen.productIds } : {}),
  };
}

/**
 * A sale's or a code's table and its targets' table, joined by the targets' `owner` column
 * (sale_targets.sale_id, discount_code_targets.discount_code_id).
 */
export interface TargetedTables<Table extends PgTable, Owner extends string> {
  record: Table & { storeId: PgColumn; id: PgColumn; updatedAt: PgColumn };
  targets: PgTable & { storeId: PgColumn; categoryId: PgColumn; productId: PgColumn } & {
    [column in Owner]: PgColumn;
  };
  owner: Owner;
}

const ownedBy = <Owner extends string>(
  { targets, owner }: TargetedTables<PgTable, Owner>,
  storeId: string,
  recordIds: string[],
) => and(eq(targets.storeId, storeId), inArray(targets[owner], recordIds));

/** The targets a sale or a code has, as the two id lists (the edit form's). */
export async function targetsOf<Owner extends string>(
  tx: Tx,
  storeId: string,
  tables: TargetedTables<PgTable, Owner>,
  recordId: string,
): Promise<TargetIds> {
  const rows = await tx
    .select({ categoryId: tables.targets.categoryId, productId: tables.targets.productId })
    .from(tables.targets as PgTable)
    .where(ownedBy(tables, storeId, [recordId]));
  return targetIdsOf(rows as TargetRow[]);
}

/** How many targets each of the sales or codes has (the list's column); none is absent. */
export async function targetCounts<Owner extends string>(
  tx: Tx,
  storeId: string,
  tables: TargetedTables<PgTable, Owner>,
  recordIds: string[],
): Promise<Map<string, number>> {
  if (recordIds.length === 0) return new Map();
  const owner = tables.targets[tables.owner];
  const rows = await tx
    .select({ id: owner, n: count() })
    .from(tables.targets as PgTable)
    .where(ownedBy(tables, storeId, recordIds))
    .groupBy(owner);
  return new Map(rows.map((row) => [row.id as string, Number(row.n)]));
}

/**
 * Creates (no `id`) or replaces a sale or a code and its targets, inside the caller's
 * transaction, and records the change: the edit's before (values and targets it had) and after.
 * Every statement names the store. The saved id, or null when the record to edit is not this
 * store's.
 */
export async function saveTargeted<Table extends PgTable, Owner extends string>(
  tx: Tx,
  storeId: string,
  tables: TargetedTables<Table, Owner>,
  save: {
    id?: string;
    values: Omit<Table["$inferInsert"], "storeId">;
    input: TargetIds;
    audit: { create: AuditEntry["action"]; update: AuditEntry["action"] } & Pick<
      AuditEntry,
      "entityType" | "entityLabel"
    >;
  },
): Promise<string | null> {
  const { id, values, input } = save;
  const { record, targets, owner } = tables;
  // Queried as a plain PgTable (drizzle cannot type a generic table's columns); the values are
  // checked against the caller's own table in the signature.
  const recordOfStore = (recordId: string) => and(eq(record.storeId, storeId), eq(record.id, recordId));
  let before: Record<string, unknown> | null = null;
  let savedId: string;
  if (id) {
    const [current] = await tx
      .select()
      .from(record as PgTable)
      .where(recordOfStore(id))
      .for("update");
    if (current) {
      before = auditBefore(current, values, await targetsOf(tx, storeId, tables, id));
    }
    const [updated] = await tx
      .update(record as PgTable)
      .set({ ...values, updatedAt: new Date() })
      .where(recordOfStore(id))
      .returning({ id: record.id });
    if (!updated) return null;
    savedId = updated.id as string;
    await tx.delete(targets as PgTable).where(ownedBy(tables, storeId, [savedId]));
  } else {
    const [inserted] = await tx
      .insert(record as PgTable)
      .values({ storeId, ...values })
      .returning({ id: record.id });
    savedId = inserted!.id as string;
  }
  if (input.categoryIds.length + input.productIds.length > 0) {
    await tx.insert(targets as PgTable).values(targetRows(storeId, { [owner]: savedId }, input));
  }
  await recordChange(tx, storeId, {
    action: id ? save.audit.update : save.audit.create,
    entityType: save.audit.entityType,
    entityId: savedId,
    entityLabel: save.audit.entityLabel,
    before,
    after: auditAfter(values, before, input),
  });
  return savedId;
}
