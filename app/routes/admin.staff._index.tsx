/**
 * The store's team (issue 36, decision 041): members and their roles, pending invitations and
 * custom roles. Every change goes through app/services/staff/team.server.ts, which enforces the
 * safety rules (no escalation, owners by owners, the last owner kept) and writes the audit entry.
 */
import { RowActions, RowConfirm, RowPostButton } from "~/components/admin/RowActions";
import { parseWithZod } from "@conform-to/zod";
import { data, type MetaFunction } from "@remix-run/node";
import { z } from "zod";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { Button } from "~/components/ui/Button";
import { DataTable, type DataColumn } from "~/components/ui/DataTable";
import { Input, Select } from "~/components/ui/Input";
import { adminLoader } from "~/http/handlers.server";
import { intentAction, SCHEMA_FORM } from "~/http/intent-action.server";
import { badRequest } from "~/http/refusal.server";
import { TEAM_REFUSALS } from "~/http/team-refusals.server";
import { STAFF_PRESETS } from "~/lib/permissions";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/use-translation";
import { inviteSchema } from "~/lib/validation/staff-admin";
import { emailStore } from "~/services/email/email-templates.server";
import {
  changeMemberRole,
  inviteMember,
  parseRoleRef,
  readTeam,
  removeMember,
  resendInvitation,
  revokeInvitation,
  type PendingInvitation,
  type TeamMember,
  type TeamResult,
} from "~/services/staff/team.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("staffAdmin.title") });

export const loader = adminLoader("staff.manage", async ({ store, user }) => {
  const team = await readTeam(store.id);
  return { ...team, selfId: user.id };
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A row's id (a member's or an invitation's): anything else is a forged form. */
const rowId = z
  .string()
  .regex(UUID)
  .transform((id) => id.toLowerCase());
/** A member's role select: "preset:<preset>" or "role:<id>". */
const roleRef = z.unknown().transform((value, ctx) => {
  const ref = parseRoleRef(value);
  if (!ref) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "staffAdmin.errors.role" });
    return z.NEVER;
  }
  return ref;
});
const memberRoleSchema = z.object({ userId: rowId, role: roleRef });
const memberSchema = z.object({ userId: rowId });
const invitationSchema = z.object({ invitationId: rowId });

/** Every change ends the same way: the service's refusal, or back to the team with a toast. */
function answer(result: TeamResult, toast: string) {
  if (!result.ok) throw TEAM_REFUSALS[result.error]();
  return redirectWithToast("/admin/staff", { key: toast });
}

export const action = intentAction("staff.manage", {
  role: [
    memberRoleSchema,
    async ({ userId, role }, { store, user }) =>
      answer(await changeMemberRole(store.id, user.id, userId, role), "staffAdmin.toasts.updated"),
    { messageFields: ["role"] },
  ],
  remove: [
    memberSchema,
    async ({ userId }, { store, user }) =>
      answer(await removeMember(store.id, user.id, userId), "staffAdmin.toasts.removed"),
  ],
  invite: [
    SCHEMA_FORM,
    async (_, { store, user, form, locale }) => {
      const submission = parseWithZod(form, { schema: inviteSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const ref = parseRoleRef(submission.value.role);
      if (!ref) throw badRequest("staffAdmin.errors.role");
      const invited = await inviteMember(
        store.id,
        user.id,
        { email: submission.value.email, role: ref },
        emailStore(store),
        locale,
      );
      return answer(invited, "staffAdmin.toasts.invited");
    },
  ],
  resend: [
    invitationSchema,
    async ({ invitationId }, { store, user, locale }) =>
      answer(
        await resendInvitation(store.id, user.id, invitationId, emailStore(store), locale),
        "staffAdmin.toasts.resent",
      ),
  ],
  revoke: [
    invitationSchema,
    async ({ invitationId }, { store }) =>
      answer(await revokeInvitation(store.id, invitationId), "staffAdmin.toasts.revoked"),
  ],
});

function useRoleLabel() {
  const { t } = useTranslation();
  return (role: string, label: string) =>
    role.startsWith("preset:") ? t(`staffAdmin.presets.${role.slice(7)}`) : label;
}

function RoleOptions({ roles }: { roles: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  return (
    <>
      <optgroup label={t("staffAdmin.presetsGroup")}>
        {STAFF_PRESETS.map((preset) => (
          <option key={preset} value={`preset:${preset}`}>
            {t(`staffAdmin.presets.${preset}`)}
          </option>
        ))}
      </optgroup>
      {roles.length ? (
        <optgroup label={t("staffAdmin.customGroup")}>
          {roles.map((role) => (
            <option key={role.id} value={`role:${role.id}`}>
              {role.name}
            </option>
          ))}
        </optgroup>
      ) : null}
    </>
  );
}

export default function AdminStaff() {
  const { members, roles, invitations, selfId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const roleLabel = useRoleLabel();
  const dateFormat = new Intl.DateTimeFormat(i18n.language === "ar" ? "ar" : "en", { dateStyle: "medium" });
  const memberColumns: DataColumn<TeamMember>[] = [
    {
      key: "name",
      header: t("staffAdmin.columns.name"),
      rowHeader: true,
      cell: (row) => <span dir="auto">{row.name}</span>,
    },
    {
      key: "email",
      header: t("staffAdmin.columns.email"),
      cell: (row) => <span dir="ltr">{row.email}</span>,
    },
    {
      key: "role",
      header: t("staffAdmin.columns.role"),
      cell: (row) => (
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="userId" value={row.id} />
          <Select
            name="role"
            defaultValue={row.role}
            aria-label={`${t("staffAdmin.columns.role")}: ${row.name}`}
            className="min-w-36"
          >
            <RoleOptions roles={roles} />
          </Select>
          <Button size="sm" variant="secondary" aria-label={`${t("staffAdmin.changeRole")}: ${row.name}`}>
            {t("staffAdmin.changeRole")}
          </Button>
        </Form>
      ),
    },
    {
      key: "status",
      header: t("staffAdmin.columns.status"),
      cell: (row) => (row.blocked ? t("staffAdmin.status.blocked") : t("staffAdmin.status.active")),
    },
    {
      key: "actions",
      header: t("staffAdmin.columns.actions"),
      actions: true,
      cell: (row) =>
        row.id === selfId ? (
          <span className="text-sm text-muted">{t("staffAdmin.you")}</span>
        ) : (
          <RowConfirm
            id={`remove-${row.id}`}
            label={t("staffAdmin.remove")}
            name={row.name}
            title={t("staffAdmin.confirmRemove", { name: row.name })}
            description={t("staffAdmin.confirmRemoveText")}
            fields={{ intent: "remove", userId: row.id }}
          />
        ),
    },
  ];
  const invitationColumns: DataColumn<PendingInvitation>[] = [
    {
      key: "email",
      header: t("staffAdmin.columns.email"),
      rowHeader: true,
      cell: (row) => <span dir="ltr">{row.email}</span>,
    },
    { key: "role", header: t("staffAdmin.columns.role"), cell: (row) => roleLabel(row.role, row.roleLabel) },
    {
      key: "expires",
      header: t("staffAdmin.columns.expires"),
      cell: (row) => (row.expired ? t("staffAdmin.expired") : dateFormat.format(new Date(row.expiresAt))),
    },
    {
      key: "actions",
      header: t("staffAdmin.columns.actions"),
      actions: true,
      cell: (row) => (
        <RowActions>
          <RowPostButton
            fields={{ intent: "resend", invitationId: row.id }}
            label={t("staffAdmin.resend")}
            name={row.email}
          />
          <RowConfirm
            id={`revoke-${row.id}`}
            label={t("staffAdmin.revoke")}
            name={row.email}
            title={t("staffAdmin.confirmRevoke", { email: row.email })}
            description={t("staffAdmin.confirmRevokeText")}
            fields={{ intent: "revoke", invitationId: row.id }}
          />
        </RowActions>
      ),
    },
  ];
  // A refusal answers { result: null, notice }: only a refused invite form has field errors.
  const inviteErrors = actionData && "result" in actionData ? actionData.result?.error : undefined;
  return (
    <AdminPage title={t("staffAdmin.title")}>
      <ActionNotice data={actionData} />
      <section aria-labelledby="invite-heading" className="rounded-lg border border-line p-4">
        <h2 id="invite-heading" className="mb-3 text-xl font-bold">
          {t("staffAdmin.invite.title")}
        </h2>
        <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="invite" />
          <label className="flex flex-1 flex-col gap-1">
            <span className="font-bold">{t("staffAdmin.invite.email")}</span>
            <Input name="email" type="email" required autoComplete="off" dir="ltr" />
            {inviteErrors?.email?.[0] ? (
              <span role="alert" className="text-sm text-danger">
                {t(inviteErrors.email[0])}
              </span>
            ) : null}
          </label>
          <div className="flex flex-col gap-1">
            <label htmlFor="invite-role" className="font-bold">
              {t("staffAdmin.invite.role")}
            </label>
            <Select id="invite-role" name="role" defaultValue="preset:orders">
              <RoleOptions roles={roles} />
            </Select>
          </div>
          <Button>{t("staffAdmin.invite.submit")}</Button>
        </Form>
      </section>
      <DataTable
        caption={t("staffAdmin.team")}
        columns={memberColumns}
        rows={members}
        rowKey={(row) => row.id}
        empty={t("staffAdmin.emptyTeam")}
      />
      <DataTable
        caption={t("staffAdmin.pending")}
        columns={invitationColumns}
        rows={invitations}
        rowKey={(row) => row.id}
        empty={t("staffAdmin.emptyPending")}
      />
      <section aria-labelledby="roles-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="roles-heading" className="text-xl font-bold">
            {t("staffAdmin.roles.title")}
          </h2>
          <Link
            to="/admin/staff/roles/new"
            className="font-bold text-primary-ink underline underline-offset-4"
          >
            {t("staffAdmin.roles.new")}
          </Link>
        </div>
        {roles.length === 0 ? (
          <p className="text-muted">{t("staffAdmin.roles.empty")}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {roles.map((role) => (
              <li
                key={role.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line p-3"
              >
                <Link
                  to={`/admin/staff/roles/${role.id}`}
                  className="font-bold underline underline-offset-4"
                  dir="auto"
                >
                  {role.name}
                </Link>
                <span className="text-sm text-muted">
                  {t("staffAdmin.roles.summary", {
                    permissions: role.permissions.length,
                    members: role.members,
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
