/**
 * Product page, cart and wishlist in the browser, in English and Arabic: an anonymous add to
 * cart meets 'Login First', signing in comes back to the product, then add, change, remove,
 * wishlist and a review, each with its toast; the same journey without JavaScript; and axe
 * (WCAG 2.1 AA) on the product, cart and wishlist pages.
 */
import type { Browser, Page } from "@playwright/test";
import { DEMO_PASSWORDS } from "../../app/db/seed/accounts";
import { slugify } from "../../app/db/seed/plan/catalog";
import { DYES_STORE } from "../../app/db/seed/stores";
import { hostUrl } from "./demo";
import {
  axe,
  dismissToasts,
  expect,
  expectToast,
  newClientAddress,
  t,
  test,
  waitForHydration,
  type Locale,
} from "./support/fixtures";
import { signUp } from "./support/shop";

const dyes = (path: string, locale: Locale) =>
  hostUrl("dyes", `${path}${path.includes("?") ? "&" : "?"}lng=${locale}`);
const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Every product slug of the demo dyes store, in catalogue order. */
const SLUGS = DYES_STORE.catalog.flatMap((top) =>
  top.subcategories.flatMap((sub) => sub.products.map((product) => slugify(product.nameEn))),
);

/** Demo products with more than a few in stock (the seed leaves some at 0), found by visiting them. */
async function productsInStock(page: Page, count: number): Promise<string[]> {
  const found: string[] = [];
  for (const slug of SLUGS) {
    const res = await page.goto(dyes(`/products/${slug}`, "en"));
    if (res?.ok() && (await page.getByText(t("en", "product.inStock"), { exact: true }).count()) > 0) {
      found.push(slug);
    }
    if (found.length === count) return found;
  }
  throw new Error("not enough demo products in stock");
}

async function signUpElsewhere(browser: Browser, locale: Locale, email: string, password: string) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": newClientAddress() },
  });
  const page = await context.newPage();
  await signUp(page, locale, { name: locale === "ar" ? "سارة أحمد" : "Sara Ahmed", email, password });
  await context.close();
}

async function fillLogin(page: Page, locale: Locale, email: string, password: string) {
  await page.getByLabel(t(locale, "auth.fields.email")).fill(email);
  await page.getByLabel(t(locale, "auth.fields.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: t(locale, "auth.login.submit") }).click();
}

for (const locale of ["en", "ar"] as const) {
  test.describe(`product, cart and wishlist (${locale})`, () => {
    test("login first, then add, change, remove, wishlist and review", async ({ page, browser }) => {
      const [first, second] = await productsInStock(page, 2);
      const email = uniqueEmail(`cart-${locale}`);
      await signUpElsewhere(browser, locale, email, "cart-pass-1");

      // Anonymous: 'Login First', then back to the product after signing in.
      await page.goto(dyes(`/products/${first}`, locale));
      const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
      await page.getByRole("button", { name: t(locale, "productPage.addToCart") }).click();
      await expect(page).toHaveURL(/\/login\?redirectTo=/);
      await expectToast(page, t(locale, "toast.loginFirst"));
      await fillLogin(page, locale, email, "cart-pass-1");
      await expect(page).toHaveURL(new RegExp(`/products/${first}`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

      // Two of this product, one of another.
      await page.getByLabel(t(locale, "productPage.quantity"), { exact: true }).fill("2");
      await page.getByRole("button", { name: t(locale, "productPage.addToCart") }).click();
      await expectToast(page, t(locale, "toast.cartAdded"));
      await expect(
        page.getByRole("link", { name: t(locale, "productPage.inCart", { count: 2 }) }),
      ).toBeVisible();
      await page.goto(dyes(`/products/${second}`, locale));
      const otherName = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
      await page.getByRole("button", { name: t(locale, "productPage.addToCart") }).click();
      await expectToast(page, t(locale, "toast.cartAdded"));

      // The header counts the two cart lines (the toast closed first: it may cover the header);
      // the cart: change a quantity, remove a line.
      await dismissToasts(page, locale);
      await page
        .getByRole("link", { name: t(locale, "storeNav.cartWithCount", { count: 2 }), exact: true })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: t(locale, "cart.title") })).toBeVisible();
      const quantity = page.getByLabel(t(locale, "cart.quantityFor", { name: name }));
      await expect(quantity).toHaveValue("2");
      await quantity.fill("3");
      await page.getByRole("button", { name: t(locale, "cart.updateItem", { name: name }) }).click();
      await expectToast(page, t(locale, "toast.cartUpdated"));
      await expect(page.getByLabel(t(locale, "cart.quantityFor", { name: name }))).toHaveValue("3");
      await page.getByRole("button", { name: t(locale, "cart.removeItem", { name: otherName }) }).click();
      await expectToast(page, t(locale, "toast.productRemoved"));
      await expect(page.getByRole("link", { name: otherName })).toHaveCount(0);
      await expect(page.getByRole("link", { name: t(locale, "cart.checkout") })).toHaveAttribute(
        "href",
        "/checkout",
      );

      // The wishlist: add from the product page, remove from the list.
      await page.goto(dyes(`/products/${first}`, locale));
      await page.getByRole("button", { name: t(locale, "productPage.addToWishlist") }).click();
      await expectToast(page, t(locale, "toast.wishlistAdded"));
      await expect(
        page.getByRole("button", { name: t(locale, "productPage.removeFromWishlist") }),
      ).toBeVisible();
      await page.goto(dyes("/wishlist", locale));
      await expect(page.getByRole("link", { name })).toBeVisible();
      await page.getByRole("button", { name: t(locale, "wishlist.removeItem", { name: name }) }).click();
      await expectToast(page, t(locale, "toast.wishlistRemoved"));
      await expect(page.getByText(t(locale, "wishlist.empty"))).toBeVisible();

      // A review: required fields first, then a real one.
      await page.goto(dyes(`/products/${first}`, locale));
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      // Checked as you type, with the action's own schema, before anything is sent.
      const title = page.getByLabel(t(locale, "reviews.title"), { exact: true });
      await title.focus();
      // The schema loads on the form's first focus: retry until it answers.
      await expect(async () => {
        await title.fill("x");
        await title.fill("");
        await title.blur();
        await expect(page.getByText(t(locale, "reviews.titleRequired"))).toBeVisible({ timeout: 1000 });
      }).toPass();
      await page.getByRole("button", { name: t(locale, "reviews.submit") }).click();
      await expect(page.getByText(t(locale, "reviews.commentRequired"))).toBeVisible();
      expect(posts).toEqual([]);
      await page.getByLabel(t(locale, "reviews.starLabel", { count: 5 }), { exact: true }).check();
      // The shopper's own title: a rerun on the same database adds another shopper's review.
      const reviewTitle = `Rich colour (${email.split("@")[0]})`;
      await page.getByLabel(t(locale, "reviews.title"), { exact: true }).fill(reviewTitle);
      await page.getByLabel(t(locale, "reviews.comment"), { exact: true }).fill("Took well on cotton.");
      await page.getByRole("button", { name: t(locale, "reviews.submit") }).click();
      await expectToast(page, t(locale, "toast.reviewSubmitted"));
      await expect(page.getByRole("heading", { level: 3, name: reviewTitle })).toBeVisible();
      await expect(page.getByRole("button", { name: t(locale, "reviews.update") })).toBeVisible();
    });

    test("the product page has a responsive gallery, JSON-LD and its title", async ({ page }) => {
      const [slug] = await productsInStock(page, 1);
      const response = await page.goto(dyes(`/products/${slug}`, locale));
      // The structured data is in the HTML once: not again in the loader data for hydration.
      expect((await response!.text()).split("BreadcrumbList").length - 1).toBe(1);
      // Hydration keeps the server's script.
      await waitForHydration(page);
      const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
      await expect(page).toHaveTitle(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\| `));
      const images = page.locator("main img");
      if ((await images.count()) > 0) {
        const first = images.first();
        await expect(first).toHaveAttribute("loading", "eager");
        await expect(first).toHaveAttribute(
          "srcset",
          /\/resources\/image\?url=\/images\/[0-9a-f-]+&w=\d+ \d+w/,
        );
        await expect(first).toHaveAttribute("sizes", /.+/);
        await expect(first).toHaveAttribute("width", /^\d+$/);
      }
      const ld = JSON.parse(
        (await page.locator('main script[type="application/ld+json"]').textContent())!,
      ) as {
        "@type": string;
        name: string;
        offers?: { priceCurrency: string; availability: string };
        hasVariant?: { offers: { priceCurrency: string; availability: string } }[];
      }[];
      // A product sold in several variants (its options are radio groups) is a ProductGroup whose
      // variants carry the offers (decision 023); any other, a Product with its offer.
      const inVariants = (await page.locator('main input[type="radio"][name^="option"]').count()) > 0;
      expect(ld.map((item) => item["@type"])).toEqual([
        inVariants ? "ProductGroup" : "Product",
        "BreadcrumbList",
      ]);
      expect(ld[0]!.name).toBe(name);
      expect(inVariants ? ld[0]!.hasVariant![0]!.offers : ld[0]!.offers).toMatchObject({
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
      });
    });

    test("an unknown product is 'Product Not Found' with status 404", async ({ page }) => {
      const res = await page.goto(dyes("/products/no-such-product", locale));
      expect(res?.status()).toBe(404);
      await expect(
        page.getByRole("heading", { level: 1, name: t(locale, "notFound.product") }),
      ).toBeVisible();
    });

    test(`product, cart and wishlist pages pass axe (WCAG 2.1 AA) in ${locale}`, async ({
      page,
    }, testInfo) => {
      const [slug] = await productsInStock(page, 1);
      await page.goto(dyes("/login", locale));
      await fillLogin(page, locale, "shopper@dyes.test", DEMO_PASSWORDS.shopper);
      await expect(page.getByRole("link", { name: t(locale, "auth.account") })).toBeVisible();
      const violations: string[] = [];
      for (const path of [`/products/${slug}`, "/cart", "/wishlist"]) {
        await page.goto(dyes(path, locale));
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const results = await axe(page).analyze();
        for (const v of results.violations) {
          violations.push(
            `${path}: ${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
          );
        }
      }
      await testInfo.attach("axe-violations.json", {
        body: JSON.stringify(violations, null, 2),
        contentType: "application/json",
      });
      expect(violations).toEqual([]);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("product to cart: login first, add, change, remove", async ({ page, browser }) => {
    const [slug] = await productsInStock(page, 1);
    const email = uniqueEmail("cart-nojs");
    await signUpElsewhere(browser, "en", email, "cart-pass-2");

    await page.goto(dyes(`/products/${slug}`, "en"));
    const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    await page.getByRole("button", { name: t("en", "productPage.addToCart") }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await expectToast(page, t("en", "toast.loginFirst"));
    await fillLogin(page, "en", email, "cart-pass-2");
    await expect(page).toHaveURL(new RegExp(`/products/${slug}`));

    await page.getByLabel(t("en", "productPage.quantity"), { exact: true }).fill("2");
    await page.getByRole("button", { name: t("en", "productPage.addToCart") }).click();
    await expectToast(page, t("en", "toast.cartAdded"));

    await page.goto(dyes("/cart", "en"));
    const quantity = page.getByLabel(t("en", "cart.quantityFor", { name: name }));
    await expect(quantity).toHaveValue("2");
    await quantity.fill("1");
    await page.getByRole("button", { name: t("en", "cart.updateItem", { name: name }) }).click();
    await expectToast(page, t("en", "toast.cartUpdated"));
    await expect(page.getByLabel(t("en", "cart.quantityFor", { name: name }))).toHaveValue("1");
    await page.getByRole("button", { name: t("en", "cart.removeItem", { name: name }) }).click();
    await expectToast(page, t("en", "toast.productRemoved"));
    await expect(page.getByText(t("en", "cart.empty"), { exact: true })).toBeVisible();
  });
});
