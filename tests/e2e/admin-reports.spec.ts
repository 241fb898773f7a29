/**
 * The dashboard and the sales report in a browser, English and Arabic, as the demo store's admin:
 * read the figures and the chart, pick a range, see where the "orders to ship" tile leads, and
 * download the report as CSV. axe on both pages; screenshots of each at 1280 and 390 px go to
 * SHOTS_DIR (default test-results/screenshots) for a person to look at.
 */
import { readFileSync } from "node:fs";
import { parseCsv } from "../../app/lib/csv";
import { hostUrl } from "./demo";
import {
  expect,
  expectNoAxeViolations,
  login,
  screenshots,
  t,
  test,
  waitForHydration,
  type Locale,
} from "./support/fixtures";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

for (const locale of ["en", "ar"] as Locale[]) {
  test.describe(`admin dashboard and sales report (${locale})`, () => {
    // Full-page screenshots of long pages at two widths, on a shared 2-core machine.
    test.slow();
    test("the dashboard: figures, chart, a chosen range and the to-do tiles", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await login(page, "admin", locale);
      await page.goto(hostUrl("dyes", `/admin/dashboard?lng=${locale}`));
      await expect(page.getByRole("heading", { level: 1, name: t(locale, "admin.dashboard") })).toBeVisible();
      await expect(page.getByText(t(locale, "reports.totalSales"), { exact: true })).toBeVisible();
      // The demo store has orders in the last 30 days: the chart names its total and best day.
      const chart = page.getByRole("img", { name: /.+/ }).and(page.locator("svg"));
      await expect(chart).toHaveCount(1);
      await expect(chart.locator("rect").first()).toBeVisible();
      await expect(
        page.getByRole("table", { name: t(locale, "reports.recentOrders") }).getByRole("row"),
      ).toHaveCount(6);
      await expectNoAxeViolations(page, "dashboard");
      await screenshots(page, `dashboard-${locale}`);

      // The "orders to ship" tile leads to the orders list filtered to confirmed orders.
      const toShip = page.getByRole("link", { name: new RegExp(t(locale, "reports.todo.toShip")) });
      await expect(toShip).toHaveAttribute("href", "/admin/orders?status=confirmed");
      await expect(
        page.getByRole("link", { name: new RegExp(t(locale, "reports.todo.lowStock")) }),
      ).toHaveAttribute("href", "/admin/products?stock=low");

      // Last week against the week before.
      await waitForHydration(page);
      await page.getByLabel(t(locale, "reports.range.start")).fill(day(-6));
      await page.getByLabel(t(locale, "reports.range.end")).fill(day(0));
      await page.getByRole("button", { name: t(locale, "reports.range.apply") }).click();
      await expect(page).toHaveURL(new RegExp(`startDate=${day(-6)}&endDate=${day(0)}`));
      await expect(page.getByLabel(t(locale, "reports.range.start"))).toHaveValue(day(-6));
      // The figures behind the chart, in a table inside a closed <details>.
      await expect(
        page.getByRole("table", { name: t(locale, "reports.chart.table"), includeHidden: true }),
      ).toBeAttached();

      // A range that ends before it starts: the default range and why.
      await page.goto(
        hostUrl("dyes", `/admin/dashboard?lng=${locale}&startDate=${day(0)}&endDate=${day(-3)}`),
      );
      await expect(page.getByRole("alert")).toHaveText(t(locale, "reports.range.endBeforeStart"));
    });

    test("the sales report: totals, by product and by day, and the CSV download", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await login(page, "admin", locale);
      await page.goto(
        hostUrl("dyes", `/admin/sales/report?lng=${locale}&startDate=${day(-89)}&endDate=${day(0)}`),
      );
      await expect(
        page.getByRole("heading", { level: 1, name: t(locale, "admin.salesTabs.report") }),
      ).toBeVisible();
      await expect(page.getByRole("navigation", { name: t(locale, "admin.salesTabs.label") })).toBeVisible();
      const byDay = page.getByRole("table", { name: t(locale, "reports.byDay") });
      await expect(byDay.getByRole("row")).toHaveCount(91);
      await expectNoAxeViolations(page, "sales report");
      await screenshots(page, `report-${locale}`);

      await waitForHydration(page);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: t(locale, "reports.csvByDay") }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`dyes-sales-by-day-${day(-89)}-${day(0)}.csv`);
      const text = readFileSync((await download.path())!, "utf8");
      expect(text.startsWith("\ufeff")).toBe(true);
      const rows = parseCsv(text);
      expect(rows[0]!.slice(0, 3)).toEqual(["Date", "Orders", "Units"]);
      expect(rows).toHaveLength(1 + 90 + 1);
      const total = rows[rows.length - 1]!;
      expect(total[0]).toBe("Total");
      expect(Number(total[1])).toBe(rows.slice(1, -1).reduce((sum, row) => sum + Number(row[1]), 0));
      expect(Number(total[1])).toBeGreaterThan(0);

      const [byProduct] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: t(locale, "reports.csvByProduct") }).click(),
      ]);
      const products = parseCsv(readFileSync((await byProduct.path())!, "utf8"));
      expect(products[0]).toEqual([
        "Product ID",
        "Name (en)",
        "Name (ar)",
        "Units",
        "Discounts (USD)",
        "Revenue (USD)",
        "Refunded units",
        "Refunded (USD)",
      ]);
      expect(products.length).toBeGreaterThan(1);
    });
  });
}
