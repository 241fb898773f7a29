/**
 * A partial refund in a browser, English and Arabic (issue 37, decision 048): on a store of its
 * own, a shopper's Cash On Delivery order of two units is shipped, delivered and its cash marked
 * received; the owner refunds one unit (back in stock) from the Refund page, sees "Partially
 * refunded" and what is left; the shopper sees the refund on their order page. Screenshots of the
 * refund form and both order pages at 1280 and 390 px.
 */
import { deliveredOwnOrder, dyes, onStore } from "./support/shop";
import {
  expect,
  expectFitsWidth,
  expectNoAxeViolations,
  login,
  shot,
  screenshots,
  t,
  test,
  waitForHydration,
  type Locale,
} from "./support/fixtures";

for (const locale of ["en", "ar"] as Locale[]) {
  test(`the owner refunds one unit of an order; the shopper sees it (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    // Shipped, delivered, cash received: now it can be refunded.
    const { store, number, shopper, context } = await deliveredOwnOrder(page, browser, locale, {
      tag: `refund-${locale}`,
      product: { nameEn: `Refund Madder ${locale}`, nameAr: "صبغة الفوّة" },
      shopperName: "Salma",
    });

    await page.getByRole("link", { name: t(locale, "refunds.refundButton"), exact: true }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: t(locale, "refunds.formTitle", { number }) }),
    ).toBeVisible();
    await waitForHydration(page);
    await expectNoAxeViolations(page, "refund form");
    await screenshots(page, `refund-form-${locale}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel(t(locale, "refunds.units")).fill("1");
    await page.getByLabel(t(locale, "refunds.restock")).check();
    await page.getByLabel(t(locale, "refunds.reason")).selectOption("damaged");
    await page
      .getByLabel(t(locale, "refunds.note"))
      .fill(locale === "ar" ? "نعتذر عن الكسر" : "Sorry about the broken jar");
    await page.getByRole("button", { name: t(locale, "refunds.submit") }).click();
    // The toast names the amount in the store's money format: matched by its words only.
    const done = t(locale, "refunds.doneToast", { amount: "" }).trim();
    await expect(page.getByText(new RegExp(`^${done}`)).first()).toBeVisible();

    // Back on the order: "Partially refunded", the refund listed and what is left.
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${number}`));
    await expect(
      page.getByText(t(locale, "orders.paymentStatuses.partially_refunded")).first(),
    ).toBeVisible();
    await expect(page.getByTestId("refunds")).toContainText(t(locale, "refunds.reasons.damaged"));
    await expect(page.getByTestId("refunds-remaining")).toBeVisible();
    await screenshots(page, `refund-admin-order-${locale}`);

    // The shopper sees the refund and the note.
    await shopper.goto(onStore(store, `/orders/${number}`, locale));
    await expect(
      shopper.getByText(t(locale, "orders.paymentStatuses.partially_refunded")).first(),
    ).toBeVisible();
    await expect(shopper.getByTestId("refunds")).toContainText(
      locale === "ar" ? "نعتذر عن الكسر" : "Sorry about the broken jar",
    );
    await screenshots(shopper, `refund-shopper-order-${locale}`);
    await context.close();
  });
}

for (const locale of ["en", "ar"] as Locale[]) {
  test(`a demo refund's credit note opens from the admin order (${locale})`, async ({ page }) => {
    // Dye & Shade Co. is registered for VAT: its demo partial refund of a delivered order has one.
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, "admin", locale);
    await page.goto(dyes("/admin/orders?payment=partially_refunded", locale));
    const open = t(locale, "admin.orders.open", { number: "" }).trim();
    await page
      .getByRole("link", { name: new RegExp(open) })
      .first()
      .click();
    await expect(page.getByTestId("refunds")).toBeVisible();
    const [note] = await Promise.all([
      page.context().waitForEvent("page"),
      page
        .getByRole("link", { name: new RegExp(t(locale, "refunds.creditNote.link", { number: "" }).trim()) })
        .first()
        .click(),
    ]);
    await note.waitForLoadState();
    await expect(
      note.getByRole("heading", { level: 1, name: t(locale, "refunds.creditNote.heading") }),
    ).toBeVisible();
    await expect(note.getByTestId("credit-note-invoice")).toBeVisible();
    await expect(note.getByTestId("invoice-total")).toContainText("-");
    await expectNoAxeViolations(note, "credit note");
    for (const width of [1280, 390]) {
      await note.setViewportSize({ width, height: 1123 });
      await expectFitsWidth(note, width, "credit note");
      await shot(note, `credit-note-${locale}-${width}`);
    }
  });
}
