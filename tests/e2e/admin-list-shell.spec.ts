/**
 * The admin lists' one shell on a phone (390 × 844), in English and Arabic: the filters wait
 * behind a "Filters" button that reveals them, a search through them keeps the rows as cards,
 * and every link and button in a card is at least 44 px tall. On a desktop the filters are
 * inline and the button is gone. SHOTS_DIR=… also saves every list on the shell at 1280 and 390 px.
 */
import { hostUrl } from "./demo";
import {
  expect,
  login,
  screenshots,
  SHOTS_DIR,
  t,
  test,
  waitForHydration,
  type Locale,
} from "./support/fixtures";

const PHONE = { width: 390, height: 844 };

for (const locale of ["en", "ar"] as Locale[]) {
  test(`a list's filters open from the Filters button and its rows are cards (${locale})`, async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await login(page, "admin", locale);
    await page.goto(hostUrl("dyes", `/admin/products?lng=${locale}`));
    await waitForHydration(page);
    const main = page.getByRole("main");
    // "Filters" and a count, not "Apply filters".
    const filtersName = new RegExp(`^${t(locale, "admin.table.filters")}`);
    const filters = main.getByRole("search", { name: t(locale, "admin.table.filters") });
    const search = filters.getByLabel(t(locale, "admin.products.search"));
    await expect(search).toBeHidden();
    const toggle = main.getByRole("button", { name: filtersName });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(search).toBeVisible();

    // The rows are cards (a row laid out as a flex column), inside the screen.
    const firstRow = main.locator("tbody tr").first();
    await expect(firstRow).toBeVisible();
    expect(await firstRow.evaluate((row) => getComputedStyle(row).display)).toBe("flex");
    // Search by the first product's name: the rows found are still cards.
    const name = (await firstRow.locator("th a").innerText()).trim().split(/\s+/)[0]!;
    await search.fill(name);
    await filters.getByRole("button", { name: t(locale, "admin.table.applyFilters") }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(main.locator("tbody tr").first()).toContainText(name);
    expect(
      await main
        .locator("tbody tr")
        .first()
        .evaluate((row) => getComputedStyle(row).display),
    ).toBe("flex");
    // The button says one filter is in use; the filters wait behind it again after the search.
    await expect(main.getByRole("button", { name: filtersName })).toContainText("1");

    // Fingers' targets: every link and button of a card at least 44 px tall.
    const heights = await main
      .locator("tbody a, tbody button")
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
    expect(heights.length).toBeGreaterThan(0);
    expect(heights.filter((height) => height < 44)).toEqual([]);

    // On a desktop the filters are inline and there is no button.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(search).toBeVisible();
    await expect(main.getByRole("button", { name: filtersName })).toBeHidden();
  });
}

test("the lists on the shell, for a person to look at", async ({ page }) => {
  test.skip(!SHOTS_DIR, "screenshots only");
  test.setTimeout(300_000);
  for (const locale of ["en", "ar"] as Locale[]) {
    await login(page, "admin", locale);
    for (const path of [
      "products",
      "orders",
      "discounts",
      "discounts?q=xyz",
      "users",
      "reviews",
      "contact-requests",
      "sales",
    ]) {
      await page.goto(hostUrl("dyes", `/admin/${path}${path.includes("?") ? "&" : "?"}lng=${locale}`));
      await waitForHydration(page);
      await screenshots(page, `list-${path.replace(/\W+/g, "-")}-${locale}`);
    }
    await page.context().clearCookies();
    await login(page, "staff", locale);
    await page.goto(hostUrl(null, `/platform/stores?lng=${locale}`));
    await screenshots(page, `list-platform-stores-${locale}`);
    await page.context().clearCookies();
  }
});
