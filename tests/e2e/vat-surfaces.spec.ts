/**
 * Tax classes and shipping order in a browser, English and Arabic (issues 35 and 33): on a store
 * of their own registered for VAT (prices without it), the owner marks a product zero-rated on the
 * product form; a shopper's cart with it and a standard dye shows a VAT row for the dye only. The
 * order placed shows in the sales report's "VAT collected" (15 % and 0 % apart). The owner adds a
 * Saudi zone and moves it above "Everywhere" from the keyboard. Screenshots at 1280 and 390 px of
 * the product form, the report's VAT block and the shipping list.
 */
import { formatMoney } from "../../app/lib/money";
import { formatRate } from "../../app/lib/percent";
import { hostUrl } from "./demo";
import { addToCart, newShopper, onStore, ownProduct, placeCodOrder } from "./support/shop";
import {
  expect,
  expectToast,
  ownStore,
  screenshots,
  submitForm,
  t,
  test,
  type Locale,
} from "./support/fixtures";

for (const locale of ["en", "ar"] as Locale[]) {
  test(`a zero-rated product is left out of the cart's VAT; the report and the zone order (${locale})`, async ({
    page,
    browser,
  }) => {
    // A long journey (VAT settings, two products, a shopper's order, the report, a zone).
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { store } = await ownStore(page, `vatsurf-${locale}`, locale);
    // Registered in Saudi Arabia, prices without VAT (15 % added on top).
    await page.goto(hostUrl(store, `/admin/storesetting/tax?lng=${locale}`));
    await page.getByLabel(t(locale, "tax.registered")).check();
    await page.getByLabel(t(locale, "tax.vatNumber")).fill("310122393500003");
    await page.getByLabel(t(locale, "tax.legalNameEn")).fill("Own Dyes Trading Co.");
    await page.getByLabel(t(locale, "tax.legalNameAr")).fill("شركة الأصباغ للتجارة");
    await page.getByLabel(t(locale, "tax.pricesLabel")).selectOption("exclusive");
    await page.getByRole("button", { name: t(locale, "tax.save") }).click();
    await expectToast(page, t(locale, "toast.updateSuccess"));

    const dye = await ownProduct(page, store, {
      nameEn: `Surf Woad ${locale}`,
      nameAr: "وسمة",
      price: "10.00",
      stock: 5,
    });
    const book = await ownProduct(page, store, {
      nameEn: `Surf Dye Book ${locale}`,
      nameAr: "كتاب الصباغة",
      price: "20.00",
      stock: 5,
    });
    // The owner marks the book zero-rated on its form.
    await page.goto(hostUrl(store, `/admin/products?lng=${locale}`));
    await page
      .getByRole("link", { name: locale === "ar" ? "كتاب الصباغة" : `Surf Dye Book ${locale}` })
      .first()
      .click();
    const taxClass = page.getByLabel(t(locale, "admin.products.fields.taxClass"));
    await expect(taxClass).toHaveValue("standard");
    await taxClass.selectOption("zero-rated");
    await page.getByRole("button", { name: t(locale, "admin.products.save"), exact: true }).click();
    await expectToast(page, t(locale, "toast.updateSuccess"));
    await page.reload();
    await expect(taxClass).toHaveValue("zero-rated");
    await taxClass.scrollIntoViewIfNeeded();
    await screenshots(page, `product-tax-class-${locale}`);

    // A shopper's cart: 10.00 dye and 20.00 book; VAT 1.50, on the dye alone.
    const { page: shopper, context } = await newShopper(browser, locale, store, "Huda");
    await addToCart(shopper, locale, dye, undefined, store);
    await addToCart(shopper, locale, book, undefined, store);
    await shopper.goto(onStore(store, "/cart", locale));
    const rate = formatRate(1500, locale);
    await expect(shopper.getByTestId("vat-line")).toContainText(t(locale, "tax.summary.line", { rate }));
    await expect(shopper.getByTestId("vat-line")).toContainText(formatMoney(150, "USD", locale));
    await placeCodOrder(shopper, locale, dye, 1, store);
    await context.close();

    // The sales report: VAT collected at 15 % and at 0 % (the book), apart.
    await page.goto(hostUrl(store, `/admin/sales/report?lng=${locale}`));
    const block = page.getByTestId("report-vat");
    await expect(block.getByRole("heading", { name: t(locale, "reports.vat.heading") })).toBeVisible();
    await expect(block.getByRole("rowheader", { name: rate, exact: true })).toBeVisible();
    await expect(block.getByRole("rowheader", { name: formatRate(0, locale), exact: true })).toBeVisible();
    await block.scrollIntoViewIfNeeded();
    await screenshots(page, `report-vat-${locale}`);

    // A Saudi zone, then moved above "Everywhere" from the keyboard.
    await submitForm(page, hostUrl(store, `/admin/shipping/new?lng=${locale}`), {
      intent: "save",
      name: "Saudi Arabia",
      placeKind: "countries",
      countries: "SA",
    });
    await page.goto(hostUrl(store, `/admin/shipping?lng=${locale}`));
    const zoneLinks = page.getByRole("link").filter({ hasText: /^(Saudi Arabia|Everywhere|كل مكان)$/ });
    await expect(zoneLinks.last()).toHaveText("Saudi Arabia");
    const up = page.getByRole("button", { name: `${t(locale, "shippingAdmin.moveUp")}: Saudi Arabia` });
    await up.focus();
    await page.keyboard.press("Enter");
    await expectToast(page, t(locale, "shippingAdmin.zoneMoved"));
    await expect(zoneLinks.first()).toHaveText("Saudi Arabia");
    await expect(
      page.getByRole("button", { name: `${t(locale, "shippingAdmin.moveUp")}: Saudi Arabia` }),
    ).toBeDisabled();
    await screenshots(page, `shipping-list-${locale}`);
  });
}
