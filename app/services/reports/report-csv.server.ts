/**
 * The sales report as CSV (app/lib/csv.ts: UTF-8 with a byte order mark, CRLF, cells a
 * spreadsheet would run as a formula written with a leading apostrophe). Three shapes: by day
 * (every day of the range, then a total row), by product (both names, so the Arabic one is
 * kept), by variant (a product's sizes or shades on rows of their own), VAT by rate (issue 35) and shipping by delivery rate (issue 33). Amounts are in major units of the store's currency, e.g. 12.50, their currency in the
 * header: a spreadsheet sums them as numbers.
 */
import { toCsv } from "~/lib/csv";
import { currencyDigits, toMajorUnits } from "~/lib/money";
import { formatRate } from "~/lib/percent";
import { variantLabel } from "~/lib/variants";
import type { SalesReport } from "./reports.server";

export const REPORT_CSV_SHAPES = ["day", "product", "variant", "vat", "shipping"] as const;
/** The name of the row of orders placed before delivery rates (the page's `reports.shippingByRate.beforeRates`). */
const BEFORE_RATES = { en: "Before delivery rates", ar: "قبل أسعار التوصيل" };

export type ReportCsvShape = (typeof REPORT_CSV_SHAPES)[number];

export function salesReportCsv(report: SalesReport, shape: ReportCsvShape, currency: string): string {
  const amount = (minor: number) => toMajorUnits(minor, currency).toFixed(currencyDigits(currency));
  if (shape === "variant") {
    // One row per variant sold, so the rows add up to the products' figures (issue 19); a
    // product sold without options is one row with empty variant cells.
    return toCsv([
      [
        "Product ID",
        "Variant ID",
        "SKU",
        "Name (en)",
        "Name (ar)",
        "Variant (en)",
        "Variant (ar)",
        "Units",
        `Discounts (${currency})`,
        `Revenue (${currency})`,
        "Refunded units",
        `Refunded (${currency})`,
      ],
      ...report.products.flatMap((row) => {
        const rows = row.variants.map((variant) => [
          row.productId,
          variant.variantId,
          variant.sku ?? "",
          row.nameEn,
          row.nameAr,
          variantLabel(variant.options, "en"),
          variantLabel(variant.options, "ar"),
          variant.units,
          amount(variant.discounts),
          amount(variant.revenue),
          variant.refundedUnits,
          amount(variant.refunded),
        ]);
        // Lines sold before the product had options (or a product without any): one row with
        // empty variant cells, so the rows always add up to the product's figures.
        type Figures = {
          units: number;
          discounts: number;
          revenue: number;
          refundedUnits: number;
          refunded: number;
        };
        const rest = (pick: (figures: Figures) => number) =>
          pick(row) - row.variants.reduce((total, variant) => total + pick(variant), 0);
        if (rest((f) => f.units) > 0 || rows.length === 0) {
          rows.push([
            row.productId,
            "",
            "",
            row.nameEn,
            row.nameAr,
            "",
            "",
            rest((f) => f.units),
            amount(rest((f) => f.discounts)),
            amount(rest((f) => f.revenue)),
            rest((f) => f.refundedUnits),
            amount(rest((f) => f.refunded)),
          ]);
        }
        return rows;
      }),
    ]);
  }
  if (shape === "vat") {
    // VAT collected per rate (issue 35): "15%", "0%" (zero-rated) or "Exempt", then a total row.
    const sum = (pick: (row: { net: number; vat: number }) => number) =>
      report.vat.reduce((total, row) => total + pick(row), 0);
    return toCsv([
      ["Rate", `Net (${currency})`, `VAT (${currency})`],
      ...report.vat.map((row) => [
        row.exempt ? "Exempt" : formatRate(row.rateBp, "en"),
        amount(row.net),
        amount(row.vat),
      ]),
      ["Total", amount(sum((row) => row.net)), amount(sum((row) => row.vat))],
    ]);
  }
  if (shape === "shipping") {
    // Shipping per delivery rate as the orders named it (both names), then a total row that is
    // the by-day CSV's shipping total. Orders from before delivery rates are one row, so named.
    return toCsv([
      ["Rate (en)", "Rate (ar)", "Orders", `Shipping (${currency})`],
      ...report.shippingRates.map((row) => [
        row.nameEn ?? (row.nameAr === null ? BEFORE_RATES.en : ""),
        row.nameAr ?? (row.nameEn === null ? BEFORE_RATES.ar : ""),
        row.orders,
        amount(row.shipping),
      ]),
      [
        "Total",
        "",
        report.shippingRates.reduce((total, row) => total + row.orders, 0),
        amount(report.shippingRates.reduce((total, row) => total + row.shipping, 0)),
      ],
    ]);
  }
  if (shape === "product") {
    return toCsv([
      [
        "Product ID",
        "Name (en)",
        "Name (ar)",
        "Units",
        `Discounts (${currency})`,
        `Revenue (${currency})`,
        "Refunded units",
        `Refunded (${currency})`,
      ],
      ...report.products.map((row) => [
        row.productId,
        row.nameEn,
        row.nameAr,
        row.units,
        amount(row.discounts),
        amount(row.revenue),
        row.refundedUnits,
        amount(row.refunded),
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
