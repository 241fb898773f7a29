/**
 * /admin/shipping (issue 33) in English and Arabic, on a store of the test's own: the owner finds
 * the "Everywhere" zone sign-up gave the store, adds a zone of one city (typed as an alias), gives
 * it a flat rate, edits the rate's price, and the cart's "Estimate shipping" for that city shows
 * the new price. Screenshots of the list and the zone form at 1280 and 390 px (SHOTS_DIR).
 */
import { hostUrl } from "./demo";
import { expect, expectToast, ownStore, screenshots, t, test, waitForHydration } from "./support/fixtures";

test.describe.configure({ timeout: 180_000 });

const TEXT = {
  en: { zone: "Jeddah", city: "Jiddah", rateEn: "Jeddah courier", product: "Shipping test shade" },
  ar: { zone: "جدة", city: "جده", rateEn: "Jeddah courier", product: "Shipping test shade" },
};

for (const locale of ["en", "ar"] as const) {
  test(`the owner adds a city zone and edits its rate; the cart's estimate shows it (${locale})`, async ({
    page,
  }) => {
    const text = TEXT[locale];
    const owner = await ownStore(page, `ship${locale}`, locale);
    const at = (path: string) =>
      hostUrl(owner.store, `${path}${path.includes("?") ? "&" : "?"}lng=${locale}`);

    // A product to put in the cart, made through the admin.
    await page.goto(at("/admin/products/new"));
    await page.getByLabel(t(locale, "admin.products.fields.nameEn")).fill(text.product);
    await page.getByLabel(t(locale, "admin.products.fields.nameAr")).fill("درجة اختبار الشحن");
    await page.getByLabel(t(locale, "admin.products.fields.price", { currency: "USD" })).fill("10.00");
    await page.getByLabel(t(locale, "admin.products.fields.stock")).fill("20");
    await page.getByLabel(t(locale, "shippingAdmin.variantWeight")).fill("300");
    await page.getByRole("button", { name: t(locale, "admin.products.create") }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: t(locale, "admin.products.editTitle") }),
    ).toBeVisible();

    // The list: the store's "Everywhere" zone from sign-up.
    await page.goto(at("/admin/shipping"));
    await expect(
      page.getByRole("heading", { level: 1, name: t(locale, "shippingAdmin.title") }),
    ).toBeVisible();
    await expect(
      page.getByRole("link", { name: locale === "ar" ? "كل مكان" : "Everywhere", exact: true }),
    ).toBeVisible();

    // A zone of one city, typed as an alias.
    await page.getByRole("link", { name: t(locale, "shippingAdmin.newZone") }).click();
    await waitForHydration(page);
    await page.getByLabel(t(locale, "shippingAdmin.zoneName")).fill(text.zone);
    await page.getByLabel(t(locale, "shippingAdmin.placeKind")).selectOption("cities");
    await page.getByLabel(t(locale, "shippingAdmin.country"), { exact: true }).selectOption("SA");
    await page.getByLabel(t(locale, "shippingAdmin.cities")).fill(text.city);
    await screenshots(page, `zone-form-${locale}`);
    await page.getByRole("button", { name: t(locale, "shippingAdmin.saveZone") }).click();
    await expectToast(page, t(locale, "shippingAdmin.zoneCreated"));
    await expect(
      page.getByRole("heading", { level: 1, name: t(locale, "shippingAdmin.editZoneTitle") }),
    ).toBeVisible();

    // Its rate: flat 6.00, then edited to 7.25.
    await page.getByRole("link", { name: t(locale, "shippingAdmin.newRate") }).click();
    await waitForHydration(page);
    await page.getByLabel(t(locale, "shippingAdmin.rateNameEn")).fill(text.rateEn);
    await page.getByLabel(t(locale, "shippingAdmin.rateNameAr")).fill("مندوب جدة");
    await page.getByLabel(t(locale, "shippingAdmin.estimateEn")).fill("2–3 days");
    await page.getByLabel(t(locale, "shippingAdmin.price", { currency: "USD" })).fill("6.00");
    await page.getByRole("button", { name: t(locale, "shippingAdmin.saveRate") }).click();
    await expectToast(page, t(locale, "shippingAdmin.rateCreated"));
    const rateName = locale === "ar" ? "مندوب جدة" : text.rateEn;
    await page.getByRole("link", { name: `${t(locale, "shippingAdmin.edit")}: ${rateName}` }).click();
    await waitForHydration(page);
    const price = page.getByLabel(t(locale, "shippingAdmin.price", { currency: "USD" }));
    await expect(price).toHaveValue("6.00");
    await price.fill("7.25");
    await screenshots(page, `rate-form-${locale}`);
    await page.getByRole("button", { name: t(locale, "shippingAdmin.saveRate") }).click();
    await expectToast(page, t(locale, "toast.updateSuccess"));
    await expect(page.getByRole("cell", { name: /7[.,٫]25|٧[.,٫]٢٥/ }).first()).toBeVisible();

    await page.goto(at("/admin/shipping"));
    await expect(page.getByRole("link", { name: text.zone, exact: true })).toBeVisible();
    await screenshots(page, `list-${locale}`);
    // Where the store ships from and its default weight, on the settings page.
    await page.goto(at("/admin/settings"));
    await expect(page.getByLabel(t(locale, "shippingAdmin.settings.defaultWeight"))).toHaveValue("0");
    await screenshots(page, `settings-${locale}`);

    // The shopper's side: the owner's cart estimates shipping to Jeddah at the new price.
    const productSlug = "shipping-test-shade";
    await page.goto(at(`/products/${productSlug}`));
    await page.getByRole("button", { name: t(locale, "productPage.addToCart") }).click();
    await expectToast(page, t(locale, "toast.cartAdded"));
    await page.goto(at("/cart"));
    const estimate = page.getByTestId("shipping-estimate");
    await estimate.getByLabel(t(locale, "shipping.country")).selectOption("SA");
    await estimate.getByLabel(t(locale, "checkout.city")).fill(locale === "ar" ? "جدة" : "Jeddah");
    await estimate.getByRole("button", { name: t(locale, "shipping.estimate") }).click();
    await expect(page).toHaveURL(/country=SA/);
    await expect(estimate.getByTestId("estimate-rate").filter({ hasText: rateName })).toContainText(
      /7[.,٫]25|٧[.,٫]٢٥/,
    );
  });
}
