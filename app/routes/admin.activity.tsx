import type { MetaFunction } from "@remix-run/node";
import { StoreDateTime } from "~/components/admin/StoreDateTime";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { buttonClass } from "~/components/ui/Button";
import type { DataColumn } from "~/components/ui/DataTable";
import { SelectFilter } from "~/components/ui/FilterField";
import { DateRangeFilter, useExportHref } from "~/components/admin/ListFilters";
import { ListPage } from "~/components/ui/ListPage";
import { adminLoader } from "~/http/handlers.server";
import { readAuditFilters } from "~/http/audit-filters.server";
import { seo } from "~/lib/seo";
import { useTranslation } from "~/lib/use-translation";
import { AUDIT_ENTITY_TYPES, auditChangeShape, auditFieldLabel, auditValue } from "~/lib/audit";
import { useMoney } from "~/components/Price";
import { auditActors, listAudit, type AuditRow } from "~/services/audit/audit.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("staffRoles.activity.title") });

/** The store's activity log (decision 041): filters by person, entity type and days; keyset pages. */
export const loader = adminLoader("activity.view", async ({ request, store }) => {
  const { filters, values, problems, cursor } = readAuditFilters(request, store.timeZone);
  const [page, actors] = await Promise.all([listAudit(store.id, filters, cursor), auditActors(store.id)]);
  return {
    ...page,
    rows: page.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    actors,
    values,
    problems,
  };
});

type Row = Omit<AuditRow, "createdAt"> & { createdAt: string };

/** Where an entry's entity is seen in the admin, when it has a page. */
function entityHref(row: Row): string | null {
  if (row.entityType === "order" && row.entityId) return `/admin/orders/${row.entityId}`;
  if (row.entityType === "settings") return "/admin/settings";
  if (row.entityType === "payments") return "/admin/storesetting/paymentOptions";
  if (row.entityType === "domain") return "/admin/storesetting/customDomain";
  if (row.entityType === "staff" || row.entityType === "customer") return "/admin/users";
  if (row.entityType === "product" && row.entityId) return `/admin/products/${row.entityId}`;
  if (row.entityType === "product") return "/admin/products";
  if (row.entityType === "category" && row.entityId) return `/admin/categories/${row.entityId}`;
  if (row.entityType === "discount" && row.entityId) return `/admin/discounts/${row.entityId}`;
  if (row.entityType === "sale" && row.entityId) return `/admin/sales/${row.entityId}`;
  if (row.entityType === "review") return "/admin/reviews";
  return null;
}

export default function AdminActivity() {
  const { actors, values, problems, ...page } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const format = { t: (key: string, options?: Record<string, unknown>) => t(key, options ?? {}), money };
  const exportHref = useExportHref("/admin/activity/export.csv");
  const columns: DataColumn<Row>[] = [
    {
      key: "when",
      header: t("staffRoles.activity.when"),
      cell: (row) => <StoreDateTime iso={row.createdAt} className="whitespace-nowrap" />,
    },
    {
      key: "who",
      header: t("staffRoles.activity.who"),
      rowHeader: true,
      cell: (row) =>
        row.actorId ? (
          <span className="flex flex-col">
            <span dir="auto">{row.actorName}</span>
            <bdi dir="ltr" className="text-sm text-muted">
              {row.actorEmail}
            </bdi>
          </span>
        ) : (
          t("staffRoles.activity.system")
        ),
    },
    {
      key: "what",
      header: t("staffRoles.activity.what"),
      cell: (row) => {
        const href = entityHref(row);
        const label = `${t(`staffRoles.activity.actions.${row.action}`, { defaultValue: row.action })}${row.entityLabel ? ` ${row.entityLabel}` : ""}`;
        return href ? (
          <Link
            to={href}
            className="inline-flex min-h-11 items-center underline underline-offset-4 hover:no-underline"
            dir="auto"
          >
            {label}
          </Link>
        ) : (
          <span dir="auto">{label}</span>
        );
      },
    },
    {
      key: "changes",
      header: t("staffRoles.activity.changes"),
      cell: (row) => {
        const entries = Object.entries(row.changes);
        if (entries.length === 0) return "—";
        const shape = auditChangeShape(row.action);
        return (
          <ul className="min-w-48 text-sm">
            {entries.map(([field, [before, after]]) => (
              <li key={field}>
                {auditFieldLabel(field, format)}:{" "}
                {shape === "after" || shape === "before" ? (
                  <bdi>{auditValue(field, shape === "after" ? after : before, format)}</bdi>
                ) : (
                  <>
                    <bdi>{auditValue(field, before, format)}</bdi> {i18n.dir() === "rtl" ? "←" : "→"}{" "}
                    <bdi>{auditValue(field, after, format)}</bdi>
                  </>
                )}
              </li>
            ))}
          </ul>
        );
      },
    },
    {
      key: "ip",
      header: t("staffRoles.activity.ip"),
      cell: (row) => <bdi dir="ltr">{row.ip ?? "—"}</bdi>,
    },
  ];
  return (
    <AdminPage title={t("staffRoles.activity.title")}>
      <div>
        <a href={exportHref} download className={buttonClass({ variant: "secondary" })}>
          {t("staffRoles.activity.export")}
        </a>
      </div>
      <ListPage
        texts="staffRoles.activity"
        page={page}
        columns={columns}
        ignored={problems}
        filters={{
          names: ["person", "type", "from", "to"],
          fields: (
            <>
              <SelectFilter
                label={t("staffRoles.activity.person")}
                name="person"
                value={values.person}
                all={t("staffRoles.activity.everyone")}
                options={actors.map((actor) => [actor.id, actor.name])}
              />
              <SelectFilter
                label={t("staffRoles.activity.type")}
                name="type"
                value={values.type}
                all={t("staffRoles.activity.allTypes")}
                options={AUDIT_ENTITY_TYPES.map((type) => [type, t(`staffRoles.activity.types.${type}`)])}
              />
              <DateRangeFilter
                from={{ name: "from", label: t("staffRoles.activity.from"), value: values.from }}
                to={{ name: "to", label: t("staffRoles.activity.to"), value: values.to }}
              />
            </>
          ),
        }}
      />
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
