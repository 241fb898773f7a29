import { codMonthFigures } from "~/services/reports/cod-figures.server";
import { data, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { GettingStarted } from "~/components/admin/GettingStarted";
import { useProductColumns } from "~/components/admin/reports/columns";
import { Figure } from "~/components/admin/reports/Figure";
import { RangeForm, useDayFormat } from "~/components/admin/reports/RangeForm";
import { SalesChart } from "~/components/admin/reports/SalesChart";
import { useMoney } from "~/components/Price";
import { Avatar } from "~/components/ui/Avatar";
import { Button } from "~/components/ui/Button";
import { DataTable } from "~/components/ui/DataTable";
import { seo } from "~/lib/seo";
import { formatInZone } from "~/lib/time-zone";
import { readReportRange } from "~/lib/validation/report-range";
import { adminLoader } from "~/http/handlers.server";
import { ANY_STAFF } from "~/lib/permissions";
import { changeOf, dashboardReport, reportTimeZone, totalsOf } from "~/services/reports/reports.server";
import { gettingStarted } from "~/services/store/getting-started.server";
import type { loader as layoutLoader } from "./admin";

/** Where each to-do tile leads: the lists filtered to exactly what the tile counts. */
export const TODO_LINKS = {
  toShip: "/admin/orders?status=confirmed",
  cashToCollect: "/admin/orders?status=delivered&payment=unpaid",
  lowStock: "/admin/products?stock=low",
  unreadRequests: "/admin/contact-requests?status=unread",
  heldReviews: "/admin/reviews?status=held",
  awaitingConfirmation: "/admin/orders?status=awaiting_confirmation",
  openReturns: "/admin/returns?state=open",
} as const;

/**
 * Every admin child declares adminLoader itself: Remix runs a child's loader without its
 * layout's, so the check must be on the child itself. A bad range shows the default range, why,
 * and answers 400.
 */
export const loader = adminLoader(ANY_STAFF, async ({ request, store }) => {
  const timeZone = await reportTimeZone(store.id);
  const { range, notice } = readReportRange(new URL(request.url).searchParams, timeZone);
  const [steps, report, cod] = await Promise.all([
    gettingStarted(store.id),
    dashboardReport(store.id, range, timeZone),
    // This month's Cash On Delivery confirmation rate and refusals (issue 34).
    codMonthFigures(store.id, timeZone),
  ]);
  const { current, previous } = report;
  const average = (figures: typeof current) =>
    figures.orders ? Math.round(figures.sales / figures.orders) : 0;
  const changes = {
    sales: changeOf(current.sales, previous.sales),
    orders: changeOf(current.orders, previous.orders),
    average: changeOf(average(current), average(previous)),
    newShoppers: changeOf(current.newShoppers, previous.newShoppers),
  };
  // Discounts given in the range, split between sales and discount codes (issue 20).
  const totals = totalsOf(report.days);
  const discountsGiven = { sales: totals.discounts, codes: totals.codeDiscounts };
  return data(
    { steps, range, notice, timeZone, ...report, average: average(current), changes, discountsGiven, cod },
    { status: notice ? 400 : 200 },
  );
});

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.dashboard") });

export default function AdminDashboard() {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/admin");
  const {
    steps,
    range,
    notice,
    timeZone,
    current,
    average,
    changes,
    days,
    topProducts,
    recent,
    todo,
    discountsGiven,
    refunded,
    cod,
  } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const dayFormat = useDayFormat();
  const productColumns = useProductColumns<(typeof topProducts)[number]>();
  const count = new Intl.NumberFormat(i18n.language);
  if (!layout) return null;
  const { admin } = layout;
  const tiles = [
    { key: "toShip", count: todo.toShip, label: t("reports.todo.toShip") },
    { key: "cashToCollect", count: todo.cashToCollect, label: t("reports.todo.cashToCollect") },
    { key: "lowStock", count: todo.lowStock, label: t("reports.todo.lowStock") },
    { key: "unreadRequests", count: todo.unreadRequests, label: t("reports.todo.unreadRequests") },
    // Counted by the admin layout for the menu's badge: no second query.
    { key: "heldReviews", count: layout.navCounts.heldReviews, label: t("reviewModeration.todoTile") },
    // Cash On Delivery orders the shopper has not confirmed yet (issue 34).
    {
      key: "awaitingConfirmation",
      count: todo.awaitingConfirmation,
      label: t("codConfirmation.admin.todoTile"),
    },
    // Return requests to decide or to refund (issue 37 item 4, decision 050).
    { key: "openReturns", count: todo.openReturns, label: t("returns.admin.todoTile") },
  ] as const;
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8">
      <h1 className="text-3xl font-extrabold">{t("admin.dashboard")}</h1>
      <GettingStarted steps={steps} />

      <section aria-labelledby="todo" className="flex flex-col gap-3">
        <h2 id="todo" className="text-xl font-extrabold">
          {t("reports.todo.title")}
        </h2>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
          {tiles.map((tile) => (
            <li key={tile.key}>
              <Link
                to={TODO_LINKS[tile.key]}
                className="flex h-full flex-col gap-1 rounded-lg border border-line bg-card p-4 hover:border-primary focus-visible:border-primary"
              >
                <span className="text-3xl font-extrabold tabular-nums">{count.format(tile.count)}</span>
                <span className="font-bold underline underline-offset-4">{tile.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="cod-month" className="flex flex-col gap-3" data-testid="cod-month">
        <h2 id="cod-month" className="text-xl font-extrabold">
          {t("codRefusals.dashboard.title")}
        </h2>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Figure
            label={t("codRefusals.dashboard.rate")}
            value={
              cod.rate === null
                ? t("reports.change.none")
                : t("codRefusals.dashboard.rateValue", {
                    rate: count.format(cod.rate),
                    confirmed: count.format(cod.confirmed),
                    decided: count.format(cod.decided),
                  })
            }
          />
          <Figure
            label={t("codRefusals.dashboard.refusedOnDelivery")}
            value={count.format(cod.refusedOnDelivery)}
          />
          <Figure
            label={t("codRefusals.dashboard.refusedByPhone")}
            value={count.format(cod.refusedByPhone)}
          />
        </dl>
      </section>

      <section aria-labelledby="performance" className="flex flex-col gap-4">
        <h2 id="performance" className="text-xl font-extrabold">
          {t("reports.performance", { start: dayFormat(range.start), end: dayFormat(range.end) })}
        </h2>
        <RangeForm range={range} notice={notice} timeZone={timeZone} />
        <p className="text-sm text-muted">
          {t("reports.comparedWith", {
            start: dayFormat(range.previous.start),
            end: dayFormat(range.previous.end),
          })}
        </p>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Figure label={t("reports.totalSales")} value={money(current.sales)} change={changes.sales} />
          <Figure label={t("reports.orders")} value={count.format(current.orders)} change={changes.orders} />
          <Figure
            label={t("reports.averageOrder")}
            value={current.orders ? money(average) : t("reports.change.none")}
            change={changes.average}
          />
          <Figure
            label={t("reports.newShoppers")}
            value={count.format(current.newShoppers)}
            change={changes.newShoppers}
          />
        </dl>
        <p data-testid="discounts-given">
          {t("discounts.report.given", {
            sales: money(discountsGiven.sales),
            codes: money(discountsGiven.codes),
          })}
        </p>
        <p data-testid="refunded-in-period">
          {t("reports.refundedInPeriod", { amount: money(refunded.amount) })}
        </p>
        <section aria-labelledby="sales-over-time" className="rounded-lg border border-line p-4">
          <h3 id="sales-over-time" className="mb-3 text-lg font-extrabold">
            {t("reports.chart.title")}
          </h3>
          <SalesChart days={days} />
        </section>
      </section>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <DataTable
          caption={t("reports.topProducts")}
          columns={[
            ...productColumns,
            { key: "revenue", header: t("reports.sales"), align: "end", cell: (row) => money(row.revenue) },
          ]}
          rows={topProducts}
          rowKey={(row) => row.productId}
          empty={t("reports.noSales")}
        />
        <div className="flex flex-col gap-2">
          <DataTable
            caption={t("reports.recentOrders")}
            columns={[
              {
                key: "number",
                header: t("reports.order"),
                rowHeader: true,
                cell: (row) => (
                  <Link to={`/admin/orders/${row.number}`} className="underline underline-offset-4">
                    #{row.number}
                  </Link>
                ),
              },
              {
                key: "name",
                header: t("reports.shopper"),
                cell: (row) => <span dir="auto">{row.name}</span>,
              },
              {
                key: "status",
                header: t("orders.status"),
                cell: (row) => t(`orders.statuses.${row.status}`),
              },
              { key: "total", header: t("orders.total"), align: "end", cell: (row) => money(row.totalCents) },
              {
                key: "date",
                header: t("orders.date"),
                cell: (row) => (
                  <time dateTime={row.createdAt}>
                    {formatInZone(row.createdAt, i18n.language, timeZone, "dateTime")}
                  </time>
                ),
              },
            ]}
            rows={recent}
            rowKey={(row) => String(row.number)}
            empty={t("reports.noOrders")}
          />
          <Link to="/admin/orders" className="self-start font-bold underline underline-offset-4">
            {t("reports.allOrders")}
          </Link>
        </div>
      </div>

      <div className="flex items-center gap-4 rounded-lg border border-line p-4">
        <Link to="/admin/profile" aria-label={t("admin.openProfile")}>
          <Avatar name={admin.name} imageId={admin.imageId} size={56} />
        </Link>
        <div className="min-w-0">
          <p className="font-bold" dir="auto">
            {t("admin.signedInAs", { name: admin.name })}
          </p>
          <p className="break-all text-muted">{admin.email}</p>
        </div>
        <Form method="post" action="/logout" className="ms-auto">
          <Button variant="secondary">{t("auth.logout")}</Button>
        </Form>
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
