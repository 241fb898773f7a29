/**
 * The sales report as CSV (app/lib/csv.ts: UTF-8 with a byte order mark, CRLF, cells a
 * spreadsheet would run as a formula written with a leading apostrophe). Two shapes: by day
 * (every day of the range, then a total row) and by product (both names, so the Arabic one is
 * kept). Amounts are in major units of the store's currency, e.g. 12.50, their currency in the
 * header: a spreadsheet sums them as numbers.
 */
import { toCsv } from "~/lib/csv";
import { currencyDigits, toMajorUnits } from "~/lib/money";
import type { SalesReport } from "./reports.server";

export const REPORT_CSV_SHAPES = ["day", "product"] as const;
export type ReportCsvShape = (typeof REPORT_CSV_SHAPES)[number];

export function salesReportCsv(report: SalesReport, shape: ReportCsvShape, currency: string): string {
  const amount = (minor: number) => toMajorUnits(minor, currency).toFixed(currencyDigits(currency));
  if (shape === "product") {
    return toCsv([
      ["Product ID", "Name (en)", "Name (ar)", "Units", `Discounts (${currency})`, `Revenue (${currency})`],
      ...report.products.map((row) => [
        row.productId,
        row.nameEn,
        row.nameAr,
        row.units,
        amount(row.discounts),
        amount(row.revenue),
      ]),
    ]);
  }
  const { totals } = report;
  return toCsv([
    [
      "Date",
      "Orders",
      "Units",
      `Goods before discounts (${currency})`,
      `Discounts (${currency})`,
      `Shipping (${currency})`,
      `Revenue (${currency})`,
      `Code discounts (${currency})`,
    ],
    ...report.days.map((row) => [
      row.day,
      row.orders,
      row.units,
      amount(row.subtotal),
      amount(row.discounts),
      amount(row.shipping),
      amount(row.revenue),
      amount(row.codeDiscounts),
    ]),
    [
      "Total",
      totals.orders,
      totals.units,
      amount(totals.subtotal),
      amount(totals.discounts),
      amount(totals.shipping),
      amount(totals.revenue),
      amount(totals.codeDiscounts),
    ],
  ]);
}
