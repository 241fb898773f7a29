/**
 * VAT settings in a browser, English and Arabic (issue 35, decision 042): the owner of a store of
 * their own types a Saudi VAT number with a wrong last digit and is told the format under the
 * field as they leave it; corrected, with the legal names and prices "exclude VAT", the page saves
 * and the preview shows VAT added on top. axe; screenshots at 1280 and 390 px.
 */
import { hostUrl } from "./demo";
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
  test(`the owner registers the store for VAT and sees what a cart will say (${locale})`, async ({
    page,
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
  });
}
