/**
 * Option values marked before they are picked (issue 39 item 5), in English and Arabic: on a
 * product in Size × Finish of the test's own (imported through the products CSV, deleted at the
 * end) where 100 g Shimmer has no stock and 500 g Gloss is not sold: with 100 g chosen Shimmer is
 * struck and says "Sold out"; with 500 g Gloss says "Not available". The words are in each radio's
 * name (not only a strike or a colour), and a marked value stays pickable.
 */
import type { Page } from "@playwright/test";
import { dyes } from "./support/shop";
import { expect, login, screenshots, t, test, waitForHydration, type Locale } from "./support/fixtures";

test.describe.configure({ timeout: 120_000 });

const HEADER = [
  "slug",
  "name_en",
  "name_ar",
  "price",
  "stock",
  "category",
  "subcategory",
  "option1_name",
  "option1_name_ar",
  "option1_value",
  "option1_value_ar",
  "option2_name",
  "option2_name_ar",
  "option2_value",
  "option2_value_ar",
  "sku",
  "variant_price",
  "variant_stock",
];

const VALUES = {
  en: {
    size: "Size",
    finish: "Finish",
    small: "100 g",
    large: "500 g",
    matte: "Matte",
    shimmer: "Shimmer",
    gloss: "Gloss",
  },
  ar: {
    size: "الحجم",
    finish: "اللمسة النهائية",
    small: "100 غ",
    large: "500 غ",
    matte: "مطفأ",
    shimmer: "لامع",
    gloss: "برّاق",
  },
};

/**
 * Five of the six combinations: 100 g Shimmer out of stock (500 g Shimmer has some), 500 g Gloss
 * not sold at all (100 g Gloss is). The
 * first row names the product (its price and stock are the first variant's); later rows only
 * their variant.
 */
function catalogue(slug: string, stamp: string): string {
  const [en, ar] = [VALUES.en, VALUES.ar];
  const product = [slug, `Marks Test Colour ${stamp}`, `لون اختبار العلامات ${stamp}`, "9.99", "5"];
  const shelf = ["hair-colours", "semi-permanent-hair-colours"];
  const sameProduct = [slug, "", "", "", "", "", ""];
  const size = (value: "small" | "large") => [en.size, ar.size, en[value], ar[value]];
  const finish = (value: "matte" | "shimmer" | "gloss") => [en.finish, ar.finish, en[value], ar[value]];
  const rows = [
    [...product, ...shelf, ...size("small"), ...finish("matte"), `${slug}-S-M`, "9.99", "5"],
    [...sameProduct, ...size("small"), ...finish("shimmer"), `${slug}-S-S`, "10.99", "0"],
    [...sameProduct, ...size("small"), ...finish("gloss"), `${slug}-S-G`, "11.99", "4"],
    [...sameProduct, ...size("large"), ...finish("matte"), `${slug}-L-M`, "39.99", "3"],
    [...sameProduct, ...size("large"), ...finish("shimmer"), `${slug}-L-S`, "42.99", "2"],
  ];
  return [HEADER, ...rows].map((row) => row.join(",")).join("\r\n");
}

async function importCatalogue(page: Page, locale: Locale, text: string) {
  await page.goto(dyes("/admin/products/import", locale));
  await waitForHydration(page);
  await page.getByLabel(t(locale, "admin.products.import.file")).setInputFiles({
    name: "marks.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(text, "utf8"),
  });
  await page.getByRole("button", { name: t(locale, "admin.products.import.preview") }).click();
  await page.getByRole("button", { name: t(locale, "admin.products.import.apply") }).click();
  await expect(
    page.getByText(t(locale, "admin.products.import.imported", { created: 1, updated: 0 })),
  ).toBeVisible();
}

async function deleteProduct(page: Page, locale: Locale, slug: string) {
  await page.goto(dyes(`/admin/products?q=${slug}`, locale));
  await page
    .getByRole("link", { name: new RegExp(`Marks Test Colour|لون اختبار العلامات`) })
    .first()
    .click();
  await waitForHydration(page);
  await page.getByRole("button", { name: t(locale, "admin.products.delete") }).click();
  const dialog = page.getByRole("dialog", { name: t(locale, "admin.products.deleteTitle") });
  await dialog.getByRole("button", { name: t(locale, "admin.products.delete") }).click();
  await expect(page).toHaveURL(/\/admin\/products(\?|$)/);
}

for (const locale of ["en", "ar"] as Locale[]) {
  test(`values sold out or not sold with the current choice are marked before they are picked (${locale})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const stamp = `${locale}-${Date.now().toString(36)}`;
    const slug = `marks-test-${stamp}`;
    await login(page, "admin", locale);
    await importCatalogue(page, locale, catalogue(slug, stamp));
    try {
      const v = VALUES[locale];
      await page.goto(dyes(`/products/${slug}`, locale));
      const sizes = page.getByRole("group", { name: v.size });
      const finishes = page.getByRole("group", { name: v.finish });
      const marked = (label: string, key: "soldOutValue" | "unavailableValue") =>
        `${label} (${t(locale, `variants.${key}`)})`;

      // The page opens on the first variant in stock, 100 g Matte: Shimmer at 100 g has none left.
      await expect(sizes.getByRole("radio", { name: v.small, exact: true })).toBeChecked();
      const shimmer = finishes.getByRole("radio", { name: marked(v.shimmer, "soldOutValue"), exact: true });
      await expect(shimmer).toBeVisible();
      // Still pickable (500 g Shimmer has some), and struck through, not only coloured.
      await expect(shimmer).toBeEnabled();
      await expect(finishes.locator("label").filter({ hasText: v.shimmer }).locator("s")).toHaveText(
        v.shimmer,
      );
      await expect(finishes.getByRole("radio", { name: v.matte, exact: true })).toBeVisible();
      await expect(finishes.getByRole("radio", { name: v.gloss, exact: true })).toBeVisible();
      // The sizes read with Matte chosen: both are sold in Matte and have stock.
      await expect(sizes.getByRole("radio", { name: v.large, exact: true })).toBeVisible();
      await screenshots(page, `sold-out-values-${locale}`);

      // 500 g: Shimmer has stock in it; Gloss is not sold in that size at all.
      await sizes.getByText(v.large, { exact: true }).click();
      await expect(finishes.getByRole("radio", { name: v.shimmer, exact: true })).toBeVisible();
      const gloss = finishes.getByRole("radio", { name: marked(v.gloss, "unavailableValue"), exact: true });
      await expect(gloss).toBeEnabled();
      await expect(finishes.locator("s")).toHaveText([v.gloss]);

      // Picking Gloss anyway: the sizes now read with it (500 g not sold), and nothing to add.
      await gloss.check();
      await expect(
        sizes.getByRole("radio", { name: marked(v.large, "unavailableValue"), exact: true }),
      ).toBeChecked();
      await expect(sizes.getByRole("radio", { name: v.small, exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: t(locale, "productPage.addToCart") })).toBeDisabled();
    } finally {
      await deleteProduct(page, locale, slug);
    }
  });
}
