/**
 * /admin/returns (issue 37 item 4, decision 050): the shopper's return requests, newest first,
 * filtered by state (`open`: requested or received, the dashboard's tile), each leading to its
 * order, where it is approved, declined, received and refunded. `orders.view`.
 */
import { StoreDateTime } from "~/components/admin/StoreDateTime";
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import type { DataColumn } from "~/components/ui/DataTable";
import { SelectFilter } from "~/components/ui/FilterField";
import { ListPage } from "~/components/ui/ListPage";
import { adminLoader } from "~/http/handlers.server";
import { readListQuery } from "~/http/list-query.server";
import { RETURN_STATES } from "~/lib/returns";
import { seo } from "~/lib/seo";
import { useTranslation } from "~/lib/use-translation";
import { listReturnRequests, type ReturnListRow } from "~/services/orders/returns.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("returns.title") });

const STATE_FILTERS = ["open", ...RETURN_STATES] as const;

export const loader = adminLoader("orders.view", async ({ request, store }) => {
  const { filters, cursor, problems } = readListQuery(request, { filters: { state: STATE_FILTERS } });
  return {
    ...(await listReturnRequests(store.id, cursor, filters.state)),
    state: filters.state,
    problems,
  };
});

export default function AdminReturnsList() {
  const { state, problems, ...page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const columns: DataColumn<ReturnListRow>[] = [
    {
      key: "order",
      header: t("returns.list.order"),
      rowHeader: true,
      cell: (row) => (
        <Link
          to={`/admin/orders/${row.orderNumber}`}
          className="font-bold text-primary-ink underline underline-offset-4"
          aria-label={t("returns.list.open", { number: row.orderNumber })}
        >
          #{row.orderNumber}
        </Link>
      ),
    },
    {
      key: "shopper",
      header: t("returns.list.shopper"),
      cell: (row) => (
        <span dir="auto" className="break-words">
          {row.shopper}
        </span>
      ),
    },
    {
      key: "state",
      header: t("returns.list.state"),
      cell: (row) => <span data-state={row.state}>{t(`returns.states.${row.state}`)}</span>,
    },
    {
      key: "reason",
      header: t("returns.list.reason"),
      cell: (row) => t(`returns.reasons.${row.reasonCode}`),
    },
    { key: "units", header: t("returns.list.units"), cell: (row) => row.units },
    {
      key: "requested",
      header: t("returns.list.requested"),
      cell: (row) => <StoreDateTime iso={row.createdAt} />,
    },
  ];
  return (
    <AdminPage title={t("returns.title")}>
      <ListPage
        texts="returns.list"
        page={page}
        columns={columns}
        ignored={problems}
        filters={{
          names: ["state"],
          fields: (
            <SelectFilter
              label={t("returns.list.stateFilter")}
              name="state"
              value={state ?? ""}
              all={t("returns.list.allStates")}
              options={STATE_FILTERS.map((value) => [
                value,
                value === "open" ? t("returns.admin.todoTile") : t(`returns.states.${value}`),
              ])}
            />
          ),
        }}
      />
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
