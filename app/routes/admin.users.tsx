import type { MetaFunction } from "@remix-run/node";
import { RowActions, RowConfirm, RowPostButton } from "~/components/admin/RowActions";
import type { z } from "zod";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import type { DataColumn } from "~/components/ui/DataTable";
import { ListPage } from "~/components/ui/ListPage";
import { adminLoader, type AdminArgs } from "~/http/handlers.server";
import { intentAction } from "~/http/intent-action.server";
import { notAllowed } from "~/http/guards.server";
import { holdsAll } from "~/lib/permissions";
import { Refusal } from "~/http/refusal.server";
import { formatMoney } from "~/lib/money";
import { useStoreSite } from "~/lib/root-data";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { userChangeSchema } from "~/lib/validation/admin-users";
import {
  listUsers,
  setUserAdmin,
  setUserBlocked,
  USER_SORTS,
  type AdminUserRow,
  type UserChangeResult,
} from "~/services/identity/users-admin.server";
import { notFoundPage } from "~/http/entity.server";
import { readListQuery, sameListPath } from "~/http/list-query.server";
import { SearchInput } from "~/components/ui/FilterField";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.users.title") });

export const loader = adminLoader("customers.view", async ({ request, store, user }) => {
  const { q, sort, cursor } = readListQuery(request, {
    sort: { allowed: USER_SORTS, fallback: { key: "name", dir: "asc" } },
  });
  const page = await listUsers(store.id, { q, sort, cursor });
  return { ...page, q, sort, selfId: user.id };
});

const REFUSALS: Record<Exclude<UserChangeResult, { ok: true }>["error"], Refusal> = {
  "not-found": notFoundPage(),
  yourself: new Refusal(403, { key: "admin.users.notYourself" }),
  "last-admin": new Refusal(409, { key: "admin.users.lastAdmin" }),
  "admin-blocked": new Refusal(409, { key: "admin.users.cannotBlockAdmin" }),
};

/** One row's button: the admin flag or blocking. The services refuse yourself and the last admin. */
const changeUser = async (
  { intent, userId, value }: z.output<typeof userChangeSchema>,
  { request, store, user, permissions }: AdminArgs,
) => {
  // A new admin is an Owner (decision 041): only someone who holds every permission makes one.
  if (intent === "admin" && !holdsAll(permissions)) throw notAllowed();
  const result =
    intent === "admin"
      ? await setUserAdmin(store.id, user.id, userId, value)
      : await setUserBlocked(store.id, user.id, userId, value);
  if (!result.ok) throw REFUSALS[result.error];
  // Back to the same list (search, order, page) the button was pressed on.
  return redirectWithToast(sameListPath(request, "/admin/users"), { key: "admin.users.updated" });
};

// Making or unmaking an admin is managing the team; blocking a shopper is a customer change.
export const action = intentAction(
  { admin: "staff.manage", block: "customers.edit" },
  { admin: [userChangeSchema, changeUser], block: [userChangeSchema, changeUser] },
);

export default function AdminUsers() {
  const { q, sort, selfId, ...page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const site = useStoreSite();
  const locale = i18n.language === "ar" ? "ar" : "en";
  const columns: DataColumn<AdminUserRow>[] = [
    {
      key: "name",
      header: t("admin.users.name"),
      sortable: true,
      rowHeader: true,
      cell: (row) => <span dir="auto">{row.name}</span>,
    },
    { key: "email", header: t("admin.users.email"), sortable: true, cell: (row) => row.email },
    { key: "orders", header: t("admin.users.orders"), align: "end", cell: (row) => row.ordersCount },
    {
      key: "spend",
      header: t("admin.users.spend"),
      align: "end",
      cell: (row) => formatMoney(row.spendCents, site.currency, locale),
    },
    {
      key: "role",
      header: t("admin.users.role"),
      cell: (row) => (row.isAdmin ? t("admin.users.admin") : t("admin.users.shopper")),
    },
    {
      key: "status",
      header: t("admin.users.status"),
      cell: (row) => (row.blocked ? t("admin.users.blocked") : t("admin.users.active")),
    },
    {
      key: "actions",
      header: t("admin.users.actions"),
      cell: (row) =>
        row.id === selfId ? null : (
          <RowActions>
            {row.blocked ? null : (
              <RowConfirm
                id={`admin-${row.id}`}
                tone="secondary"
                label={row.isAdmin ? t("admin.users.removeAdmin") : t("admin.users.makeAdmin")}
                name={row.name}
                title={t(row.isAdmin ? "admin.users.confirmRemoveAdmin" : "admin.users.confirmMakeAdmin", {
                  name: row.name,
                })}
                description={t(
                  row.isAdmin ? "admin.users.confirmRemoveAdminText" : "admin.users.confirmMakeAdminText",
                )}
                fields={{ intent: "admin", userId: row.id, value: String(!row.isAdmin) }}
              />
            )}
            {row.isAdmin ? null : row.blocked ? (
              <RowPostButton
                fields={{ intent: "block", userId: row.id, value: "false" }}
                label={t("admin.users.unblock")}
                name={row.name}
              />
            ) : (
              <RowConfirm
                id={`block-${row.id}`}
                label={t("admin.users.block")}
                name={row.name}
                title={t("admin.users.confirmBlock", { name: row.name })}
                description={t("admin.users.confirmBlockText")}
                fields={{ intent: "block", userId: row.id, value: "true" }}
              />
            )}
          </RowActions>
        ),
    },
  ];
  return (
    <AdminPage title={t("admin.users.title")}>
      <ActionNotice data={actionData} />
      <ListPage
        texts="admin.users"
        page={page}
        columns={columns}
        sort={sort}
        filters={{ names: ["q"], fields: <SearchInput label={t("admin.users.search")} defaultValue={q} /> }}
      />
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
