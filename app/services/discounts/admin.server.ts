/**
 * The admin's discount codes (issue 20): the list (search, state, keyset pages, uses and the
 * revenue of the orders that used each), creating and editing one, switching it off and on, and
 * deleting one that no order used. Store id first, every query in the store's RLS scope; the
 * category and product ids a form names are looked up there again (ADR 012), so another store's
 * id is "not found" and nothing is written.
 *
 * Orders keep their own copy of the code and its amount (decision 029): editing a code changes
 * the next checkouts, never an order.
 */
import { recordChange } from "~/services/audit/audit.server";
import { and, count, eq, gt, inArray, isNotNull, isNull, lte, ne, not, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { isViolation, UNIQUE_VIOLATION } from "~/db/violation";
import { discountCodes, discountCodeTargets, discountRedemptions, orders } from "~/db/schema";
import type { DiscountCodeInput, DiscountState } from "~/lib/validation/admin-discounts";
import { newestFirst } from "~/db/keyset.server";
import { likePattern } from "~/services/catalog/catalog.server";
import { SALE_STATUSES } from "~/lib/order-transitions";
import { missingTarget, saveTargeted, targetCounts, targetsOf } from "~/services/discounts/targets.server";
import { storeJoin } from "~/db/store-scope";

export const ADMIN_DISCOUNTS_PAGE_SIZE = 25;
const CODE_TABLES = { record: discountCodes, targets: discountCodeTargets, owner: "discountCodeId" } as const;
export type DiscountStateFilter = DiscountState | "all";

export interface AdminDiscountRow {
  id: string;
  code: string;
  kind: "percentage" | "fixed" | "free_shipping";
  value: number;
  minSubtotalCents: number;
  scope: "store" | "categories" | "products";
  targetCount: number;
  startsAt: string;
  endsAt: string | null;
  usageLimit: number | null;
  perShopperLimit: number | null;
  active: boolean;
  /** Uses held by orders not cancelled. */
  uses: number;
  /** Totals of the orders that used it and count as sales (confirmed, shipped, delivered, not refunded). */
  revenueCents: number;
  state: DiscountState;
}

export interface AdminDiscount {
  id: string;
  code: string;
  kind: "percentage" | "fixed" | "free_shipping";
  value: number;
  minSubtotalCents: number;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  perShopperLimit: number | null;
  scope: "store" | "categories" | "products";
  active: boolean;
  uses: number;
  categoryIds: string[];
  productIds: string[];
}

type StateInput = Pick<AdminDiscount, "active" | "startsAt" | "endsAt" | "usageLimit" | "uses">;

/** Switched off, then ended, then out of uses, then not started yet; else usable. */
export function discountState(code: StateInput, now: Date): DiscountState {
  if (!code.active) return "inactive";
  if (code.endsAt && code.endsAt.getTime() <= now.getTime()) return "expired";
  if (code.usageLimit !== null && code.uses >= code.usageLimit) return "used-up";
  if (code.startsAt.getTime() > now.getTime()) return "scheduled";
  return "active";
}

/** The same rule as discountState, as SQL for the list's filter. */
function stateFilter(state: DiscountStateFilter, now: Date): SQL | undefined {
  const ended = and(isNotNull(discountCodes.endsAt), lte(discountCodes.endsAt, now));
  const notEnded = or(isNull(discountCodes.endsAt), gt(discountCodes.endsAt, now));
  const usedUp = and(
    isNotNull(discountCodes.usageLimit),
    sql`${discountCodes.uses} >= ${discountCodes.usageLimit}`,
  );
  const usesLeft = or(
    isNull(discountCodes.usageLimit),
    sql`${discountCodes.uses} < ${discountCodes.usageLimit}`,
  );
  const on = eq(discountCodes.active, true);
  switch (state) {
    case "inactive":
      return not(on);
    case "expired":
      return and(on, ended);
    case "used-up":
      return and(on, notEnded, usedUp);
    case "scheduled":
      return and(on, notEnded, usesLeft, gt(discountCodes.startsAt, now));
    case "active":
      return and(on, notEnded, usesLeft, lte(discountCodes.startsAt, now));
    case "all":
      return undefined;
  }
}

/** One page of the store's codes, newest first, with keyset cursors; `q` searches the code. */
export async function listDiscountCodes(
  storeId: string,
  input: { state: DiscountStateFilter; q: string; cursor: string | null; now?: Date },
): Promise<{ rows: AdminDiscountRow[]; prevCursor: string | null; nextCursor: string | null }> {
  const now = input.now ?? new Date();
  const newest = newestFirst(input.cursor, discountCodes.createdAt, discountCodes.id);
  const filters: (SQL | undefined)[] = [eq(discountCodes.storeId, storeId), stateFilter(input.state, now)];
  const q = input.q.trim().toLowerCase();
  if (q) filters.push(sql`lower(${discountCodes.code}) like ${likePattern(q)}`);
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const fetched = await tx
      .select({
        id: discountCodes.id,
        code: discountCodes.code,
        kind: discountCodes.kind,
        value: discountCodes.value,
        minSubtotalCents: discountCodes.minSubtotalCents,
        scope: discountCodes.scope,
        startsAt: discountCodes.startsAt,
        endsAt: discountCodes.endsAt,
        usageLimit: discountCodes.usageLimit,
        perShopperLimit: discountCodes.perShopperLimit,
        active: discountCodes.active,
        uses: discountCodes.uses,
        anchor: newest.anchor,
      })
      .from(discountCodes)
      .where(and(...filters, newest.past))
      .orderBy(...newest.orderBy)
      .limit(ADMIN_DISCOUNTS_PAGE_SIZE + 1);
    const page = newest.page(fetched, ADMIN_DISCOUNTS_PAGE_SIZE);
    const ids = page.rows.map((row) => row.id);
    const targetCount = await targetCounts(tx, storeId, CODE_TABLES, ids);
    const revenue =
      ids.length === 0
        ? []
        : await tx
            .select({
              id: discountRedemptions.discountCodeId,
              cents: sql<string>`coalesce(sum(${orders.totalCents}), 0)`,
            })
            .from(discountRedemptions)
            .innerJoin(orders, storeJoin(orders, "id", discountRedemptions, "orderId"))
            .where(
              and(
                inArray(discountRedemptions.discountCodeId, ids),
                inArray(orders.status, [...SALE_STATUSES]),
                ne(orders.paymentStatus, "refunded"),
              ),
            )
            .groupBy(discountRedemptions.discountCodeId);
    const revenueOf = new Map(revenue.map((row) => [row.id, Number(row.cents)]));
    return {
      ...page,
      rows: page.rows.map(({ anchor: _anchor, ...row }) => ({
        ...row,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt?.toISOString() ?? null,
        targetCount: targetCount.get(row.id) ?? 0,
        revenueCents: revenueOf.get(row.id) ?? 0,
        state: discountState(row, now),
      })),
    };
  });
}

export async function getDiscountCode(storeId: string, id: string): Promise<AdminDiscount | null> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const [row] = await tx
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.storeId, storeId), eq(discountCodes.id, id)));
    if (!row) return null;
    return {
      id: row.id,
      code: row.code,
      kind: row.kind,
      value: row.value,
      minSubtotalCents: row.minSubtotalCents,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      usageLimit: row.usageLimit,
      perShopperLimit: row.perShopperLimit,
      scope: row.scope,
      active: row.active,
      uses: row.uses,
      ...(await targetsOf(tx, storeId, CODE_TABLES, id)),
    };
  });
}

export type SaveDiscountResult =
  | { ok: true; id: string }
  | { ok: false; error: "not-found" | "code-taken" | "category-not-found" | "product-not-found" };

class Refused extends Error {
  constructor(readonly result: Extract<SaveDiscountResult, { ok: false }>) {
    super(result.error);
  }
}

/** Two saves of one code racing: the unique index decides, the loser hears "taken". */
function isCodeConflict(error: unknown): boolean {
  return isViolation(error, UNIQUE_VIOLATION, "discount_codes_code_key");
}

/** Creates (no `id`) or replaces a code and its targets, in one transaction. */
export async function saveDiscountCode(
  storeId: string,
  input: DiscountCodeInput,
  options: { id?: string } = {},
): Promise<SaveDiscountResult> {
  const db = await getDb();
  try {
    const id = await db.withStore(storeId, async (tx) => {
      const [taken] = await tx
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(
          and(
            eq(discountCodes.storeId, storeId),
            sql`lower(${discountCodes.code}) = ${input.code.toLowerCase()}`,
            options.id ? ne(discountCodes.id, options.id) : undefined,
          ),
        );
      if (taken) throw new Refused({ ok: false, error: "code-taken" });
      const missing = await missingTarget(tx, input);
      if (missing) throw new Refused({ ok: false, error: missing });
      const values = {
        code: input.code,
        kind: input.kind,
        value: input.value,
        minSubtotalCents: input.minSubtotalCents,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        usageLimit: input.usageLimit,
        perShopperLimit: input.perShopperLimit,
        scope: input.scope,
        active: input.active,
      };
      const codeId = await saveTargeted(
        tx,
        storeId,
        { record: discountCodes, targets: discountCodeTargets, owner: "discountCodeId" },
        {
          id: options.id,
          values,
          input,
          audit: {
            create: "discount.create",
            update: "discount.update",
            entityType: "discount",
            entityLabel: input.code,
          },
        },
      );
      if (!codeId) throw new Refused({ ok: false, error: "not-found" });
      return codeId;
    });
    return { ok: true, id };
  } catch (error) {
    if (error instanceof Refused) return error.result;
    if (isCodeConflict(error)) return { ok: false, error: "code-taken" };
    throw error;
  }
}

/** Switches a code off (no new checkout can use it; orders keep theirs) or back on. */
export async function setDiscountCodeActive(storeId: string, id: string, active: boolean): Promise<boolean> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const [current] = await tx
      .select({ code: discountCodes.code, active: discountCodes.active })
      .from(discountCodes)
      .where(and(eq(discountCodes.storeId, storeId), eq(discountCodes.id, id)))
      .for("update");
    if (!current) return false;
    await tx
      .update(discountCodes)
      .set({ active, updatedAt: new Date() })
      .where(and(eq(discountCodes.storeId, storeId), eq(discountCodes.id, id)));
    await recordChange(tx, storeId, {
      action: "discount.update",
      entityType: "discount",
      entityId: id,
      entityLabel: current.code,
      before: { active: current.active },
      after: { active },
    });
    return true;
  });
}

export type DeleteDiscountResult =
  { ok: true } | { ok: false; error: "not-found" } | { ok: false; error: "used"; orders: number };

/** Deletes a code no order ever used (cancelled ones included: their history names it). */
export async function deleteDiscountCode(storeId: string, id: string): Promise<DeleteDiscountResult> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    // Locked first, so an order claiming its first use now waits and then finds it gone.
    const [code] = await tx
      .select({
        id: discountCodes.id,
        code: discountCodes.code,
        kind: discountCodes.kind,
        value: discountCodes.value,
      })
      .from(discountCodes)
      .where(and(eq(discountCodes.storeId, storeId), eq(discountCodes.id, id)))
      .for("update");
    if (!code) return { ok: false, error: "not-found" } as const;
    const [used] = await tx
      .select({ n: count() })
      .from(discountRedemptions)
      .where(and(eq(discountRedemptions.storeId, storeId), eq(discountRedemptions.discountCodeId, id)));
    if (Number(used?.n ?? 0) > 0) return { ok: false, error: "used", orders: Number(used!.n) } as const;
    await tx.delete(discountCodes).where(and(eq(discountCodes.storeId, storeId), eq(discountCodes.id, id)));
    await recordChange(tx, storeId, {
      action: "discount.delete",
      entityType: "discount",
      entityId: id,
      entityLabel: code.code,
      before: { code: code.code, kind: code.kind, value: code.value },
      after: null,
    });
    return { ok: true } as const;
  });
}
