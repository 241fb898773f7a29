/**
 * Cash On Delivery confirmation in a browser, English and Arabic (issue 34, decision 040): the
 * owner turns on "Ask shoppers to confirm Cash On Delivery orders"; a new shopper places a COD
 * order, opens the link from the email, signed out, and presses "Confirm my order"; the admin
 * sees the order Confirmed, with how in its history. Screenshots at 1280 and 390 px.
 *
 * Each test runs in a store of its own (`ownStore`, with a product made through the admin's form),
 * so the demo stores' COD orders stay as seeded and the spec runs beside the others.
 */
import type { Page } from "@playwright/test";
import { waitForMailAbout } from "./support/mail";
import { onStore, ownProduct, placeCodOrder, newShopper } from "./support/shop";
import { expect, expectToast, ownStore, screenshots, t, test, type Locale } from "./support/fixtures";

test.describe.configure({ timeout: 120_000 });

const OPTIONS = "/admin/storesetting/paymentOptions";

async function setConfirm(page: Page, store: string, locale: Locale, on: boolean) {
  await page.goto(onStore(store, OPTIONS, locale));
  const box = page.getByLabel(t(locale, "codConfirmation.settings.label"));
  if (on) await box.check();
  else await box.uncheck();
  await page
    .getByRole("button", { name: t(locale, "paymentOptions.save") })
    .first()
    .click();
  await expectToast(page, t(locale, "paymentOptions.codSaved"));
}

for (const locale of ["en", "ar"] as Locale[]) {
  test(`a COD shopper confirms through the emailed link; the admin sees it confirmed (${locale})`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { store } = await ownStore(page, `codconfirm-${locale}`, locale);
    const slug = await ownProduct(page, store, {
      nameEn: `Confirm Indigo ${locale} ${Date.now().toString(36)}`,
      nameAr: "نيلة",
      price: "8.00",
      stock: 10,
    });
    await setConfirm(page, store, locale, true);
    await screenshots(page, `cod-confirm-settings-${locale}`);

    const {
      page: shopper,
      context: shopperContext,
      email,
    } = await newShopper(browser, locale, store, locale === "ar" ? "سلمى ناصر" : "Salma Nasser");
    const number = await placeCodOrder(shopper, locale, slug, 1, store);
    await shopper.goto(onStore(store, `/orders/${number}/confirmed`, locale));
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText(
      t(locale, "codConfirmation.placed.title"),
    );
    await shopperContext.close();

    // The link from the email, in a browser that is signed out.
    const mail = await waitForMailAbout(email, `#${number}`);
    const link = /https?:\/\/[^\s"<]+\/confirm-order\/[A-Za-z0-9._-]+/.exec(mail.body)?.[0];
    expect(link, mail.body).toBeDefined();
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${link}?lng=${locale}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(
      t(locale, "codConfirmation.page.title", { number }),
    );
    await screenshots(visitor, `cod-confirm-link-${locale}`);
    await visitor.getByRole("button", { name: t(locale, "codConfirmation.page.confirm") }).click();
    await expectToast(visitor, t(locale, "codConfirmation.page.confirmedToast"));
    await expect(
      visitor.getByRole("button", { name: t(locale, "codConfirmation.page.confirm") }),
    ).toHaveCount(0);
    await screenshots(visitor, `cod-confirm-link-done-${locale}`);
    await visitorContext.close();

    await page.goto(onStore(store, `/admin/orders/${number}`, locale));
    await expect(
      page.getByText(t(locale, "codConfirmation.events.confirmedByShopper"), { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: t(locale, "admin.orders.steps.ship") })).toBeVisible();
    await screenshots(page, `cod-confirm-admin-${locale}`);
  });
}
