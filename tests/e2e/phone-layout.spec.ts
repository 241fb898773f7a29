/**
 * The storefront on a phone (390 × 844), in English and Arabic: one compact header row whose menu
 * button opens a drawer (focus kept inside, Esc closes it and gives focus back, its links
 * navigate), a search button that opens the search field, the cart with its count; on listings
 * the filters behind "Filter and sort" in a drawer with the result count, so the first screen
 * shows products. The same journeys without JavaScript (the buttons are links to the parts of the
 * page they show); axe on the phone layout with each drawer open; the desktop header in one row.
 */
import type { Locator, Page } from "@playwright/test";
import { DYES_CATALOG } from "../../app/db/seed/catalog/dyes";
import { hostUrl } from "./demo";
import { axe, expect, expectToast, t, test, type Locale } from "./support/fixtures";
import { DYES_SLUGS, firstInStock, signUp as signUpShopper } from "./support/shop";

const LOCALES: Locale[] = ["en", "ar"];
const PHONE = { width: 390, height: 844 };

const fabric = DYES_CATALOG.find((category) => category.slug === "fabric-dyes")!;
const allPurpose = fabric.subcategories.find((sub) => sub.slug === "all-purpose-dyes")!;
const nameOf = (product: { nameEn: string; nameAr: string }, locale: Locale) =>
  locale === "ar" ? product.nameAr : product.nameEn;

const dyes = (path: string, locale: Locale) =>
  hostUrl("dyes", `${path}${path.includes("?") ? "&" : "?"}lng=${locale}`);
const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** "12 products" as i18next words it for `count` (Arabic has six plural forms). */
const resultsText = (locale: Locale, count: number) =>
  t(locale, `catalog.results_${new Intl.PluralRules(locale).select(count)}`, { count });

/** The product cards of the listing; by CSS, so they are found behind an open drawer too. */
const cards = (page: Page) => page.locator("main ul[aria-labelledby] > li");
const cardNames = async (page: Page) =>
  (await cards(page).locator("h2, h3").allInnerTexts()).map((name) => name.trim());

const menuControl = (page: Page, locale: Locale, role: "button" | "link") =>
  page.getByRole("banner").getByRole(role, { name: t(locale, "phone.menu"), exact: true });
const searchControl = (page: Page, locale: Locale, role: "button" | "link") =>
  page.getByRole("banner").getByRole(role, { name: t(locale, "phone.search"), exact: true });
const filterControl = (page: Page, locale: Locale, role: "button" | "link") =>
  page.getByRole("main").getByRole(role, { name: t(locale, "catalog.filters.heading"), exact: true });

/** Hydrated once the phone's menu control is a button (before, it is a link). */
async function hydrated(page: Page, locale: Locale) {
  await expect(menuControl(page, locale, "button")).toBeVisible();
}

/** Whether the focused element is inside `container`. */
const holdsFocus = (container: Locator) =>
  container.evaluate((node) => node.contains(document.activeElement));

/** The first screen shows products: the first card starts above the bottom of the viewport. */
async function expectProductsInFirstScreen(page: Page) {
  const first = cards(page).first();
  await expect(first).toBeVisible();
  const box = await first.boundingBox();
  expect(box, "first product card").not.toBeNull();
  expect(box!.y).toBeLessThan(PHONE.height - 100);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

async function expectNoAxeViolations(page: Page) {
  // The toasts fade in: axe would measure their colours half-transparent, mid-animation.
  const found = await axe(page).exclude("[data-sonner-toaster]").analyze();
  expect(
    found.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target).join(", ")}`),
  ).toEqual([]);
}

async function signUp(page: Page, locale: Locale) {
  await page.goto(dyes("/signup", locale));
  await page.getByLabel(t(locale, "auth.fields.name")).fill(locale === "ar" ? "نور خليل" : "Nour Khalil");
  await page.getByLabel(t(locale, "auth.fields.email")).fill(uniqueEmail(`phone-${locale}`));
  await page.getByLabel(t(locale, "auth.fields.password")).fill("phone-pass-1");
  await page.getByRole("button", { name: t(locale, "auth.signup.submit") }).click();
  await expect(page).not.toHaveURL(/\/signup/);
}

/** A demo product with stock, from the middle of the catalogue (other specs start at its ends). */
const productInStock = () =>
  firstInStock(DYES_SLUGS.slice(Math.floor(DYES_SLUGS.length / 2)), 5);

test.describe("phone, with JavaScript", () => {
  test.use({ viewport: PHONE });

  for (const locale of LOCALES) {
    test(`one header row; the menu drawer opens, keeps focus, closes on Esc and its links navigate (${locale})`, async ({
      page,
    }) => {
      await page.goto(dyes("/products", locale));
      await hydrated(page, locale);
      const banner = page.getByRole("banner");
      // One compact row: logo, search, cart, menu; the links and tools are in the menu.
      expect((await banner.boundingBox())!.height).toBeLessThan(80);
      await expect(banner.getByRole("link", { name: t(locale, "storeNav.cart"), exact: true })).toBeVisible();
      await expect(banner.getByRole("link", { name: t(locale, "header.allProducts") })).toBeHidden();
      await expect(banner.getByRole("link", { name: t(locale, "header.login") })).toBeHidden();
      await expectProductsInFirstScreen(page);

      const button = menuControl(page, locale, "button");
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await button.click();
      const drawer = page.getByRole("dialog", { name: t(locale, "phone.menu") });
      await expect(drawer).toBeVisible();
      // (By CSS: the open dialog hides the rest of the page from roles.)
      await expect(page.locator("header button[aria-haspopup=dialog]")).toHaveAttribute(
        "aria-expanded",
        "true",
      );
      // From the start side: the left in English, the right in Arabic.
      await expect
        .poll(async () => {
          const box = (await drawer.boundingBox())!;
          return Math.round(locale === "en" ? box.x : PHONE.width - box.x - box.width);
        })
        .toBe(0);
      // The links, the language, the theme and the account.
      for (const key of ["header.allProducts", "storeNav.categories", "storeNav.wishlist", "header.login"])
        await expect(drawer.getByRole("link", { name: t(locale, key), exact: true })).toBeVisible();
      await expect(
        drawer.getByRole("link", { name: t(locale, `header.language.${locale === "en" ? "ar" : "en"}`) }),
      ).toBeVisible();
      await expect(drawer.getByRole("button", { name: t(locale, "header.theme.toDarkLabel") })).toBeVisible();

      // Focus stays inside, forwards and backwards.
      await expect.poll(() => holdsFocus(drawer)).toBe(true);
      for (let step = 0; step < 10; step++) {
        await page.keyboard.press("Tab");
        expect(await holdsFocus(drawer)).toBe(true);
      }
      for (let step = 0; step < 4; step++) {
        await page.keyboard.press("Shift+Tab");
        expect(await holdsFocus(drawer)).toBe(true);
      }

      // Esc closes it and gives focus back to the menu button.
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute("aria-expanded", "false");

      // A link in it navigates and closes it.
      await button.click();
      await drawer.getByRole("link", { name: t(locale, "storeNav.categories"), exact: true }).click();
      await expect(page).toHaveURL(/\/categories(\?|$)/);
      await expect(
        page.getByRole("heading", { level: 1, name: t(locale, "catalog.categories.title") }),
      ).toBeVisible();
      await expect(drawer).toBeHidden();
      // The close button closes it too.
      await button.click();
      await drawer.getByRole("button", { name: t(locale, "phone.closeMenu") }).click();
      await expect(drawer).toBeHidden();
      await expect(button).toBeFocused();
    });

    test(`the filter drawer: filter, result count, apply, clear (${locale})`, async ({ page }) => {
      await page.goto(dyes("/products", locale));
      await hydrated(page, locale);
      // The filter form itself is not on the phone's first screen.
      await expect(page.getByRole("form", { name: t(locale, "catalog.filters.heading") })).toBeHidden();
      await expectProductsInFirstScreen(page);
      // The listing's own count, behind the drawer (by CSS: the drawer hides the page from roles).
      const pageCount = page.locator("main p[role=status]");

      const button = filterControl(page, locale, "button");
      await button.click();
      const drawer = page.getByRole("dialog", { name: t(locale, "catalog.filters.heading") });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole("status")).toHaveText(await pageCount.innerText());
      const field = (key: string) => drawer.getByLabel(t(locale, `catalog.filters.${key}`), { exact: true });

      // The listing behind follows each change; the drawer counts what it now shows.
      await field("category").selectOption("fabric-dyes");
      await expect(page).toHaveURL(/category=fabric-dyes/);
      await field("sub").selectOption("all-purpose-dyes");
      await expect(page).toHaveURL(/sub=all-purpose-dyes/);
      await field("max").fill("12");
      await expect(page).toHaveURL(/max=12/);
      const allowed = new Set(allPurpose.products.map((product) => nameOf(product, locale)));
      await expect.poll(async () => (await cardNames(page)).every((name) => allowed.has(name))).toBe(true);
      const filtered = await cards(page).count();
      expect(filtered).toBeGreaterThan(0);
      await expect(drawer.getByRole("status")).toHaveText(resultsText(locale, filtered));

      // Apply: the drawer closes on the filtered listing, focus back on its button.
      await drawer.getByRole("button", { name: t(locale, "catalog.filters.apply") }).click();
      await expect(drawer).toBeHidden();
      await expect(button).toBeFocused();
      await expect(page).toHaveURL(/max=12/);
      await expect(pageCount).toHaveText(resultsText(locale, filtered));
      await expectProductsInFirstScreen(page);

      // Clear: every product again, the price range back to 0–10000; the drawer stays open.
      await button.click();
      await expect(drawer).toBeVisible();
      await drawer.getByRole("link", { name: t(locale, "catalog.filters.clear") }).click();
      await expect(page).not.toHaveURL(/sub=|max=/);
      await expect(field("max")).toHaveValue("10000");
      await expect(field("category")).toHaveValue("");
      await expect(cards(page)).toHaveCount(12);
      await expect
        .poll(async () => (await drawer.getByRole("status").innerText()) === (await pageCount.innerText()))
        .toBe(true);
      expect(Number(/\d+/.exec(await pageCount.innerText())?.[0])).toBeGreaterThan(filtered);
      // "Show products" closes it.
      await drawer.getByRole("button", { name: t(locale, "phone.showProducts") }).click();
      await expect(drawer).toBeHidden();
      await expect(cards(page)).toHaveCount(12);
    });

    test(`a category page: products first, its price filter in the drawer (${locale})`, async ({ page }) => {
      await page.goto(dyes("/categories/fabric-dyes", locale));
      await hydrated(page, locale);
      await expectProductsInFirstScreen(page);
      await filterControl(page, locale, "button").click();
      const drawer = page.getByRole("dialog", { name: t(locale, "catalog.filters.heading") });
      // The category is the page's: no category pickers.
      await expect(drawer.getByLabel(t(locale, "catalog.filters.category"), { exact: true })).toHaveCount(0);
      await drawer.getByLabel(t(locale, "catalog.filters.max"), { exact: true }).fill("5");
      await expect(page).toHaveURL(/\/categories\/fabric-dyes\?.*max=5/);
      await expect
        .poll(
          async () =>
            (await drawer.getByRole("status").innerText()) === resultsText(locale, await cards(page).count()),
        )
        .toBe(true);
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
    });

    test(`search from the header's search button (${locale})`, async ({ page }) => {
      await page.goto(dyes("/", locale));
      await hydrated(page, locale);
      const field = page.getByRole("searchbox", { name: t(locale, "header.search.label") });
      await expect(field).toBeHidden();
      const button = searchControl(page, locale, "button");
      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(field).toBeVisible();
      await expect(field).toBeFocused();
      const term = locale === "ar" ? "أحمر" : "red";
      await field.fill(term);
      await field.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/products\\?q=${encodeURIComponent(term)}`));
      await expect(cards(page).first()).toBeVisible();
      // The search row folds away again on the new page.
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(field).toBeHidden();
    });

    test(`the cart with its count, not covered by the toast (${locale})`, async ({ page }) => {
      const slug = await productInStock();
      await signUp(page, locale);
      await expectToast(page, t(locale, "toast.registrationSuccess"));
      await page.goto(dyes(`/products/${slug}`, locale));
      await hydrated(page, locale);
      await page.getByRole("button", { name: t(locale, "productPage.addToCart") }).click();
      await expectToast(page, t(locale, "toast.cartAdded"));
      const cart = page
        .getByRole("banner")
        .getByRole("link", { name: t(locale, "storeNav.cartWithCount", { count: 1 }), exact: true });
      await expect(cart).toBeVisible();
      // The toast sits at the bottom, clear of the header: the cart is reachable at once.
      const toast = page.getByText(t(locale, "toast.cartAdded"), { exact: true }).first();
      const header = (await page.getByRole("banner").boundingBox())!;
      expect((await toast.boundingBox())!.y).toBeGreaterThan(header.y + header.height);
      await cart.click();
      await expect(page.getByRole("heading", { level: 1, name: t(locale, "cart.title") })).toBeVisible();
    });

    test(`the phone layout passes axe, drawers open and closed (${locale})`, async ({ page }) => {
      // Four axe runs on a 2-core machine shared with the server.
      test.setTimeout(180_000);
      await page.goto(dyes("/products", locale));
      await hydrated(page, locale);
      await expectNoAxeViolations(page);
      await menuControl(page, locale, "button").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await filterControl(page, locale, "button").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await searchControl(page, locale, "button").click();
      await expect(page.getByRole("searchbox", { name: t(locale, "header.search.label") })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("phone, without JavaScript", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  for (const locale of LOCALES) {
    test(`menu, search, filters and cart count as links and forms (${locale})`, async ({ page }) => {
      await page.goto(dyes("/products", locale));
      await expectProductsInFirstScreen(page);
      const banner = page.getByRole("banner");

      // The menu: a link that shows the header's links and tools under its row.
      const nav = banner.getByRole("navigation", { name: t(locale, "header.mainNav") });
      await expect(nav).toBeHidden();
      await menuControl(page, locale, "link").click();
      await expect(nav).toBeVisible();
      await expect(banner.getByRole("link", { name: t(locale, "header.login") })).toBeVisible();
      await expect(banner.getByRole("button", { name: t(locale, "header.theme.toDarkLabel") })).toBeVisible();
      await banner.getByRole("link", { name: t(locale, "phone.closeMenu") }).click();
      await expect(nav).toBeHidden();
      await menuControl(page, locale, "link").click();
      await nav.getByRole("link", { name: t(locale, "storeNav.categories") }).click();
      await expect(page).toHaveURL(/\/categories(\?|$)/);
      await expect(
        page.getByRole("heading", { level: 1, name: t(locale, "catalog.categories.title") }),
      ).toBeVisible();
      await expect(nav).toBeHidden();

      // Search: a link that shows the search field.
      const field = page.getByRole("searchbox", { name: t(locale, "header.search.label") });
      await expect(field).toBeHidden();
      await searchControl(page, locale, "link").click();
      await expect(field).toBeVisible();
      await field.fill("dye");
      await field.press("Enter");
      await expect(page).toHaveURL(/\/products\?q=dye/);
      await expect(cards(page).first()).toBeVisible();

      // Filters: a link that shows the form above the results; Apply loads the filtered listing.
      await page.goto(dyes("/products", locale));
      const form = page.getByRole("form", { name: t(locale, "catalog.filters.heading") });
      await expect(form).toBeHidden();
      await filterControl(page, locale, "link").click();
      await expect(form).toBeVisible();
      await form
        .getByLabel(t(locale, "catalog.filters.category"), { exact: true })
        .selectOption("fabric-dyes");
      await form.getByLabel(t(locale, "catalog.filters.max"), { exact: true }).fill("12");
      await form.getByRole("button", { name: t(locale, "catalog.filters.apply") }).click();
      await expect(page).toHaveURL(/category=fabric-dyes/);
      await expect(page).toHaveURL(/max=12/);
      await expect(form).toBeHidden();
      await expectProductsInFirstScreen(page);
      const filtered = await cards(page).count();
      await expect(page.getByRole("main").getByRole("status")).toHaveText(resultsText(locale, filtered));
      await filterControl(page, locale, "link").click();
      await form.getByRole("link", { name: t(locale, "catalog.filters.clear") }).click();
      await expect(page).not.toHaveURL(/category=/);
      await expect(cards(page)).toHaveCount(12);

      // A category page shows products first too.
      await page.goto(dyes("/categories/fabric-dyes", locale));
      await expectProductsInFirstScreen(page);

      // The cart's count.
      const slug = await productInStock();
      await signUpShopper(page, locale, {
        name: locale === "ar" ? "نور خليل" : "Nour Khalil",
        email: uniqueEmail(`phone-${locale}`),
        password: "phone-pass-1",
      });
      await page.goto(dyes(`/products/${slug}`, locale));
      await page.getByRole("button", { name: t(locale, "productPage.addToCart") }).click();
      await expect(page.getByText(t(locale, "toast.cartAdded"), { exact: true })).toBeVisible();
      await banner
        .getByRole("link", { name: t(locale, "storeNav.cartWithCount", { count: 1 }), exact: true })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: t(locale, "cart.title") })).toBeVisible();
    });
  }
});

test.describe("wider screens", () => {
  for (const locale of LOCALES) {
    test(`desktop keeps one header row, tablets do not overflow (${locale})`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(dyes("/products", locale));
      const banner = page.getByRole("banner");
      const logo = banner.getByRole("link").first();
      const login = banner.getByRole("link", { name: t(locale, "header.login") });
      const search = banner.getByRole("searchbox", { name: t(locale, "header.search.label") });
      for (const part of [
        logo,
        login,
        search,
        banner.getByRole("link", { name: t(locale, "storeNav.cart") }),
      ])
        await expect(part).toBeVisible();
      // One row: the header is as tall as one row of 44 px controls, and they share a middle line.
      expect((await banner.boundingBox())!.height).toBeLessThan(90);
      const middle = async (part: Locator) => {
        const box = (await part.boundingBox())!;
        return box.y + box.height / 2;
      };
      const line = await middle(logo);
      for (const part of [login, search]) expect(Math.abs((await middle(part)) - line)).toBeLessThan(4);
      // The phone's controls are not shown.
      await expect(menuControl(page, locale, "button").or(menuControl(page, locale, "link"))).toBeHidden();
      await expect(page.getByRole("form", { name: t(locale, "catalog.filters.heading") })).toBeVisible();

      await page.setViewportSize({ width: 768, height: 1024 });
      await page.goto(dyes("/categories/fabric-dyes", locale));
      await expect(search).toBeVisible();
      await expect(login).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    });
  }
});
