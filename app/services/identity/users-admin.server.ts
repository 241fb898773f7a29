/**
 * The admin's users list and the changes an admin makes to another account (SPEC §2 Users): the
 * admin flag and blocking. Every function takes the store id first and runs in its RLS scope.
 */
import { recordAudit } from "~/services/audit/audit.server";
import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { orders, sessions, users } from "~/db/schema";
import { decodeKeyset, pageOf } from "~/lib/keyset.server";

export const USERS_PAGE_SIZE = 25;
export const USER_SORTS = ["name", "email"] as const;
export type UserSort = { key: (typeof USER_SORTS)[number]; dir: "asc" | "desc" };

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  blocked: boolean;
  ordersCount: number;
  /** Sum of the totals of orders not cancelled, in minor units. */
  spendCents: number;
}

/** `%` and `_` typed in the search box are letters, not wildcards. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listUsers(
  storeId: string,
  input: { q: string; sort: UserSort; cursor: string | null },
) {
  const keyset = decodeKeyset(input.cursor);
  const column = input.sort.key === "email" ? users.email : users.name;
  // A "before" page reads backwards from its anchor, then pageOf turns it round.
  const ascending = (input.sort.dir === "asc") !== (keyset?.side === "before");
  const filters: SQL[] = [];
  const q = input.q.trim();
  if (q) filters.push(or(ilike(users.name, likePattern(q)), ilike(users.email, likePattern(q)))!);
  if (keyset) {
    filters.push(
      ascending
        ? sql`(${column}, ${users.id}) > (${keyset.value}, ${keyset.id}::uuid)`
        : sql`(${column}, ${users.id}) < (${keyset.value}, ${keyset.id}::uuid)`,
    );
  }
  const db = await getDb();
  const fetched = await db.withStore(storeId, (tx) =>
    userRows(tx)
      .where(filters.length ? and(...filters) : undefined)
      .orderBy((ascending ? asc : desc)(column), (ascending ? asc : desc)(users.id))
      .limit(USERS_PAGE_SIZE + 1),
  );
  const page = pageOf(fetched, USERS_PAGE_SIZE, keyset, (row) => ({
    value: input.sort.key === "email" ? row.email : row.name,
    id: row.id,
  }));
  return {
    ...page,
    rows: page.rows.map(adminUserRow),
  };
}

/** The store's users with their order count and spend (orders not cancelled). */
function userRows(tx: Tx) {
  const stats = tx
    .select({
      userId: orders.userId,
      ordersCount: sql<number>`count(*)::int`.as("orders_count"),
      spendCents:
        sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} <> 'cancelled'), 0)::float8`.as(
          "spend_cents",
        ),
    })
    .from(orders)
    .groupBy(orders.userId)
    .as("stats");
  return tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isAdmin: users.isAdmin,
      blockedAt: users.blockedAt,
      createdAt: users.createdAt,
      ordersCount: sql<number>`coalesce(${stats.ordersCount}, 0)`,
      spendCents: sql<number>`coalesce(${stats.spendCents}, 0)`,
    })
    .from(users)
    .leftJoin(stats, eq(stats.userId, users.id))
    .$dynamic();
}

function adminUserRow({
  blockedAt,
  createdAt: _createdAt,
  ...row
}: {
  createdAt?: Date;
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  blockedAt: Date | null;
  ordersCount: number;
  spendCents: number;
}): AdminUserRow {
  return {
    ...row,
    blocked: blockedAt !== null,
    ordersCount: Number(row.ordersCount),
    spendCents: Number(row.spendCents),
  };
}

/** A page of an export of every user: the list's rows with when they joined, in id order. */
export const USERS_EXPORT_PAGE_SIZE = 500;

/**
 * Every user of the store, `USERS_EXPORT_PAGE_SIZE` a page in id order (stable while people sign
 * up: new ids sort last), after the user `afterId`; `nextAfter` is the last row's id when more
 * may follow (the customers export of the Admin API, `customers.export`).
 */
export async function exportUsers(
  storeId: string,
  afterId: string | null,
): Promise<{ rows: (AdminUserRow & { createdAt: Date })[]; nextAfter: string | null }> {
  const db = await getDb();
  const fetched = await db.withStore(storeId, (tx) =>
    userRows(tx)
      .where(and(eq(users.storeId, storeId), afterId ? sql`${users.id} > ${afterId}::uuid` : undefined))
      .orderBy(asc(users.id))
      .limit(USERS_EXPORT_PAGE_SIZE + 1),
  );
  const more = fetched.length > USERS_EXPORT_PAGE_SIZE;
  const rows = fetched.slice(0, USERS_EXPORT_PAGE_SIZE).map((row) => ({
    ...adminUserRow(row),
    createdAt: row.createdAt,
  }));
  return { rows, nextAfter: more ? rows[rows.length - 1]!.id : null };
}

/** One user of the store as the list shows them; null when the store has none such. */
export async function getAdminUser(storeId: string, id: string): Promise<AdminUserRow | null> {
  const db = await getDb();
  return db.withStore(storeId, (tx) => getAdminUserIn(tx, storeId, id));
}

/** getAdminUser inside the caller's transaction of the store (a webhook event's snapshot). */
export async function getAdminUserIn(tx: Tx, storeId: string, id: string): Promise<AdminUserRow | null> {
  const [row] = await userRows(tx).where(and(eq(users.storeId, storeId), eq(users.id, id)));
  return row ? adminUserRow(row) : null;
}

export type UserChangeResult =
  { ok: true } | { ok: false; error: "not-found" | "yourself" | "last-admin" | "admin-blocked" };

/**
 * Grants or removes the admin flag. An admin never changes their own flag, and the store always
 * keeps one admin: the admins are locked first so two admins removing each other at the same
 * moment cannot both succeed.
 */
export async function setUserAdmin(
  storeId: string,
  actorId: string,
  userId: string,
  isAdmin: boolean,
): Promise<UserChangeResult> {
  if (userId === actorId) return { ok: false, error: "yourself" };
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for("update");
    const [target] = await tx
      .select({ id: users.id, blockedAt: users.blockedAt, name: users.name, isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, userId));
    if (!target) return { ok: false, error: "not-found" } as const;
    if (isAdmin && target.blockedAt) return { ok: false, error: "admin-blocked" } as const;
    if (!isAdmin && admins.length <= 1 && admins.some((a) => a.id === userId)) {
      return { ok: false, error: "last-admin" } as const;
    }
    // A new admin is an Owner; a removed one keeps no role (decision 041).
    await tx
      .update(users)
      .set({ isAdmin, staffPreset: isAdmin ? "owner" : null, staffRoleId: null })
      .where(eq(users.id, userId));
    if (target.isAdmin !== isAdmin) {
      await recordAudit(tx, storeId, {
        action: isAdmin ? "staff.add" : "staff.remove",
        entityType: "staff",
        entityId: userId,
        entityLabel: target.name,
        changes: { role: [target.isAdmin ? "admin" : null, isAdmin ? "owner" : null] },
      });
    }
    return { ok: true } as const;
  });
}

/**
 * Blocks or unblocks a shopper. Blocking ends every session of theirs in the same transaction;
 * sign-in refuses them (accounts.server.ts) and a session is never read for them
 * (sessions.server.ts). Admins are not blocked: remove their role first.
 */
export async function setUserBlocked(
  storeId: string,
  actorId: string,
  userId: string,
  blocked: boolean,
): Promise<UserChangeResult> {
  if (userId === actorId) return { ok: false, error: "yourself" };
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const [target] = await tx
      .select({ id: users.id, isAdmin: users.isAdmin, name: users.name, blockedAt: users.blockedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!target) return { ok: false, error: "not-found" } as const;
    if (blocked && target.isAdmin) return { ok: false, error: "admin-blocked" } as const;
    await tx
      .update(users)
      .set({ blockedAt: blocked ? new Date() : null })
      .where(blocked ? and(eq(users.id, userId), isNull(users.blockedAt)) : eq(users.id, userId));
    if (blocked) await tx.delete(sessions).where(eq(sessions.userId, userId));
    if (Boolean(target.blockedAt) !== blocked) {
      await recordAudit(tx, storeId, {
        action: blocked ? "customer.block" : "customer.unblock",
        entityType: "customer",
        entityId: userId,
        entityLabel: target.name,
        changes: { blocked: [!blocked, blocked] },
      });
    }
    return { ok: true } as const;
  });
}
