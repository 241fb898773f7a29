/**
 * The last use of a code, raced by two browsers (issue 39 item 1), English and Arabic: the admin
 * makes a code good for one use; shoppers A and B (two browser contexts) each apply it and open
 * the checkout; B places first and gets it; A's Place order is refused with "This discount code
 * has been used up.", told the order was not placed and the new total, and the summary shows
 * that total without the code; A's next Place order goes through at it. Axe on the refusal,
 * screenshots at 1280 and 390 px go to SHOTS_DIR.
 */
import type { Browser, Page } from "@playwright/test";
import {
  dismissToasts,
  expect,
  expectNoAxeViolations,
  expectToast,
  login,
  newClientAddress,
  screenshots,
  t,
  test,
  type Locale,
} from "./support/fixtures";
import { formatMoney } from "../../app/lib/money";
import { addToCart, dyes, fillShipping, productInStock, signUp, uniqueEmail } from "./support/shop";

/** "US$ 1,234.50" → 123450 (Latin digits in both locales). */
const cents = (text: string) =>
  Math.round(Number(/\d[\d,]*(?:\.\d+)?/.exec(text)![0].replace(/,/g, "")) * 100);

test.describe.configure({ timeout: 300_000 });

/** A shopper of their own, in a browser context of their own, at the checkout with `code` applied. */
async function shopperAtCheckout(
  browser: Browser,
  locale: Locale,
  slug: string,
  code: string,
): Promise<Page> {
  const context = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": newClientAddress() },
  });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, locale, {
    name: locale === "ar" ? "سلمى يوسف" : "Salma Youssef",
    email: uniqueEmail(`race-${locale}`),
    password: "race-pass-1",
  });
  await addToCart(page, locale, slug, 1);
  await page.goto(dyes("/cart", locale));
  await page.getByLabel(t(locale, "discounts.field"), { exact: true }).fill(code);
  await page.getByRole("button", { name: t(locale, "discounts.apply") }).click();
  await expectToast(page, t(locale, "discounts.applied", { code }));
  await page.goto(dyes("/checkout", locale));
  await expect(page.getByTestId("code-discount")).toBeVisible();
  await fillShipping(page, locale);
  await expect(page.getByLabel(t(locale, "payment.cod"))).toBeChecked();
  return page;
}

for (const locale of ["en", "ar"] as Locale[]) {
  test(`two shoppers race for a code's last use: the loser orders next without it (${locale})`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const code = `RACE${locale.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
    await login(page, "admin", locale);
    await page.goto(dyes("/admin/discounts/new", locale));
    await page.getByLabel(t(locale, "discounts.admin.code"), { exact: true }).fill(code);
    await page.getByLabel(t(locale, "discounts.admin.value"), { exact: true }).fill("15");
    await page.getByLabel(t(locale, "discounts.admin.usageLimit"), { exact: true }).fill("1");
    await page.getByRole("button", { name: t(locale, "discounts.admin.save") }).click();
    await expectToast(page, t(locale, "discounts.admin.created"));

    const slug = await productInStock(locale === "en" ? 6 : 7);
    const a = await shopperAtCheckout(browser, locale, slug, code);
    const b = await shopperAtCheckout(browser, locale, slug, code);

    // B places first and takes the code's one use.
    await b.getByRole("button", { name: t(locale, "checkout.placeOrder") }).click();
    await expect(b).toHaveURL(/\/orders\/\d+\/confirmed/);
    await expect(b.getByText(code, { exact: true })).toBeVisible();

    // A, on a page that still shows the code, is refused: told why, that nothing was placed and
    // the total without the code, which the summary now shows.
    const shownWithCode = cents(await a.getByTestId("checkout-total").innerText());
    await a.getByRole("button", { name: t(locale, "checkout.placeOrder") }).click();
    const notice = a.getByRole("alert").filter({ hasText: t(locale, "discounts.refused.usedUp") });
    await expect(notice).toBeVisible();
    await expect(a.getByTestId("code-discount")).toHaveCount(0);
    const total = a.getByTestId("checkout-total");
    const newTotal = cents(await total.innerText());
    expect(newTotal).toBeGreaterThan(shownWithCode);
    await expect(notice).toContainText(
      t(locale, "checkout.codeRemoved", { code, total: formatMoney(newTotal, "USD", locale) }),
    );
    await dismissToasts(a, locale);
    await expectNoAxeViolations(a, "checkout after a code was used up");
    await screenshots(a, `discount-race-refused-${locale}`);

    // Place order again: placed, at the total shown, without the code.
    await a.getByRole("button", { name: t(locale, "checkout.placeOrder") }).click();
    await expect(a).toHaveURL(/\/orders\/\d+\/confirmed/);
    const number = Number(/\/orders\/(\d+)\//.exec(a.url())![1]);
    await a.goto(dyes(`/orders/${number}`, locale));
    await expect(a.getByTestId("order-code-discount")).toHaveCount(0);
    await expect(a.getByText(formatMoney(newTotal, "USD", locale)).first()).toBeVisible();
    await a.context().close();
    await b.context().close();
  });
}
