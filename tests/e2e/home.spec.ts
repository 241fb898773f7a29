import type { Page } from "@playwright/test";
import { DEMO_STORES, demoStore, hostUrl, otherStore, type Locale } from "./demo";
import { axe, expect, test } from "./support/fixtures";

const LOCALES: Locale[] = ["en", "ar"];

function homePath(locale: Locale) {
  return locale === "ar" ? "/?lng=ar" : "/";
}

async function brandColors(page: Page) {
  return page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return {
      primary: style.getPropertyValue("--color-primary").trim().toLowerCase(),
      secondary: style.getPropertyValue("--color-secondary").trim().toLowerCase(),
    };
  });
}

/** Texts of the headings that sit inside lists: how the home page presents its products. */
async function listedHeadings(page: Page): Promise<string[]> {
  const texts = await page.getByRole("listitem").getByRole("heading").allInnerTexts();
  return texts.map((text) => text.trim());
}

for (const store of DEMO_STORES) {
  for (const locale of LOCALES) {
    test(`${store.slug} home in ${locale}: language, direction, branding and own products`, async ({
      page,
    }) => {
      const response = await page.goto(hostUrl(store.slug, homePath(locale)));
      expect(response?.status()).toBe(200);

      const html = page.locator("html");
      await expect(html).toHaveAttribute("lang", locale);
      await expect(html).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");

      const colors = await brandColors(page);
      expect(colors.primary).toBe(store.primaryColor.toLowerCase());
      expect(colors.secondary).toBe(store.secondaryColor.toLowerCase());

      const headings = await listedHeadings(page);
      const own = headings.filter((text) => store.productNames[locale].has(text));
      expect(
        own.length,
        `product headings of ${store.slug} in ${locale}; saw ${JSON.stringify(headings)}`,
      ).toBeGreaterThan(0);

      const other = otherStore(store);
      const foreign = headings.filter(
        (text) => other.productNames.en.has(text) || other.productNames.ar.has(text),
      );
      expect(foreign, `${other.slug} products shown on ${store.slug}`).toEqual([]);

      if (locale === "ar") {
        // Arabic page, Arabic names: none of the listed products keeps its English name.
        const english = headings.filter((text) => store.productNames.en.has(text));
        expect(english, "English product names on the Arabic page").toEqual([]);
      }
    });
  }
}

test("the two demo stores are branded differently", async ({ page }) => {
  const [first, second] = DEMO_STORES;
  if (!first || !second) throw new Error("expected two demo stores");
  await page.goto(hostUrl(first.slug));
  const firstColors = await brandColors(page);
  await page.goto(hostUrl(second.slug));
  const secondColors = await brandColors(page);
  expect(firstColors.primary).not.toBe("");
  expect(firstColors).not.toEqual(secondColors);
});

test("the language switch turns the store home Arabic", async ({ page }) => {
  await page.goto(hostUrl("dyes"));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const toArabic = page
    .locator('a[hreflang="ar"]')
    .or(page.getByRole("link", { name: /العربية|عربي|arabic/i }))
    .first();
  await toArabic.click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  // `lang` can flip before the product list re-renders, so wait for the Arabic names.
  const arabicNames = demoStore("dyes").productNames.ar;
  await expect
    .poll(async () => (await listedHeadings(page)).some((text) => arabicNames.has(text)))
    .toBe(true);
});

test("the platform host shows the landing page", async ({ page }) => {
  const response = await page.goto(hostUrl(null));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("link", { name: "Create your store" })).toBeVisible();
});

test("an unknown store host answers 404 'Store not found'", async ({ page }) => {
  const response = await page.goto(hostUrl("nope"));
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Store not found")).toBeVisible();
});

test("/healthz answers 200 JSON", async ({ request }) => {
  const response = await request.get(hostUrl(null, "/healthz"));
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(await response.json()).toMatchObject({ status: "ok" });
});

test("the page's scripts are fingerprinted assets, cached for a year", async ({ page }) => {
  const script = page.waitForResponse((response) =>
    /^\/assets\/.+\.js$/.test(new URL(response.url()).pathname),
  );
  await page.goto(hostUrl("dyes"));
  const asset = await script;
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const missing = await page.evaluate(async () => (await fetch("/assets/no-such-file.js")).status);
  expect(missing).toBe(404);
});

for (const store of DEMO_STORES) {
  for (const locale of LOCALES) {
    test(`${store.slug} home in ${locale} passes axe (WCAG 2.1 AA and best practices)`, async ({ page }) => {
      await page.goto(hostUrl(store.slug, homePath(locale)));
      const results = await axe(page).exclude("[data-sonner-toaster]").analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`),
      ).toEqual([]);
    });
  }
}
