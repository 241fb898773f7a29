/**
 * Shipping zones at checkout (issue 33) in English and Arabic, on the demo's Dye & Shade zones: a
 * new shopper's Riyadh address offers Riyadh delivery ($3.00) and pickup; Jeddah, typed "Jiddah",
 * the Saudi rate ($6.00); Dubai the Gulf courier without Cash On Delivery, saying why; back in
 * Riyadh the shopper chooses pickup and places the order, whose hours show on the confirmation.
 * Screenshots of the checkout at 1280 and 390 px.
 */
import type { Page } from "@playwright/test";
import { expect, expectToast, t, test, type Locale } from "./support/fixtures";
import { addToCart, dyes, productInStock, signUp, uniqueEmail } from "./support/shop";

let clientSeq = 0;
test.beforeEach(async ({ context }, info) => {
  await context.setExtraHTTPHeaders({
    "X-Forwarded-For": `10.${170 + info.workerIndex}.${++clientSeq % 250}.${info.retry + 1}`,
  });
});
test.describe.configure({ timeout: 180_000 });

const NAMES = {
  en: {
    riyadh: "Riyadh delivery",
    pickup: "Pickup at our Riyadh studio",
    saudi: "Saudi Arabia delivery",
    gulf: "Gulf courier",
    hours: "Sun–Thu 10:00–18:00",
  },
  ar: {
    riyadh: "التوصيل داخل الرياض",
    pickup: "الاستلام من مرسمنا في الرياض",
    saudi: "التوصيل داخل السعودية",
    gulf: "شحن الخليج",
    hours: "الأحد–الخميس ١٠:٠٠–١٨:٠٠",
  },
};

async function saveAddress(page: Page, locale: Locale, country: string, city: string) {
  await page.getByLabel(t(locale, "shipping.country")).selectOption(country);
  await page.getByLabel(t(locale, "checkout.city")).fill(city);
  await page.getByRole("button", { name: t(locale, "checkout.saveAddress") }).click();
  await expectToast(page, t(locale, "toast.shippingSaved"));
}

const rate = (page: Page, name: string) => page.getByTestId("delivery-rate").filter({ hasText: name });

for (const locale of ["en", "ar"] as const) {
  test(`delivery options follow the address; pickup placed with its hours (${locale})`, async ({ page }) => {
    const names = NAMES[locale];
    const slug = await productInStock(locale === "en" ? 4 : 5);
    await signUp(page, locale, {
      name: locale === "ar" ? "نورة السالم" : "Noura Salem",
      email: uniqueEmail(`zones-${locale}`),
      password: "zones-pass-1",
    });
    await addToCart(page, locale, slug, 1);

    // The cart's estimate: Riyadh, then Jeddah (typed "Jiddah"), then Dubai.
    await page.goto(dyes("/cart", locale));
    const estimate = page.getByTestId("shipping-estimate");
    const estimateFor = async (country: string, city: string) => {
      await estimate.getByLabel(t(locale, "shipping.country")).selectOption(country);
      await estimate.getByLabel(t(locale, "checkout.city")).fill(city);
      await estimate.getByRole("button", { name: t(locale, "shipping.estimate") }).click();
      await expect(page).toHaveURL(new RegExp(`country=${country}`));
    };
    await estimateFor("SA", locale === "ar" ? "الرياض" : "Riyadh");
    await expect(estimate.getByTestId("estimate-rate").filter({ hasText: names.riyadh })).toContainText(
      /3[.,٫]00|٣[.,٫]٠٠/,
    );
    await estimateFor("SA", "Jiddah");
    await expect(estimate.getByTestId("estimate-rate").filter({ hasText: names.saudi })).toContainText(
      /6[.,٫]00|٦[.,٫]٠٠/,
    );
    await estimateFor("AE", "Dubai");
    await expect(estimate.getByTestId("estimate-rate").filter({ hasText: names.gulf })).toContainText(
      t(locale, "shipping.noCodWithRate"),
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: `/work/shots/shipping-zones/cart-estimate-${locale}-${width}.png`,
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(dyes("/checkout", locale));
    await page.getByLabel(t(locale, "checkout.streetAddress")).fill("12 Palm Street");
    await page.getByLabel(t(locale, "checkout.zipCode")).fill("12211");
    await page.getByLabel(t(locale, "checkout.mobile")).fill("+966 50 555 0101");

    await saveAddress(page, locale, "SA", locale === "ar" ? "الرياض" : "Riyadh");
    await expect(rate(page, names.riyadh)).toContainText(/3[.,٫]00|٣[.,٫]٠٠/);
    await expect(rate(page, names.pickup)).toContainText(t(locale, "checkout.shippingFree"));

    await saveAddress(page, locale, "SA", locale === "ar" ? "جدة" : "Jiddah");
    await expect(rate(page, names.saudi)).toContainText(/6[.,٫]00|٦[.,٫]٠٠/);
    await expect(rate(page, names.riyadh)).toHaveCount(0);

    await saveAddress(page, locale, "AE", locale === "ar" ? "دبي" : "Dubai");
    await expect(rate(page, names.gulf)).toContainText(t(locale, "shipping.noCodWithRate"));
    await expect(page.getByTestId("cod-notice")).toContainText(
      t(locale, "shipping.codNotWithRate", { rate: names.gulf }),
    );
    await expect(page.getByLabel(t(locale, "payment.cod"))).toHaveCount(0);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: `/work/shots/shipping-zones/checkout-dubai-${locale}-${width}.png`,
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await saveAddress(page, locale, "SA", locale === "ar" ? "الرياض" : "Riyadh");
    await rate(page, names.pickup).click();
    await expect(rate(page, names.pickup)).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByLabel(t(locale, "payment.cod"))).toBeChecked();
    await page.getByRole("button", { name: t(locale, "checkout.placeOrder") }).click();
    await expect(page).toHaveURL(/\/orders\/\d+\/confirmed/);
    await expect(page.getByTestId("outcome-shipping-rate")).toContainText(names.pickup);
    await expect(page.getByTestId("outcome-shipping-rate")).toContainText(names.hours);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: `/work/shots/shipping-zones/confirmed-pickup-${locale}-${width}.png`,
        fullPage: true,
      });
    }
  });
}
