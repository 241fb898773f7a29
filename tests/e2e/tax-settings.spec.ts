/**
 * VAT settings in a browser, English and Arabic (issue 35, decision 042): the owner of a store of
 * their own types a Saudi VAT number with a wrong last digit and is told the format under the
 * field as they leave it; corrected, with the legal names and prices "exclude VAT", the page saves
 * and the preview shows VAT added on top. A shopper's cart then shows VAT on top of a 10.00 dye,
 * and the order placed carries it. axe; screenshots at 1280 and 390 px.
 */
import { formatMoney } from "../../app/lib/money";
import { formatRate } from "../../app/lib/percent";
import { hostUrl } from "./demo";
import { addToCart, onStore, ownProduct, placeCodOrder, newShopper } from "./support/shop";
import {
  expect,
  expectNoAxeViolations,
  expectToast,
  ownStore,
  screenshots,
  t,
  test,
  type Locale,
} from "./support/fixtures";

for (const locale of ["en", "ar"] as Locale[]) {
  test(`the owner registers the store for VAT; a shopper's cart and order carry it (${locale})`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { store } = await ownStore(page, `vat-${locale}`, locale);
    await page.goto(hostUrl(store, `/admin/storesetting/tax?lng=${locale}`));
    await expect(page.getByRole("heading", { level: 1, name: t(locale, "tax.title") })).toBeVisible();
    // A new store: not registered, prices with VAT in them, Saudi Arabia at 15 %.
    await expect(page.getByLabel(t(locale, "tax.registered"))).not.toBeChecked();
    const preview = page.getByText(t(locale, "tax.preview.included", { rate: "15 %", amount: "" }).trim(), {
      exact: false,
    });
    await expect(preview.first()).toBeVisible();

    await page.getByLabel(t(locale, "tax.registered")).check();
    const number = page.getByLabel(t(locale, "tax.vatNumber"));
    await number.fill("310122393500004");
    await number.blur();
    await expect(page.getByText(t(locale, "tax.vatNumberFormat.SA"), { exact: true })).toBeVisible();
    await number.fill(locale === "ar" ? "٣١٠١٢٢٣٩٣٥٠٠٠٠٣" : "310122393500003");
    await page.getByLabel(t(locale, "tax.legalNameEn")).fill("Own Dyes Trading Co.");
    await page.getByLabel(t(locale, "tax.legalNameAr")).fill("شركة الأصباغ للتجارة");
    await page.getByLabel(t(locale, "tax.pricesLabel")).selectOption("exclusive");
    // VAT now goes on top of the 100.00 cart in the preview.
    await expect(page.getByText(t(locale, "tax.preview.vatLine", { rate: "15 %" })).first()).toBeVisible();
    await page.getByRole("button", { name: t(locale, "tax.save") }).click();
    await expectToast(page, t(locale, "toast.updateSuccess"));

    await page.reload();
    await expect(page.getByLabel(t(locale, "tax.registered"))).toBeChecked();
    await expect(page.getByLabel(t(locale, "tax.vatNumber"))).toHaveValue("310122393500003");
    await expect(page.getByLabel(t(locale, "tax.pricesLabel"))).toHaveValue("exclusive");
    await expectNoAxeViolations(page, "VAT settings");
    await screenshots(page, `tax-settings-${locale}`);

    // A shopper buys a 10.00 dye: 15 % on top in the cart, and on the order as placed.
    const slug = await ownProduct(page, store, {
      nameEn: `Vat Woad ${locale}`,
      nameAr: "وسمة",
      price: "10.00",
      stock: 5,
    });
    const { page: shopper, context: shopperContext } = await newShopper(browser, locale, store, "Huda");
    await addToCart(shopper, locale, slug, undefined, store);
    await shopper.goto(onStore(store, "/cart", locale));
    const rate = formatRate(1500, locale);
    await expect(shopper.getByTestId("vat-line")).toContainText(t(locale, "tax.summary.line", { rate }));
    await expect(shopper.getByTestId("vat-line")).toContainText(formatMoney(150, "USD", locale));
    await screenshots(shopper, `cart-vat-${locale}`);
    // One more into the cart as the order is placed: two dyes, 20.00 and 3.00 VAT on the order.
    const orderNumber = await placeCodOrder(shopper, locale, slug, 1, store);
    await shopper.goto(onStore(store, `/orders/${orderNumber}`, locale));
    await expect(shopper.getByTestId("vat-line")).toContainText(formatMoney(300, "USD", locale));
    await screenshots(shopper, `order-vat-${locale}`);
    await shopperContext.close();
  });
}
