/**
 * Bulk actions on the admin lists (issue 39 item 4) in a browser, English and Arabic: a new shopper
 * places three Cash On Delivery orders; the admin finds them by a product's name, ticks the three
 * (by keyboard for one, "select all on this page" in Arabic), presses "Mark shipped" and the list
 * shows them Shipped; the packing slips of the three open on one page. On the products list two new
 * products are deactivated together, then deleted through the confirmation dialog. SHOTS_DIR=…
 * saves the changed pages at 1280 and 390 px.
 */
import { hostUrl } from "./demo";
import { addToCart, checkoutCod, dyes, productInStock, signUp, uniqueEmail } from "./support/shop";
import { expect, login, screenshots, submitForm, t, test, type Locale } from "./support/fixtures";

test.describe.configure({ timeout: 180_000 });

for (const locale of ["en", "ar"] as Locale[]) {
  test(`three orders marked shipped at once, their slips printed together (${locale})`, async ({
    page,
    browser,
  }) => {
    const shopper = await (await browser.newContext()).newPage();
    const email = uniqueEmail(`bulk-${locale}`);
    await signUp(shopper, locale, {
      name: locale === "ar" ? "سلمى نصار" : "Salma Nassar",
      email,
      password: "bulk-pass-1",
    });
    const slug = await productInStock(locale === "en" ? 6 : 7);
    const numbers: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await addToCart(shopper, locale, slug, 1);
      numbers.push(await checkoutCod(shopper, locale));
    }
    await shopper.context().close();

    await login(page, "admin", locale);
    await page.goto(dyes(`/admin/orders?q=${encodeURIComponent(email)}`, locale));
    const status = page
      .getByRole("status")
      .filter({ hasText: t(locale, "admin.bulk.selected", { count: 0 }) });
    await expect(status).toBeVisible();
    const box = (number: number) =>
      page.getByRole("checkbox", { name: t(locale, "admin.orders.bulk.select", { number }) });
    if (locale === "en") {
      // By keyboard: Space ticks the focused box.
      for (const number of numbers) {
        await box(number).focus();
        await page.keyboard.press("Space");
      }
    } else {
      await page.getByRole("checkbox", { name: t(locale, "admin.bulk.selectAll") }).check();
    }
    for (const number of numbers) await expect(box(number)).toBeChecked();
    await expect(
      page.getByRole("status").filter({ hasText: t(locale, "admin.bulk.selected", { count: 3 }) }),
    ).toBeVisible();
    await screenshots(page, `bulk-orders-selected-${locale}`);

    await page.getByRole("button", { name: t(locale, "admin.orders.bulk.ship") }).click();
    const result = page.getByTestId("bulk-result");
    await expect(result).toContainText(t(locale, "admin.orders.bulk.done.ship"));
    for (const number of numbers) await expect(result).toContainText(`#${number}`);
    const shipped = page.getByRole("row").filter({ hasText: t(locale, "orders.statuses.shipped") });
    await expect(shipped).toHaveCount(3);
    // The choice starts again once the action has answered.
    for (const number of numbers) await expect(box(number)).not.toBeChecked();
    await screenshots(page, `bulk-orders-shipped-${locale}`);

    // Their packing slips, one page for the three (the button opens it in a new tab).
    for (const number of numbers) await box(number).check();
    const [slips] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("button", { name: t(locale, "admin.orders.bulk.slips") }).click(),
    ]);
    await slips.waitForLoadState();
    await expect(
      slips.getByRole("heading", { level: 2, name: t(locale, "admin.orders.slip.heading") }),
    ).toHaveCount(3);
    for (const number of numbers)
      await expect(
        slips.getByText(t(locale, "admin.orders.slip.order", { number }), { exact: true }),
      ).toBeVisible();
    await screenshots(slips, `bulk-packing-slips-${locale}`);
  });

  test(`products deactivated together, then deleted after the confirmation (${locale})`, async ({ page }) => {
    await login(page, "admin", locale);
    const tag = `bulk${locale}${Date.now().toString(36)}`;
    const names = [`${tag} Amber`, `${tag} Bronze`];
    for (const name of names) {
      await submitForm(page, hostUrl("dyes", `/admin/products/new?lng=${locale}`), {
        nameEn: name,
        nameAr: `${name} ع`,
        price: "9.50",
        stock: "4",
        active: "on",
      });
    }
    const shown = (name: string) => (locale === "ar" ? `${name} ع` : name);
    await page.goto(dyes(`/admin/products?q=${tag}`, locale));
    const box = (name: string) =>
      page.getByRole("checkbox", { name: t(locale, "admin.products.bulk.select", { name: shown(name) }) });
    for (const name of names) await box(name).check();
    await page.getByRole("button", { name: t(locale, "admin.products.bulk.deactivate") }).click();
    const result = page.getByTestId("bulk-result");
    await expect(result).toContainText(t(locale, "admin.products.bulk.done.deactivate"));
    await expect(page.getByRole("row").filter({ hasText: t(locale, "admin.products.inactive") })).toHaveCount(
      2,
    );
    await screenshots(page, `bulk-products-deactivated-${locale}`);

    for (const name of names) await box(name).check();
    await page.getByRole("button", { name: t(locale, "admin.products.bulk.delete") }).click();
    const dialog = page.getByRole("dialog", { name: t(locale, "admin.products.bulk.deleteTitle") });
    await expect(dialog).toContainText(t(locale, "admin.products.bulk.deleteDescription", { count: 2 }));
    await screenshots(page, `bulk-products-delete-dialog-${locale}`);
    await dialog.getByRole("button", { name: t(locale, "admin.products.bulk.delete") }).click();
    await expect(result).toContainText(t(locale, "admin.products.bulk.done.delete"));
    await expect(page.getByRole("row").filter({ hasText: tag })).toHaveCount(0);
  });
}
