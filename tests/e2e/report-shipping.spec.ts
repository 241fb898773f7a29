/**
 * The sales report's shipping by delivery rate (issue 33's last item) in a browser, English and
 * Arabic: on a store of their own, the owner names the "Everywhere" zone's rate "Riyadh courier"
 * at 3.00; a shopper orders; the owner renames it "City courier" at 5.00; the shopper orders
 * again. The report lists both rates as the orders froze them (most shipping first), with their
 * orders and amounts, and downloads them as `?by=shipping`. Screenshots at 1280 and 390 px.
 */
import { readFileSync } from "node:fs";
import { parseCsv } from "../../app/lib/csv";
import { formatMoney } from "../../app/lib/money";
import { hostUrl } from "./demo";
import { newShopper, ownProduct, placeCodOrder } from "./support/shop";
import {
  expect,
  expectNoAxeViolations,
  ownStore,
  screenshots,
  submitForm,
  t,
  test,
  waitForHydration,
  type Locale,
} from "./support/fixtures";

const RATE_FIELDS = {
  intent: "save",
  kind: "flat",
  estimateEn: "",
  estimateAr: "",
  bands: "",
  extraStep: "",
};

for (const locale of ["en", "ar"] as Locale[]) {
  test(`the sales report splits shipping by the rate each order froze (${locale})`, async ({
    page,
    browser,
  }) => {
    // Two orders by a shopper and two rate edits on a store of its own.
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { store } = await ownStore(page, `repship-${locale}`, locale);
    const dye = await ownProduct(page, store, {
      nameEn: `Ship Woad ${locale}`,
      nameAr: "وسمة",
      price: "10.00",
      stock: 9,
    });
    // The sign-up's zone and its one rate.
    await page.goto(hostUrl(store, `/admin/shipping?lng=${locale}`));
    const zone = await page
      .locator('a[href^="/admin/shipping/"]:not([href$="/new"])')
      .first()
      .getAttribute("href");
    await page.goto(hostUrl(store, `${zone}?lng=${locale}`));
    const rate = await page
      .locator(`a[href^="${zone}/rates/"]:not([href$="/new"])`)
      .first()
      .getAttribute("href");
    const rename = (nameEn: string, nameAr: string, price: string) =>
      submitForm(page, hostUrl(store, `${rate}?lng=${locale}`), {
        ...RATE_FIELDS,
        nameEn,
        nameAr,
        price,
        extraPrice: "",
        freeFrom: "",
        codAllowed: "on",
        codFee: "",
      });

    await rename("Riyadh courier", "مندوب الرياض", "3.00");
    const { page: shopper, context } = await newShopper(browser, locale, store, "Huda");
    await placeCodOrder(shopper, locale, dye, 1, store);
    await rename("City courier", "مندوب المدينة", "5.00");
    await placeCodOrder(shopper, locale, dye, 1, store);
    await context.close();

    await page.goto(hostUrl(store, `/admin/sales/report?lng=${locale}`));
    const block = page.getByTestId("report-shipping");
    await expect(
      block.getByRole("heading", { name: t(locale, "reports.shippingByRate.heading") }),
    ).toBeVisible();
    const table = block.getByRole("table", { name: t(locale, "reports.shippingByRate.caption") });
    const rows = table.getByRole("row");
    // A header row, then most shipping first: the renamed rate's order, then the earlier name's.
    await expect(rows).toHaveCount(3);
    const name = (en: string, ar: string) => (locale === "ar" ? ar : en);
    const number = (n: number) => new Intl.NumberFormat(locale).format(n);
    await expect(rows.nth(1).getByRole("rowheader")).toHaveText(name("City courier", "مندوب المدينة"));
    await expect(rows.nth(1)).toContainText(number(1));
    await expect(rows.nth(1)).toContainText(formatMoney(500, "USD", locale));
    await expect(rows.nth(2).getByRole("rowheader")).toHaveText(name("Riyadh courier", "مندوب الرياض"));
    await expect(rows.nth(2)).toContainText(formatMoney(300, "USD", locale));
    await expect(block).toContainText(
      t(locale, "reports.shippingByRate.total", { amount: formatMoney(800, "USD", locale) }),
    );
    await expectNoAxeViolations(page, "report shipping");

    await waitForHydration(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      block.getByRole("link", { name: t(locale, "reports.shippingByRate.csv") }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${store}-sales-by-shipping-`));
    const csv = parseCsv(readFileSync((await download.path())!, "utf8"));
    expect(csv).toEqual([
      ["Rate (en)", "Rate (ar)", "Orders", "Shipping (USD)"],
      ["City courier", "مندوب المدينة", "1", "5.00"],
      ["Riyadh courier", "مندوب الرياض", "1", "3.00"],
      ["Total", "", "2", "8.00"],
    ]);

    await block.scrollIntoViewIfNeeded();
    await screenshots(page, `report-shipping-${locale}`);
  });
}
