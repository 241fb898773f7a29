/**
 * Cash On Delivery controls in a browser, English and Arabic (issue 20, decision 030): the owner
 * sets a COD fee in Payment Options and a new shopper sees it as its own line on the next
 * checkout, in the total, and on the confirmation page; with a ceiling below the cart COD is not
 * offered and the checkout says up to how much. The admin's new-order email arrives and links to
 * the order. The profile's alerts switch. axe on the pages; screenshots at 1280 and 390 px.
 *
 * Each test runs in a store of its own (`ownStore`, with a product made through the admin's form):
 * the demo stores' settings stay as seeded and the spec runs beside the others.
 */
import type { Page } from "@playwright/test";
import { formatMoney } from "../../app/lib/money";
import { linkIn, waitForMailAbout } from "./support/mail";
import { addToCart, fillShipping, onStore, ownProduct, newShopper } from "./support/shop";
import { axe, expect, expectToast, ownStore, screenshots, t, test, type Locale } from "./support/fixtures";

test.describe.configure({ timeout: 120_000 });

const OPTIONS = "/admin/storesetting/paymentOptions";

async function expectAccessible(page: Page, label: string) {
  const results = await axe(page).exclude("[data-sonner-toaster]").analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
    label,
  ).toEqual([]);
}

/** The owner's COD form: fee and ceiling as typed ("" = no limit), saved. */
async function saveCod(page: Page, store: string, locale: Locale, fee: string, max: string) {
  await page.goto(onStore(store, OPTIONS, locale));
  await page.getByLabel(t(locale, "codControls.fee"), { exact: true }).fill(fee);
  await page.getByLabel(t(locale, "codControls.maxTotal")).fill(max);
  await page
    .getByRole("button", { name: t(locale, "paymentOptions.save") })
    .first()
    .click();
  await expectToast(page, t(locale, "paymentOptions.codSaved"));
}

for (const locale of ["en", "ar"] as Locale[]) {
  test(`each admin turns new-order alerts on or off in the profile (${locale})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { store } = await ownStore(page, `alerts-${locale}`, locale);
    await page.goto(onStore(store, "/admin/profile", locale));
    const box = page.getByLabel(t(locale, "orderAlerts.label"));
    // A new owner has them on.
    await expect(box).toBeChecked();
    await expectAccessible(page, "profile");
    await screenshots(page, `admin-profile-alerts-${locale}`);
    await box.uncheck();
    await page.getByRole("button", { name: t(locale, "orderAlerts.save") }).click();
    await expectToast(page, t(locale, "toast.updateSuccess"));
    await page.reload();
    await expect(page.getByLabel(t(locale, "orderAlerts.label"))).not.toBeChecked();
    // On again, and in English.
    await page.getByLabel(t(locale, "orderAlerts.label")).check();
    await page.getByLabel(t(locale, "orderAlerts.language")).selectOption("en");
    await page.getByRole("button", { name: t(locale, "orderAlerts.save") }).click();
    await expectToast(page, t(locale, "toast.updateSuccess"));
    await page.reload();
    await expect(page.getByLabel(t(locale, "orderAlerts.label"))).toBeChecked();
  });

  test(`the owner's COD fee shows on the next checkout; above the ceiling COD is not offered (${locale})`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const owner = await ownStore(page, `cod-${locale}`, locale);
    const slug = await ownProduct(page, owner.store, {
      nameEn: `Cod Madder ${locale} ${Date.now().toString(36)}`,
      nameAr: "فوة",
      price: "10.00",
      stock: 20,
    });
    await saveCod(page, owner.store, locale, locale === "en" ? "2.25" : "3", "");
    await expect(
      page.getByRole("heading", { level: 1, name: t(locale, "paymentOptions.title") }),
    ).toBeVisible();
    await expectAccessible(page, "payment options");
    await screenshots(page, `payment-options-${locale}`);

    // A new shopper, in a browser context of their own.
    const { page: shopper, context: shopperContext } = await newShopper(
      browser,
      locale,
      owner.store,
      locale === "ar" ? "نور خليل" : "Nour Khalil",
    );
    await addToCart(shopper, locale, slug, undefined, owner.store);

    await shopper.goto(onStore(owner.store, "/checkout", locale));
    const fee = formatMoney(locale === "en" ? 225 : 300, "USD", locale);
    const feeLine = shopper.getByTestId("checkout-cod-fee");
    await expect(feeLine).toBeVisible();
    await expect(feeLine).toContainText(t(locale, "codControls.feeLine"));
    await expect(feeLine).toContainText(fee);
    await expect(shopper.getByLabel(t(locale, "payment.cod"))).toBeChecked();
    await expect(shopper.getByText(t(locale, "codControls.feeHint", { amount: fee }))).toBeVisible();
    await fillShipping(shopper, locale);
    await expectAccessible(shopper, "checkout with a COD fee");
    await screenshots(shopper, `checkout-cod-fee-${locale}`);
    const total = (await shopper.getByTestId("checkout-total").innerText()).trim();

    await shopper.getByRole("button", { name: t(locale, "checkout.placeOrder") }).click();
    await expect(shopper).toHaveURL(/\/orders\/\d+\/confirmed/);
    await expect(shopper.getByText(t(locale, "codControls.feeLine"))).toBeVisible();
    await expect(shopper.getByText(fee, { exact: true })).toBeVisible();
    await expect(shopper.getByText(total, { exact: true })).toBeVisible();
    const number = Number(/\/orders\/(\d+)\//.exec(shopper.url())![1]);

    // The store's owner is told, in the owner's language, with a link to the order's admin page,
    // which shows the fee too.
    const alert = await waitForMailAbout(owner.email, `#${number}`);
    expect(alert.subject).toBe(t(locale, "orderAlerts.email.subject", { store: owner.name, number }));
    expect(alert.body).toContain(fee);
    await page.goto(linkIn(alert, `/admin/orders/${number}`));
    await expect(page.getByTestId("order-cod-fee")).toBeVisible();

    // A ceiling below any cart: COD is no longer offered, and the checkout says why.
    await saveCod(page, owner.store, locale, locale === "en" ? "2.25" : "3", "1");
    await addToCart(shopper, locale, slug, undefined, owner.store);
    await shopper.goto(onStore(owner.store, "/checkout", locale));
    await expect(shopper.getByTestId("cod-notice")).toHaveText(
      t(locale, "codControls.overMax", { amount: formatMoney(100, "USD", locale) }),
    );
    await expect(shopper.getByLabel(t(locale, "payment.cod"))).toHaveCount(0);
    await expect(shopper.getByTestId("checkout-cod-fee")).toHaveCount(0);
    await screenshots(shopper, `checkout-cod-ceiling-${locale}`);
    await shopperContext.close();
  });
}
