/**
 * A return requested by the shopper, in a browser, English and Arabic (issue 37 item 4, decision
 * 050): on a store of its own, a shopper's Cash On Delivery order of two units is shipped,
 * delivered and its cash received; the shopper asks to return one unit from their order page;
 * the owner approves it, marks it received and refunds it from the refund page (filled in with
 * the unit received); the shopper sees the return refunded and the refund, and opens its credit
 * note (the store is registered for VAT, so the order was invoiced). Screenshots of the
 * shopper's order page, the admin order page, the returns list and the refund page at 1280 and
 * 390 px.
 */
import { deliveredOwnOrder, onStore, registerForVat } from "./support/shop";
import {
  dismissToasts,
  expect,
  expectNoAxeViolations,
  expectToast,
  screenshots,
  t,
  test,
  waitForHydration,
  type Locale,
} from "./support/fixtures";

for (const locale of ["en", "ar"] as Locale[]) {
  test(`the shopper returns one unit; the owner approves, receives and refunds it (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    // Registered for VAT: the delivered order is invoiced, so its refund gets a credit note.
    const { store, number, shopper, context } = await deliveredOwnOrder(page, browser, locale, {
      tag: `return-${locale}`,
      product: { nameEn: `Return Indigo ${locale}`, nameAr: "صبغة النيلة" },
      shopperName: "Huda",
      prepare: (store) =>
        registerForVat(page, store, locale, { en: "Own Returns Trading Co.", ar: "شركة المرتجعات للتجارة" }),
    });

    // The shopper asks to return one unit.
    await shopper.goto(onStore(store, `/orders/${number}`, locale));
    const form = shopper.getByTestId("return-form");
    await expect(form).toBeVisible();
    await expectNoAxeViolations(shopper, "shopper order with the return form");
    await screenshots(shopper, `return-form-${locale}`);
    await form.getByLabel(t(locale, "returns.request.units")).fill("1");
    await form.getByLabel(t(locale, "returns.request.reason")).selectOption("damaged");
    await form
      .getByLabel(t(locale, "returns.request.comment"))
      .fill(locale === "ar" ? "الغطاء مكسور" : "The lid is cracked");
    await form.getByRole("button", { name: t(locale, "returns.request.submit") }).click();
    await expectToast(shopper, t(locale, "returns.request.sentToast"));
    await expect(shopper.getByTestId("return-state")).toHaveAttribute("data-state", "requested");

    // The owner finds it in the list and approves it on the order.
    await page.goto(onStore(store, "/admin/returns?state=open", locale));
    await expect(page.getByRole("heading", { level: 1, name: t(locale, "returns.title") })).toBeVisible();
    await expectNoAxeViolations(page, "returns list");
    await screenshots(page, `returns-list-${locale}`);
    await page
      .getByRole("link", { name: t(locale, "returns.list.open", { number }) })
      .first()
      .click();
    const panel = page.getByTestId("admin-returns");
    await expect(panel).toBeVisible();
    await waitForHydration(page);
    await screenshots(page, `return-admin-order-${locale}`);
    await panel
      .getByLabel(t(locale, "returns.admin.message"))
      .fill(locale === "ar" ? "أعيدي البرطمان من فضلك" : "Please send the jar back");
    await panel.getByRole("button", { name: t(locale, "returns.admin.approve") }).click();
    await expectToast(page, t(locale, "returns.admin.approvedToast"));
    await dismissToasts(page, locale);
    await panel.getByRole("button", { name: t(locale, "returns.admin.markReceived") }).click();
    await expectToast(page, t(locale, "returns.admin.receivedToast"));

    // The refund page is filled in with the unit received.
    await panel.getByRole("link", { name: t(locale, "returns.admin.refund") }).click();
    await expect(page.getByTestId("refund-from-return")).toBeVisible();
    await expect(page.getByLabel(t(locale, "refunds.units"))).toHaveValue("1");
    await waitForHydration(page);
    await screenshots(page, `return-refund-form-${locale}`);
    await page.getByRole("button", { name: t(locale, "refunds.submit") }).click();
    const done = t(locale, "refunds.doneToast", { amount: "" }).trim();
    await expect(page.getByText(new RegExp(`^${done}`)).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${number}$`));
    await expect(page.getByTestId("return-state")).toHaveAttribute("data-state", "refunded");

    // The shopper sees the return refunded and the refund.
    await shopper.goto(onStore(store, `/orders/${number}`, locale));
    await expect(shopper.getByTestId("return-state")).toHaveAttribute("data-state", "refunded");
    await expect(shopper.getByTestId("refunds")).toContainText(t(locale, "refunds.reasons.returned"));
    await expect(
      shopper.getByText(t(locale, "orders.paymentStatuses.partially_refunded")).first(),
    ).toBeVisible();
    await screenshots(shopper, `return-refunded-${locale}`);
    // …and opens the refund's credit note from there.
    const [note] = await Promise.all([
      shopper.context().waitForEvent("page"),
      shopper
        .getByRole("link", { name: new RegExp(t(locale, "refunds.creditNote.link", { number: "" }).trim()) })
        .first()
        .click(),
    ]);
    await note.waitForLoadState();
    await expect(
      note.getByRole("heading", { level: 1, name: t(locale, "refunds.creditNote.heading") }),
    ).toBeVisible();
    await expect(note.getByTestId("invoice-total")).toContainText("-");
    await context.close();
  });
}
