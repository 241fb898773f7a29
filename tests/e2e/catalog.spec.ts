/**
 * The catalogue in the browser, in English and Arabic: browse /products, filter by a sub
 * category and a price range, sort by price, page forwards and back, search in Arabic for a red
 * dye, open a product; the same journey with JavaScript turned off (axe on /products is in
 * storefront-a11y.spec).
 */
import type { Locator, Page } from "@playwright/test";
import { DYES_CATALOG } from "../../app/db/seed/catalog/dyes";
import { INKS_CATALOG } from "../../app/db/seed/catalog/inks";
import { FAMILY_LINES } from "../../app/db/seed/catalog/types";
import { hostUrl } from "./demo";
import { expect, t, test, type Locale } from "./support/fixtures";

const LOCALES: Locale[] = ["en", "ar"];

const fabric = DYES_CATALOG.find((category) => category.slug === "fabric-dyes")!;
const allPurpose = fabric.subcategories.find((sub) => sub.slug === "all-purpose-dyes")!;
const nameOf = (product: { nameEn: string; nameAr: string }, locale: Locale) =>
  locale === "ar" ? product.nameAr : product.nameEn;
const allProducts = DYES_CATALOG.flatMap((category) =>
  category.subcategories.flatMap((sub) => sub.products.map((product) => ({ ...product, sub }))),
);
/** What a search for "أحمر" may find: red names, red family lines, shelves whose usage says red. */
const RED = "أحمر";
const redNames = new Set(
  allProducts
    .filter(
      (p) => p.nameAr.includes(RED) || FAMILY_LINES[p.family].ar.includes(RED) || p.sub.usageAr.includes(RED),
    )
    .map((p) => p.nameAr),
);

const filters = (page: Page, locale: Locale) =>
  page.getByRole("form", { name: t(locale, "catalog.filters.heading") });
const results = (page: Page, locale: Locale, title = t(locale, "catalog.allProducts.title")) =>
  page.getByRole("list", { name: title });

async function headings(list: Locator): Promise<string[]> {
  return (await list.getByRole("heading").allInnerTexts()).map((t) => t.trim());
}

/** Original (pre-sale) prices of the listed cards, as numbers. */
async function prices(list: Locator): Promise<number[]> {
  const texts = await list
    .locator("[data-price]")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-price") ?? ""));
  return texts.map((t) => Number(t.replace(/[^\d.]/g, "")));
}

function journey(javaScript: boolean) {
  for (const locale of LOCALES) {
    test(`browse, filter, sort, page, search and open a product in ${locale}${javaScript ? "" : " (no JavaScript)"}`, async ({
      page,
    }) => {
      const title = t(locale, "catalog.allProducts.title");
      const response = await page.goto(hostUrl("dyes", `/products?lng=${locale}`));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      const list = results(page, locale);
      await expect(list.getByRole("listitem")).toHaveCount(12);
      // Every text translated (an Arabic count needs all six plural forms).
      expect(await page.locator("body").innerText()).not.toMatch(/\bcatalog\./);
      const firstPage = await headings(list);

      // Page forwards, then back to the same first page.
      await page.getByRole("link", { name: t(locale, "pagination.next") }).click();
      await expect(page).toHaveURL(/cursor=/);
      await expect.poll(async () => (await headings(list))[0]).not.toBe(firstPage[0]);
      const secondPage = await headings(list);
      expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);
      await page.getByRole("link", { name: t(locale, "pagination.previous") }).click();
      await expect.poll(() => headings(list)).toEqual(firstPage);

      // Filter: a sub category and a price range, then sort by price.
      const form = filters(page, locale);
      await form
        .getByLabel(t(locale, "catalog.filters.category"), { exact: true })
        .selectOption("fabric-dyes");
      if (javaScript) await expect(page).toHaveURL(/category=fabric-dyes/);
      else await form.getByRole("button", { name: t(locale, "catalog.filters.apply") }).click();
      await form
        .getByLabel(t(locale, "catalog.filters.sub"), { exact: true })
        .selectOption("all-purpose-dyes");
      await form.getByLabel(t(locale, "catalog.filters.min"), { exact: true }).fill("5");
      await form.getByLabel(t(locale, "catalog.filters.max"), { exact: true }).fill("12");
      await form.getByLabel(t(locale, "catalog.filters.sort"), { exact: true }).selectOption("price-asc");
      if (!javaScript) await form.getByRole("button", { name: t(locale, "catalog.filters.apply") }).click();
      await expect(page).toHaveURL(/sub=all-purpose-dyes/);
      await expect(page).toHaveURL(/min=5/);
      await expect(page).toHaveURL(/max=12/);
      await expect(page).toHaveURL(/sort=price-asc/);
      const allowed = new Set(allPurpose.products.map((p) => nameOf(p, locale)));
      await expect.poll(async () => (await headings(list)).every((name) => allowed.has(name))).toBe(true);
      const filtered = await headings(list);
      expect(filtered.length).toBeGreaterThan(0);
      const ascending = await prices(list);
      expect(ascending.every((price) => price >= 5 && price <= 12)).toBe(true);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

      // Clear filters: back to every product, price range 0–10000.
      await form.getByRole("link", { name: t(locale, "catalog.filters.clear") }).click();
      await expect(page).not.toHaveURL(/sub=/);
      await expect(form.getByLabel(t(locale, "catalog.filters.max"), { exact: true })).toHaveValue("10000");
      await expect(list.getByRole("listitem")).toHaveCount(12);

      // Search in Arabic for a red dye.
      const search = form.getByLabel(t(locale, "catalog.filters.search"), { exact: true });
      await search.fill(RED);
      if (javaScript) await expect(page).toHaveURL(/q=/);
      else await search.press("Enter");
      await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(RED)}`));
      // Without JavaScript the URL changes when the new document starts, before its list is in.
      await expect(list.getByRole("listitem").first()).toBeVisible();
      const found = await headings(list);
      expect(found.length).toBeGreaterThan(0);
      if (locale === "ar")
        expect(
          found.every((name) => redNames.has(name)),
          found.join(", "),
        ).toBe(true);

      // Open a product.
      const first = list.getByRole("link").first();
      const href = await first.getAttribute("href");
      expect(href).toMatch(/^\/products\/[a-z0-9-]+$/);
      await first.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
    });
  }
}

test.describe("with JavaScript", () => {
  journey(true);

  // The listing follows the form as you type; a listing that arrives for an earlier change must not
  // wipe a price typed since. The page's clock is frozen so that the arrival lands, every run,
  // between leaving the minimum and the typing pause running out.
  for (const locale of LOCALES)
    test(`a price typed while the listing loads is kept (${locale})`, async ({ page }) => {
      await page.clock.install();
      await page.goto(hostUrl("dyes", `/products?lng=${locale}&category=fabric-dyes`));
      const form = filters(page, locale);
      const field = (key: string) => form.getByLabel(t(locale, `catalog.filters.${key}`), { exact: true });
      // Hydrated once a change of sort moves the listing (the form follows after a zero delay). A
      // change made before hydration moves nothing (no handler yet), so it is made again until one does.
      await expect
        .poll(async () => {
          if (!/sort=price-asc/.test(page.url())) {
            await field("sort").selectOption("price-desc");
            await field("sort").selectOption("price-asc");
          }
          await page.clock.runFor(10);
          return page.url();
        })
        .toMatch(/sort=price-asc/);

      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/products\.data/, async (route) => {
        await held;
        await route.continue();
      });
      const listingRequest = page.waitForRequest(/\/products\.data.*sub=all-purpose-dyes/);
      await field("sub").selectOption("all-purpose-dyes");
      await page.clock.runFor(10);
      await listingRequest;
      await field("min").fill("5");
      await field("max").focus();
      release();
      await expect(page).toHaveURL(/sub=all-purpose-dyes/);
      await expect(field("min")).toHaveValue("5");

      await page.clock.runFor(1000);
      await expect(page).toHaveURL(/min=5/);
      await expect(page).toHaveURL(/sub=all-purpose-dyes/);
      await expect(field("min")).toHaveValue("5");
    });
});
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  journey(false);
});

test("category pages list their products; unknown ones are 404 'Categorie Not Found'", async ({ page }) => {
  const response = await page.goto(hostUrl("dyes", "/categories?lng=en"));
  expect(response?.status()).toBe(200);
  await page.getByRole("link", { name: fabric.nameEn, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: fabric.nameEn })).toBeVisible();
  await page.getByRole("link", { name: allPurpose.nameEn, exact: true }).first().click();
  await expect(page).toHaveURL(/\/categories\/fabric-dyes\/all-purpose-dyes$/);
  await expect
    .poll(async () => (await headings(results(page, "en", allPurpose.nameEn))).sort())
    .toEqual(allPurpose.products.map((p) => p.nameEn).sort());

  const missing = await page.goto(hostUrl("dyes", "/categories/nope"));
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Categorie Not Found" })).toBeVisible();
  const missingSub = await page.goto(hostUrl("dyes", "/categories/fabric-dyes/nope"));
  expect(missingSub?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Sub Category Not Found" })).toBeVisible();
  // The other store's category on this store's host.
  const inks = await page.goto(hostUrl("dyes", `/categories/${INKS_CATALOG[0]!.slug}`));
  expect(inks?.status()).toBe(404);
});
