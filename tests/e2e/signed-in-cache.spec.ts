/**
 * A signed-in shopper browsing pages answered from the shared page cache (decision 031), in
 * English and Arabic, with and without JavaScript: the header shows their avatar and their cart
 * count on every page, a second visit is a cache hit, an add to the cart shows on the next page,
 * and React hydrates the filled-in pages without a mismatch.
 */
import type { Browser, Page } from "@playwright/test";
import { hostUrl } from "./demo";
import { dismissToasts, expect, expectToast, ownStore, t, test, type Locale } from "./support/fixtures";
import { ownProduct, signUp, uniqueEmail } from "./support/shop";

const PAGES = ["/", "/products", "/categories", "/products/most-selling", "/about", "/terms"];

/**
 * A new shopper, signed in in this page's browser context (the language cookie is set on the
 * way): the sign-up form's request (support/shop.ts), as signing up is not what this spec tests.
 */
const signUpShopper = (page: Page, locale: Locale, store: string, name: string) =>
  signUp(page, locale, { name, email: uniqueEmail(`cached-${locale}`), password: "cached-pass-1" }, store);

/**
 * A store of the test's own with one product in stock, made by its owner in another browser
 * context. Not the demo store: every order other specs place there changes its stock, and a
 * catalogue change empties the store's page cache, so a second visit could miss (CI did).
 */
async function storeWithProduct(browser: Browser, tag: string): Promise<{ store: string; slug: string }> {
  const context = await browser.newContext();
  const owner = await context.newPage();
  const { store } = await ownStore(owner, tag);
  const slug = await ownProduct(owner, store, {
    nameEn: "Cached Indigo",
    nameAr: "نيلي مخزن",
    price: "9.50",
    stock: 10,
  });
  await context.close();
  return { store, slug };
}

/** The header of a signed-in shopper: their avatar's initial, and the cart with its count. */
async function expectHeader(page: Page, locale: Locale, initial: string, count: number) {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: t(locale, "auth.account") })).toHaveText(initial);
  await expect(header.getByRole("link", { name: t(locale, "header.login") })).toHaveCount(0);
  const cart = count ? t(locale, "storeNav.cartWithCount", { count }) : t(locale, "storeNav.cart");
  await expect(header.getByRole("link", { name: cart, exact: true })).toBeVisible();
}

/** Opens `path` twice: the second answer must come from the cache, filled in for this shopper. */
async function visitTwice(page: Page, store: string, path: string) {
  await page.goto(hostUrl(store, path));
  const again = await page.goto(hostUrl(store, path));
  expect(again?.headers()["x-cache"], path).toBe("hit");
  expect(again?.headers()["cache-control"], path).toBe("private, no-store");
}

const NAMES: Record<Locale, { name: string; initial: string }> = {
  en: { name: "Maya Cached", initial: "M" },
  ar: { name: "ليلى المخزنة", initial: "ل" },
};

for (const locale of ["en", "ar"] as const) {
  test.describe(`signed-in pages from the cache (${locale})`, () => {
    test("the header is the shopper's on every page, an add shows on the next one, hydration is clean", async ({
      page,
      browser,
    }) => {
      const { store, slug } = await storeWithProduct(browser, `cached-${locale}`);
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error" && /hydrat|did not match|#418|#423|#425/i.test(message.text())) {
          problems.push(message.text());
        }
      });
      const { name, initial } = NAMES[locale];
      await signUpShopper(page, locale, store, name);
      await dismissToasts(page, locale);
      for (const path of PAGES) {
        await visitTwice(page, store, path);
        await expectHeader(page, locale, initial, 0);
      }
      await visitTwice(page, store, `/products/${slug}`);
      await expectHeader(page, locale, initial, 0);
      await page.getByRole("button", { name: t(locale, "productPage.addToCart") }).click();
      await expectToast(page, t(locale, "toast.cartAdded"));
      await dismissToasts(page, locale);
      // A client-side navigation, then a page load: both show the new count.
      await page
        .getByRole("banner")
        .getByRole("link", { name: t(locale, "header.allProducts") })
        .click();
      await expect(page).toHaveURL(/\/products$/);
      await expectHeader(page, locale, initial, 1);
      await visitTwice(page, store, "/");
      await expectHeader(page, locale, initial, 1);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      expect(problems).toEqual([]);
    });
  });
}

test.describe("signed-in pages from the cache without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of ["en", "ar"] as const) {
    test(`the header is the shopper's, and an add shows on the next page (${locale})`, async ({
      page,
      browser,
    }) => {
      const { store, slug } = await storeWithProduct(browser, `cached-nojs-${locale}`);
      const { name, initial } = NAMES[locale];
      await signUpShopper(page, locale, store, `${name} NoJS`);
      for (const path of PAGES.slice(0, 3)) {
        await visitTwice(page, store, path);
        await expectHeader(page, locale, initial, 0);
      }
      await visitTwice(page, store, `/products/${slug}`);
      await page.getByRole("button", { name: t(locale, "productPage.addToCart") }).click();
      await expectToast(page, t(locale, "toast.cartAdded"));
      await expectHeader(page, locale, initial, 1);
      await visitTwice(page, store, "/products");
      await expectHeader(page, locale, initial, 1);
    });
  }
});
