/**
 * The store's time zone in a browser, English and Arabic (issue 21): Ink Atelier's admin (the
 * demo store seeded on Riyadh time) finds the zone chosen on /admin/settings, picks another from
 * the grouped list, saves, and the orders list shows every order's time in the new zone and says
 * which zone that is. A name that is not on the list is refused under the field. axe on the
 * settings page; screenshots of it at 1280 and 390 px go to SHOTS_DIR.
 *
 * It changes what Ink Atelier's admin pages show, so playwright.config.ts runs it with the other
 * store-wide specs, after the rest; alone: `npx playwright test <this file> --no-deps`.
 */
import type { Page } from "@playwright/test";
import { hostUrl } from "./demo";
import {
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

test.describe.configure({ mode: "serial" });

const INKS_ADMIN = { email: "admin@inks.test", password: "demo-admin-1", store: "inks" };
/** The zone each locale's test chooses (the Arabic one puts the seeded zone back). */
const CHOSEN: Record<Locale, string> = { en: "America/New_York", ar: "Asia/Riyadh" };

/** What the list should show for an order placed at `iso`, in `zone`, as the server formats it. */
const shown = (iso: string, locale: Locale, zone: string) =>
  new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: zone,
    numberingSystem: "latn",
  }).format(new Date(iso));

async function orderTimes(page: Page): Promise<{ iso: string; text: string }[]> {
  return page
    .getByRole("table")
    .locator("time")
    .evaluateAll((nodes) =>
      nodes.map((node) => ({ iso: node.getAttribute("datetime") ?? "", text: node.textContent ?? "" })),
    );
}

for (const locale of ["en", "ar"] as Locale[]) {
  test(`the admin sets the store's time zone and the orders list shows times in it (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const zone = CHOSEN[locale];
    await login(page, INKS_ADMIN, locale);
    await page.goto(hostUrl("inks", `/admin/settings?lng=${locale}`));
    await expect(
      page.getByRole("heading", { level: 1, name: t(locale, "admin.settings.title") }),
    ).toBeVisible();
    const field = page.getByLabel(t(locale, "timeZone.label"), { exact: true });
    // The demo store runs on Riyadh time (or New York's, once the English test has run).
    await expect(field).toHaveValue(locale === "en" ? "Asia/Riyadh" : "America/New_York");
    // Grouped by area, with the area's name in the page's language.
    await expect(field.locator(`optgroup[label="${t(locale, "timeZone.regions.America")}"]`)).toHaveCount(1);
    await expect(field.locator('option[value="America/New_York"]')).toHaveText(/^New York \(GMT-0[45]:00\)$/);
    await expectNoAxeViolations(page, "settings with the time zone");
    await screenshots(page, `settings-time-zone-${locale}`);
    await waitForHydration(page);

    if (locale === "en") {
      // A name that is not on the list (a tampered form) is refused under the field, nothing saved.
      await field.evaluate((select: HTMLSelectElement) => {
        const option = document.createElement("option");
        option.value = "Mars/Olympus_Mons";
        option.textContent = "Olympus Mons";
        select.append(option);
      });
      await field.selectOption("Mars/Olympus_Mons");
      await page.getByRole("button", { name: t(locale, "admin.settings.save") }).click();
      await expect(page.getByText(t(locale, "timeZone.invalid"), { exact: true })).toBeVisible();
      await expect(field).toHaveAttribute("aria-invalid", "true");
    }

    await field.selectOption(zone);
    await page.getByRole("button", { name: t(locale, "admin.settings.save") }).click();
    await expectToast(page, t(locale, "toast.updateSuccess"));
    await page.reload();
    await expect(page.getByLabel(t(locale, "timeZone.label"), { exact: true })).toHaveValue(zone);

    await page.goto(hostUrl("inks", `/admin/orders?lng=${locale}`));
    await expect(
      page.getByRole("heading", { level: 1, name: t(locale, "admin.orders.title") }),
    ).toBeVisible();
    await expect(
      page.getByText(t(locale, "timeZone.note", { timeZone: `\u2068${zone}\u2069` }), { exact: true }),
    ).toBeVisible();
    const times = await orderTimes(page);
    expect(times.length).toBeGreaterThan(0);
    for (const { iso, text } of times) {
      expect(text, iso).toBe(shown(iso, locale, zone));
      // Not the UTC reading: both zones are hours away from it.
      expect(text, iso).not.toBe(shown(iso, locale, "UTC"));
    }
    await screenshots(page, `orders-time-zone-${locale}`);
  });
}
