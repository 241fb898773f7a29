/**
 * Pay With Stripe in the browser, through the project's Stripe-compatible test server (started by
 * playwright.config.ts, decision 013): the Ink Atelier admin connects the store in Payment
 * Options; a shopper pays on the hosted page (confirmed and paid once the webhook arrived), is
 * declined with 4000 0000 0000 0002, and abandons a payment (cancelled, 'your order is not
 * completed'). Ink Atelier, so the Dye & Shade checkout tests keep Cash On Delivery alone.
 */
import { expect, expectClear, expectToast, login, screenshots, t, test } from "./support/fixtures";
import { hostUrl } from "./demo";
import { waitForMailAbout } from "./support/mail";
import type { Page } from "@playwright/test";
import type { Locale } from "./demo";

const inks = (path: string) => hostUrl("inks", path);

test.describe.configure({ mode: "serial", timeout: 180_000 });

async function connect(page: Page) {
  await login(page, { email: "admin@inks.test", password: "demo-admin-1", store: "inks" }, "en");
  await page.goto(inks("/admin/storesetting/paymentOptions?lng=en"));
  await expect(page.getByRole("heading", { level: 1, name: t("en", "paymentOptions.title") })).toBeVisible();
  const status = page.getByTestId("card-status");
  if ((await status.getAttribute("data-status")) !== "ready") {
    await expect(status).toHaveText(t("en", "paymentOptions.status.not-connected"));
    await page.getByRole("button", { name: t("en", "paymentOptions.connect") }).click();
    await page.getByRole("button", { name: "Agree and submit" }).click();
    await expect(page).toHaveURL(/paymentOptions\?onboarding=return/);
  }
  await expect(status).toHaveText(t("en", "paymentOptions.status.ready"));
}

/** Where the order's emails go: the checkout form's email, prefilled for the shopper. */
let shippingEmail = "";

/** "Cart (n)" in the header, in `locale`: the add has landed. */
function cartWithCount(locale: Locale): RegExp {
  const [before, after] = t(locale, "storeNav.cartWithCount", { count: "\u0000" }).split("\u0000");
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`${escape(before!)}\\d+${escape(after!)}`);
}

/**
 * Signs in as the Ink Atelier shopper (pages in `locale`), fills the cart with one product and
 * opens the hosted page.
 */
async function toHostedPage(page: Page, locale: Locale = "en"): Promise<number> {
  await login(page, { email: "shopper@dyes.test", password: "demo-shopper-2", store: "inks" }, locale);
  await page.goto(inks(`/?lng=${locale}`));
  const hrefs = await page
    .locator('a[href^="/products/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  for (const href of hrefs) {
    await page.goto(inks(href!));
    const add = page.getByRole("button", { name: t(locale, "productPage.addToCart") });
    if ((await add.count()) === 0 || !(await add.first().isEnabled())) continue;
    // The seeded basket already shows "Cart (n)": wait for the add itself, or the checkout below
    // may open before the line lands and its total no longer match when the order is placed.
    const added = page.waitForResponse((response) => response.request().method() === "POST");
    await add.first().click();
    expect((await added).status()).toBeLessThan(400);
    await expect(page.getByRole("link", { name: cartWithCount(locale) })).toBeVisible();
    break;
  }
  await page.goto(inks("/checkout"));
  await page.getByLabel(t(locale, "checkout.streetAddress")).fill("12 Cedar Street");
  await page.getByLabel(t(locale, "checkout.zipCode")).fill("11011");
  await page.getByLabel(t(locale, "checkout.city")).fill("Beirut");
  await page.getByLabel(t(locale, "checkout.mobile")).fill("+966 50 123 4567");
  shippingEmail = await page.getByLabel(t(locale, "checkout.email"), { exact: true }).inputValue();
  await page.getByLabel(t(locale, "payment.stripe")).check();
  await page.getByRole("button", { name: t(locale, "checkout.placeOrder") }).click();
  await expect(page.getByRole("heading", { name: "Test checkout" })).toBeVisible();
  await page.goto(inks(`/orders?lng=${locale}`));
  const link = await page.locator('a[href^="/orders/"]').first().getAttribute("href");
  const number = Number(/\/orders\/(\d+)/.exec(link!)![1]);
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Test checkout" })).toBeVisible();
  return number;
}

test("the admin connects the store; a card payment on the hosted page makes the order paid", async ({
  page,
  browser,
}) => {
  await connect(page);
  const shopper = await browser.newPage();
  const number = await toHostedPage(shopper);
  await shopper.getByLabel("Card number").fill("4242 4242 4242 4242");
  await shopper.getByRole("button", { name: "Pay" }).click();
  // Back from Stripe (the success URL carries the session): 'Order placed successfully', once,
  // on the order's confirmation address.
  await expect(shopper).toHaveURL(new RegExp(`/orders/${number}/confirmed$`));
  await expectToast(shopper, t("en", "toast.orderPlaced"));
  // The webhook may land just after the redirect: the page re-checks until it is confirmed.
  await expect(
    shopper.getByRole("heading", { level: 1, name: t("en", "orders.confirmedTitle") }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(shopper.getByText(t("en", "orders.paymentStatuses.paid")).first()).toBeVisible();
  // The webhook that made it paid also mailed the shopper, once.
  const mail = await waitForMailAbout(shippingEmail, `payment received for order #${number}`);
  expect(mail.subject).toBe(`Ink Atelier: payment received for order #${number}`);
  expect(mail.body).toContain(`We received your card payment for order #${number}.`);
});

test("a declined card pays nothing; Cancel on the hosted page cancels the order", async ({ page }) => {
  const number = await toHostedPage(page);
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${number}/cancelled`));
  await expect(page.getByText(t("en", "toast.orderNotCompleted")).first()).toBeVisible();
});

test("in Arabic, Cancel on the hosted page says 'your order is not completed' as a toast, clear of the title", async ({
  page,
}) => {
  const number = await toHostedPage(page, "ar");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${number}/cancelled`));
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  // A toast (in sonner's list), in Arabic, not only the page's own message.
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: t("ar", "toast.orderNotCompleted") });
  await expect(toast).toBeVisible();
  await expectClear(toast, page.getByRole("heading", { level: 1 }));
  await screenshots(page, "card-cancelled-ar");
});
