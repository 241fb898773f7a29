/**
 * What sales and discount codes share about their targets (the categories and products one
 * applies to): checking the ids a form names, the rows that store them, and the audit trail's
 * before and after. Each caller keeps its own table and transaction.
 */
import { inArray } from "drizzle-orm";
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
export const targetIdsOf = (rows: TargetRow[]): TargetIds => ({
  categoryIds: rows.flatMap((row) => (row.categoryId ? [row.categoryId] : [])),
  productIds: rows.flatMap((row) => (row.productId ? [row.productId] : [])),
});

const sorted = ({ categoryIds, productIds }: TargetIds): TargetIds => ({
  categoryIds: [...categoryIds].sort(),
  productIds: [...productIds].sort(),
});

/** The rows that store `input`'s targets for one sale or code (`owner` names its column). */
export const targetRows = <Owner extends Record<string, string>>(
  storeId: string,
  owner: Owner,
  input: TargetIds,
) => [
  ...input.categoryIds.map((categoryId) => ({ storeId, ...owner, categoryId, productId: null })),
  ...input.productIds.map((productId) => ({ storeId, ...owner, categoryId: null, productId })),
];

/** The audit's "before" of an edit: the stored values of the saved fields and the targets it had. */
export function auditBefore(current: object, values: object, had: TargetRow[]): Record<string, unknown> {
  const stored = current as Record<string, unknown>;
  return {
    ...Object.fromEntries(Object.keys(values).map((key) => [key, stored[key]])),
    ...sorted(targetIdsOf(had)),
  };
}

/** The audit's "after": the saved values, and the targets when there were or are any. */
export function auditAfter(
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

/** One targeted record's own queries (its table and its targets' table), for saveTargeted. */
export interface TargetedTable<Values> {
  /** The record as stored, locked for this save; undefined when it is not this store's. */
  lock: (id: string) => Promise<object | undefined>;
  /** The targets it has now. */
  targetsOf: (id: string) => Promise<TargetRow[]>;
  /** Writes the values; the id, or undefined when it is not this store's. */
  update: (id: string, values: Values) => Promise<string | undefined>;
  insert: (values: Values) => Promise<string>;
  deleteTargets: (id: string) => Promise<void>;
  /** Stores `input`'s targets for the record (none to store is the caller's no-op). */
  insertTargets: (id: string, input: TargetIds) => Promise<void>;
}

/**
 * Creates (no `id`) or replaces a sale or a code and its targets, inside the caller's
 * transaction, and records the change: the edit's before (values and targets it had) and after.
 * The saved id, or null when the record to edit is not this store's.
 */
export async function saveTargeted<Values extends object>(
  tx: Tx,
  storeId: string,
  table: TargetedTable<Values>,
  save: {
    id?: string;
    values: Values;
    input: TargetIds;
    audit: { create: AuditEntry["action"]; update: AuditEntry["action"] } & Pick<
      AuditEntry,
      "entityType" | "entityLabel"
    >;
  },
): Promise<string | null> {
  const { id, values, input } = save;
  let before: Record<string, unknown> | null = null;
  let savedId: string;
  if (id) {
    const current = await table.lock(id);
    if (current) before = auditBefore(current, values, await table.targetsOf(id));
    const updated = await table.update(id, values);
    if (!updated) return null;
    savedId = updated;
    await table.deleteTargets(savedId);
  } else {
    savedId = await table.insert(values);
  }
  if (input.categoryIds.length + input.productIds.length > 0) await table.insertTargets(savedId, input);
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
