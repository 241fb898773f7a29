/**
 * Buying with Cash On Delivery in the browser, in English and Arabic: cart → checkout (address
 * saved, then the order placed) → the "please confirm" page (the demo store asks shoppers to
 * confirm COD orders) → My orders → details, confirmed there → cancel in the
 * dialog → the cancelled page, with the product's stock taken and given back on its page; the
 * same journey without JavaScript (the confirmation page instead of the dialog); axe (WCAG 2.1
 * AA and best practices) on every page of it.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { hostUrl } from "./demo";
import { axe, expect, expectToast, test } from "./support/fixtures";
import { addToCart, fillShipping, productInStock, signUp, uniqueEmail } from "./support/shop";

type Locale = "en" | "ar";
const dictionaries = {
  en: JSON.parse(readFileSync("app/locales/en.json", "utf8")),
  ar: JSON.parse(readFileSync("app/locales/ar.json", "utf8")),
};
function text(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], dictionaries[locale]);
  return Object.entries(params).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), String(value));
}

let clientSeq = 0;
/** Each test is its own client address behind the (trusted) proxy, so rate limits stay per test. */
test.beforeEach(async ({ context }, info) => {
  await context.setExtraHTTPHeaders({
    "X-Forwarded-For": `10.${150 + info.workerIndex}.${++clientSeq % 250}.${info.retry + 1}`,
  });
});

const dyes = (path: string, locale: Locale) =>
  hostUrl("dyes", `${path}${path.includes("?") ? "&" : "?"}lng=${locale}`);
async function stockOnPage(page: Page, slug: string, locale: Locale): Promise<number> {
  await page.goto(dyes(`/products/${slug}`, locale));
  return Number(await page.locator('input[name="quantity"]').getAttribute("max"));
}

async function expectAccessible(page: Page) {
  // The toasts fade in: axe would measure their colours half-transparent, mid-animation.
  const results = await axe(page).exclude("[data-sonner-toaster]").analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

const signUpAs = (page: Page, locale: Locale, email: string) =>
  signUp(page, locale, {
    name: locale === "ar" ? "ليلى حداد" : "Layla Haddad",
    email,
    password: "order-pass-1",
  });

// A whole purchase, five axe runs and a search for stocked products on a 2-core machine.
test.describe.configure({ timeout: 180_000 });

for (const locale of ["en", "ar"] as const) {
  test.describe(`checkout and orders (${locale})`, () => {
    test("Cash On Delivery from the cart to confirmed, My orders, details, cancel, stock back", async ({
      page,
    }) => {
      const slug = await productInStock(locale === "en" ? 0 : 1);
      await signUpAs(page, locale, uniqueEmail(`cod-${locale}`));
      const before = await stockOnPage(page, slug, locale);
      await addToCart(page, locale, slug, 2);
      await page.goto(dyes("/cart", locale));
      await page.getByRole("link", { name: text(locale, "cart.checkout") }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: text(locale, "checkout.title") }),
      ).toBeVisible();
      await expectAccessible(page);

      // Required fields are checked before anything is sent; then the address is saved.
      await fillShipping(page, locale);
      await page.getByLabel(text(locale, "checkout.city")).fill("");
      await page.getByRole("button", { name: text(locale, "checkout.placeOrder") }).click();
      await expect(page.getByText(text(locale, "validation.cityRequired"))).toBeVisible();
      await page.getByLabel(text(locale, "checkout.city")).fill(locale === "ar" ? "بيروت" : "Beirut");
      await page.getByRole("button", { name: text(locale, "checkout.saveAddress") }).click();
      await expectToast(page, text(locale, "toast.shippingSaved"));
      await page.reload();
      await expect(page.getByLabel(text(locale, "checkout.streetAddress"))).toHaveValue("12 Cedar Street");

      await expect(page.getByLabel(text(locale, "payment.cod"))).toBeChecked();
      await page.getByRole("button", { name: text(locale, "checkout.placeOrder") }).click();
      await expect(page).toHaveURL(/\/orders\/\d+\/confirmed/);
      await expectToast(page, text(locale, "toast.orderPlaced"));
      // Dye & Shade asks its shoppers to confirm Cash On Delivery orders (issue 34).
      await expect(
        page.getByRole("heading", { level: 1, name: text(locale, "codConfirmation.placed.title") }),
      ).toBeVisible();
      // The delivery address on one line, joined with the language's comma ("،" in Arabic).
      const comma = locale === "ar" ? "، " : ", ";
      const [name, city] = locale === "ar" ? ["ليلى حداد", "بيروت"] : ["Layla Haddad", "Beirut"];
      await expect(page.getByText(`${name}${comma}12 Cedar Street${comma}11011 ${city}`)).toBeVisible();
      await expectAccessible(page);
      const number = Number(/\/orders\/(\d+)\//.exec(page.url())![1]);
      expect(await stockOnPage(page, slug, locale)).toBe(before - 2);

      // My orders lists it; its details page shows it.
      await page
        .getByRole("link", { name: text(locale, "orders.myOrders") })
        .first()
        .click();
      await expect(page.getByRole("heading", { level: 1, name: text(locale, "orders.title") })).toBeVisible();
      await expect(page.getByRole("columnheader", { name: text(locale, "orders.orderId") })).toBeAttached();
      await expectAccessible(page);
      await page.getByRole("link", { name: text(locale, "orders.view", { number }) }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: text(locale, "orders.detailsTitle", { number }) }),
      ).toBeVisible();
      await expect(
        page.getByText(text(locale, "orders.statuses.awaiting_confirmation")).first(),
      ).toBeVisible();
      await page.getByRole("button", { name: text(locale, "codConfirmation.page.confirm") }).click();
      await expectToast(page, text(locale, "codConfirmation.page.confirmedToast"));
      await expect(page.getByText(text(locale, "orders.statuses.confirmed")).first()).toBeVisible();
      await expectAccessible(page);

      // Cancel: the dialog first ("keep" closes it), then for real.
      await page.getByRole("link", { name: text(locale, "orders.cancel") }).click();
      const dialog = page.getByRole("dialog", { name: text(locale, "orders.cancelTitle", { number }) });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: text(locale, "orders.keep") }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole("link", { name: text(locale, "orders.cancel") }).click();
      await dialog.getByRole("button", { name: text(locale, "orders.cancelConfirm") }).click();
      await expect(page).toHaveURL(new RegExp(`/orders/${number}/cancelled`));
      await expect(
        page.getByRole("heading", { level: 1, name: text(locale, "orders.cancelledTitle") }),
      ).toBeVisible();
      await expectAccessible(page);
      expect(await stockOnPage(page, slug, locale)).toBe(before);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Cash On Delivery and cancelling on the confirmation page", async ({ page }) => {
    const locale = "en";
    const slug = await productInStock(2);
    await signUpAs(page, locale, uniqueEmail("cod-nojs"));
    const before = await stockOnPage(page, slug, locale);
    await addToCart(page, locale, slug, 1);
    await page.goto(dyes("/checkout", locale));
    // A bad field comes back from the server with its message and nothing placed.
    await fillShipping(page, locale);
    await page.getByLabel(text(locale, "checkout.mobile")).fill("call me");
    await page.getByRole("button", { name: text(locale, "checkout.placeOrder") }).click();
    await expect(page.getByText(text(locale, "validation.mobileInvalid"))).toBeVisible();
    await page.getByLabel(text(locale, "checkout.mobile")).fill("+966 50 123 4567");
    await page.getByRole("button", { name: text(locale, "checkout.placeOrder") }).click();
    await expect(page).toHaveURL(/\/orders\/\d+\/confirmed/);
    const number = Number(/\/orders\/(\d+)\//.exec(page.url())![1]);
    expect(await stockOnPage(page, slug, locale)).toBe(before - 1);

    await page.goto(dyes(`/orders/${number}`, locale));
    await page.getByRole("link", { name: text(locale, "orders.cancel") }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${number}/cancel`));
    await expect(
      page.getByRole("heading", { level: 1, name: text(locale, "orders.cancelTitle", { number }) }),
    ).toBeVisible();
    await page.getByRole("button", { name: text(locale, "orders.cancelConfirm") }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${number}/cancelled`));
    expect(await stockOnPage(page, slug, locale)).toBe(before);
  });
});
