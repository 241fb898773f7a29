/**
 * Discount codes in a browser (issue 20), English and Arabic: the admin creates a 15 % code on
 * /admin/discounts (axe and screenshots of the list and the form, the shared schema's messages);
 * a new shopper applies it on the cart typed in lower case and sees the amount, a made-up code is
 * refused with its message on the checkout, the checkout's summary shows the code, a Cash On
 * Delivery order is placed, and the confirmation page and the order's details name the code.
 * Without JavaScript: the demo's WELCOME10 applied and removed on the cart, applied on the
 * checkout, and the order placed with it. Screenshots at 1280 and 390 px go to SHOTS_DIR.
 */
import type { Page } from "@playwright/test";
import {
  dismissToasts,
  expect,
  expectNoAxeViolations,
  expectToast,
  login,
  screenshots,
  t,
  test,
  waitForHydration,
  type Locale,
} from "./support/fixtures";
import { addToCart, dyes, fillShipping, productInStock, signUp, uniqueEmail } from "./support/shop";

/** "US$ 1,234.50" → 123450 (Latin digits in both locales). */
const cents = (text: string) =>
  Math.round(Number(/\d[\d,]*(?:\.\d+)?/.exec(text)![0].replace(/,/g, "")) * 100);

const signUpAs = (page: Page, locale: Locale, email: string) =>
  signUp(page, locale, {
    name: locale === "ar" ? "سلمى يوسف" : "Salma Youssef",
    email,
    password: "code-pass-1",
  });

/** The code's line in a summary: "Code X" and its amount. */
const codeLine = (page: Page, locale: Locale, code: string) =>
  page.locator("dl > div").filter({ hasText: t(locale, "discounts.summaryLine", { code }) });

test.describe.configure({ timeout: 300_000 });

for (const locale of ["en", "ar"] as Locale[]) {
  test.describe(`discount codes (${locale})`, () => {
    test("the admin creates a code; a shopper applies it, sees the discount, orders with it", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const code = `E2E${locale.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;

      // ── the admin ──
      await login(page, "admin", locale);
      await page.goto(dyes("/admin/discounts", locale));
      await expect(
        page.getByRole("heading", { level: 1, name: t(locale, "discounts.admin.title") }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: t(locale, "discounts.nav") }).first()).toHaveAttribute(
        "aria-current",
        "page",
      );
      // The demo's codes in each state.
      const table = page.getByRole("table");
      await expect(table.getByRole("link", { name: "WELCOME10", exact: true })).toBeVisible();
      for (const state of ["active", "scheduled", "expired", "used-up"]) {
        await expect(
          table.getByText(t(locale, `discounts.admin.states.${state}`), { exact: true }).first(),
        ).toBeVisible();
      }
      await expectNoAxeViolations(page, "discount codes list");
      await screenshots(page, `discounts-list-${locale}`);

      await page.getByRole("link", { name: t(locale, "discounts.admin.new") }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: t(locale, "discounts.admin.newTitle") }),
      ).toBeVisible();
      await waitForHydration(page);
      await expectNoAxeViolations(page, "new discount code form");
      await screenshots(page, `discounts-form-${locale}`);
      // The browser checks the shared schema: a bad code and an empty value are refused in place.
      await page.getByLabel(t(locale, "discounts.admin.code"), { exact: true }).fill("NO SPACES");
      await page.getByRole("button", { name: t(locale, "discounts.admin.save") }).click();
      await expect(page.getByText(t(locale, "discounts.admin.errors.codeFormat"))).toBeVisible();
      await expect(page.getByText(t(locale, "discounts.admin.errors.valueRequired"))).toBeVisible();
      await expectNoAxeViolations(page, "discount code form with errors");
      await page.getByLabel(t(locale, "discounts.admin.code"), { exact: true }).fill(code);
      await page.getByLabel(t(locale, "discounts.admin.value"), { exact: true }).fill("15");
      await page.getByLabel(t(locale, "discounts.admin.usageLimit"), { exact: true }).fill("100");
      await page.getByRole("button", { name: t(locale, "discounts.admin.save") }).click();
      await expect(page).toHaveURL(/\/admin\/discounts(\?|$)/);
      await expectToast(page, t(locale, "discounts.admin.created"));
      const row = page.getByRole("row").filter({ hasText: code });
      await expect(row).toContainText("15 %");
      await expect(row).toContainText(t(locale, "discounts.admin.states.active"));
      await expect(row).toContainText(t(locale, "discounts.admin.usesOf", { uses: 0, limit: 100 }));
      await dismissToasts(page, locale);

      // ── a new shopper ──
      await page.context().clearCookies();
      const slug = await productInStock(locale === "en" ? 3 : 4);
      await signUpAs(page, locale, uniqueEmail(`code-${locale}`));
      await addToCart(page, locale, slug, 2);
      await page.goto(dyes("/cart", locale));
      await page.getByLabel(t(locale, "discounts.field"), { exact: true }).fill(code.toLowerCase());
      await page.getByRole("button", { name: t(locale, "discounts.apply") }).click();
      await expectToast(page, t(locale, "discounts.applied", { code }));
      await expect(page.getByTestId("applied-code")).toHaveText(code);
      const cartLine = codeLine(page, locale, code);
      await expect(cartLine).toBeVisible();
      await dismissToasts(page, locale);
      await expectNoAxeViolations(page, "cart with a code");
      await screenshots(page, `discounts-cart-${locale}`);

      await page.getByRole("link", { name: t(locale, "cart.checkout") }).click();
      await expect(page.getByRole("heading", { level: 1, name: t(locale, "checkout.title") })).toBeVisible();
      // A made-up code is refused under the field; the applied one stays.
      await page.getByLabel(t(locale, "discounts.field"), { exact: true }).fill("MADEUP123");
      await page.getByRole("button", { name: t(locale, "discounts.apply") }).click();
      await expect(page.getByText(t(locale, "discounts.refused.unknown"))).toBeVisible();
      await expect(page.getByTestId("applied-code")).toHaveText(code);
      // 15 % of the goods after sales, rounded half-up once.
      const summary = page.locator("section[aria-labelledby='checkout-summary']");
      const subtotal = cents(await summary.locator("dl > div").first().locator("dd").innerText());
      const saleLine = summary.locator("dl > div").filter({ hasText: t(locale, "checkout.discount") });
      const sale = (await saleLine.count()) > 0 ? cents(await saleLine.locator("dd").innerText()) : 0;
      const off = Math.floor(((subtotal - sale) * 15 + 50) / 100);
      expect(cents(await page.getByTestId("code-discount").innerText())).toBe(off);
      await expectNoAxeViolations(page, "checkout with a code");
      await screenshots(page, `discounts-checkout-${locale}`);

      await fillShipping(page, locale);
      await expect(page.getByLabel(t(locale, "payment.cod"))).toBeChecked();
      await page.getByRole("button", { name: t(locale, "checkout.placeOrder") }).click();
      await expect(page).toHaveURL(/\/orders\/\d+\/confirmed/);
      await expect(page.getByText(code, { exact: true })).toBeVisible();
      const number = Number(/\/orders\/(\d+)\//.exec(page.url())![1]);
      await page.goto(dyes(`/orders/${number}`, locale));
      await expect(codeLine(page, locale, code)).toBeVisible();
      expect(cents(await page.getByTestId("order-code-discount").innerText())).toBe(off);

      // The admin's order page names it too, and the list counts the use.
      await page.context().clearCookies();
      await login(page, "admin", locale);
      await page.goto(dyes(`/admin/orders/${number}`, locale));
      await expect(codeLine(page, locale, code)).toBeVisible();
      await page.goto(dyes(`/admin/discounts?q=${code}`, locale));
      await expect(page.getByRole("row").filter({ hasText: code })).toContainText(
        t(locale, "discounts.admin.usesOf", { uses: 1, limit: 100 }),
      );
    });
  });
}

test.describe("discount codes without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("WELCOME10 applied and removed on the cart, applied on the checkout, ordered with", async ({
    page,
  }) => {
    const locale = "en";
    const slug = await productInStock(5);
    await signUpAs(page, locale, uniqueEmail("code-nojs"));
    await addToCart(page, locale, slug, 1);
    await page.goto(dyes("/cart", locale));
    // A made-up code comes back from the server with its message.
    await page.getByLabel(t(locale, "discounts.field"), { exact: true }).fill("NOT-A-CODE");
    await page.getByRole("button", { name: t(locale, "discounts.apply") }).click();
    await expect(page.getByText(t(locale, "discounts.refused.unknown"))).toBeVisible();
    await page.getByLabel(t(locale, "discounts.field"), { exact: true }).fill("welcome10");
    await page.getByRole("button", { name: t(locale, "discounts.apply") }).click();
    await expect(page.getByTestId("applied-code")).toHaveText("WELCOME10");
    await expect(codeLine(page, locale, "WELCOME10")).toBeVisible();
    await page
      .getByRole("button", { name: t(locale, "discounts.removeCode", { code: "WELCOME10" }) })
      .click();
    await expect(page.getByTestId("applied-code")).toHaveCount(0);

    await page.goto(dyes("/checkout", locale));
    await page.getByLabel(t(locale, "discounts.field"), { exact: true }).fill("WELCOME10");
    await page.getByRole("button", { name: t(locale, "discounts.apply") }).click();
    await expect(page.getByTestId("code-discount")).toBeVisible();
    await fillShipping(page, locale);
    await page.getByRole("button", { name: t(locale, "checkout.placeOrder") }).click();
    await expect(page).toHaveURL(/\/orders\/\d+\/confirmed/);
    await expect(page.getByText("WELCOME10", { exact: true })).toBeVisible();
  });
});
