import { data, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { AdminPage } from "~/components/admin/AdminPage";
import { useProductColumns } from "~/components/admin/reports/columns";
import { Figure } from "~/components/admin/reports/Figure";
import { RangeForm, useDayFormat } from "~/components/admin/reports/RangeForm";
import { ReportBreakdown } from "~/components/admin/reports/ReportBreakdown";
import { SalesTabs } from "~/components/admin/SalesTabs";
import { useMoney } from "~/components/Price";
import { Button } from "~/components/ui/Button";
import { DataTable } from "~/components/ui/DataTable";
import { adminLoader } from "~/http/handlers.server";
import { formatRate } from "~/lib/percent";
import { seo } from "~/lib/seo";
import { rangeSearch, readReportRange } from "~/lib/validation/report-range";
import type { ReportCsvShape } from "~/services/reports/report-csv.server";
import { reportTimeZone, salesReport } from "~/services/reports/reports.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.salesTabs.report") });

/** The sales report for a range (default the last 30 days); a bad range shows the default and why (400). */
import { refusedOnDeliveryIn } from "~/services/reports/cod-figures.server";

export const loader = adminLoader("reports.view", async ({ request, store }) => {
  const timeZone = await reportTimeZone(store.id);
  const { range, notice } = readReportRange(new URL(request.url).searchParams, timeZone);
  const report = await salesReport(store.id, range, timeZone);
  // Refused at the door (issue 34): cancelled, so never in the sales above; counted apart.
  const refused = await refusedOnDeliveryIn(store.id, range, timeZone);
  return data({ range, notice, timeZone, ...report, refused }, { status: notice ? 400 : 200 });
});

export default function SalesReportPage() {
  const { range, notice, timeZone, totals, days, products, refused, vat, shippingRates, refunds } =
    useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const dayFormat = useDayFormat();
  const productColumns = useProductColumns<(typeof products)[number]>();
  const count = new Intl.NumberFormat(i18n.language);
  const csv = (by: ReportCsvShape) => `/admin/sales/report.csv?${rangeSearch(range)}&by=${by}`;
  return (
    <AdminPage title={t("admin.salesTabs.report")}>
      <SalesTabs />
      <RangeForm range={range} notice={notice} timeZone={timeZone} />
      <div className="flex flex-wrap gap-3">
        <Button to={csv("day")} reloadDocument variant="secondary">
          {t("reports.csvByDay")}
        </Button>
        <Button to={csv("product")} reloadDocument variant="secondary">
          {t("reports.csvByProduct")}
        </Button>
        <Button to={csv("variant")} reloadDocument variant="secondary">
          {t("reports.csvByVariant")}
        </Button>
      </div>
      <section aria-labelledby="report-totals" className="flex flex-col gap-3">
        <h2 id="report-totals" className="text-xl font-extrabold">
          {t("reports.totalsFor", { start: dayFormat(range.start), end: dayFormat(range.end) })}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <Figure label={t("reports.revenue")} value={money(totals.revenue)} />
          <Figure label={t("reports.orders")} value={count.format(totals.orders)} />
          <Figure label={t("reports.units")} value={count.format(totals.units)} />
          <Figure label={t("discounts.report.sales")} value={money(totals.discounts)} />
          <Figure label={t("discounts.report.codes")} value={money(totals.codeDiscounts)} />
        </dl>
        <p className="text-sm text-muted">{t("reports.definition")}</p>
        <p data-testid="refused-on-delivery">
          {t("codRefusals.report.refused", {
            count: refused.orders,
            formatted: count.format(refused.orders),
            total: money(refused.totalCents),
          })}
        </p>
      </section>
      <ReportBreakdown
        id="report-vat"
        heading={t("reports.vat.heading")}
        definition={t("reports.vat.definition")}
        caption={t("reports.vat.caption")}
        columns={[
          {
            key: "rate",
            header: t("reports.vat.rate"),
            rowHeader: true,
            cell: (row) => (row.exempt ? t("reports.vat.exempt") : formatRate(row.rateBp, i18n.language)),
          },
          { key: "net", header: t("reports.vat.net"), align: "end", cell: (row) => money(row.net) },
          { key: "vat", header: t("reports.vat.amount"), align: "end", cell: (row) => money(row.vat) },
        ]}
        rows={vat}
        rowKey={(row) => (row.exempt ? "exempt" : String(row.rateBp))}
        empty={t("reports.noSales")}
        total={t("reports.vat.total", { amount: money(vat.reduce((sum, row) => sum + row.vat, 0)) })}
        csv={{ href: csv("vat"), label: t("reports.vat.csv") }}
      />
      <ReportBreakdown
        id="report-shipping"
        heading={t("reports.shippingByRate.heading")}
        definition={t("reports.shippingByRate.definition")}
        caption={t("reports.shippingByRate.caption")}
        columns={[
          {
            key: "rate",
            header: t("reports.shippingByRate.rate"),
            rowHeader: true,
            cell: (row) =>
              (i18n.language === "ar" ? (row.nameAr ?? row.nameEn) : (row.nameEn ?? row.nameAr)) ??
              t("reports.shippingByRate.beforeRates"),
          },
          {
            key: "orders",
            header: t("reports.shippingByRate.orders"),
            align: "end",
            cell: (row) => count.format(row.orders),
          },
          {
            key: "shipping",
            header: t("reports.shippingByRate.amount"),
            align: "end",
            cell: (row) => money(row.shipping),
          },
        ]}
        rows={shippingRates}
        rowKey={(row) => `${row.nameEn ?? ""}\u0000${row.nameAr ?? ""}`}
        empty={t("reports.noSales")}
        total={t("reports.shippingByRate.total", { amount: money(totals.shipping) })}
        csv={{ href: csv("shipping"), label: t("reports.shippingByRate.csv") }}
      />
      <ReportBreakdown
        id="report-refunds"
        heading={t("refunds.report.heading")}
        definition={t("refunds.report.definition")}
        caption={t("refunds.report.caption")}
        columns={[
          {
            key: "reason",
            header: t("refunds.reason"),
            rowHeader: true,
            cell: (row) => t(`refunds.reasons.${row.reason}`),
          },
          {
            key: "refunds",
            header: t("refunds.report.count"),
            align: "end",
            cell: (row) => count.format(row.refunds),
          },
          {
            key: "amount",
            header: t("refunds.report.amount"),
            align: "end",
            cell: (row) => money(row.amount),
          },
        ]}
        rows={refunds}
        rowKey={(row) => row.reason}
        empty={t("refunds.none")}
        total={t("refunds.report.total", {
          amount: money(refunds.reduce((sum, row) => sum + row.amount, 0)),
        })}
      />
      <DataTable
        caption={t("reports.byProduct")}
        columns={[
          ...productColumns,
          {
            key: "discounts",
            header: t("discounts.report.sales"),
            align: "end",
            cell: (row) => money(row.discounts),
          },
          { key: "revenue", header: t("reports.revenue"), align: "end", cell: (row) => money(row.revenue) },
        ]}
        rows={products}
        rowKey={(row) => row.productId}
        empty={t("reports.noSales")}
      />
      <DataTable
        caption={t("reports.byDay")}
        columns={[
          { key: "day", header: t("reports.day"), rowHeader: true, cell: (row) => dayFormat(row.day) },
          {
            key: "orders",
            header: t("reports.orders"),
            align: "end",
            cell: (row) => count.format(row.orders),
          },
          { key: "units", header: t("reports.units"), align: "end", cell: (row) => count.format(row.units) },
          {
            key: "discounts",
            header: t("discounts.report.sales"),
            align: "end",
            cell: (row) => money(row.discounts),
          },
          {
            key: "codeDiscounts",
            header: t("discounts.report.codes"),
            align: "end",
            cell: (row) => money(row.codeDiscounts),
          },
          {
            key: "shipping",
            header: t("reports.shipping"),
            align: "end",
            cell: (row) => money(row.shipping),
          },
          { key: "revenue", header: t("reports.revenue"), align: "end", cell: (row) => money(row.revenue) },
        ]}
        rows={days}
        rowKey={(row) => row.day}
        empty={t("reports.noSales")}
      />
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
