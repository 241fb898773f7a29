/**
 * The admin's rough edges of issue 39 item 6 that a browser shows, in English and Arabic: the
 * desktop sidebar shows every entry at 1280×900 (and says "More below" where a shorter window
 * hides some); a toast never covers the page's title (storefront and admin, 1280 and 390 px);
 * English text in a contact request keeps its own direction in the Arabic admin's cards; the store
 * name's previews keep "Dye & Shade Co." whole (bidi isolation, its full stop at its end).
 */
import type { Locator, Page } from "@playwright/test";
import { DYES_STORE } from "../../app/db/seed/stores";
import { dyes, uniqueEmail } from "./support/shop";
import { expect, expectClear, login, screenshots, t, test, type Locale } from "./support/fixtures";

const STORE_NAME = DYES_STORE.name;

const sidebar = (page: Page, locale: Locale) =>
  page.getByRole("complementary", { name: t(locale, "admin.sidebar") });

/** Whether `inner` is wholly inside `outer` on screen. */
async function within(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!a || !b) return false;
  return (
    a.y >= b.y - 0.5 &&
    a.y + a.height <= b.y + b.height + 0.5 &&
    a.x >= b.x - 0.5 &&
    a.x + a.width <= b.x + b.width + 0.5
  );
}

/** The box of one character of `locator`'s text (its index in the text), on screen. */
function charBox(locator: Locator, index: number) {
  return locator.evaluate((element, at) => {
    const range = document.createRange();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let seen = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const length = node.textContent!.length;
      if (at < seen + length) {
        range.setStart(node, at - seen);
        range.setEnd(node, at - seen + 1);
        const { x, width } = range.getBoundingClientRect();
        return { x, width };
      }
      seen += length;
    }
    throw new Error(`no character ${at}`);
  }, index);
}

/** "Dye & Shade Co." reads as written: its full stop right of its "D", whatever the page's direction. */
async function expectNameWhole(name: Locator) {
  await expect(name).toHaveText(STORE_NAME);
  const first = await charBox(name, 0);
  const stop = await charBox(name, STORE_NAME.length - 1);
  expect(stop.x, "the full stop sits after the name's last letter").toBeGreaterThan(first.x);
}

for (const locale of ["en", "ar"] as Locale[]) {
  test.describe(`admin rough edges (${locale})`, () => {
    test("the desktop sidebar shows every entry at 1280×1200, and says when a shorter window hides some", async ({
      page,
    }) => {
      // Over 20 entries since shipping, VAT and the team page (issues 33, 35, 36): in Arabic they no
      // longer fit a 1000 px tall window (the cue below says so there); a 1200 px one shows them all.
      await page.setViewportSize({ width: 1280, height: 1200 });
      await login(page, "admin", locale);
      await page.goto(dyes("/admin/dashboard", locale));
      const menu = sidebar(page, locale).getByRole("navigation", { name: t(locale, "admin.menu") });
      // The last entry: the activity log (issue 36) comes after Billing.
      const last = menu.getByRole("link", { name: t(locale, "staffRoles.nav.activity") });
      const first = menu.getByRole("link", { name: t(locale, "admin.nav.dashboard") });
      // Every entry shows: the first and last are whole inside the menu, and the menu inside the window.
      expect(await within(first, menu), "Dashboard inside the menu").toBe(true);
      expect(await within(last, menu), "Activity inside the menu").toBe(true);
      await expect(last).toBeInViewport({ ratio: 1 });
      await expect(sidebar(page, locale).getByText(t(locale, "app.poweredBy"))).toBeInViewport();
      await expect(page.getByTestId("admin-nav-more")).toHaveCount(0);
      await screenshots(page, `admin-sidebar-${locale}`);

      // A shorter window: the menu scrolls, and a cue says there is more below, until the end.
      await page.setViewportSize({ width: 1280, height: 640 });
      await expect(page.getByTestId("admin-nav-more")).toBeVisible();
      await expect(page.getByTestId("admin-nav-more")).toHaveText(new RegExp(t(locale, "admin.moreBelow")));
      await menu.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await expect(page.getByTestId("admin-nav-more")).toHaveCount(0);
      await expect(last).toBeInViewport({ ratio: 1 });
    });

    test("a toast never covers the page's title, on the storefront and in the admin; a contact request's English keeps its own direction", async ({
      page,
    }) => {
      const name = `Lina Haddad ${Date.now().toString(36)}`;
      const message = "Hello!\nDo you ship to Dubai? I need 3 kg by Friday.";
      for (const width of [1280, 390]) {
        // The storefront: the contact form's 'your request is submitted'.
        await page.setViewportSize({ width, height: 900 });
        await page.goto(dyes("/contact", locale));
        await page.getByLabel(t(locale, "auth.fields.name")).fill(name);
        await page.getByLabel(t(locale, "auth.fields.email")).fill(uniqueEmail("toast-title"));
        await page.getByLabel(t(locale, "content.comments")).fill(message);
        await page.getByRole("button", { name: t(locale, "content.send") }).click();
        const sent = page
          .locator("[data-sonner-toast]")
          .filter({ hasText: t(locale, "toast.requestSubmitted") });
        await expect(sent).toBeVisible();
        await expectClear(sent, page.getByRole("heading", { level: 1 }));
      }

      await login(page, "admin", locale);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(dyes("/admin/contact-requests", locale));
        const row = page.getByRole("row").filter({ hasText: name }).first();
        const mark = row.getByRole("button", { name: new RegExp(`: ${name}$`) }).first();
        await mark.click();
        const updated = page
          .locator("[data-sonner-toast]")
          .filter({ hasText: t(locale, "admin.contact.updated") });
        await expect(updated).toBeVisible();
        await expectClear(updated, page.getByRole("heading", { level: 1 }));
        if (width === 390) {
          // The card: the English message and e-mail run left to right from their own start (the
          // left), the Arabic labels from the page's.
          const text = row.getByText("Do you ship to Dubai?");
          await expect(text).toHaveAttribute("dir", "auto");
          // Its short first line shows where it is lined up.
          const box = await text.boundingBox();
          const first = await charBox(text, 0);
          expect(first.x - box!.x, "the message starts at its own start (the left)").toBeLessThan(2);
          await screenshots(page, `contact-requests-card-${locale}`);
        }
      }
    });

    test("the store name's previews keep its full stop at its end", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await login(page, "admin", locale);
      await page.goto(dyes("/admin/settings", locale));
      const shipping = page.getByTestId("store-name-preview");
      await expectNameWhole(shipping.locator("bdi"));
      // Lined up with the page's start, as the header's name is: the right in Arabic.
      const [nameBox, paneBox] = [await shipping.locator("bdi").boundingBox(), await shipping.boundingBox()];
      if (locale === "ar")
        expect(paneBox!.x + paneBox!.width - (nameBox!.x + nameBox!.width)).toBeLessThan(2);
      else expect(nameBox!.x - paneBox!.x).toBeLessThan(2);
      await screenshots(page, `settings-store-name-${locale}`);

      await page.goto(dyes("/admin/storesetting/logoAndColors", locale));
      await expectNameWhole(page.getByTestId("brand-preview").locator("bdi"));
      await screenshots(page, `logo-colors-store-name-${locale}`);
    });
  });
}
