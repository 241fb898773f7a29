/**
 * /admin/staff (issue 36, decision 041): the team, custom roles and invitations, with the rules the
 * service enforces whatever the page shows: no escalation, owners by owners, the last owner kept,
 * a change counts on the person's next request, every change audited in its transaction; the
 * invitation link's signature, expiry, single use and store; another store's ids are 404 and
 * change nothing.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, eq, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { auditLog, emailOutbox, staffInvitations, staffRoles, users } from "~/db/schema";
import { hashPassword } from "~/lib/passwords.server";
import { loader as ordersLoader } from "~/routes/admin.orders._index";
import { action as roleAction, loader as roleLoader } from "~/routes/admin.staff.roles.$id";
import { action as staffAction, loader as staffLoader } from "~/routes/admin.staff._index";
import { action as acceptAction, loader as acceptLoader } from "~/routes/staff-invitation.$token";
import { deliveriesSettled } from "~/services/outbox/outbox.server";
import { acceptInvitation, readInvitation } from "~/services/staff/team.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { answer, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";
import { openTwoStores } from "../helpers/two-stores";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctxA: AppLoadContext;
let ctxB: AppLoadContext;
const ORIGIN_A = "http://alpha.localhost:3000";
const ORIGIN_B = "http://beta.localhost:3000";
const PASSWORD = "correct-horse-9";

type Who = "owner" | "lead" | "packer";
const ids: Record<Who, string> = { owner: "", lead: "", packer: "" };
const cookies: Record<Who, string> = { owner: "", lead: "", packer: "" };
let leadRoleId = "";
let betaOwner = "";
let betaRoleId = "";
let betaInvitationId = "";
let betaMember = "";

async function addUser(storeId: string, email: string, fields: Partial<typeof users.$inferInsert> = {}) {
  const id = uuidv7();
  await db.owner.insert(users).values({
    storeId,
    id,
    email,
    name: email.split("@")[0]!.padEnd(4, "x"),
    passwordHash: await hashPassword(PASSWORD),
    ...fields,
  });
  return id;
}

const get = (origin: string, path: string, cookie = "") =>
  new Request(`${origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const onA = (request: Request, params: Record<string, string> = {}) => ({ request, context: ctxA, params });
const onB = (request: Request, params: Record<string, string> = {}) => ({ request, context: ctxB, params });
const post = (who: Who, fields: Record<string, string>, path = "/admin/staff") =>
  postForm(`${ORIGIN_A}${path}`, fields, cookies[who]);

/** Every row of the staff tables and the users' roles, to prove a refusal changed nothing. */
async function teamState(storeId: string) {
  const result = await db.owner.execute(sql`
    select
      (select coalesce(json_agg(json_build_object('id', id, 'a', is_admin, 'p', staff_preset, 'r', staff_role_id) order by id), '[]') from users where store_id = ${storeId}) as users,
      (select coalesce(json_agg(json_build_object('id', id, 'n', name, 'p', permissions) order by id), '[]') from staff_roles where store_id = ${storeId}) as roles,
      (select coalesce(json_agg(json_build_object('id', id, 'e', expires_at, 'a', accepted_at, 'r', revoked_at) order by id), '[]') from staff_invitations where store_id = ${storeId}) as invitations,
      (select count(*)::int from audit_log where store_id = ${storeId}) as audits`);
  return JSON.stringify(rowsOf(result));
}

async function lastAudit(storeId: string) {
  const [row] = await db.owner
    .select()
    .from(auditLog)
    .where(eq(auditLog.storeId, storeId))
    .orderBy(sql`${auditLog.createdAt} desc, ${auditLog.id} desc`)
    .limit(1);
  return row!;
}

async function memberRow(storeId: string, id: string) {
  const [row] = await db.owner
    .select({ isAdmin: users.isAdmin, staffPreset: users.staffPreset, staffRoleId: users.staffRoleId })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.id, id)));
  return row!;
}

/** The token in the newest invitation email to `to`. */
async function tokenMailedTo(storeId: string, to: string) {
  await deliveriesSettled();
  const [mail] = await db.owner
    .select({ text: emailOutbox.text, kind: emailOutbox.kind })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.storeId, storeId), eq(emailOutbox.to, to)))
    .orderBy(sql`${emailOutbox.createdAt} desc, ${emailOutbox.id} desc`)
    .limit(1);
  expect(mail?.kind).toBe("staff-invitation");
  const match = /\/staff-invitation\/([^\s]+)/.exec(mail!.text);
  return match![1]!;
}

beforeAll(async () => {
  let alphaCtx: AppLoadContext, betaCtx: AppLoadContext;
  ({ db, alpha, beta, alphaCtx, betaCtx } = await openTwoStores());
  ctxA = alphaCtx;
  ctxB = betaCtx;
  leadRoleId = uuidv7();
  await db.owner.insert(staffRoles).values({
    storeId: alpha.storeId,
    id: leadRoleId,
    name: "Team lead",
    permissions: ["staff.manage", "orders.view", "orders.edit", "customers.view"],
  });
  ids.owner = await addUser(alpha.storeId, "owner@alpha.test", { isAdmin: true, staffPreset: "owner" });
  ids.lead = await addUser(alpha.storeId, "lead@alpha.test", { isAdmin: true, staffRoleId: leadRoleId });
  ids.packer = await addUser(alpha.storeId, "packer@alpha.test", { isAdmin: true, staffPreset: "orders" });
  for (const who of Object.keys(ids) as Who[])
    cookies[who] = await userCookie(alpha.storeId, ids[who], ORIGIN_A);

  betaOwner = await addUser(beta.storeId, "owner@beta.test", { isAdmin: true, staffPreset: "owner" });
  betaMember = await addUser(beta.storeId, "packer@beta.test", { isAdmin: true, staffPreset: "orders" });
  betaRoleId = uuidv7();
  await db.owner
    .insert(staffRoles)
    .values({ storeId: beta.storeId, id: betaRoleId, name: "Beta role", permissions: ["orders.view"] });
  betaInvitationId = uuidv7();
  await db.owner.insert(staffInvitations).values({
    storeId: beta.storeId,
    id: betaInvitationId,
    email: "new@beta.test",
    staffPreset: "orders",
    invitedBy: betaOwner,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
});

afterAll(async () => {
  await deliveriesSettled();
  await db?.dispose();
});

describe("the team page", () => {
  it("opens for staff.manage and is 403 for a role without it", async () => {
    const page = await answer<{ members: { email: string }[]; roles: { name: string }[] }>(() =>
      staffLoader(onA(get(ORIGIN_A, "/admin/staff", cookies.owner))),
    );
    expect(page.status).toBe(200);
    expect(page.data.members.map((m) => m.email)).toEqual(
      expect.arrayContaining(["owner@alpha.test", "lead@alpha.test", "packer@alpha.test"]),
    );
    expect(page.data.roles.map((r) => r.name)).toEqual(["Team lead"]);
    expect((await answer(() => staffLoader(onA(get(ORIGIN_A, "/admin/staff", cookies.packer))))).status).toBe(
      403,
    );
    const before = await teamState(alpha.storeId);
    const refused = await answer(() =>
      staffAction(onA(post("packer", { intent: "role", userId: ids.packer, role: "preset:owner" }))),
    );
    expect(refused.status).toBe(403);
    expect(await teamState(alpha.storeId)).toBe(before);
  });

  it("an unknown intent or a malformed id is 400 and changes nothing", async () => {
    const before = await teamState(alpha.storeId);
    for (const fields of [
      { intent: "promote" } as Record<string, string>,
      { intent: "role", userId: "not-a-uuid", role: "preset:orders" },
      { intent: "role", userId: ids.packer, role: "preset:emperor" },
    ]) {
      expect((await answer(() => staffAction(onA(post("owner", fields))))).status).toBe(400);
    }
    expect(await teamState(alpha.storeId)).toBe(before);
  });
});

describe("the role page's intents", () => {
  it("a missing or unknown intent is 400 and changes nothing", async () => {
    const before = await teamState(alpha.storeId);
    for (const fields of [
      { name: "Sneaky", permissions: "orders.view" },
      { intent: "publish", name: "Sneaky", permissions: "orders.view" },
      { intent: "toString" },
    ] as Record<string, string>[]) {
      const refused = await answer<{ notice?: { key: string } }>(() =>
        roleAction(onA(postForm(`${ORIGIN_A}/admin/staff/roles/new`, fields, cookies.owner), { id: "new" })),
      );
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.data.notice?.key).toBe("errors.badRequest");
    }
    expect(await teamState(alpha.storeId)).toBe(before);
  });
});

describe("safety rules", () => {
  it("nobody grants a permission they do not hold (role change, invitation, custom role)", async () => {
    const before = await teamState(alpha.storeId);
    const tries: Record<string, string>[] = [
      { intent: "role", userId: ids.packer, role: "preset:catalogue" },
      { intent: "role", userId: ids.packer, role: "preset:manager" },
      { intent: "invite", email: "new@alpha.test", role: "preset:accountant" },
    ];
    for (const fields of tries) {
      const refused = await answer<{ notice: { key: string } }>(() => staffAction(onA(post("lead", fields))));
      expect(refused.status, JSON.stringify(fields)).toBe(403);
      expect(refused.data.notice.key).toBe("staffAdmin.errors.escalation");
    }
    const role = await answer<{ notice: { key: string } }>(() =>
      roleAction(
        onA(
          postForm(
            `${ORIGIN_A}/admin/staff/roles/new`,
            { intent: "save", name: "Sneaky", permissions: "settings.edit" },
            cookies.lead,
          ),
          { id: "new" },
        ),
      ),
    );
    expect(role.status).toBe(403);
    expect(await teamState(alpha.storeId)).toBe(before);
  });

  it("only an owner changes or removes an owner", async () => {
    const before = await teamState(alpha.storeId);
    for (const fields of [
      { intent: "role", userId: ids.owner, role: "preset:orders" } as Record<string, string>,
      { intent: "remove", userId: ids.owner },
      { intent: "invite", email: "boss@alpha.test", role: "preset:owner" },
    ]) {
      const refused = await answer<{ notice: { key: string } }>(() => staffAction(onA(post("lead", fields))));
      expect(refused.status, JSON.stringify(fields)).toBe(403);
      expect(refused.data.notice.key).toBe("staffAdmin.errors.ownerOnly");
    }
    expect(await teamState(alpha.storeId)).toBe(before);
  });

  it("the last owner is neither demoted nor removed; with a second owner the first may step down", async () => {
    const before = await teamState(alpha.storeId);
    const demote = await answer<{ notice: { key: string } }>(() =>
      staffAction(onA(post("owner", { intent: "role", userId: ids.owner, role: "preset:manager" }))),
    );
    expect(demote.status).toBe(409);
    expect(demote.data.notice.key).toBe("staffAdmin.errors.lastOwner");
    const self = await answer(() => staffAction(onA(post("owner", { intent: "remove", userId: ids.owner }))));
    expect(self.status).toBe(400);
    expect(await teamState(alpha.storeId)).toBe(before);

    const second = await addUser(alpha.storeId, "owner2@alpha.test", { isAdmin: true, staffPreset: "owner" });
    const secondCookie = await userCookie(alpha.storeId, second, ORIGIN_A);
    const stepDown = await answer(() =>
      staffAction(onA(post("owner", { intent: "role", userId: ids.owner, role: "preset:manager" }))),
    );
    expect(stepDown.status).toBe(302);
    expect((await memberRow(alpha.storeId, ids.owner)).staffPreset).toBe("manager");
    // Now `second` is the last owner: the former owner (a manager) cannot remove them.
    const removeLast = await answer(() =>
      staffAction(
        onA(
          postForm(
            `${ORIGIN_A}/admin/staff`,
            { intent: "role", userId: second, role: "preset:orders" },
            secondCookie,
          ),
        ),
      ),
    );
    expect(removeLast.status).toBe(409);
    // Back as it was, by the remaining owner.
    const restore = await answer(() =>
      staffAction(
        onA(
          postForm(
            `${ORIGIN_A}/admin/staff`,
            { intent: "role", userId: ids.owner, role: "preset:owner" },
            secondCookie,
          ),
        ),
      ),
    );
    expect(restore.status).toBe(302);
    expect((await memberRow(alpha.storeId, ids.owner)).staffPreset).toBe("owner");
  });

  it("a role change and a removal count on the person's next request, each audited with the change", async () => {
    const orders = () => answer(() => ordersLoader(onA(get(ORIGIN_A, "/admin/orders", cookies.packer))));
    expect((await orders()).status).toBe(200);
    const changed = await answer(() =>
      staffAction(onA(post("owner", { intent: "role", userId: ids.packer, role: "preset:catalogue" }))),
    );
    expect(changed.status).toBe(302);
    expect((await orders()).status).toBe(403);
    const entry = await lastAudit(alpha.storeId);
    expect(entry).toMatchObject({
      action: "staff.role",
      entityId: ids.packer,
      actorId: ids.owner,
      changes: { role: ["preset:orders", "preset:catalogue"] },
    });
    await answer(() =>
      staffAction(onA(post("owner", { intent: "role", userId: ids.packer, role: "preset:orders" }))),
    );
    expect((await orders()).status).toBe(200);

    const removed = await answer(() =>
      staffAction(onA(post("owner", { intent: "remove", userId: ids.packer }))),
    );
    expect(removed.status).toBe(302);
    expect((await orders()).status).not.toBe(200);
    expect(await memberRow(alpha.storeId, ids.packer)).toEqual({
      isAdmin: false,
      staffPreset: null,
      staffRoleId: null,
    });
    expect((await lastAudit(alpha.storeId)).action).toBe("staff.remove");
    await db.owner
      .update(users)
      .set({ isAdmin: true, staffPreset: "orders" })
      .where(and(eq(users.storeId, alpha.storeId), eq(users.id, ids.packer)));
  });
});

describe("custom roles", () => {
  it("creates, edits and deletes a role; a role in use is not deleted", async () => {
    const created = await answer(() =>
      roleAction(
        onA(
          postForm(
            `${ORIGIN_A}/admin/staff/roles/new`,
            { intent: "save", name: "Packing lead", permissions: "orders.view" },
            cookies.owner,
          ),
          { id: "new" },
        ),
      ),
    );
    expect(created.status).toBe(302);
    const [role] = await db.owner
      .select()
      .from(staffRoles)
      .where(and(eq(staffRoles.storeId, alpha.storeId), eq(staffRoles.name, "Packing lead")));
    expect(role!.permissions).toEqual(["orders.view"]);
    expect((await lastAudit(alpha.storeId)).action).toBe("staff.roleCreate");
    const form = new URLSearchParams([
      ["intent", "save"],
      ["name", "Packing lead"],
      ["permissions", "orders.view"],
      ["permissions", "orders.edit"],
    ]);
    const edited = await answer(() =>
      roleAction(
        onA(
          new Request(`${ORIGIN_A}/admin/staff/roles/${role!.id}`, {
            method: "POST",
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              Origin: ORIGIN_A,
              Cookie: cookies.owner,
            },
            body: form,
          }),
          { id: role!.id },
        ),
      ),
    );
    expect(edited.status).toBe(302);
    const page = await answer<{ role: { permissions: string[] } }>(() =>
      roleLoader(onA(get(ORIGIN_A, `/admin/staff/roles/${role!.id}`, cookies.owner), { id: role!.id })),
    );
    expect(page.data.role.permissions).toEqual(["orders.view", "orders.edit"]);
    // Same name, other case: taken.
    const clash = await answer(() =>
      roleAction(
        onA(
          postForm(
            `${ORIGIN_A}/admin/staff/roles/new`,
            { intent: "save", name: "packing LEAD" },
            cookies.owner,
          ),
          { id: "new" },
        ),
      ),
    );
    expect(clash.status).toBe(409);
    // In use: refused; unused: deleted.
    const inUse = await answer(() =>
      roleAction(
        onA(postForm(`${ORIGIN_A}/admin/staff/roles/${leadRoleId}`, { intent: "delete" }, cookies.owner), {
          id: leadRoleId,
        }),
      ),
    );
    expect(inUse.status).toBe(409);
    const deleted = await answer(() =>
      roleAction(
        onA(postForm(`${ORIGIN_A}/admin/staff/roles/${role!.id}`, { intent: "delete" }, cookies.owner), {
          id: role!.id,
        }),
      ),
    );
    expect(deleted.status).toBe(302);
    expect((await lastAudit(alpha.storeId)).action).toBe("staff.roleDelete");
  });
});

describe("invitations", () => {
  it("invites by email, the link makes a new account staff with the role, once", async () => {
    const invited = await answer(() =>
      staffAction(
        onA(post("owner", { intent: "invite", email: "Newbie@Alpha.test", role: "preset:orders" })),
      ),
    );
    expect(invited.status).toBe(302);
    expect((await lastAudit(alpha.storeId)).action).toBe("staff.invite");
    const token = await tokenMailedTo(alpha.storeId, "newbie@alpha.test");
    const page = await answer<{ kind: string; hasAccount: boolean }>(() =>
      acceptLoader(onA(get(ORIGIN_A, `/staff-invitation/${token}`), { token })),
    );
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ kind: "open", hasAccount: false });

    const accept = (fields: Record<string, string>, onStore = onA, origin = ORIGIN_A) =>
      answer<{ kind: string; reason?: string }>(() =>
        acceptAction(onStore(postForm(`${origin}/staff-invitation/${token}`, fields), { token })),
      );
    expect((await accept({ name: "Nadia Newbie", password: "short" })).status).toBe(400);
    // Another store's host: not found, nothing changed.
    const beforeB = await teamState(beta.storeId);
    expect((await accept({ name: "Nadia Newbie", password: PASSWORD }, onB, ORIGIN_B)).status).toBe(404);
    expect(await teamState(beta.storeId)).toBe(beforeB);

    const joined = await accept({ name: "Nadia Newbie", password: PASSWORD });
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Set-Cookie")).toBeTruthy();
    const [user] = await db.owner
      .select()
      .from(users)
      .where(and(eq(users.storeId, alpha.storeId), eq(users.email, "newbie@alpha.test")));
    expect(user).toMatchObject({ isAdmin: true, staffPreset: "orders", name: "Nadia Newbie" });
    const entry = await lastAudit(alpha.storeId);
    expect(entry).toMatchObject({ action: "staff.inviteAccept", actorId: user!.id, entityId: user!.id });

    // Used: 410, nothing changed.
    const before = await teamState(alpha.storeId);
    const again = await accept({ name: "Someone Else", password: PASSWORD });
    expect(again.status).toBe(410);
    expect(again.data.reason).toBe("used");
    expect(await teamState(alpha.storeId)).toBe(before);
  });

  it("a forged, expired, resent-over or revoked link is refused and changes nothing", async () => {
    await answer(() =>
      staffAction(
        onA(post("owner", { intent: "invite", email: "later@alpha.test", role: "preset:support" })),
      ),
    );
    const token = await tokenMailedTo(alpha.storeId, "later@alpha.test");
    const before = await teamState(alpha.storeId);
    const forged = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    const forgedAnswer = await answer<{ reason: string }>(() =>
      acceptLoader(onA(get(ORIGIN_A, `/staff-invitation/${forged}`), { token: forged })),
    );
    expect(forgedAnswer.status).toBe(404);
    expect(forgedAnswer.data.reason).toBe("invalid");
    const inEightDays = new Date(Date.now() + 8 * 86_400_000);
    expect((await readInvitation(alpha.storeId, token, inEightDays)).kind).toBe("expired");
    const late = await acceptInvitation(
      alpha.storeId,
      token,
      { name: "Late Larry", password: PASSWORD },
      null,
      inEightDays,
    );
    expect(late).toEqual({ ok: false, error: "expired" });
    expect(await teamState(alpha.storeId)).toBe(before);

    // Resend: a new link; the old one stops working.
    const [row] = await db.owner
      .select({ id: staffInvitations.id })
      .from(staffInvitations)
      .where(
        and(eq(staffInvitations.storeId, alpha.storeId), eq(staffInvitations.email, "later@alpha.test")),
      );
    // The expiry is in whole seconds: wait for the next second without sleeping on a timer.
    const sentAt = Date.now();
    while (Math.floor(Date.now() / 1000) === Math.floor(sentAt / 1000)) await Promise.resolve();
    expect(
      (await answer(() => staffAction(onA(post("owner", { intent: "resend", invitationId: row!.id })))))
        .status,
    ).toBe(302);
    const fresh = await tokenMailedTo(alpha.storeId, "later@alpha.test");
    expect(fresh).not.toBe(token);
    expect((await readInvitation(alpha.storeId, token)).kind).toBe("invalid");
    expect((await readInvitation(alpha.storeId, fresh)).kind).toBe("open");

    // Revoked: 410.
    expect(
      (await answer(() => staffAction(onA(post("owner", { intent: "revoke", invitationId: row!.id })))))
        .status,
    ).toBe(302);
    expect((await lastAudit(alpha.storeId)).action).toBe("staff.inviteRevoke");
    const revoked = await answer<{ reason: string }>(() =>
      acceptAction(
        onA(postForm(`${ORIGIN_A}/staff-invitation/${fresh}`, { name: "Late Larry", password: PASSWORD }), {
          token: fresh,
        }),
      ),
    );
    expect(revoked.status).toBe(410);
    expect(revoked.data.reason).toBe("revoked");
    const [larry] = await db.owner
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.storeId, alpha.storeId), eq(users.email, "later@alpha.test")));
    expect(larry).toBeUndefined();
  });

  it("someone with an account of the store signs in with its password to accept", async () => {
    const shopper = await addUser(alpha.storeId, "regular@alpha.test");
    await answer(() =>
      staffAction(
        onA(post("owner", { intent: "invite", email: "regular@alpha.test", role: `role:${leadRoleId}` })),
      ),
    );
    const token = await tokenMailedTo(alpha.storeId, "regular@alpha.test");
    const page = await answer<{ hasAccount: boolean }>(() =>
      acceptLoader(onA(get(ORIGIN_A, `/staff-invitation/${token}`), { token })),
    );
    expect(page.data.hasAccount).toBe(true);
    const wrong = await answer(() =>
      acceptAction(
        onA(postForm(`${ORIGIN_A}/staff-invitation/${token}`, { password: "not-the-password" }), { token }),
      ),
    );
    expect(wrong.status).toBe(400);
    expect((await memberRow(alpha.storeId, shopper)).isAdmin).toBe(false);
    const right = await answer(() =>
      acceptAction(onA(postForm(`${ORIGIN_A}/staff-invitation/${token}`, { password: PASSWORD }), { token })),
    );
    expect(right.status).toBe(302);
    expect(await memberRow(alpha.storeId, shopper)).toEqual({
      isAdmin: true,
      staffPreset: null,
      staffRoleId: leadRoleId,
    });
  });
});

describe("cross-tenant", () => {
  it("store B's member, role and invitation ids on store A are 404 and change nothing", async () => {
    const beforeA = await teamState(alpha.storeId);
    const beforeB = await teamState(beta.storeId);
    const tries: [Record<string, string>, string][] = [
      [{ intent: "role", userId: betaMember, role: "preset:support" }, "/admin/staff"],
      [{ intent: "remove", userId: betaMember }, "/admin/staff"],
      [{ intent: "resend", invitationId: betaInvitationId }, "/admin/staff"],
      [{ intent: "revoke", invitationId: betaInvitationId }, "/admin/staff"],
    ];
    for (const [fields, path] of tries) {
      const refused = await answer(() => staffAction(onA(post("owner", fields, path))));
      expect(refused.status, JSON.stringify(fields)).toBe(404);
    }
    // Assigning B's role on A: not this store's role (400), nothing changed.
    const foreignRole = await answer(() =>
      staffAction(onA(post("owner", { intent: "role", userId: ids.packer, role: `role:${betaRoleId}` }))),
    );
    expect(foreignRole.status).toBe(400);
    const rolePage = await answer(() =>
      roleLoader(onA(get(ORIGIN_A, `/admin/staff/roles/${betaRoleId}`, cookies.owner), { id: betaRoleId })),
    );
    expect(rolePage.status).toBe(404);
    const roleDelete = await answer(() =>
      roleAction(
        onA(postForm(`${ORIGIN_A}/admin/staff/roles/${betaRoleId}`, { intent: "delete" }, cookies.owner), {
          id: betaRoleId,
        }),
      ),
    );
    expect(roleDelete.status).toBe(404);
    expect(await teamState(alpha.storeId)).toBe(beforeA);
    expect(await teamState(beta.storeId)).toBe(beforeB);
  });
});
