import { data, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { BulkBar } from "~/components/admin/BulkBar";
import { BulkResult } from "~/components/admin/BulkResult";
import { NameAndEmail } from "~/components/admin/NameAndEmail";
import { StatusBadge } from "~/components/orders/StatusBadge";
import { Button } from "~/components/ui/Button";
import type { DataColumn } from "~/components/ui/DataTable";
import { SearchInput, SelectFilter } from "~/components/ui/FilterField";
import { DateRangeFilter, useExportHref } from "~/components/admin/ListFilters";
import { ListPage } from "~/components/ui/ListPage";
import { BULK_FORM, bulkFormSchema } from "~/http/bulk-selection.server";
import { adminLoader, type ShopperArgs } from "~/http/handlers.server";
import { intentAction } from "~/http/intent-action.server";
import { readOrderFilters } from "~/http/list-filters.server";
import { isolate } from "~/lib/bidi";
import { BULK_FIELD, type BulkOutcome } from "~/lib/bulk";
import { formatMoney } from "~/lib/money";
import { ORDER_STATUSES, PAYMENT_STATUSES, type BulkOrderStep } from "~/lib/order-transitions";
import { seo } from "~/lib/seo";
import { formatInZone } from "~/lib/time-zone";
import { emailStore } from "~/services/email/email-templates.server";
import { listAdminOrders } from "~/services/orders/admin-orders.server";
import { takeOrderSteps } from "~/services/orders/order-transitions.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.orders.title") });

/**
 * Every order of the store, newest first (SPEC §3 order labels), filtered by status, payment
 * status, a date range (the store's days) and a search by number, name, email, or a line's product
 * name or SKU as sold; the dashboard's
 * tiles link here with `?status=confirmed` and `?status=delivered&payment=unpaid`. A filter value
 * the list cannot use is ignored and named above it. Dates and times are the store's (its time
 * zone, /admin/settings), and the page says which zone that is.
 */
export const loader = adminLoader("orders.view", async ({ request, store, locale }) => {
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

/**
 * The list's bulk actions (issue 39) on the chosen orders (`ids`, at most BULK_MAX): "Mark
 * shipped" and "Mark delivered", through the order page's rules (takeOrderSteps), in one
 * transaction. The answer names each order done and each refused with its reason (the order
 * page's own sentence); nothing done at all is a 409. Nothing chosen, too many or a forged id →
 * 400 and nothing changed; another store's id is "not found" and changes nothing of that store.
 * Printing the slips and exporting the chosen orders are GETs of their own routes.
 */
export const action = intentAction("orders.edit", {
  ship: [bulkFormSchema, (value, args) => bulkStep("ship", value[BULK_FIELD], args), BULK_FORM],
  deliver: [bulkFormSchema, (value, args) => bulkStep("deliver", value[BULK_FIELD], args), BULK_FORM],
});

async function bulkStep(step: BulkOrderStep, ids: string[], { store, user }: ShopperArgs) {
  const result = await takeOrderSteps(store.id, ids, step, user.id, emailStore(store));
  const bulk: BulkOutcome = { action: step, ...result };
  return data({ bulk }, { status: result.done.length > 0 ? 200 : 409 });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminOrders() {
  const { filters, problems, timeZone, ...page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const exportHref = useExportHref("/admin/orders/export.csv");
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
      cell: (row) => <NameAndEmail name={row.customer} email={row.email} className="min-w-40" />,
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
      <ActionNotice data={actionData} />
      <BulkResult
        data={actionData}
        texts="admin.orders"
        reasonKey={(reason) => `admin.orders.refused.${reason}`}
      />
      <ListPage
        texts="admin.orders"
        page={page}
        columns={columns}
        ignored={problems}
        selection={{
          form: BULK_FORM_ID,
          name: BULK_FIELD,
          label: (row) => t("admin.orders.bulk.select", { number: row.number }),
        }}
        toolbar={
          <BulkBar
            formId={BULK_FORM_ID}
            rowIds={page.rows.map((row) => row.id)}
            label={t("admin.orders.bulk.label")}
          >
            {({ formId, disabled }) => (
              <>
                <Button form={formId} name="intent" value="ship" disabled={disabled}>
                  {t("admin.orders.bulk.ship")}
                </Button>
                <Button form={formId} name="intent" value="deliver" disabled={disabled}>
                  {t("admin.orders.bulk.deliver")}
                </Button>
                <Button
                  form={formId}
                  formMethod="get"
                  formAction="/admin/orders/packing-slips"
                  formTarget="_blank"
                  variant="secondary"
                  disabled={disabled}
                >
                  {t("admin.orders.bulk.slips")}
                </Button>
                <Button
                  form={formId}
                  formMethod="get"
                  formAction="/admin/orders/export.csv"
                  variant="secondary"
                  disabled={disabled}
                >
                  {t("admin.orders.bulk.export")}
                </Button>
              </>
            )}
          </BulkBar>
        }
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
              <DateRangeFilter
                from={{ name: "startDate", label: t("admin.orders.startDate"), value: filters.startDate }}
                to={{ name: "endDate", label: t("admin.orders.endDate"), value: filters.endDate }}
              />
            </>
          ),
        }}
      />
    </AdminPage>
  );
}

/** The form the rows' checkboxes and the bulk bar's buttons belong to. */
const BULK_FORM_ID = "orders-bulk";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
