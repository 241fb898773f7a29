/**
 * Products in sizes in the browser (issue 19, decision 023), in English and Arabic: on Crimson Red
 * Fabric Dye, choosing 1 kg changes the price and the picture at once and puts `?variant=` in the
 * address without a navigation; the page reopened there shows 1 kg; it goes in the cart as "1 kg",
 * and the order placed with Cash On Delivery says so (then it is cancelled, giving the stock
 * back). The same without JavaScript, through the "show" button and a plain form post. A sold-out
 * size is disabled and says so; axe on the product page; screenshots at 1280 and 390 px.
 */
import type { Locator, Page } from "@playwright/test";
import { hostUrl } from "./demo";
import {
  dismissToasts,
  expect,
  expectNoAxeViolations,
  expectToast,
  screenshots,
  t,
  test,
} from "./support/fixtures";
import { signUp, uniqueEmail } from "./support/shop";

type Locale = "en" | "ar";
const SLUG = "crimson-red-fabric-dye";
/** The demo's size values (app/db/seed/plan/variants.ts), as each language writes them. */
const SIZE = {
  en: { name: "Size", small: "50 g", large: "1 kg" },
  ar: { name: "الحجم", small: "50 غ", large: "1 كغ" },
};

const dyes = (path: string, locale: Locale) =>
  hostUrl("dyes", `${path}${path.includes("?") ? "&" : "?"}lng=${locale}`);

/** The buying box's price and stock, announced when they change. */
const announced = (page: Page) => page.locator("[aria-live=polite]").first();
/** The page's main picture (the chosen variant's own, when it has one). */
const picture = (page: Page, locale: Locale) =>
  page
    .getByRole("region", { name: t(locale, "productPage.gallery") })
    .locator("img")
    .first();
const sizes = (page: Page, locale: Locale) => page.getByRole("group", { name: SIZE[locale].name });

/** The amount in a price as shown, in minor units (Latin digits in both languages). */
async function shownCents(locator: Locator): Promise<number> {
  const text = (await locator.innerText()).replace(/,/g, "");
  return Math.round(Number(/(\d+\.\d\d)/.exec(text)![1]) * 100);
}

/** "Only N left" in the page's language, whatever N. */
function lowStock(locale: Locale): RegExp {
  const [before, after] = t(locale, "product.lowStock", { count: "\u0000" }).split("\u0000");
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`${escape(before!)}[0-9\u0660-\u0669]+${escape(after!)}`);
}

async function loaded(image: Locator): Promise<boolean> {
  return image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

/**
 * The cart shows the 1 kg line; checkout with Cash On Delivery; the order's page
 * says 1 kg; then the order is cancelled, so the 1 kg (3 in stock) is there for the other tests.
 */
async function checkOutAndCancel(page: Page, locale: Locale, javaScript: boolean) {
  const large = SIZE[locale].large;
  await page.goto(dyes("/cart", locale));
  const line = page.getByRole("list", { name: t(locale, "cart.title") }).getByRole("listitem");
  await expect(line).toHaveCount(1);
  await expect(line.getByText(`${SIZE[locale].name}: ${large}`, { exact: true })).toBeVisible();
  await page.getByRole("link", { name: t(locale, "cart.checkout") }).click();
  await page.getByLabel(t(locale, "checkout.streetAddress")).fill("12 Cedar Street");
  await page.getByLabel(t(locale, "checkout.zipCode")).fill("11011");
  await page.getByLabel(t(locale, "checkout.city")).fill(locale === "ar" ? "بيروت" : "Beirut");
  await page.getByLabel(t(locale, "checkout.mobile")).fill("+966 50 123 4567");
  await expect(page.getByLabel(t(locale, "payment.cod"))).toBeChecked();
  await page.getByRole("button", { name: t(locale, "checkout.placeOrder") }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\/confirmed/);
  const number = Number(/\/orders\/(\d+)\//.exec(page.url())![1]);
  await page.goto(dyes(`/orders/${number}`, locale));
  await expect(page.getByText(`(${SIZE[locale].name}: ${large})`).first()).toBeVisible();

  await page.getByRole("link", { name: t(locale, "orders.cancel") }).click();
  // With scripts a dialog asks; without, a confirmation page.
  const confirm = javaScript
    ? page.getByRole("dialog", { name: t(locale, "orders.cancelTitle", { number }) })
    : page;
  await confirm.getByRole("button", { name: t(locale, "orders.cancelConfirm") }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${number}/cancelled`));
}

// Sign-up, a choice, a purchase and a cancellation, axe and four screenshots, on 2 cores.
test.describe.configure({ timeout: 180_000 });

for (const locale of ["en", "ar"] as const) {
  test.describe(`a product in sizes (${locale})`, () => {
    test("choosing 1 kg changes price, picture and address at once; cart and order say 1 kg", async ({
      page,
    }) => {
      // A new shopper through the sign-up form's request (auth.spec signs up through the form).
      await signUp(page, locale, {
        name: locale === "ar" ? "نور حداد" : "Nour Haddad",
        email: uniqueEmail(`sizes-${locale}`),
        password: "sizes-pass-1",
      });
      const response = await page.goto(dyes(`/products/${SLUG}`, locale));
      expect(response?.status()).toBe(200);
      const group = sizes(page, locale);
      await expect(group.getByRole("radio", { name: SIZE[locale].small, exact: true })).toBeChecked();
      const smallPrice = await shownCents(announced(page));
      const smallPicture = await picture(page, locale).getAttribute("src");
      const address = page.url();
      await expect(page).not.toHaveURL(/variant=/);

      // Choosing must not navigate: no document asked for, nor the page's data.
      const requests: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "document" || /\.data(\?|$)/.test(request.url())) {
          requests.push(request.url());
        }
      });
      await group.getByRole("radio", { name: SIZE[locale].large, exact: true }).check();
      await expect(page).toHaveURL(/[?&]variant=[0-9a-f-]{36}/);
      await expect.poll(() => shownCents(announced(page))).toBeGreaterThan(smallPrice);
      await expect(picture(page, locale)).not.toHaveAttribute("src", smallPicture!);
      await expect.poll(() => loaded(picture(page, locale))).toBe(true);
      // Only a few left of the 1 kg, and the quantity is held to them.
      await expect(announced(page)).toContainText(lowStock(locale));
      expect(
        Number(await page.getByLabel(t(locale, "productPage.quantity"), { exact: true }).getAttribute("max")),
      ).toBeLessThanOrEqual(5);
      expect(requests).toEqual([]);
      expect(page.url().split("?")[0]).toBe(address.split("?")[0]);
      const largePrice = await shownCents(announced(page));
      const largePicture = await picture(page, locale).getAttribute("src");

      await expectNoAxeViolations(page, `product page with 1 kg chosen (${locale})`);
      await screenshots(page, `variants-product-${locale}`);

      // Reopened at its address, the page shows the 1 kg from the server.
      await page.reload();
      await expect(
        sizes(page, locale).getByRole("radio", { name: SIZE[locale].large, exact: true }),
      ).toBeChecked();
      expect(await shownCents(announced(page))).toBe(largePrice);
      await expect(picture(page, locale)).toHaveAttribute("src", largePicture!);

      await page.getByRole("button", { name: t(locale, "productPage.addToCart") }).click();
      await expectToast(page, t(locale, "toast.cartAdded"));
      // Back on the product page, still at the 1 kg.
      await expect(page).toHaveURL(/[?&]variant=[0-9a-f-]{36}/);
      await expect(
        sizes(page, locale).getByRole("radio", { name: SIZE[locale].large, exact: true }),
      ).toBeChecked();
      await dismissToasts(page, locale);
      await checkOutAndCancel(page, locale, true);
    });

    test("a sold-out size is disabled and says so; the listing card says From", async ({ page }) => {
      // Tangerine's 1 kg has none in stock (app/db/seed/plan/variants.ts).
      await page.goto(dyes("/products/tangerine-cold-water-dye", locale));
      const soldOut = sizes(page, locale).getByRole("radio", {
        name: `${SIZE[locale].large} (${t(locale, "variants.soldOutValue")})`,
      });
      await expect(soldOut).toBeDisabled();
      await expect(
        sizes(page, locale).getByRole("radio", { name: SIZE[locale].small, exact: true }),
      ).toBeEnabled();

      await page.goto(dyes("/categories/fabric-dyes/all-purpose-dyes?sort=price-asc", locale));
      const from = t(locale, "variantPicker.from", { price: "" }).trim();
      await expect(page.getByRole("article").filter({ hasText: from }).first()).toBeVisible();
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of ["en", "ar"] as const) {
    test(`choose 1 kg, see its price and picture, add it, check out (${locale})`, async ({ page }) => {
      await signUp(page, locale, {
        name: locale === "ar" ? "نور حداد" : "Nour Haddad",
        email: uniqueEmail(`sizes-nojs-${locale}`),
        password: "sizes-pass-1",
      });
      await page.goto(dyes(`/products/${SLUG}`, locale));
      const smallPrice = await shownCents(announced(page));
      const smallPicture = await picture(page, locale).getAttribute("src");
      await sizes(page, locale).getByRole("radio", { name: SIZE[locale].large, exact: true }).check();
      await page.getByRole("button", { name: t(locale, "variantPicker.show") }).click();
      // The server answers with the variant's own address, price and picture.
      await expect(page).toHaveURL(new RegExp(`/products/${SLUG}\\?variant=[0-9a-f-]{36}$`));
      await expect(
        sizes(page, locale).getByRole("radio", { name: SIZE[locale].large, exact: true }),
      ).toBeChecked();
      expect(await shownCents(announced(page))).toBeGreaterThan(smallPrice);
      await expect(picture(page, locale)).not.toHaveAttribute("src", smallPicture!);
      if (locale === "en") await screenshots(page, "variants-product-nojs-en");

      // Chosen again from the 50 g page and posted straight away: the server resolves the values.
      await page.goto(dyes(`/products/${SLUG}`, locale));
      await sizes(page, locale).getByRole("radio", { name: SIZE[locale].large, exact: true }).check();
      await page.getByRole("button", { name: t(locale, "productPage.addToCart") }).click();
      await expect(page).toHaveURL(new RegExp(`/products/${SLUG}\\?variant=[0-9a-f-]{36}`));
      await expect(
        sizes(page, locale).getByRole("radio", { name: SIZE[locale].large, exact: true }),
      ).toBeChecked();
      await checkOutAndCancel(page, locale, false);
    });
  }
});
