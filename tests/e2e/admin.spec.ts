/**
 * The admin frame and its first pages in a browser, English and Arabic: the sidebar and the
 * drawer (390 px: opens from the start side, focus inside, Esc and the backdrop close it, the
 * current entry marked), the users admin toggle, marking a contact request read. Screenshots of
 * each page at 1280 and 390 px go to SHOTS_DIR for a person to look at.
 */
import { hostUrl } from "./demo";
import {
  axe,
  expect,
  login,
  shot,
  t,
  test,
  waitForHydration,
  type Locale,
} from "./support/fixtures";
import { newShopper } from "./support/shop";

// The users and contact tests change shared demo rows: one at a time.
test.describe.configure({ mode: "serial" });

for (const locale of ["en", "ar"] as Locale[]) {
  test.describe(`admin (${locale})`, () => {
    test("desktop sidebar in SPEC order with the current entry marked", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await login(page, "admin", locale);
      await page.goto(hostUrl("dyes", `/admin/users?lng=${locale}`));
      const nav = page.getByRole("navigation", { name: t(locale, "admin.menu") });
      await expect(nav).toBeVisible();
      const labels = await nav.getByRole("link").allTextContents();
      expect(labels.slice(0, 4)).toEqual(
        ["dashboard", "users", "products", "categories"].map((k) => t(locale, `admin.nav.${k}`)),
      );
      await expect(nav.getByRole("link", { name: t(locale, "admin.nav.users") })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(page.getByRole("button", { name: t(locale, "admin.openMenu") })).toBeHidden();
      await expect(page.getByText(t(locale, "app.poweredBy"))).toBeVisible();
      for (const path of ["dashboard", "users", "contact-requests", "profile"]) {
        await page.goto(hostUrl("dyes", `/admin/${path}?lng=${locale}`));
        await shot(page, `${path}-${locale}-1280`);
        expect((await axe(page).analyze()).violations, path).toEqual([]);
      }
    });

    test("drawer at 390 px: start side, focus inside, Esc and backdrop close", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await login(page, "admin", locale);
      await page.goto(hostUrl("dyes", `/admin/contact-requests?lng=${locale}`));
      await waitForHydration(page);
      await expect(page.getByRole("navigation", { name: t(locale, "admin.menu") })).toBeHidden();
      const open = page.getByRole("button", { name: t(locale, "admin.openMenu") });
      await open.click();
      const drawer = page.getByRole("dialog", { name: t(locale, "admin.menu") });
      await expect(drawer).toBeVisible();
      // It slides in: its start edge reaches the screen's start side (the right in Arabic).
      await expect
        .poll(async () => {
          const box = (await drawer.boundingBox())!;
          return Math.round(locale === "ar" ? box.x + box.width : box.x);
        })
        .toBe(locale === "ar" ? 390 : 0);
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await expect(
        drawer.getByRole("link", { name: t(locale, "admin.nav.contactRequests") }),
      ).toHaveAttribute("aria-current", "page");
      await shot(page, `drawer-${locale}-390`, { fullPage: false });
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      await expect(open).toBeFocused();
      await open.click();
      await expect(drawer).toBeVisible();
      // The backdrop: a point on the far (end) side, outside the drawer.
      await page.mouse.click(locale === "ar" ? 10 : 380, 420);
      await expect(drawer).toBeHidden();
      for (const path of ["dashboard", "users", "contact-requests", "profile"]) {
        await page.goto(hostUrl("dyes", `/admin/${path}?lng=${locale}`));
        await shot(page, `${path}-${locale}-390`);
        expect((await axe(page).analyze()).violations, path).toEqual([]);
      }
    });

    test("users: make a shopper admin and back", async ({ page, browser }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      // A shopper of its own: the demo shopper, an admin for a moment, would let another test's
      // shopper into /admin meanwhile.
      const shopper = await newShopper(browser, locale, "dyes", locale === "ar" ? "سارة منصور" : "Sara Mansour");
      await shopper.context.close();
      await login(page, "admin", locale);
      await page.goto(hostUrl("dyes", `/admin/users?lng=${locale}&q=${encodeURIComponent(shopper.email)}`));
      const row = page.getByRole("row").filter({ hasText: shopper.email });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(t(locale, "admin.users.shopper"));
      // Each change asks first, in a dialog naming the person.
      const name = (await row.getByRole("rowheader").innerText()).trim();
      for (const [action, title, after] of [
        ["makeAdmin", "confirmMakeAdmin", "admin"],
        ["removeAdmin", "confirmRemoveAdmin", "shopper"],
      ] as const) {
        await row.getByRole("button", { name: new RegExp(`^${t(locale, `admin.users.${action}`)}`) }).click();
        const dialog = page.getByRole("dialog", {
          name: t(locale, `admin.users.${title}`, { name }),
        });
        await expect(dialog).toBeVisible();
        await dialog.getByRole("button", { name: t(locale, `admin.users.${action}`) }).click();
        await expect(dialog).toBeHidden();
        await expect(row).toContainText(t(locale, `admin.users.${after}`));
      }
      await expect(page).toHaveURL(/q=/);
    });

    test("contact requests: mark one read and unread again", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await login(page, "admin", locale);
      await page.goto(hostUrl("dyes", `/admin/contact-requests?lng=${locale}`));
      const row = page.getByRole("row").filter({ hasText: "james.carter@example.com" });
      await expect(row).toContainText(t(locale, "admin.contact.read"));
      await row
        .getByRole("button", { name: new RegExp(`^${t(locale, "admin.contact.markUnread")}`) })
        .click();
      await expect(row).toContainText(t(locale, "admin.contact.unread"));
      await row.getByRole("button", { name: new RegExp(`^${t(locale, "admin.contact.markRead")}`) }).click();
      await expect(row).toContainText(t(locale, "admin.contact.read"));
      await expect(
        row.getByRole("link", { name: new RegExp(`^${t(locale, "admin.contact.reply")}`) }),
      ).toHaveAttribute("href", /^mailto:james\.carter%40example\.com\?subject=/);
    });
  });
}

test.describe("admin without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the menu button is a link that shows the sidebar at 390 px", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, "admin", "en");
    await page.goto(hostUrl("dyes", "/admin/users?lng=en"));
    const nav = page.getByRole("navigation", { name: t("en", "admin.menu") });
    await expect(nav).toBeHidden();
    await page.getByRole("link", { name: t("en", "admin.openMenu") }).click();
    await expect(page).toHaveURL(/#admin-nav$/);
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: t("en", "admin.nav.users") })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});

test("a shopper is refused at /admin inside the store's own header and footer", async ({ page }) => {
  await login(page, "shopper", "en");
  const res = await page.goto(hostUrl("dyes", "/admin/dashboard?lng=en"));
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: t("en", "error.forbiddenTitle") })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("navigation", { name: t("en", "admin.menu") })).toHaveCount(0);
  await shot(page, `shopper-refused-en-1280`, { fullPage: false });
});
