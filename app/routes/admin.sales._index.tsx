/**
 * /admin/sales (issue 11): the store's sales campaigns, latest start first, with their discount,
 * what they apply to, their window (in the store's time zone) and state; filtered by state, keyset pages, "New sale",
 * and deleting one (confirmed). The sales report is the other tab (SalesTabs).
 */
import { NewWithZoneNote } from "~/components/admin/NewWithZoneNote";
import { RowActions, RowConfirm, RowLinkButton } from "~/components/admin/RowActions";
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { SalesTabs } from "~/components/admin/SalesTabs";
import { useAppliesToText, useSaleDiscount, useSaleTime } from "~/components/admin/sale-text";
import type { DataColumn } from "~/components/ui/DataTable";
import { ListPage } from "~/components/ui/ListPage";
import { adminLoader } from "~/http/handlers.server";
import { parsedAction } from "~/http/intent-action.server";
import { localeName } from "~/lib/localized-name";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { SALE_STATES, saleDeleteSchema, type SaleState } from "~/lib/validation/admin-sales";
import {
  deleteSale,
  listSales,
  type AdminSaleRow,
  type SaleStateFilter,
} from "~/services/discounts/sales.server";
import { notFoundPage } from "~/http/entity.server";
import { readListQuery } from "~/http/list-query.server";
import { StateFilter } from "~/components/admin/ListFilters";
import { useStateColumn, type StateTone } from "~/components/admin/ListCells";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.sales.title") });

export const loader = adminLoader("sales.edit", async ({ request, store }) => {
  const { filters, cursor } = readListQuery(request, { filters: { state: SALE_STATES } });
  const state: SaleStateFilter = filters.state ?? "all";
  const page = await listSales(store.id, { state, cursor });
  return { ...page, state };
});

export const action = parsedAction("sales.edit", saleDeleteSchema, async (value, { store }) => {
  if (!(await deleteSale(store.id, value.saleId.toLowerCase()))) {
    throw notFoundPage();
  }
  return redirectWithToast("/admin/sales", { key: "admin.sales.deleted" });
});

const STATE_TONES: Record<SaleState, StateTone> = { running: "live", scheduled: "soon", ended: "off" };

export default function AdminSales() {
  const { state, ...page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const discount = useSaleDiscount();
  const time = useSaleTime();
  const appliesTo = useAppliesToText("admin.sales");
  const stateColumn = useStateColumn<SaleState, AdminSaleRow>("admin.sales", STATE_TONES);
  const name = (row: AdminSaleRow) => localeName(row, i18n.language);
  const columns: DataColumn<AdminSaleRow>[] = [
    {
      key: "name",
      header: t("admin.sales.name"),
      rowHeader: true,
      cell: (row) => (
        <Link
          to={`/admin/sales/${row.id}`}
          className="block min-w-40 underline underline-offset-4 hover:no-underline"
          dir="auto"
        >
          {name(row)}
        </Link>
      ),
    },
    {
      key: "discount",
      header: t("admin.sales.discount"),
      align: "end",
      cell: (row) => <span className="whitespace-nowrap">{discount(row)}</span>,
    },
    {
      key: "appliesTo",
      header: t("admin.sales.appliesTo"),
      cell: appliesTo,
    },
    {
      key: "startsAt",
      header: t("timeZone.starts"),
      cell: (row) => <span className="whitespace-nowrap">{time(row.startsAt)}</span>,
    },
    {
      key: "endsAt",
      header: t("timeZone.ends"),
      cell: (row) => <span className="whitespace-nowrap">{time(row.endsAt)}</span>,
    },
    stateColumn,
    {
      key: "actions",
      header: t("admin.sales.actions"),
      cell: (row) => (
        <RowActions>
          <RowLinkButton to={`/admin/sales/${row.id}`} label={t("admin.sales.edit")} name={name(row)} />
          <RowConfirm
            id={`delete-${row.id}`}
            label={t("admin.sales.delete")}
            name={name(row)}
            title={t("admin.sales.deleteTitle", { name: name(row) })}
            description={t("admin.sales.deleteDescription")}
            fields={{ intent: "delete", saleId: row.id }}
          />
        </RowActions>
      ),
    },
  ];
  return (
    <AdminPage title={t("admin.sales.title")}>
      <SalesTabs />
      <NewWithZoneNote to="/admin/sales/new" label={t("admin.sales.new")} />
      <ActionNotice data={actionData} />
      <ListPage
        texts="admin.sales"
        page={page}
        columns={columns}
        filters={{
          names: ["state"],
          fields: <StateFilter texts="admin.sales" states={SALE_STATES} value={state} />,
        }}
      />
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
