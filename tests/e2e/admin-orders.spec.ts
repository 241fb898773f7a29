/**
 * The admin's orders in a browser, English and Arabic: a new shopper places a Cash On Delivery
 * order through the storefront; the admin finds it on /admin/orders (search), takes it from
 * confirmed to shipped to delivered and marks it paid through the confirmation dialogs, while the
 * shopper's order page (a second browser context) shows each new status after a reload. The
 * packing slip opens, the CSV downloads; axe (WCAG 2.1 AA) on the list and the detail.
 */
import type { Page } from "@playwright/test";
import { dyes, placeCodOrder as placeShopOrder, productInStock, signUp, uniqueEmail } from "./support/shop";
import {
  axe,
  dismissToasts,
  expect,
  expectToast,
  login,
  shot,
  SHOTS_DIR,
  t,
  test,
  waitForHydration,
  type Locale,
} from "./support/fixtures";

test.describe.configure({ timeout: 180_000 });

async function expectAccessible(page: Page, label: string) {
  // Toasts fade in: axe would measure their colours mid-animation.
  const results = await axe(page).exclude("[data-sonner-toaster]").analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
    label,
  ).toEqual([]);
}

/** A new shopper places a Cash On Delivery order; returns its number. */
async function placeCodOrder(page: Page, locale: Locale, slug: string): Promise<number> {
  await signUp(page, locale, {
    name: locale === "ar" ? "سلمى نصار" : "Salma Nassar",
    email: uniqueEmail(`admin-orders-${locale}`),
    password: "order-pass-1",
  });
  // Through the add-to-cart and place-order requests (the checkout is checkout.spec's); the
  // checkout as served offers Cash On Delivery chosen.
  return placeShopOrder(page, locale, slug, 2);
}

for (const locale of ["en", "ar"] as Locale[]) {
  test(`a Cash On Delivery order from confirmed to delivered and paid (${locale})`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // The shopper, in a context of their own.
    const shopperContext = await browser.newContext({
      extraHTTPHeaders: { "X-Forwarded-For": `10.${200 + (locale === "ar" ? 1 : 0)}.${Date.now() % 250}.9` },
    });
    const shopper = await shopperContext.newPage();
    const slug = await productInStock(locale === "en" ? 2 : 3);
    const number = await placeCodOrder(shopper, locale, slug);
    const shopperStatus = async (status: string, payment: string) => {
      await shopper.goto(dyes(`/orders/${number}`, locale));
      await expect(shopper.getByText(t(locale, `orders.statuses.${status}`)).first()).toBeVisible();
      await expect(shopper.getByText(t(locale, `orders.paymentStatuses.${payment}`)).first()).toBeVisible();
    };
    await shopperStatus("confirmed", "unpaid");

    // The admin finds it on the list.
    await login(page, "admin", locale);
    await page.goto(dyes(`/admin/orders?q=${number}`, locale));
    await expect(
      page.getByRole("heading", { level: 1, name: t(locale, "admin.orders.title") }),
    ).toBeVisible();
    const link = page.getByRole("link", { name: t(locale, "admin.orders.open", { number }) });
    await expect(link).toBeVisible();
    await expectAccessible(page, "list");
    if (SHOTS_DIR) {
      await page.goto(dyes("/admin/orders", locale));
      await shot(page, `orders-${locale}-1280`);
    }

    // The CSV of the filtered list downloads.
    await page.goto(dyes(`/admin/orders?q=${number}`, locale));
    await waitForHydration(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: t(locale, "admin.orders.export") }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^dyes-orders-\d{4}-\d{2}-\d{2}\.csv$/);

    await page.goto(dyes(`/admin/orders/${number}`, locale));
    await expect(
      page.getByRole("heading", { level: 1, name: t(locale, "admin.orders.detailTitle", { number }) }),
    ).toBeVisible();
    await expectAccessible(page, "detail");
    await shot(page, `order-detail-${locale}-1280`);

    for (const [step, status, payment] of [
      ["ship", "shipped", "unpaid"],
      ["deliver", "delivered", "unpaid"],
      ["markPaid", "delivered", "paid"],
    ] as const) {
      await waitForHydration(page);
      await dismissToasts(page, locale);
      await page.getByRole("button", { name: t(locale, `admin.orders.steps.${step}`) }).click();
      const dialog = page.getByRole("dialog", {
        name: t(locale, `admin.orders.confirmTitles.${step}`, { number }),
      });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: t(locale, `admin.orders.steps.${step}`) }).click();
      // The step's email goes out before the answer: on a busy machine that can take a while.
      await expect(dialog).toBeHidden({ timeout: 30_000 });
      await expectToast(page, t(locale, `admin.orders.done.${step}`, { number }));
      await shopperStatus(status, payment);
    }
    // Nothing left to do; the history names the admin.
    await expect(page.getByText(t(locale, "admin.orders.noActions"))).toBeVisible();
    const by = t(locale, "admin.orders.by", { name: "" }).trim();
    const byShopper = t(locale, "admin.orders.byShopper", { name: "" }).trim();
    // Placed and confirmed by the shopper (the demo store asks for it); shipped, delivered and
    // paid by the admin.
    await expect(page.getByText(new RegExp(`^${byShopper} `))).toHaveCount(2);
    await expect(page.getByText(new RegExp(`^${by} (?!${byShopper.slice(by.length).trim()})`))).toHaveCount(
      3,
    );
    await expectAccessible(page, "detail, delivered and paid");

    // The packing slip: the slip alone, no admin frame.
    await page.goto(dyes(`/admin/orders/${number}/packing-slip`, locale));
    await expect(
      page.getByRole("heading", { level: 1, name: t(locale, "admin.orders.slip.heading") }),
    ).toBeVisible();
    await expect(page.getByText(t(locale, "admin.orders.slip.order", { number }))).toBeVisible();
    await expect(page.getByRole("navigation", { name: t(locale, "admin.menu") })).toHaveCount(0);
    await expectAccessible(page, "packing slip");
    await shot(page, `packing-slip-${locale}-1280`);

    // Small screens, for a person to look at (admin-phone.spec.ts checks the lists at 390 px).
    if (SHOTS_DIR) {
      await page.setViewportSize({ width: 390, height: 844 });
      for (const [name, path] of [
        ["orders", "/admin/orders"],
        ["order-detail", `/admin/orders/${number}`],
        ["packing-slip", `/admin/orders/${number}/packing-slip`],
      ] as const) {
        await page.goto(dyes(path, locale));
        await shot(page, `${name}-${locale}-390`);
      }
    }
    await shopperContext.close();
  });
}
