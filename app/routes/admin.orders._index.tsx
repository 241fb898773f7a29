import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { AdminPage } from "~/components/admin/AdminPage";
import { StatusBadge } from "~/components/orders/StatusBadge";
import { Button } from "~/components/ui/Button";
import type { DataColumn } from "~/components/ui/DataTable";
import { FilterField, SearchInput, SelectFilter } from "~/components/ui/FilterField";
import { Input } from "~/components/ui/Input";
import { ListPage } from "~/components/ui/ListPage";
import { adminLoader } from "~/http/handlers.server";
import { readOrderFilters } from "~/http/list-filters.server";
import { isolate } from "~/lib/bidi";
import { formatMoney } from "~/lib/money";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "~/lib/order-transitions";
import { seo } from "~/lib/seo";
import { TABLE_PARAMS } from "~/lib/table-links";
import { formatInZone } from "~/lib/time-zone";
import { listAdminOrders } from "~/services/orders/admin-orders.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.orders.title") });

/**
 * Every order of the store, newest first (SPEC §3 order labels), filtered by status, payment
 * status, a date range (the store's days) and a search by number, name or email; the dashboard's
 * tiles link here with `?status=confirmed` and `?status=delivered&payment=unpaid`. A filter value
 * the list cannot use is ignored and named above it. Dates and times are the store's (its time
 * zone, /admin/settings), and the page says which zone that is.
 */
export const loader = adminLoader(async ({ request, store, locale }) => {
  const { filters, problems, cursor } = readOrderFilters(request);
  const page = await listAdminOrders(store.id, filters, cursor, store.timeZone);
  return {
    timeZone: store.timeZone,
    filters,
    problems,
    prevCursor: page.prevCursor,
    nextCursor: page.nextCursor,
    rows: page.rows.map((row) => ({
      id: row.id,
      number: row.number,
      customer: row.customer,
      email: row.email,
      status: row.status,
      paymentStatus: row.paymentStatus,
      dateTime: row.createdAt,
      date: formatInZone(row.createdAt, locale, store.timeZone, "dateTime"),
      total: formatMoney(row.totalCents, row.currency, locale),
      totalQuantity: row.totalQuantity,
    })),
  };
});

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminOrders() {
  const { filters, problems, timeZone, ...page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { search } = useLocation();
  const exportQuery = new URLSearchParams(search);
  exportQuery.delete(TABLE_PARAMS.cursor);
  const exportHref = `/admin/orders/export.csv${exportQuery.size > 0 ? `?${exportQuery}` : ""}`;
  const columns: DataColumn<Row>[] = [
    {
      key: "number",
      header: t("orders.orderId"),
      rowHeader: true,
      cell: (row) => (
        <Link
          to={`/admin/orders/${row.number}`}
          aria-label={t("admin.orders.open", { number: row.number })}
          className="inline-flex min-h-11 items-center underline underline-offset-4 hover:no-underline"
        >
          #{row.number}
        </Link>
      ),
    },
    {
      key: "customer",
      header: t("orders.userName"),
      cell: (row) => (
        <span className="flex min-w-40 flex-col">
          <span dir="auto">{row.customer}</span>
          <span dir="ltr" className="text-start text-sm text-muted">
            {row.email}
          </span>
        </span>
      ),
    },
    {
      key: "status",
      header: t("orders.status"),
      cell: (row) => <StatusBadge kind="status" value={row.status} />,
    },
    {
      key: "date",
      header: t("orders.date"),
      cell: (row) => (
        <time dateTime={row.dateTime} className="whitespace-nowrap">
          {row.date}
        </time>
      ),
    },
    {
      key: "total",
      header: t("orders.total"),
      align: "end",
      cell: (row) => <span className="whitespace-nowrap">{row.total}</span>,
    },
    { key: "quantity", header: t("orders.totalProducts"), align: "end", cell: (row) => row.totalQuantity },
    {
      key: "payment",
      header: t("orders.paymentStatus"),
      cell: (row) => <StatusBadge kind="payment" value={row.paymentStatus} />,
    },
  ];
  return (
    <AdminPage title={t("admin.orders.title")}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">{t("timeZone.note", { timeZone: isolate(timeZone) })}</p>
        <Button to={exportHref} reloadDocument variant="secondary">
          {t("admin.orders.export")}
        </Button>
      </div>
      <ListPage
        texts="admin.orders"
        page={page}
        columns={columns}
        ignored={problems}
        filters={{
          names: ["q", "status", "payment", "startDate", "endDate"],
          fields: (
            <>
              <SearchInput label={t("admin.orders.search")} defaultValue={filters.q} />
              <SelectFilter
                label={t("orders.status")}
                name="status"
                value={filters.status}
                all={t("admin.orders.allStatuses")}
                options={ORDER_STATUSES.map((status) => [status, t(`orders.statuses.${status}`)])}
              />
              <SelectFilter
                label={t("orders.paymentStatus")}
                name="payment"
                value={filters.payment}
                all={t("admin.orders.allPayments")}
                options={PAYMENT_STATUSES.map((status) => [status, t(`orders.paymentStatuses.${status}`)])}
              />
              <FilterField label={t("admin.orders.startDate")}>
                <Input type="date" name="startDate" defaultValue={filters.startDate ?? ""} />
              </FilterField>
              <FilterField label={t("admin.orders.endDate")}>
                <Input type="date" name="endDate" defaultValue={filters.endDate ?? ""} />
              </FilterField>
            </>
          ),
        }}
      />
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
