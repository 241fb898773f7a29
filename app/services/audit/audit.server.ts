/**
 * The store's activity log (issue 36, decision 041): who changed what, appended by
 * `recordAudit(tx, storeId, …)` inside the transaction of the change, so a rolled-back change
 * leaves no entry. The table is append-only for the app role (no UPDATE, no DELETE).
 *
 * Who: the admin wrapper (app/http/handlers.server.ts) runs each admin action inside
 * `withAuditActor` with the signed-in person and the client's address; services record without
 * taking a Request. Outside an admin action (the demo's setup, a job) the actor is the system.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { newestFirst } from "~/db/keyset.server";

export interface AuditActor {
  id: string;
  name: string;
  email: string;
  ip: string | null;
}

const actorStore = new AsyncLocalStorage<AuditActor>();

/** Runs `fn` with `actor` as the author of every entry recorded below it. */
export function withAuditActor<T>(actor: AuditActor, fn: () => Promise<T>): Promise<T> {
  return actorStore.run(actor, fn);
}

export function currentAuditActor(): AuditActor | null {
  return actorStore.getStore() ?? null;
}

import type { AuditEntityType } from "~/lib/audit";
import type { AuditAction } from "./actions";

export { AUDIT_ENTITY_TYPES, type AuditEntityType } from "~/lib/audit";
export type { AuditAction } from "./actions";

export interface AuditEntry {
  /** One of AUDIT_ACTIONS (each has its label on the log's page). */
  action: AuditAction;
  entityType: AuditEntityType;
  entityId?: string | null;
  entityLabel?: string;
  /** field → [before, after]; secrets are dropped (SECRET). */
  changes?: Record<string, [unknown, unknown]>;
  /** For the system's own entries (the demo's setup) a date in the past. */
  at?: Date;
}

/** Fields never written, whatever a caller passes. */
const SECRET = /password|secret|token|hash|key$/i;

/** A value as the log keeps it: dates as ISO text, an empty text as none (nothing to show). */
function loggable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined || value === "" ? null : value;
}

/** Only the fields that changed, secrets left out. */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown>,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(after)) {
    if (SECRET.test(field) || field === "updatedAt") continue;
    const a = loggable(before?.[field]);
    const b = loggable(value);
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[field] = [a, b];
  }
  return changes;
}

/** Long texts (descriptions, pages) are kept to their start: the log says what changed, not all of it. */
export const AUDIT_TEXT_MAX = 200;

function clip(value: unknown): unknown {
  return typeof value === "string" && value.length > AUDIT_TEXT_MAX
    ? `${value.slice(0, AUDIT_TEXT_MAX)}…`
    : value;
}

/** An entity's state before and after a change (recordChange's input). */
export type AuditChange = Omit<AuditEntry, "changes"> & {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/**
 * One entity's change as one entry, the way every service records it (decision 046): `before`
 * null is a creation (its non-empty fields, "— → value"), `after` null a deletion ("value → —"),
 * both an update with only the fields that changed. An update that changed nothing is no entry
 * (null).
 */
export function changeEntry(change: AuditChange): AuditEntry | null {
  const { before, after, ...rest } = change;
  let changes: Record<string, [unknown, unknown]>;
  if (after === null) {
    changes = Object.fromEntries(
      Object.entries(changedFields(null, before ?? {})).map(([field, [, value]]) => [field, [value, null]]),
    );
  } else {
    changes = changedFields(before, after);
    if (before !== null && Object.keys(changes).length === 0) return null;
  }
  return { ...rest, changes };
}

/** Records changeEntry's entry, if any; the answer says whether an entry was written. */
export async function recordChange(tx: Tx, storeId: string, change: AuditChange): Promise<boolean> {
  const entry = changeEntry(change);
  if (!entry) return false;
  await recordAudit(tx, storeId, entry);
  return true;
}

/** Appends one entry in the caller's transaction of the store. */
export async function recordAudit(tx: Tx, storeId: string, entry: AuditEntry, actor = currentAuditActor()) {
  const changes = Object.fromEntries(
    Object.entries(entry.changes ?? {})
      .filter(([field]) => !SECRET.test(field))
      .map(([field, [before, after]]): [string, [unknown, unknown]] => [field, [clip(before), clip(after)]]),
  );
  await tx.insert(auditLog).values({
    storeId,
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? "",
    actorEmail: actor?.email ?? "",
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    entityLabel: entry.entityLabel ?? "",
    changes,
    ip: actor?.ip ?? null,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}

export interface AuditFilters {
  actorId?: string | null;
  entityType?: AuditEntityType | null;
  /** Inclusive day bounds, as instants. */
  from?: Date | null;
  until?: Date | null;
}

export interface AuditRow {
  id: string;
  createdAt: Date;
  actorId: string | null;
  actorName: string;
  actorEmail: string;
  action: string;
  entityType: string;
  entityId: string | null;
  entityLabel: string;
  changes: Record<string, [unknown, unknown]>;
  ip: string | null;
}

function conditions(storeId: string, filters: AuditFilters): SQL[] {
  const where: SQL[] = [eq(auditLog.storeId, storeId)];
  if (filters.actorId) where.push(eq(auditLog.actorId, filters.actorId));
  if (filters.entityType) where.push(eq(auditLog.entityType, filters.entityType));
  if (filters.from) where.push(gte(auditLog.createdAt, filters.from));
  if (filters.until) where.push(lt(auditLog.createdAt, filters.until));
  return where;
}

export const AUDIT_PAGE_SIZE = 50;

/** One keyset page, newest first (decision 037's list shell). */
export async function listAudit(storeId: string, filters: AuditFilters, cursor: string | null) {
  const newest = newestFirst(cursor, auditLog.createdAt, auditLog.id);
  const db = await getDb();
  const fetched = await db.withStore(storeId, (tx) =>
    tx
      .select({ row: auditLog, id: auditLog.id, anchor: newest.anchor })
      .from(auditLog)
      .where(and(...conditions(storeId, filters), newest.past))
      .orderBy(...newest.orderBy)
      .limit(AUDIT_PAGE_SIZE + 1),
  );
  const page = newest.page(fetched, AUDIT_PAGE_SIZE);
  return { ...page, rows: page.rows.map((item) => item.row) };
}

/** Every entry the filters select, newest first (the CSV export; at most `max`). */
export async function exportAudit(
  storeId: string,
  filters: AuditFilters,
  max = 100_000,
): Promise<AuditRow[]> {
  const db = await getDb();
  return db.withStore(storeId, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(...conditions(storeId, filters)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(max),
  );
}

/** The people who appear in the log (the person filter's choices). */
export async function auditActors(storeId: string): Promise<{ id: string; name: string }[]> {
  const db = await getDb();
  const rows = await db.withStore(storeId, (tx) =>
    tx
      .selectDistinct({ id: auditLog.actorId, name: auditLog.actorName })
      .from(auditLog)
      .where(and(eq(auditLog.storeId, storeId), sql`${auditLog.actorId} is not null`)),
  );
  const byId = new Map<string, string>();
  for (const row of rows) if (row.id) byId.set(row.id, row.name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
