/**
 * What sales and discount codes share about their targets (the categories and products one
 * applies to): checking the ids a form names, the rows that store them, and the audit trail's
 * before and after. Each caller keeps its own table and transaction.
 */
import { inArray } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { categories, products } from "~/db/schema";

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
