/**
 * Sales campaigns in a browser, English and Arabic: the admin creates a 20 % sale on a category
 * with the keyboard alone (fields, the scope's radio buttons, a category's checkbox, Enter to
 * save), the storefront's category page at once shows struck-through prices next to the sale
 * prices, and deleting the sale puts them back. The browser's own check of the shared schema
 * shows messages under the fields. axe on the list and the form; screenshots at 1280 and 390 px
 * go to SHOTS_DIR (default test-results/screenshots).
 *
 * Each test puts its sale on a store of its own (`ownStore`), with a category and products of its
 * own: a sale changes what every page of its store shows, and other specs read the demo stores in
 * parallel. The demo's campaigns are only read (the list's states, a sale's edit form).
 */
import { hostUrl } from "./demo";
import {
  dismissToasts,
  expect,
  expectNoAxeViolations,
  expectToast,
  login,
  ownStore,
  screenshots,
  t,
  test,
  waitForHydration,
  type Locale,
} from "./support/fixtures";
import { ownCategory, ownProduct } from "./support/shop";

/** "US$ 1,234.50" → 123450. */
const cents = (text: string) =>
  Math.round(Number(/\d[\d,]*(?:\.\d+)?/.exec(text)![0].replace(/,/g, "")) * 100);

/** A new store keeps UTC, as the demo stores do (the labels name the zone, isolated for right-to-left text). */
const UTC_ZONE = "\u2068UTC\u2069";

/** "2026-05-01T09:30" in UTC, as the form's datetime-local fields take it in a UTC store. */
const utc = (date: Date) => date.toISOString().slice(0, 16);

for (const locale of ["en", "ar"] as Locale[]) {
  test.describe(`admin sales (${locale})`, () => {
    // axe over a long form, a storefront round trip and a delete: slow on a shared 2-core machine.
    test.describe.configure({ timeout: 300_000 });
    test("create a 20 % sale on a category with the keyboard; the storefront strikes prices through", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const { store } = await ownStore(page, `sale-${locale}`, locale);
      const category = { nameEn: `Sale Pigments ${locale}`, nameAr: `أصباغ التخفيض ${locale}` };
      const categorySlug = await ownCategory(page, store, category);
      for (const [nameEn, nameAr, price] of [
        ["Sale Ochre", "مغرة التخفيض", "12.50"],
        ["Sale Umber", "أومبر التخفيض", "40.00"],
      ] as const) {
        await ownProduct(page, store, { nameEn, nameAr, price, stock: 5, category: category.nameEn });
      }
      const name = `Keyboard Sale ${locale} ${Date.now().toString(36)}`;
      const nameAr = `تخفيض ${name}`;
      // The list shows the name in the page's language.
      const shownName = locale === "ar" ? nameAr : name;

      // Nothing on sale in the category yet.
      await page.goto(hostUrl(store, `/categories/${categorySlug}?lng=${locale}`));
      await expect(page.locator("article")).toHaveCount(2);
      await expect(page.locator("article s")).toHaveCount(0);

      await page.goto(hostUrl(store, `/admin/sales?lng=${locale}`));
      await expect(
        page.getByRole("heading", { level: 1, name: t(locale, "admin.sales.title") }),
      ).toBeVisible();
      await waitForHydration(page);
      await page.getByRole("link", { name: t(locale, "admin.sales.new") }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: t(locale, "admin.sales.newTitle") }),
      ).toBeVisible();
      await waitForHydration(page);
      await expectNoAxeViolations(page, "new sale form");
      await screenshots(page, `form-new-${locale}`);

      // The browser checks the shared schema: messages under the fields, nothing sent.
      await page.getByRole("button", { name: t(locale, "admin.sales.save") }).click();
      await expect(page.getByText(t(locale, "admin.sales.errors.nameEnRequired"))).toBeVisible();
      await expect(page.getByText(t(locale, "admin.sales.errors.startRequired"))).toBeVisible();
      await expect(page.getByLabel(t(locale, "admin.sales.nameEn"), { exact: true })).toBeFocused();
      await expectNoAxeViolations(page, "sale form with errors");

      // The keyboard alone from here (dates typed with fill: a datetime-local's segments follow the OS locale).
      await page.keyboard.type(name);
      await page.keyboard.press("Tab");
      await expect(page.getByLabel(t(locale, "admin.sales.nameAr"), { exact: true })).toBeFocused();
      await page.keyboard.type(nameAr);
      await page.keyboard.press("Tab");
      await expect(page.getByLabel(t(locale, "admin.sales.kind"), { exact: true })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(page.getByLabel(t(locale, "admin.sales.value"), { exact: true })).toBeFocused();
      await page.keyboard.type("20");
      await page
        .getByLabel(t(locale, "timeZone.saleStarts", { timeZone: UTC_ZONE }), { exact: true })
        .fill(utc(new Date(Date.now() - 10 * 60_000)));
      await page
        .getByLabel(t(locale, "timeZone.saleEnds", { timeZone: UTC_ZONE }))
        .fill(utc(new Date(Date.now() + 2 * 86_400_000)));
      // A datetime-local keeps Tab among its own segments: the scope's radios are reached directly.
      const wholeStore = page.getByRole("radio", { name: t(locale, "admin.sales.scopes.store") });
      await wholeStore.focus();
      await expect(wholeStore).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(
        page.getByRole("radio", { name: t(locale, "admin.sales.scopes.categories") }),
      ).toBeChecked();
      const categoryBox = page.getByRole("checkbox", {
        name: locale === "ar" ? category.nameAr : category.nameEn,
        exact: true,
      });
      await categoryBox.focus();
      await page.keyboard.press("Space");
      await expect(categoryBox).toBeChecked();
      await page.getByRole("button", { name: t(locale, "admin.sales.save") }).focus();
      await page.keyboard.press("Enter");

      await expect(page).toHaveURL(/\/admin\/sales(\?|$)/);
      await expectToast(page, t(locale, "admin.sales.created"));
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row).toContainText("20 %");
      await expect(row).toContainText(t(locale, "admin.sales.states.running"));
      await dismissToasts(page, locale);
      await expectNoAxeViolations(page, "sales list");

      // The storefront: original and sale price on both cards of the category, 20 % apart.
      await page.goto(hostUrl(store, `/categories/${categorySlug}?lng=${locale}`));
      const prices = page.locator("article [data-price]:has(s)");
      await expect(prices).toHaveCount(2);
      const shown = [];
      for (const price of await prices.all()) {
        // The sale price, then the struck-through original (Latin digits in both locales).
        const [sale, original] = ((await price.innerText()).match(/\d[\d,]*\.\d{2}/g) ?? []).map(cents);
        expect(original).toBe(cents((await price.getAttribute("data-price"))!));
        shown.push([sale, original]);
      }
      expect(shown.sort((a, b) => a[1]! - b[1]!)).toEqual([
        [1000, 1250],
        [3200, 4000],
      ]);

      // Delete it; prices go back.
      await page.goto(hostUrl(store, `/admin/sales?lng=${locale}`));
      await waitForHydration(page);
      await page
        .getByRole("row")
        .filter({ hasText: name })
        .getByRole("button", { name: `${t(locale, "admin.sales.delete")}: ${shownName}` })
        .click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: t(locale, "admin.sales.delete") }).click();
      await expectToast(page, t(locale, "admin.sales.deleted"));
      await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
      await page.goto(hostUrl(store, `/categories/${categorySlug}?lng=${locale}`));
      await expect(page.locator("article")).toHaveCount(2);
      await expect(page.locator("article s")).toHaveCount(0);
    });

    test("the demo's campaigns and a demo sale's edit form, read only: axe and screenshots", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await login(page, "admin", locale);
      await page.goto(hostUrl("dyes", `/admin/sales?lng=${locale}`));
      // The demo's running, scheduled and ended campaigns.
      const table = page.getByRole("table");
      for (const state of ["running", "scheduled", "ended"]) {
        await expect(
          table.getByText(t(locale, `admin.sales.states.${state}`), { exact: true }).first(),
        ).toBeVisible();
      }
      await expectNoAxeViolations(page, "demo sales list");
      await screenshots(page, `list-${locale}`);

      await page.goto(hostUrl("dyes", `/admin/sales?state=scheduled&lng=${locale}`));
      await waitForHydration(page);
      await page.getByRole("table").getByRole("link").first().click();
      await expect(
        page.getByRole("heading", { level: 1, name: t(locale, "admin.sales.editTitle") }),
      ).toBeVisible();
      await expect(
        page.getByRole("radio", { name: t(locale, "admin.sales.scopes.categories") }),
      ).toBeChecked();
      await expectNoAxeViolations(page, "edit sale form");
      await screenshots(page, `form-edit-${locale}`);
    });
  });
}
