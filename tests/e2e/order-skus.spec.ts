/**
 * SKUs where orders are picked (issue 39), in a browser, English and Arabic: a new shopper orders a
 * dye in sizes; the admin's order page and its packing slip show the line's size and its SKU as
 * sold. SHOTS_DIR=… saves both pages at 1280 and 390 px.
 */
import { dyes, placeCodOrder, signUp, uniqueEmail } from "./support/shop";
import { expect, login, screenshots, t, test, type Locale } from "./support/fixtures";

test.describe.configure({ timeout: 180_000 });

/** The demo's dye in sizes: the cart takes its first size, 50 g (app/db/seed/plan/variants.ts). */
const SLUG = "crimson-red-fabric-dye";
const SKU = "CRIMSON-RED-FABRIC-DYE-50-G";

for (const locale of ["en", "ar"] as Locale[]) {
  test(`the order page and the packing slip show each line's SKU (${locale})`, async ({ page, browser }) => {
    const shopper = await (await browser.newContext()).newPage();
    await signUp(shopper, locale, {
      name: locale === "ar" ? "سلمى نصار" : "Salma Nassar",
      email: uniqueEmail(`order-skus-${locale}`),
      password: "order-pass-1",
    });
    // The order through its requests: this test is about the pages that show it, not the checkout.
    const number = await placeCodOrder(shopper, locale, SLUG, 1);
    // The shopper's own page names the size, not the SKU.
    await shopper.goto(dyes(`/orders/${number}`, locale));
    await expect(shopper.getByRole("heading", { name: t(locale, "orders.lines") })).toBeVisible();
    await expect(shopper.getByTestId("line-sku")).toHaveCount(0);

    await login(page, "admin", locale);
    await page.goto(dyes(`/admin/orders/${number}`, locale));
    const size = locale === "ar" ? "الحجم: 50 غ" : "Size: 50 g";
    const line = page.getByRole("row").filter({ hasText: size });
    await expect(line).toBeVisible();
    await expect(line.getByTestId("line-sku")).toHaveText(`${t(locale, "orders.skuLabel")} ${SKU}`);
    await screenshots(page, `order-skus-admin-order-${locale}`);

    await page.goto(dyes(`/admin/orders/${number}/packing-slip`, locale));
    await expect(
      page.getByRole("heading", { level: 1, name: t(locale, "admin.orders.slip.heading") }),
    ).toBeVisible();
    const slipLine = page.getByRole("row").filter({ hasText: size });
    await expect(slipLine.getByTestId("line-sku")).toHaveText(`${t(locale, "orders.skuLabel")} ${SKU}`);
    await screenshots(page, `order-skus-packing-slip-${locale}`);
  });
}
