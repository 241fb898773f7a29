/**
 * Options and variants in the admin (issue 19 item 5), in a browser, English and Arabic: the
 * admin gives a new product a Size option with three values, generates the variants, sets each
 * size's stock, and the storefront's product page then offers the three sizes. axe on the edited
 * page; screenshots of it with its variants at 1280 and 390 px (the table is cards on a phone)
 * go to SHOTS_DIR. The same walk without JavaScript: every step is a plain form.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { hostUrl } from "./demo";
import {
  expect,
  expectFitsWidth,
  expectNoAxeViolations,
  login,
  screenshots,
  t,
  test,
  waitForHydration,
  type Locale,
} from "./support/fixtures";

const SIZES = [
  { en: "50 g", ar: "50 غ", stock: "12" },
  { en: "250 g", ar: "250 غ", stock: "7" },
  { en: "1 kg", ar: "1 كغ", stock: "3" },
];

/** A plural text as i18next picks it (Arabic has six forms). */
const plural = (locale: Locale, key: string, count: number) =>
  t(locale, `${key}_${new Intl.PluralRules(locale).select(count)}`, { count });

/** A new product with a price and stock, opened for editing. */
async function newProduct(page: Page, locale: Locale, stamp: string): Promise<string> {
  const slug = `sized-dye-${stamp}`;
  await page.goto(hostUrl("dyes", `/admin/products/new?lng=${locale}`));
  await page.getByLabel(t(locale, "admin.products.fields.nameEn")).fill(`Sized Dye ${stamp}`);
  await page.getByLabel(t(locale, "admin.products.fields.nameAr")).fill(`صبغة بأحجام ${stamp}`);
  await page.getByLabel(t(locale, "admin.products.fields.price", { currency: "USD" })).fill("9.50");
  await page.getByLabel(t(locale, "admin.products.fields.stock")).fill("5");
  await page.getByRole("button", { name: t(locale, "admin.products.create") }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: t(locale, "admin.products.editTitle") }),
  ).toBeVisible();
  return slug;
}

/** Adds the Size option with its three values through the options form's buttons, and saves it. */
async function addSizes(page: Page, locale: Locale) {
  const section = page.locator("#variants");
  await section.getByRole("button", { name: t(locale, "adminVariants.addOption") }).click();
  const option = section.getByRole("group", { name: t(locale, "adminVariants.option", { n: 1 }) });
  await expect(option.getByLabel(t(locale, "adminVariants.optionNameEn"))).toBeVisible();
  await option.getByLabel(t(locale, "adminVariants.optionNameEn")).fill("Size");
  await option.getByLabel(t(locale, "adminVariants.optionNameAr")).fill("الحجم");
  for (const [index, size] of SIZES.entries()) {
    const n = index + 1;
    if (index > 0) {
      await option.getByRole("button", { name: t(locale, "adminVariants.addValue"), exact: false }).click();
    }
    const en = option.getByLabel(t(locale, "adminVariants.valueEn", { n }), { exact: true });
    await expect(en).toBeVisible();
    await en.fill(size.en);
    await option.getByLabel(t(locale, "adminVariants.valueAr", { n }), { exact: true }).fill(size.ar);
  }
  // The values typed before each round trip are still there.
  await expect(option.getByLabel(t(locale, "adminVariants.valueEn", { n: 1 }), { exact: true })).toHaveValue(
    "50 g",
  );
  await section.getByRole("button", { name: t(locale, "adminVariants.saveOptions") }).click();
  await expect(section.getByText(plural(locale, "adminVariants.missing", 2))).toBeVisible();
}

/** Generates the missing sizes and sets each size's stock in the table, then saves. */
async function stockEachSize(page: Page, locale: Locale, javaScript = true) {
  const section = page.locator("#variants");
  await section.getByRole("button", { name: t(locale, "adminVariants.generate") }).click();
  const table = section.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(section.getByText(plural(locale, "adminVariants.missing", 2))).toHaveCount(0);
  for (const size of SIZES) {
    const name = locale === "ar" ? size.ar : size.en;
    await table
      .getByLabel(
        t(locale, "adminVariants.fieldFor", { field: t(locale, "adminVariants.stock"), variant: name }),
      )
      .fill(size.stock);
  }
  const saved = page.waitForResponse((response) => response.request().method() === "POST");
  await section.getByRole("button", { name: t(locale, "adminVariants.saveVariants") }).click();
  await saved;
  // (Toasts are JavaScript's; without it the click has waited for the next page.)
  if (javaScript) await expect(page.getByText(t(locale, "toast.updateSuccess")).first()).toBeVisible();
  // What the server has, not what was typed.
  await page.waitForLoadState();
  await page.reload();
  for (const size of SIZES) {
    const name = locale === "ar" ? size.ar : size.en;
    await expect(
      table.getByLabel(
        t(locale, "adminVariants.fieldFor", { field: t(locale, "adminVariants.stock"), variant: name }),
      ),
    ).toHaveValue(size.stock);
  }
}

/** The storefront's product page offers the three sizes as a radio group. */
async function expectSizesInStore(page: Page, locale: Locale, slug: string) {
  await page.goto(hostUrl("dyes", `/products/${slug}?lng=${locale}`));
  const group = page.getByRole("group", { name: locale === "ar" ? "الحجم" : "Size" });
  await expect(group.getByRole("radio")).toHaveCount(3);
  for (const size of SIZES) {
    await expect(
      group.getByRole("radio", { name: locale === "ar" ? size.ar : size.en, exact: true }),
    ).toBeEnabled();
  }
}

for (const locale of ["en", "ar"] as Locale[]) {
  test.describe(`admin variants (${locale})`, () => {
    test("a Size option with three values, generated variants, each size's stock, offered in the store", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await login(page, "admin", locale);
      const stamp = `${locale}${Date.now().toString(36)}`;
      const slug = await newProduct(page, locale, stamp);
      await waitForHydration(page);
      // Without options the product form has its price and stock.
      const productForm = page.locator("#product-edit");
      const stock = productForm.getByLabel(t(locale, "admin.products.fields.stock"), { exact: true });
      await expect(stock).toHaveValue("5");
      await addSizes(page, locale);
      // With options, the product form's price and stock give way to the variants table.
      await expect(stock).toHaveCount(0);
      await expect(page.getByText(t(locale, "adminVariants.pricingMoved"))).toBeVisible();
      await stockEachSize(page, locale);
      await expectNoAxeViolations(page, "product edit page with variants");
      await screenshots(page, `variants-edit-${locale}`);
      // Nothing runs off a phone's screen: the table is cards.
      await page.setViewportSize({ width: 390, height: 900 });
      await expectFitsWidth(page, 390, "product edit page with variants");
      await page.setViewportSize({ width: 1280, height: 900 });
      // With JavaScript the table's fields are checked as they are left, like any form's…
      const section = page.locator("#variants");
      const stockOf = (variant: string) =>
        section.getByLabel(
          t(locale, "adminVariants.fieldFor", { field: t(locale, "adminVariants.stock"), variant }),
        );
      const first = locale === "ar" ? SIZES[0]!.ar : SIZES[0]!.en;
      await stockOf(first).fill("-1");
      await stockOf(first).press("Tab");
      await expect(section.getByText(t(locale, "adminVariants.errors.stockInvalid"))).toBeVisible();
      await expect(stockOf(first)).toHaveAttribute("aria-invalid", "true");
      await stockOf(first).fill("12");
      await expect(section.getByText(t(locale, "adminVariants.errors.stockInvalid"))).toHaveCount(0);
      // …and the bulk form knows which of its two buttons was pressed.
      await section.getByLabel(t(locale, "adminVariants.bulkSelected")).check();
      await section.getByLabel(t(locale, "adminVariants.stock"), { exact: true }).fill("1");
      await section.getByRole("button", { name: t(locale, "adminVariants.setStock") }).click();
      await expect(section.getByText(t(locale, "adminVariants.errors.selectSome"))).toBeVisible();
      await expect(stockOf(first)).toHaveValue("12");
      await expectSizesInStore(page, locale, slug);
    });
  });
}

test.describe("admin variants without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same walk with plain forms", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, "admin", "en");
    const stamp = `nojs${Date.now().toString(36)}`;
    const slug = await newProduct(page, "en", stamp);
    await addSizes(page, "en");
    await stockEachSize(page, "en", false);
    // Deleting asks first, on the page itself.
    const section = page.locator("#variants");
    await section.getByRole("link", { name: `${t("en", "adminVariants.delete")}: 1 kg` }).click();
    await expect(page.getByRole("heading", { name: t("en", "adminVariants.deleteTitle") })).toBeVisible();
    await page.getByRole("link", { name: t("en", "admin.cancel") }).click();
    await expectSizesInStore(page, "en", slug);
  });

  test("an option's button on the new-product page says the chosen images must be chosen again", async ({
    page,
  }) => {
    await login(page, "admin", "en");
    await page.goto(hostUrl("dyes", "/admin/products/new?lng=en"));
    await chooseImage(page);
    await page.getByRole("button", { name: t("en", "adminVariants.addOption") }).click();
    await expect(page.getByRole("group", { name: t("en", "adminVariants.option", { n: 1 }) })).toBeVisible();
    await expect(page.getByText(t("en", "admin.products.fields.chooseImagesAgain"))).toBeVisible();
  });
});

/** Chooses one PNG in the new-product form's image field. */
async function chooseImage(page: Page) {
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#AA5500" } })
    .png()
    .toBuffer();
  await page
    .getByLabel(t("en", "admin.products.fields.newImages"))
    .setInputFiles({ name: "swatch.png", mimeType: "image/png", buffer: image });
}

test("with JavaScript an option's button keeps the chosen images, and says nothing of them", async ({
  page,
}) => {
  await login(page, "admin", "en");
  await page.goto(hostUrl("dyes", "/admin/products/new?lng=en"));
  await waitForHydration(page);
  await chooseImage(page);
  await page.getByRole("button", { name: t("en", "adminVariants.addOption") }).click();
  await expect(page.getByRole("group", { name: t("en", "adminVariants.option", { n: 1 }) })).toBeVisible();
  const files = page.getByLabel(t("en", "admin.products.fields.newImages"));
  expect(await files.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(1);
  await expect(page.getByText(t("en", "admin.products.fields.chooseImagesAgain"))).toHaveCount(0);
});
