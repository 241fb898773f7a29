/**
 * Every page a visitor reaches without signing in, in English and Arabic, held to axe with the
 * best-practice rules (heading order, one h1, landmarks) as Lighthouse's accessibility score is;
 * and the largest images of the home page and of a listing fetched at once and first, as
 * Lighthouse's "LCP request discovery" asks. The signed-in pages are checked where their
 * journeys run (product-cart, checkout), the phone layout with its drawers open in phone-layout.
 */
import type { Locator, Page } from "@playwright/test";
import { DYES_CATALOG } from "../../app/db/seed/catalog/dyes";
import { slugify } from "../../app/db/seed/plan/catalog";
import { hostUrl } from "./demo";
import { axe, expect, t, test, type Locale } from "./support/fixtures";

const LOCALES: Locale[] = ["en", "ar"];

const category = DYES_CATALOG[0]!;
const sub = category.subcategories[0]!;
const product = sub.products[0]!;

/** Anonymous storefront pages (the home page has its own axe test in home.spec). */
const PAGES = [
  "/products",
  "/products/most-selling",
  "/products?q=zzzz-nothing",
  "/categories",
  `/categories/${category.slug}`,
  `/categories/${category.slug}/${sub.slug}`,
  `/products/${slugify(product.nameEn)}`,
  "/products/no-such-product",
  "/about",
  "/contact",
  "/terms",
  "/privacy",
  "/login",
  "/signup",
  "/forgot-password",
  "/no-such-page",
];

const LISTINGS = ["/products", "/products/most-selling", `/categories/${category.slug}/${sub.slug}`];

const dyes = (path: string, locale: Locale) =>
  hostUrl("dyes", `${path}${path.includes("?") ? "&" : "?"}lng=${locale}`);

/** What axe found, one line per rule and element, so a failure says where. */
async function violations(page: Page): Promise<string[]> {
  const found = await axe(page).exclude("[data-sonner-toaster]").analyze();
  return found.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(" ")}`));
}

/** The first `count` images in a list: loading and fetchpriority as the HTML says them. */
async function imageHints(list: Locator, count: number): Promise<string[]> {
  return list
    .locator("img")
    .evaluateAll(
      (images, n) =>
        images
          .slice(0, n)
          .map((img) => `${img.getAttribute("loading")} ${img.getAttribute("fetchpriority") ?? "auto"}`),
      count,
    );
}

for (const locale of LOCALES) {
  test(`storefront pages pass axe with best practices (${locale})`, async ({ page }) => {
    // Nineteen axe runs on a 2-core machine shared with the server.
    test.setTimeout(180_000);
    const found: string[] = [];
    for (const path of PAGES) {
      await page.goto(dyes(path, locale));
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      found.push(...(await violations(page)).map((line) => `${path} ${line}`));
    }
    // On a phone the listings' filters (and their h2) hide behind a button: the cards' headings
    // must then follow the h1 directly. The open drawer is checked in phone-layout.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of PAGES.filter((path) => LISTINGS.includes(path))) {
      await page.goto(dyes(path, locale));
      found.push(...(await violations(page)).map((line) => `${path} (phone) ${line}`));
    }
    expect(found).toEqual([]);
  });
}

test.describe("the served HTML, before any script", () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of LOCALES) {
    test(`the first row's images load at once and first (${locale})`, async ({ page }) => {
      await page.goto(dyes("/products", locale));
      // The widest layout's first row is four cards; the rest wait until scrolled near.
      const listing = page.getByRole("list", { name: t(locale, "catalog.allProducts.title") });
      expect(await imageHints(listing, 5)).toEqual([
        "eager high",
        "eager high",
        "eager high",
        "eager high",
        "lazy auto",
      ]);
      // …and the first is asked for from <head>, as the same variant the card will pick.
      const preload = page.locator('head link[rel="preload"][as="image"]');
      await expect(preload).toHaveAttribute("fetchpriority", "high");
      expect(await preload.getAttribute("imagesrcset")).toBe(
        await listing.locator("img").first().getAttribute("srcset"),
      );
      expect(await preload.getAttribute("imagesizes")).toBe(
        await listing.locator("img").first().getAttribute("sizes"),
      );
      await page.goto(dyes("/", locale));
      // Without a hero image the home page's first images are its category tiles.
      const tiles = page.getByRole("list", { name: t(locale, "catalog.home.categories") });
      expect(await imageHints(tiles, 4)).toEqual(["eager high", "eager high", "eager high", "lazy auto"]);
    });

    test(`the product page's main picture is asked for from <head> (${locale})`, async ({ page }) => {
      await page.goto(dyes("/products/crimson-red-fabric-dye", locale));
      const gallery = page.getByRole("region", { name: t(locale, "productPage.gallery") });
      const main = gallery.locator("img").first();
      const preload = page.locator('head link[rel="preload"][as="image"]');
      await expect(preload).toHaveCount(1);
      await expect(preload).toHaveAttribute("fetchpriority", "high");
      expect(await preload.getAttribute("imagesrcset")).toBe(await main.getAttribute("srcset"));
      expect(await preload.getAttribute("imagesizes")).toBe(await main.getAttribute("sizes"));
      expect(await imageHints(gallery, 1)).toEqual(["eager high"]);
    });
  }
});
