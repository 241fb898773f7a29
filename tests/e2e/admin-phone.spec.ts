/**
 * Every admin and platform list on a phone (390 × 844), in English and Arabic (issue 21): the
 * rows are cards, and no cell, text or action of a list sits outside the screen or is clipped
 * inside its cell; nothing scrolls sideways; axe finds nothing. SHOTS_DIR=… also saves each
 * list at 1280 and 390 px for a person to look at.
 */
import type { Page } from "@playwright/test";
import { hostUrl } from "./demo";
import {
  expect,
  expectNoAxeViolations,
  login,
  screenshots,
  SHOTS_DIR,
  test,
  type Locale,
} from "./support/fixtures";

const PHONE = { width: 390, height: 844 };
const LOCALES: Locale[] = ["en", "ar"];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const STORE_LISTS = [
  "/admin/dashboard",
  "/admin/products",
  "/admin/categories",
  "/admin/users",
  "/admin/orders",
  "/admin/sales",
  `/admin/sales/report?startDate=${day(-89)}&endDate=${day(0)}`,
  "/admin/contact-requests",
];
const PLATFORM_LISTS = ["/platform/stores", "/platform/packages", "/platform/staff"];

interface Offence {
  what: string;
  left: number;
  right: number;
}

/**
 * What of the page's tables lies outside the screen or is cut inside its cell: every cell, every
 * link, button and field in one, measured by the browser.
 */
async function offences(page: Page): Promise<{ notCards: string[]; offences: Offence[] }> {
  return page.evaluate((width) => {
    const found: Offence[] = [];
    // Tables on show (the chart's figures table waits in a closed <details>).
    const tables = [...document.querySelectorAll("main table")].filter(
      (table) => !table.closest("details:not([open])"),
    );
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    for (const el of tables.flatMap((table) => [
      ...table.querySelectorAll(
        "tbody th, tbody td, tbody a, tbody button, tbody input, tbody select, thead a",
      ),
    ])) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.left < -0.5 || box.right > width + 0.5)
        found.push({ what: describe(el), left: Math.round(box.left), right: Math.round(box.right) });
      // Cut inside its own box (an overflowing word, a squeezed badge).
      if (el instanceof HTMLElement && el.scrollWidth > el.clientWidth + 1 && el.tagName !== "INPUT")
        found.push({ what: `${describe(el)} clipped`, left: el.clientWidth, right: el.scrollWidth });
    }
    const notCards = tables
      .filter((table) => {
        const row = table.querySelector("tbody tr");
        return row !== null && getComputedStyle(row).display !== "flex";
      })
      .map((table) => table.querySelector("caption")?.textContent ?? "a table without caption");
    return { notCards, offences: found };
  }, PHONE.width);
}

async function checkList(page: Page, url: string, name: string) {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const measured = await offences(page);
  expect(await page.locator("main table").count(), `${name}: a list`).toBeGreaterThan(0);
  // Every table with rows shows them as cards.
  expect(measured.notCards, `${name}: rows as cards`).toEqual([]);
  expect(measured.offences, `${name}: inside the screen, nothing clipped`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: no sideways scroll`).toBe(
    PHONE.width,
  );
  await expectNoAxeViolations(page, name);
  if (SHOTS_DIR) {
    await screenshots(page, name);
    await page.setViewportSize(PHONE);
  }
}

const withLocale = (path: string, locale: Locale) => `${path}${path.includes("?") ? "&" : "?"}lng=${locale}`;
const shotName = (path: string, locale: Locale) =>
  `phone${path.split("?")[0]!.replaceAll("/", "-")}-${locale}`;

test.describe("admin lists on a phone", () => {
  test.use({ viewport: PHONE });
  for (const locale of LOCALES) {
    test(`the store's lists are cards inside the screen (${locale})`, async ({ page }) => {
      // Eight pages, each with axe, on a 2-core machine shared with the server.
      test.setTimeout(240_000);
      await login(page, "admin", locale);
      for (const path of STORE_LISTS)
        await checkList(page, hostUrl("dyes", withLocale(path, locale)), shotName(path, locale));
    });

    test(`the platform's lists are cards inside the screen (${locale})`, async ({ page }) => {
      test.setTimeout(120_000);
      await login(page, "staff", locale);
      for (const path of PLATFORM_LISTS)
        await checkList(page, hostUrl(null, withLocale(path, locale)), shotName(path, locale));
    });
  }

  test("a card keeps the table's sorting and paging", async ({ page }) => {
    await login(page, "admin");
    await page.goto(hostUrl("dyes", "/admin/products?lng=en"));
    const main = page.getByRole("main");
    // The sort links stay, above the cards.
    const price = main.getByRole("link", { name: /^Price/ });
    await expect(price).toBeVisible();
    await price.click();
    await expect(page).toHaveURL(/sort=price&dir=asc/);
    // The address changes as the navigation commits; the rows follow in React's next render.
    const prices = async () =>
      (await main.locator("tbody td[data-label='Price']").allInnerTexts()).map((text) =>
        Number(text.replace(/[^\d.]/g, "")),
      );
    await expect
      .poll(async () => {
        const values = await prices();
        return values.length > 1 && values.every((value, i) => i === 0 || values[i - 1]! <= value);
      })
      .toBe(true);
    // The label of each value is its column's header, drawn beside it.
    const label = await main
      .locator("tbody td[data-label='Price']")
      .first()
      .evaluate((cell) => getComputedStyle(cell, "::before").content);
    expect(label).toBe('"Price"');
    await main.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/cursor=/);
    await expect(main.locator("tbody tr").first()).toBeVisible();
  });
});
