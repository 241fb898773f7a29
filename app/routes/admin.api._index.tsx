/**
 * /admin/api (issue 38, decision 045): the store's Admin API tokens. A new token is named, given
 * scopes (the permission list; only those the person holds can be ticked, and the service refuses
 * any other with 403) and an optional expiry; its secret is shown once, in the action's answer,
 * and stored only as a hash. The list shows each token's scopes, expiry, when and from where it
 * was last used; "Revoke" (confirmed) refuses its next request.
 */
import { PermissionChecks } from "~/components/admin/PermissionChecks";
import { StateCell, TagList } from "~/components/admin/ListCells";
import { CreateForm } from "~/components/admin/CreateForm";
import { StoreDateTime } from "~/components/admin/StoreDateTime";
import { RowConfirm } from "~/components/admin/RowActions";
import { data, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SecretAnswer, SecretStartCell } from "~/components/admin/ApiParts";
import { BackLink } from "~/components/admin/BackLink";
import { AdminPage } from "~/components/admin/AdminPage";
import type { DataColumn } from "~/components/ui/DataTable";
import { Input, Select } from "~/components/ui/Input";
import { ListPage } from "~/components/ui/ListPage";
import { notFoundPage } from "~/http/entity.server";
import { adminLoader } from "~/http/handlers.server";
import { intentAction } from "~/http/intent-action.server";
import { Refusal } from "~/http/refusal.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/use-translation";
import { createTokenSchema, revokeTokenSchema, TOKEN_EXPIRIES } from "~/lib/validation/api-tokens";
import { createApiToken, listApiTokens, revokeApiToken } from "~/services/api/tokens.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.api.title") });

const DAY_MS = 24 * 60 * 60 * 1000;

export const loader = adminLoader("staff.manage", async ({ store, permissions }) => {
  const now = Date.now();
  const tokens = await listApiTokens(store.id);
  return {
    held: permissions,
    rows: tokens.map((token) => ({
      id: token.id,
      name: token.name,
      prefix: token.prefix,
      scopes: token.scopes,
      expiresAt: token.expiresAt?.toISOString() ?? null,
      lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
      lastUsedIp: token.lastUsedIp,
      state: token.revokedAt
        ? ("revoked" as const)
        : token.expiresAt && token.expiresAt.getTime() <= now
          ? ("expired" as const)
          : ("active" as const),
    })),
  };
});

export const action = intentAction("staff.manage", {
  create: [
    createTokenSchema,
    async ({ name, scopes, expires }, { store, user }) => {
      const expiresAt = expires === "never" ? null : new Date(Date.now() + Number(expires) * DAY_MS);
      const made = await createApiToken(store.id, user.id, { name, scopes, expiresAt });
      if (!made.ok) throw new Refusal(403, { key: "admin.api.errors.escalation" });
      // The secret's one showing: in this answer only, never stored in the clear.
      return data({ created: { name, secret: made.secret } }, { headers: { "Cache-Control": "no-store" } });
    },
    { messageFields: ["name", "scopes", "expires"], listFields: ["scopes"] },
  ],
  revoke: [
    revokeTokenSchema,
    async ({ id }, { store }) => {
      const result = await revokeApiToken(store.id, id.toLowerCase());
      if (!result.ok && result.error === "not-found") throw notFoundPage();
      return redirectWithToast("/admin/api", {
        key: "admin.api.toasts.revoked",
        params: { name: result.ok ? result.name : "" },
      });
    },
  ],
});

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminApiTokens() {
  const { rows, held } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const when = (iso: string) => <StoreDateTime iso={iso} className="whitespace-nowrap" />;
  const columns: DataColumn<Row>[] = [
    {
      key: "name",
      header: t("admin.api.name"),
      rowHeader: true,
      cell: (row) => <SecretStartCell name={row.name} start={row.prefix} />,
    },
    {
      key: "scopes",
      header: t("admin.api.scopes"),
      cell: (row) => (
        <TagList
          tags={row.scopes.map((scope) => ({ key: scope, label: t(`staffAdmin.permissions.${scope}`) }))}
        />
      ),
    },
    {
      key: "state",
      header: t("admin.api.state"),
      cell: (row) => (
        <StateCell
          ok={row.state === "active"}
          label={t(`admin.api.states.${row.state}`)}
          note={
            row.expiresAt ? (
              <>
                {t("admin.api.expires")} {when(row.expiresAt)}
              </>
            ) : (
              t("admin.api.noExpiry")
            )
          }
        />
      ),
    },
    {
      key: "lastUsed",
      header: t("admin.api.lastUsed"),
      cell: (row) =>
        row.lastUsedAt ? (
          <span className="flex flex-col">
            {when(row.lastUsedAt)}
            {row.lastUsedIp ? (
              <bdi dir="ltr" className="text-sm text-muted">
                {row.lastUsedIp}
              </bdi>
            ) : null}
          </span>
        ) : (
          <span className="text-muted">{t("admin.api.neverUsed")}</span>
        ),
    },
    {
      key: "actions",
      header: t("admin.api.actions"),
      cell: (row) =>
        row.state === "revoked" ? null : (
          <RowConfirm
            id={`revoke-${row.id}`}
            label={t("admin.api.revoke")}
            name={row.name}
            title={t("admin.api.revokeTitle", { name: row.name })}
            description={t("admin.api.revokeDescription")}
            fields={{ intent: "revoke", id: row.id }}
          />
        ),
    },
  ];
  return (
    <AdminPage title={t("admin.api.title")}>
      <p className="text-muted">{t("admin.api.intro")}</p>
      <BackLink plain to="/admin/api/webhooks" label={t("webhooks.title")} />
      <SecretAnswer data={actionData} shows="token" />
      <ListPage
        texts="admin.api.list"
        page={{ rows, prevCursor: null, nextCursor: null }}
        columns={columns}
      />
      <CreateForm title={t("admin.api.newTitle")} intent="create" submit={t("admin.api.create")}>
        <div className="flex flex-wrap gap-4">
          <label className="flex w-full max-w-md flex-col gap-1">
            <span className="font-bold">{t("admin.api.name")}</span>
            <Input name="name" required maxLength={60} dir="auto" />
          </label>
          <div className="flex w-full max-w-xs flex-col gap-1">
            <label htmlFor="token-expires" className="font-bold">
              {t("admin.api.expiry")}
            </label>
            <Select id="token-expires" name="expires" defaultValue="never">
              {TOKEN_EXPIRIES.map((value) => (
                <option key={value} value={value}>
                  {t(`admin.api.expiryOptions.${value}`)}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <p className="text-sm text-muted">{t("admin.api.scopesHint")}</p>
        <PermissionChecks name="scopes" mayGrant={(permission) => held.includes(permission)} />
      </CreateForm>
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
