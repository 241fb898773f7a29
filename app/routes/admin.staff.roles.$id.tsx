/**
 * A custom staff role (issue 36, decision 041): its name and permissions, ticked from the
 * permission list in groups; "new" creates one. Saving never grants what the editor does not hold
 * and deleting refuses a role still in use (app/services/staff/team.server.ts).
 */
import { PermissionChecks } from "~/components/admin/PermissionChecks";
import { BackLink } from "~/components/admin/BackLink";
import { parseWithZod } from "@conform-to/zod";
import { data, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { Button } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { Input } from "~/components/ui/Input";
import { notFoundPage } from "~/http/entity.server";
import { adminLoader, type AdminArgs } from "~/http/handlers.server";
import { INTENT_ONLY, intentAction, SCHEMA_FORM } from "~/http/intent-action.server";
import { badRequest } from "~/http/refusal.server";
import { isPermission } from "~/lib/permissions";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/use-translation";
import { roleSchema } from "~/lib/validation/staff-admin";
import { deleteRole, readRole, saveRole } from "~/services/staff/team.server";
import { TEAM_REFUSALS } from "~/http/team-refusals.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("staffAdmin.roles.formTitle") });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The role of the path: null for "new"; a malformed or another store's id is 404. */
async function roleOfPath(storeId: string, id: string | undefined) {
  if (id === "new") return null;
  if (!id || !UUID.test(id)) throw notFoundPage();
  const role = await readRole(storeId, id.toLowerCase());
  if (!role) throw notFoundPage();
  return role;
}

export const loader = adminLoader("staff.manage", async ({ store, params, permissions }) => {
  const role = await roleOfPath(store.id, params.id);
  return { role, held: permissions };
});

/** The role of the page's path (null for "new", where only "save" means anything). */
const roleOf = ({ store, params }: AdminArgs) => roleOfPath(store.id, params.id);

export const action = intentAction("staff.manage", {
  delete: [
    INTENT_ONLY,
    async (_, args) => {
      const role = await roleOf(args);
      if (!role) throw badRequest();
      const result = await deleteRole(args.store.id, args.user.id, role.id);
      if (!result.ok) throw TEAM_REFUSALS[result.error]();
      return redirectWithToast("/admin/staff", { key: "staffAdmin.toasts.roleDeleted" });
    },
  ],
  save: [
    SCHEMA_FORM,
    async (_, args) => {
      const { store, user, form } = args;
      const role = await roleOf(args);
      const submission = parseWithZod(form, { schema: roleSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const chosen = form.getAll("permissions");
      if (!chosen.every(isPermission)) throw badRequest("staffAdmin.errors.permission");
      const result = await saveRole(store.id, user.id, role?.id ?? null, {
        name: submission.value.name,
        permissions: chosen,
      });
      if (!result.ok) throw TEAM_REFUSALS[result.error]();
      return redirectWithToast("/admin/staff", { key: "staffAdmin.toasts.roleSaved" });
    },
  ],
});

export default function StaffRoleForm() {
  const { role, held } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const nameError = actionData && "result" in actionData ? actionData.result?.error?.name?.[0] : undefined;
  return (
    <AdminPage
      title={role ? t("staffAdmin.roles.editTitle", { name: role.name }) : t("staffAdmin.roles.newTitle")}
    >
      <ActionNotice data={actionData} />
      <BackLink to="/admin/staff" label={t("staffAdmin.roles.back")} />
      <Form method="post" className="flex flex-col gap-6">
        <input type="hidden" name="intent" value="save" />
        <label className="flex max-w-md flex-col gap-1">
          <span className="font-bold">{t("staffAdmin.roles.name")}</span>
          <Input
            name="name"
            defaultValue={role?.name ?? ""}
            required
            maxLength={60}
            dir="auto"
            aria-invalid={nameError ? true : undefined}
          />
          {nameError ? (
            <span role="alert" className="text-sm text-danger">
              {t(nameError)}
            </span>
          ) : null}
        </label>
        <p className="text-sm text-muted">{t("staffAdmin.roles.hint")}</p>
        <PermissionChecks
          name="permissions"
          checked={(permission) => role?.permissions.includes(permission) ?? false}
          mayGrant={(permission) =>
            held.includes(permission) || Boolean(role?.permissions.includes(permission))
          }
        />
        <div>
          <Button>{t("staffAdmin.roles.save")}</Button>
        </div>
      </Form>
      {role ? (
        <div>
          <ConfirmDialog
            id={`delete-${role.id}`}
            trigger={t("staffAdmin.roles.delete")}
            title={t("staffAdmin.roles.confirmDelete", { name: role.name })}
            description={t("staffAdmin.roles.confirmDeleteText")}
            fields={{ intent: "delete" }}
          />
        </div>
      ) : null}
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
