/**
 * Issue 36's acceptance, as a new user would try it (decision 041): the packer (Orders role)
 * sees orders in the menu and nothing of settings or payments; payment options by address say it
 * is not allowed; the packer marks a fresh order shipped, and the owner finds it in the activity
 * log with the packer's name. Screenshots of the activity log at 1280 and 390 px.
 */
import { addToCart, checkoutCod, dyes, productInStock, signUp, uniqueEmail } from "./support/shop";
import {
  expect,
  expectToast,
  login,
  screenshots,
  t,
  test,
  type Credentials,
  type Locale,
} from "./support/fixtures";

test.describe.configure({ timeout: 180_000 });

const PACKER: Credentials = { email: "orders@dyes.test", password: "demo-orders-1", store: "dyes" };

for (const locale of ["en", "ar"] as Locale[]) {
  test(`the packer sees only orders, ships one, and the owner sees it in the activity log (${locale})`, async ({
    page,
    browser,
  }) => {
    const shopper = await (await browser.newContext()).newPage();
    await signUp(shopper, locale, {
      name: locale === "ar" ? "ريم خوري" : "Reem Khoury",
      email: uniqueEmail(`staff-${locale}`),
      password: "staff-pass-1",
    });
    await addToCart(shopper, locale, await productInStock(locale === "en" ? 8 : 9), 1);
    const number = await checkoutCod(shopper, locale);
    await shopper.context().close();

    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, PACKER, locale);
    await page.goto(dyes("/admin/dashboard", locale));
    const menu = page.getByRole("navigation", { name: t(locale, "admin.menu") });
    await expect(menu.getByRole("link", { name: t(locale, "admin.nav.orders") })).toBeVisible();
    for (const hidden of ["settings", "paymentOptions", "customDomain", "billing", "products"]) {
      await expect(menu.getByRole("link", { name: t(locale, `admin.nav.${hidden}`) })).toHaveCount(0);
    }
    await expect(menu.getByRole("link", { name: t(locale, "staffRoles.nav.activity") })).toHaveCount(0);

    const refused = await page.goto(dyes("/admin/storesetting/paymentOptions", locale));
    expect(refused?.status()).toBe(403);
    await expect(page.getByText(t(locale, "staffRoles.forbidden"))).toBeVisible();

    await page.goto(dyes(`/admin/orders/${number}`, locale));
    await page.getByRole("button", { name: t(locale, "admin.orders.steps.ship") }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: t(locale, "admin.orders.steps.ship") })
      .click();
    // The ship's own answer: "Shipped" is on the page before it too (the order's steps), and a
    // wait that passed on it let the sign-out below cancel the ship in flight (nothing logged).
    await expectToast(page, t(locale, "admin.orders.done.ship", { number }));

    await page.context().clearCookies();
    await login(page, "admin", locale);
    await page.goto(dyes("/admin/activity?type=order", locale));
    const entry = page.getByRole("row").filter({ hasText: `#${number}` });
    await expect(entry).toContainText("Omar Saleh");
    await expect(entry).toContainText(t(locale, "staffRoles.activity.actions.order.ship"));
    await screenshots(page, `admin-activity-${locale}`);
  });
}
