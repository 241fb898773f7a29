/**
 * A store's team at /admin/staff (issue 36, decision 041): members and their roles, custom roles,
 * invitations by signed link. The safety rules live here, not in the page:
 * - nobody grants a permission they do not hold (a role they assign, create, edit or invite to);
 * - only an owner changes, removes or invites an owner;
 * - the last owner is never removed or demoted (the team's rows are locked first, so two owners
 *   demoting each other at once cannot both succeed);
 * - the actor's permissions are read in the same transaction (never a cached copy);
 * - every change writes its audit entry in the same transaction.
 * A member's permissions are read from the database on each request (permissions.server.ts), so a
 * role change or removal counts on their next request.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { staffInvitations, staffRoles, users } from "~/db/schema";
import { getT, type Locale } from "~/lib/i18n";
import {
  isOwnerRow,
  isPermission,
  isStaffPreset,
  PERMISSIONS,
  PRESET_PERMISSIONS,
  type Permission,
  type StaffPreset,
} from "~/lib/permissions";
import { readSignedToken, signedToken } from "~/lib/signed-link.server";
import { recordAudit, type AuditActor } from "~/services/audit/audit.server";
import { emailFrame, escapeHtml } from "~/services/email/email-frame.server";
import { deliverAfterCommit, enqueueEmails } from "~/services/email/email.server";
import type { EmailStore } from "~/services/email/email-templates.server";
import { hashPassword, verifyPassword } from "~/services/identity/passwords.server";
import { sessionUserColumns, type SessionUser } from "~/services/identity/sessions.server";
import { readPermissionsIn } from "./permissions.server";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVITE_PURPOSE = "staff-invite";

/** A role as the forms send it: `preset:<name>` or `role:<uuid>`. */
export type RoleRef = { preset: StaffPreset; roleId: null } | { preset: null; roleId: string };

export function parseRoleRef(value: unknown): RoleRef | null {
  if (typeof value !== "string") return null;
  const [kind, rest] = [value.slice(0, value.indexOf(":")), value.slice(value.indexOf(":") + 1)];
  if (kind === "preset" && isStaffPreset(rest)) return { preset: rest, roleId: null };
  if (kind === "role" && /^[0-9a-f-]{36}$/i.test(rest)) return { preset: null, roleId: rest.toLowerCase() };
  return null;
}

export const roleRefValue = (member: { staffPreset: string | null; staffRoleId: string | null }) =>
  member.staffRoleId ? `role:${member.staffRoleId}` : `preset:${member.staffPreset ?? "owner"}`;

export type TeamError =
  | "not-found"
  | "role-not-found"
  | "escalation"
  | "owner-only"
  | "last-owner"
  | "yourself"
  | "already-staff"
  | "name-taken"
  | "role-in-use"
  | "not-pending";

export type TeamResult<T = object> = ({ ok: true } & T) | { ok: false; error: TeamError };

const fail = (error: TeamError) => ({ ok: false, error }) as const;

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The permissions a role grants, or null when the custom role is not this store's. */
async function permissionsOfRef(
  tx: Tx,
  ref: RoleRef,
): Promise<{ permissions: Permission[]; label: string } | null> {
  if (ref.preset) return { permissions: [...PRESET_PERMISSIONS[ref.preset]], label: ref.preset };
  const [role] = await tx
    .select({ name: staffRoles.name, permissions: staffRoles.permissions })
    .from(staffRoles)
    .where(eq(staffRoles.id, ref.roleId));
  return role ? { permissions: role.permissions.filter(isPermission), label: role.name } : null;
}

const grants = (held: readonly Permission[], wanted: readonly Permission[]) =>
  wanted.every((p) => held.includes(p));

/** The actor, re-read in this transaction: their permissions and whether they are an owner. */
async function actorIn(tx: Tx, actorId: string) {
  const held = await readPermissionsIn(tx, actorId);
  const [row] = await tx
    .select({ isAdmin: users.isAdmin, staffPreset: users.staffPreset, staffRoleId: users.staffRoleId })
    .from(users)
    .where(eq(users.id, actorId));
  return { held, owner: row ? isOwnerRow(row) && held.length > 0 : false };
}

/** May the actor hand out this role? (holds all of it; an owner role only from an owner) */
async function checkGrant(tx: Tx, actor: { held: Permission[]; owner: boolean }, ref: RoleRef) {
  const role = await permissionsOfRef(tx, ref);
  const refused = (error: TeamError) => ({ ok: false as const, error });
  if (!role) return refused("role-not-found");
  if (ref.preset === "owner" && !actor.owner) return refused("owner-only");
  if (!grants(actor.held, role.permissions)) return refused("escalation");
  return { ok: true as const, role };
}

// ── Reading ──

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: string;
  roleLabel: string;
  owner: boolean;
  blocked: boolean;
}

export interface CustomRole {
  id: string;
  name: string;
  permissions: Permission[];
  members: number;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: string;
  roleLabel: string;
  expiresAt: string;
  expired: boolean;
}

export async function readTeam(storeId: string) {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const roles = await tx
      .select({
        id: staffRoles.id,
        name: staffRoles.name,
        permissions: staffRoles.permissions,
        members: sql<number>`(select count(*)::int from ${users} u where u.store_id = ${staffRoles.storeId} and u.staff_role_id = ${staffRoles.id} and u.is_admin)`,
      })
      .from(staffRoles)
      .orderBy(asc(sql`lower(${staffRoles.name})`));
    const roleName = new Map(roles.map((r) => [r.id, r.name]));
    const labelOf = (row: { staffPreset: string | null; staffRoleId: string | null }) =>
      row.staffRoleId ? (roleName.get(row.staffRoleId) ?? "") : (row.staffPreset ?? "owner");
    const memberRows = await tx
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        isAdmin: users.isAdmin,
        staffPreset: users.staffPreset,
        staffRoleId: users.staffRoleId,
        blockedAt: users.blockedAt,
      })
      .from(users)
      .where(eq(users.isAdmin, true))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
    const invitationRows = await tx
      .select()
      .from(staffInvitations)
      .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
      .orderBy(asc(staffInvitations.createdAt));
    const now = Date.now();
    return {
      members: memberRows.map((row): TeamMember => ({
        id: row.id,
        name: row.name,
        email: row.email,
        role: roleRefValue(row),
        roleLabel: labelOf(row),
        owner: isOwnerRow(row),
        blocked: row.blockedAt !== null,
      })),
      roles: roles.map((r): CustomRole => ({
        ...r,
        permissions: r.permissions.filter(isPermission),
        members: Number(r.members),
      })),
      invitations: invitationRows.map((row): PendingInvitation => ({
        id: row.id,
        email: row.email,
        role: roleRefValue(row),
        roleLabel: labelOf(row),
        expiresAt: row.expiresAt.toISOString(),
        expired: row.expiresAt.getTime() <= now,
      })),
    };
  });
}

export async function readRole(storeId: string, roleId: string): Promise<CustomRole | null> {
  const team = await readTeam(storeId);
  return team.roles.find((r) => r.id === roleId) ?? null;
}

// ── Members ──

/** Locks the team's rows (the last-owner rule) and returns the owners' ids. */
async function lockOwners(tx: Tx): Promise<string[]> {
  const team = await tx
    .select({
      id: users.id,
      isAdmin: users.isAdmin,
      staffPreset: users.staffPreset,
      staffRoleId: users.staffRoleId,
    })
    .from(users)
    .where(eq(users.isAdmin, true))
    .for("update");
  return team.filter(isOwnerRow).map((row) => row.id);
}

async function memberIn(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      name: users.name,
      isAdmin: users.isAdmin,
      staffPreset: users.staffPreset,
      staffRoleId: users.staffRoleId,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isAdmin, true)));
  return row ?? null;
}

/**
 * The opening of a change to a member (a new role, or removal): the owners locked first (two
 * changes racing cannot both leave the store ownerless), the member, and the actor, who may change
 * an owner only as an owner.
 */
async function openMemberChange(tx: Tx, actorId: string, userId: string) {
  const owners = await lockOwners(tx);
  const target = await memberIn(tx, userId);
  if (!target) return fail("not-found");
  const actor = await actorIn(tx, actorId);
  if (isOwnerRow(target) && !actor.owner) return fail("owner-only");
  return { ok: true, owners, target, actor } as const;
}

export async function changeMemberRole(
  storeId: string,
  actorId: string,
  userId: string,
  ref: RoleRef,
): Promise<TeamResult> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const opened = await openMemberChange(tx, actorId, userId);
    if (!opened.ok) return opened;
    const { owners, target, actor } = opened;
    const grant = await checkGrant(tx, actor, ref);
    if (!grant.ok) return fail(grant.error);
    if (isOwnerRow(target) && ref.preset !== "owner" && owners.length <= 1) return fail("last-owner");
    const before = roleRefValue(target);
    await tx
      .update(users)
      .set({ staffPreset: ref.preset, staffRoleId: ref.roleId, updatedAt: new Date() })
      .where(eq(users.id, userId));
    const after = ref.roleId ? `role:${ref.roleId}` : `preset:${ref.preset}`;
    if (before !== after) {
      await recordAudit(tx, storeId, {
        action: "staff.role",
        entityType: "staff",
        entityId: userId,
        entityLabel: target.name,
        changes: { role: [before, after] },
      });
    }
    return { ok: true } as const;
  });
}

export async function removeMember(storeId: string, actorId: string, userId: string): Promise<TeamResult> {
  if (userId === actorId) return fail("yourself");
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const opened = await openMemberChange(tx, actorId, userId);
    if (!opened.ok) return opened;
    const { owners, target } = opened;
    if (isOwnerRow(target) && owners.length <= 1) return fail("last-owner");
    await tx
      .update(users)
      .set({ isAdmin: false, staffPreset: null, staffRoleId: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await recordAudit(tx, storeId, {
      action: "staff.remove",
      entityType: "staff",
      entityId: userId,
      entityLabel: target.name,
      changes: { role: [roleRefValue(target), null] },
    });
    return { ok: true } as const;
  });
}

// ── Custom roles ──

export interface RoleInput {
  name: string;
  permissions: Permission[];
}

export async function saveRole(
  storeId: string,
  actorId: string,
  roleId: string | null,
  input: RoleInput,
): Promise<TeamResult<{ id: string }>> {
  const wanted = PERMISSIONS.filter((p) => input.permissions.includes(p));
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const actor = await actorIn(tx, actorId);
    let before: { name: string; permissions: string[] } | null = null;
    if (roleId) {
      const [row] = await tx
        .select({ name: staffRoles.name, permissions: staffRoles.permissions })
        .from(staffRoles)
        .where(eq(staffRoles.id, roleId))
        .for("update");
      if (!row) return fail("not-found");
      before = row;
    }
    // Only what is added must be held: someone may narrow a role they could not have made.
    const added = wanted.filter((p) => !(before?.permissions ?? []).includes(p));
    if (!grants(actor.held, added)) return fail("escalation");
    const name = input.name.trim();
    const [clash] = await tx
      .select({ id: staffRoles.id })
      .from(staffRoles)
      .where(sql`lower(${staffRoles.name}) = ${name.toLowerCase()}`);
    if (clash && clash.id !== roleId) return fail("name-taken");
    let id = roleId;
    if (roleId) {
      await tx
        .update(staffRoles)
        .set({ name, permissions: wanted, updatedAt: new Date() })
        .where(eq(staffRoles.id, roleId));
    } else {
      const [row] = await tx
        .insert(staffRoles)
        .values({ storeId, name, permissions: wanted })
        .returning({ id: staffRoles.id });
      id = row!.id;
    }
    await recordAudit(tx, storeId, {
      action: roleId ? "staff.roleUpdate" : "staff.roleCreate",
      entityType: "staff",
      entityId: id,
      entityLabel: name,
      changes: {
        ...(before?.name !== name ? { name: [before?.name ?? null, name] } : {}),
        permissions: [before?.permissions ?? null, wanted],
      },
    });
    return { ok: true, id: id! } as const;
  });
}

export async function deleteRole(storeId: string, actorId: string, roleId: string): Promise<TeamResult> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    void actorId;
    const [role] = await tx
      .select({ name: staffRoles.name, permissions: staffRoles.permissions })
      .from(staffRoles)
      .where(eq(staffRoles.id, roleId))
      .for("update");
    if (!role) return fail("not-found");
    const [used] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.staffRoleId, roleId))
      .limit(1);
    if (used) return fail("role-in-use");
    await tx.delete(staffInvitations).where(eq(staffInvitations.staffRoleId, roleId));
    await tx.delete(staffRoles).where(eq(staffRoles.id, roleId));
    await recordAudit(tx, storeId, {
      action: "staff.roleDelete",
      entityType: "staff",
      entityId: roleId,
      entityLabel: role.name,
      changes: { permissions: [role.permissions, null] },
    });
    return { ok: true } as const;
  });
}

// ── Invitations ──

export const invitationLink = (origin: string, token: string) => `${origin}/staff-invitation/${token}`;

export function invitationToken(storeId: string, invitation: { id: string; expiresAt: Date }) {
  return signedToken(INVITE_PURPOSE, storeId, invitation.id, invitation.expiresAt);
}

function invitationEmail(mail: EmailStore, locale: Locale, to: string, inviter: string, link: string) {
  const t = getT(locale);
  const vars = { store: mail.name, name: inviter, days: INVITATION_TTL_MS / 86_400_000 };
  const lines = [t("staffAdmin.email.body", vars), t("staffAdmin.email.expiry", vars)];
  const label = t("staffAdmin.email.action", vars);
  const footer = t("staffAdmin.email.footer", vars);
  const html = emailFrame(locale, mail, { logoUrl: mail.logoUrl }).page(
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
    { label, link, spelled: true },
    footer,
  );
  const text = [...lines, `${label}: ${link}`, "", footer].join("\n\n");
  return {
    to,
    subject: t("staffAdmin.email.subject", vars),
    html,
    text,
    kind: "staff-invitation",
    locale,
    fromName: mail.name,
  };
}

async function sendInvitationIn(
  tx: Tx,
  storeId: string,
  mail: EmailStore,
  locale: Locale,
  invitation: { id: string; email: string; expiresAt: Date },
  inviter: string,
) {
  const link = invitationLink(mail.origin, invitationToken(storeId, invitation));
  return enqueueEmails(tx, storeId, [invitationEmail(mail, locale, invitation.email, inviter, link)]);
}

async function inviterName(tx: Tx, actorId: string) {
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId));
  return row?.name ?? "";
}

export async function inviteMember(
  storeId: string,
  actorId: string,
  input: { email: string; role: RoleRef },
  mail: EmailStore,
  locale: Locale,
  now = new Date(),
): Promise<TeamResult<{ id: string }>> {
  const email = normalizeEmail(input.email);
  const db = await getDb();
  const result = await db.withStore(storeId, async (tx) => {
    const actor = await actorIn(tx, actorId);
    const grant = await checkGrant(tx, actor, input.role);
    if (!grant.ok) return fail(grant.error);
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, eq(users.isAdmin, true)));
    if (member) return fail("already-staff");
    // One pending invitation per address: a new one replaces the old (its link stops working).
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now, updatedAt: now })
      .where(
        and(
          sql`lower(${staffInvitations.email}) = ${email}`,
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      );
    const expiresAt = new Date(Math.floor((now.getTime() + INVITATION_TTL_MS) / 1000) * 1000);
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        storeId,
        email,
        staffPreset: input.role.preset,
        staffRoleId: input.role.roleId,
        invitedBy: actorId,
        expiresAt,
      })
      .returning();
    const ids = await sendInvitationIn(tx, storeId, mail, locale, row!, await inviterName(tx, actorId));
    await recordAudit(tx, storeId, {
      action: "staff.invite",
      entityType: "staff",
      entityId: row!.id,
      entityLabel: email,
      changes: { role: [null, roleRefValue(row!)] },
    });
    return { ok: true, id: row!.id, ids } as const;
  });
  if (!result.ok) return result;
  deliverAfterCommit(storeId, result.ids);
  return { ok: true, id: result.id };
}

async function pendingIn(tx: Tx, invitationId: string) {
  const [row] = await tx
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.id, invitationId))
    .for("update");
  return row ?? null;
}

export async function resendInvitation(
  storeId: string,
  actorId: string,
  invitationId: string,
  mail: EmailStore,
  locale: Locale,
  now = new Date(),
): Promise<TeamResult> {
  const db = await getDb();
  const result = await db.withStore(storeId, async (tx) => {
    const row = await pendingIn(tx, invitationId);
    if (!row) return fail("not-found");
    if (row.acceptedAt || row.revokedAt) return fail("not-pending");
    const actor = await actorIn(tx, actorId);
    const ref = row.staffRoleId
      ? ({ preset: null, roleId: row.staffRoleId } as const)
      : ({ preset: row.staffPreset as StaffPreset, roleId: null } as const);
    const grant = await checkGrant(tx, actor, ref);
    if (!grant.ok) return fail(grant.error);
    // A new expiry: the old link (signed over the old one) stops working.
    const expiresAt = new Date(Math.floor((now.getTime() + INVITATION_TTL_MS) / 1000) * 1000);
    await tx
      .update(staffInvitations)
      .set({ expiresAt, updatedAt: now })
      .where(eq(staffInvitations.id, invitationId));
    const ids = await sendInvitationIn(
      tx,
      storeId,
      mail,
      locale,
      { ...row, expiresAt },
      await inviterName(tx, actorId),
    );
    await recordAudit(tx, storeId, {
      action: "staff.inviteResend",
      entityType: "staff",
      entityId: row.id,
      entityLabel: row.email,
    });
    return { ok: true, ids } as const;
  });
  if (!result.ok) return result;
  deliverAfterCommit(storeId, result.ids);
  return { ok: true };
}

export async function revokeInvitation(
  storeId: string,
  invitationId: string,
  now = new Date(),
): Promise<TeamResult> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const row = await pendingIn(tx, invitationId);
    if (!row) return fail("not-found");
    if (row.acceptedAt || row.revokedAt) return fail("not-pending");
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now, updatedAt: now })
      .where(eq(staffInvitations.id, invitationId));
    await recordAudit(tx, storeId, {
      action: "staff.inviteRevoke",
      entityType: "staff",
      entityId: row.id,
      entityLabel: row.email,
    });
    return { ok: true } as const;
  });
}

// ── Accepting ──

export type InvitationState =
  | { kind: "open"; email: string; roleLabel: string; hasAccount: boolean; expiresAt: Date }
  | { kind: "expired" | "used" | "revoked" | "invalid" };

/** Reads the invitation behind a token, checking the signature, the expiry and that it is unused. */
async function invitationIn(tx: Tx, storeId: string, token: string, now: Date, lock: boolean) {
  const check = readSignedToken(INVITE_PURPOSE, storeId, token, now);
  if (check.kind === "invalid") return { kind: "invalid" } as const;
  const query = tx.select().from(staffInvitations).where(eq(staffInvitations.id, check.id));
  const [row] = lock ? await query.for("update") : await query;
  // Signed with another expiry: an older link of a resent invitation.
  if (!row || row.expiresAt.getTime() !== check.expiresAt.getTime()) return { kind: "invalid" } as const;
  if (row.acceptedAt) return { kind: "used" } as const;
  if (row.revokedAt) return { kind: "revoked" } as const;
  if (check.kind === "expired") return { kind: "expired" } as const;
  return { kind: "open", row } as const;
}

export async function readInvitation(
  storeId: string,
  token: string,
  now = new Date(),
): Promise<InvitationState> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const found = await invitationIn(tx, storeId, token, now, false);
    if (found.kind !== "open") return found;
    const { row } = found;
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${row.email}`);
    let roleLabel = row.staffPreset ?? "";
    if (row.staffRoleId) {
      const [role] = await tx
        .select({ name: staffRoles.name })
        .from(staffRoles)
        .where(eq(staffRoles.id, row.staffRoleId));
      roleLabel = role?.name ?? "";
    }
    return {
      kind: "open",
      email: row.email,
      roleLabel,
      hasAccount: Boolean(account),
      expiresAt: row.expiresAt,
    };
  });
}

export type AcceptInput = { name: string; password: string };

export type AcceptResult =
  | { ok: true; user: SessionUser }
  | {
      ok: false;
      error: "expired" | "used" | "revoked" | "invalid" | "wrong-password" | "blocked" | "name-required";
    };

/**
 * Accepts an open invitation: a new account with `name` and `password`, or the existing account of
 * that address when `password` is its password. Either way the person joins the team with the
 * invitation's role and the invitation is used up, in one transaction with its audit entry.
 */
export async function acceptInvitation(
  storeId: string,
  token: string,
  input: AcceptInput,
  ip: string | null,
  now = new Date(),
): Promise<AcceptResult> {
  const db = await getDb();
  const newHash = await hashPassword(input.password);
  return db.withStore(storeId, async (tx) => {
    const found = await invitationIn(tx, storeId, token, now, true);
    if (found.kind !== "open") return { ok: false, error: found.kind } as const;
    const { row } = found;
    const [existing] = await tx
      .select({ ...sessionUserColumns, passwordHash: users.passwordHash, blockedAt: users.blockedAt })
      .from(users)
      .where(sql`lower(${users.email}) = ${row.email}`)
      .for("update");
    let userId: string;
    let name: string;
    if (existing) {
      if (existing.blockedAt) return { ok: false, error: "blocked" } as const;
      if (!existing.passwordHash || !(await verifyPassword(existing.passwordHash, input.password))) {
        return { ok: false, error: "wrong-password" } as const;
      }
      userId = existing.id;
      name = existing.name;
    } else {
      name = input.name.trim();
      if (!name) return { ok: false, error: "name-required" } as const;
      const [created] = await tx
        .insert(users)
        .values({
          storeId,
          email: row.email,
          name,
          passwordHash: newHash,
          signInMethod: "password",
          emailVerifiedAt: now,
        })
        .returning({ id: users.id });
      userId = created!.id;
    }
    await tx
      .update(users)
      .set({ isAdmin: true, staffPreset: row.staffPreset, staffRoleId: row.staffRoleId, updatedAt: now })
      .where(eq(users.id, userId));
    await tx
      .update(staffInvitations)
      .set({ acceptedAt: now, acceptedBy: userId, updatedAt: now })
      .where(eq(staffInvitations.id, row.id));
    const actor: AuditActor = { id: userId, name, email: row.email, ip };
    await recordAudit(
      tx,
      storeId,
      {
        action: "staff.inviteAccept",
        entityType: "staff",
        entityId: userId,
        entityLabel: name,
        changes: { role: [null, roleRefValue(row)] },
      },
      actor,
    );
    const [user] = await tx.select(sessionUserColumns).from(users).where(eq(users.id, userId));
    return { ok: true, user: user! } as const;
  });
}
