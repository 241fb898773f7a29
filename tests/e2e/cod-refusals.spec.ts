/**
 * A store's Cash On Delivery refusal history in a browser, English and Arabic (issue 34 items 6-7,
 * decision 040): a shopper places a COD order; the owner ships it and marks it "Refused on
 * delivery"; the shopper's next COD order shows "1 refused before" on the admin order page.
 * Screenshots of that page and of Payment Options (the "No Cash On Delivery after N refusals"
 * setting, not changed) at 1280 and 390 px.
 *
 * Each test runs in a store of its own (`ownStore`, with its own product): the demo stores'
 * orders and settings stay as seeded.
 */
import type { Page } from "@playwright/test";
import { onStore, ownProduct, placeCodOrder, signUp, uniqueEmail } from "./support/shop";
import {
  dismissToasts,
  expect,
  expectToast,
  ownStore,
  screenshots,
  t,
  test,
  waitForHydration,
  type Locale,
} from "./support/fixtures";

test.describe.configure({ timeout: 150_000 });

async function takeStep(page: Page, locale: Locale, number: number, trigger: string, title: string) {
  await waitForHydration(page);
  await dismissToasts(page, locale);
  await page.getByRole("button", { name: trigger }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: trigger }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  void number;
}

for (const locale of ["en", "ar"] as Locale[]) {
  test(`the owner marks a shipped COD order refused on delivery; the next order shows it (${locale})`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { store } = await ownStore(page, `codrefuse-${locale}`, locale);
    const slug = await ownProduct(page, store, {
      nameEn: `Refused Madder ${locale} ${Date.now().toString(36)}`,
      nameAr: "فوة",
      price: "9.00",
      stock: 10,
    });

    const shopperContext = await browser.newContext({
      extraHTTPHeaders: { "X-Forwarded-For": `10.${230 + (locale === "ar" ? 1 : 0)}.${Date.now() % 250}.7` },
    });
    const shopper = await shopperContext.newPage();
    await signUp(
      shopper,
      locale,
      {
        name: locale === "ar" ? "ريم سالم" : "Reem Salem",
        email: uniqueEmail(`codrefuse-${locale}`),
        password: "cod-pass-1",
      },
      store,
    );
    const first = await placeCodOrder(shopper, locale, slug, 1, store);

    // Ship it, then the courier brings it back: Refused on delivery.
    await page.goto(onStore(store, `/admin/orders/${first}`, locale));
    await takeStep(
      page,
      locale,
      first,
      t(locale, "admin.orders.steps.ship"),
      t(locale, "admin.orders.confirmTitles.ship", { number: first }),
    );
    await expectToast(page, t(locale, "admin.orders.done.ship", { number: first }));
    await takeStep(
      page,
      locale,
      first,
      t(locale, "codRefusals.admin.steps"),
      t(locale, "codRefusals.admin.confirmTitles", { number: first }),
    );
    await expectToast(page, t(locale, "codRefusals.admin.done", { number: first }));
    // The history's entry, "… · Refused on delivery".
    await expect(
      page.getByText(`· ${t(locale, "codRefusals.events.refusedOnDelivery")}`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: t(locale, "codRefusals.admin.steps") })).toHaveCount(0);

    // The same shopper's next COD order: the admin sees the refusal.
    const second = await placeCodOrder(shopper, locale, slug, 1, store);
    await shopperContext.close();
    await page.goto(onStore(store, `/admin/orders/${second}`, locale));
    await expect(page.getByTestId("cod-refusals-count")).toHaveText(
      t(locale, "codRefusals.admin.refusedBefore_one"),
    );
    await expect(page.getByTestId("cod-history")).toContainText("+966501234567");
    await screenshots(page, `cod-refusals-admin-order-${locale}`);

    // The setting, as the owner finds it (not changed here).
    await page.goto(onStore(store, "/admin/storesetting/paymentOptions", locale));
    await expect(page.getByLabel(t(locale, "codRefusals.settings.label"))).not.toBeChecked();
    await page.getByLabel(t(locale, "codRefusals.settings.label")).scrollIntoViewIfNeeded();
    await screenshots(page, `cod-refusals-settings-${locale}`);
  });
}
