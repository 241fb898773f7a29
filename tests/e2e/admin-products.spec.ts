/**
 * The admin's products in a browser, English and Arabic: create a product with two images and
 * find it on the storefront, edit its price and see the storefront change, import a CSV of three
 * products through its preview. axe on the list, the form and the import preview; screenshots of
 * each at 1280 and 390 px go to SHOTS_DIR (default test-results/screenshots) for a person to look at.
 */
import sharp from "sharp";
import { formatMoney } from "../../app/lib/money";
import { hostUrl } from "./demo";
import {
  expect,
  expectNoAxeViolations,
  login,
  screenshots,
  t,
  test,
  waitForHydration,
  type Locale,
} from "./support/fixtures";

async function pngOf(color: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 320, channels: 3, background: color } })
    .png()
    .toBuffer();
}

for (const locale of ["en", "ar"] as Locale[]) {
  test.describe(`admin products (${locale})`, () => {
    test("the list: filters, sorts and pages through the demo catalogue", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await login(page, "admin", locale);
      await page.goto(hostUrl("dyes", `/admin/products?lng=${locale}`));
      await expect(
        page.getByRole("heading", { level: 1, name: t(locale, "admin.products.title") }),
      ).toBeVisible();
      const table = page.getByRole("table");
      await expect(table.getByRole("row")).toHaveCount(26);
      await expectNoAxeViolations(page, "products list");
      await screenshots(page, `list-${locale}`);
      // The rows as the page shows them: each price as a number, each status as its text.
      const column = (key: string) => table.locator(`td[data-label="${t(locale, key)}"]`);
      const prices = async () =>
        (await column("admin.products.price").allInnerTexts()).map((text) =>
          Number(text.replace(/[^\d.]/g, "")),
        );
      const ascending = (values: number[]) => values.every((value, i) => i === 0 || values[i - 1]! <= value);
      // Sort by price, then the next page keeps the order.
      await table.getByRole("link", { name: t(locale, "admin.products.price") }).click();
      await expect(page).toHaveURL(/sort=price&dir=asc/);
      await expect.poll(async () => ascending(await prices())).toBe(true);
      const firstPage = await prices();
      expect(firstPage.length).toBe(25);
      await page.getByRole("link", { name: t(locale, "pagination.next") }).click();
      await expect(page).toHaveURL(/cursor=/);
      await expect(page.getByRole("link", { name: t(locale, "pagination.previous") })).toBeVisible();
      const secondPage = await prices();
      expect(secondPage.length).toBeGreaterThan(0);
      expect(ascending([...firstPage, ...secondPage])).toBe(true);
      // Only inactive products: the filter form; every row left says Inactive.
      await page.getByLabel(t(locale, "admin.products.status")).selectOption("inactive");
      await page.getByRole("button", { name: t(locale, "admin.table.applyFilters") }).click();
      await expect(page).toHaveURL(/status=inactive/);
      // (The demo has no inactive product unless another test made one: then the list says so.)
      const inactive = t(locale, "admin.products.inactive");
      await expect
        .poll(async () =>
          (await column("admin.products.status").allInnerTexts()).filter(
            (status) => status.trim() !== inactive,
          ),
        )
        .toEqual([]);
      if ((await column("admin.products.status").count()) === 0)
        await expect(page.getByText(t(locale, "admin.products.emptyFiltered"))).toBeVisible();
    });

    test("create a product with two images, find it in the store, change its price", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await login(page, "admin", locale);
      const stamp = `${locale}${Date.now().toString(36)}`;
      const nameEn = `Browser Shade ${stamp}`;
      const nameAr = `درجة المتصفح ${stamp}`;
      const slug = `browser-shade-${stamp}`;
      await page.goto(hostUrl("dyes", `/admin/products/new?lng=${locale}`));
      await waitForHydration(page);
      await expectNoAxeViolations(page, "new product form");
      await screenshots(page, `form-new-${locale}`);
      await page.getByLabel(t(locale, "admin.products.fields.nameEn")).fill(nameEn);
      // Left empty, the slug will be made from the English name: the field shows which.
      await expect(page.getByLabel(t(locale, "admin.products.fields.slug"), { exact: true })).toHaveAttribute(
        "placeholder",
        slug,
      );
      await page.getByLabel(t(locale, "admin.products.fields.nameAr")).fill(nameAr);
      await page.getByLabel(t(locale, "admin.products.fields.descriptionEn")).fill("Made in a browser test.");
      await page.getByLabel(t(locale, "admin.products.fields.descriptionAr")).fill("صُنع في اختبار المتصفح.");
      await page.getByLabel(t(locale, "admin.products.fields.price", { currency: "USD" })).fill("23.45");
      await page.getByLabel(t(locale, "admin.products.fields.stock")).fill("9");
      await page
        .getByLabel(t(locale, "admin.products.fields.category"), { exact: true })
        .selectOption({ index: 1 });
      await page.getByLabel(t(locale, "admin.products.fields.subcategory")).selectOption({ index: 1 });
      await page.getByLabel(t(locale, "admin.products.fields.shadeHex")).fill("#7D3C98");
      await page.getByLabel(t(locale, "admin.products.fields.colorFamily")).fill("purple");
      await page.getByLabel(t(locale, "admin.products.fields.newImages")).setInputFiles([
        { name: "front.png", mimeType: "image/png", buffer: await pngOf("#7D3C98") },
        { name: "back.png", mimeType: "image/png", buffer: await pngOf("#D2B4DE") },
      ]);
      await page.getByRole("button", { name: t(locale, "admin.products.create") }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: t(locale, "admin.products.editTitle") }),
      ).toBeVisible();
      await expect(page.getByText(t(locale, "toast.updateSuccess"))).toBeVisible();
      const images = page.locator("#images li");
      await expect(images).toHaveCount(2);
      // More images go through the images panel's own Upload, after the last one.
      const panel = page.locator("#images");
      await panel.getByRole("button", { name: t(locale, "admin.products.upload") }).click();
      await expect(panel.getByText(t(locale, "admin.products.errors.noImagesChosen"))).toBeVisible();
      await panel
        .getByLabel(t(locale, "admin.products.fields.newImages"))
        .setInputFiles([{ name: "side.png", mimeType: "image/png", buffer: await pngOf("#4A235A") }]);
      await panel.getByRole("button", { name: t(locale, "admin.products.upload") }).click();
      await expect(images).toHaveCount(3);
      await images
        .nth(2)
        .getByRole("button", {
          name: `${t(locale, "admin.products.removeImage")}: ${t(locale, "admin.products.imageNumber", { n: 3 })}`,
        })
        .click();
      await expect(images).toHaveCount(2);
      await expectNoAxeViolations(page, "edit product form");
      await screenshots(page, `form-edit-${locale}`);

      // The storefront has it, with both images: the first large, and the strip below with every
      // image (the large one too, so choosing a variant never hides a picture).
      await page.goto(hostUrl("dyes", `/products/${slug}?lng=${locale}`));
      await expect(
        page.getByRole("heading", { level: 1, name: locale === "ar" ? nameAr : nameEn }),
      ).toBeVisible();
      await expect(page.getByText(formatMoney(2345, "USD", locale)).first()).toBeVisible();
      await expect(page.locator('main img[src*="/resources/image"]')).toHaveCount(3);

      // A new price, seen by the storefront's next page.
      await page.goBack();
      await page.getByLabel(t(locale, "admin.products.fields.price", { currency: "USD" })).fill("30.00");
      await page.getByRole("button", { name: t(locale, "admin.products.save"), exact: true }).click();
      await expect(page.getByText(t(locale, "toast.updateSuccess"))).toBeVisible();
      await page.goto(hostUrl("dyes", `/products/${slug}?lng=${locale}`));
      await expect(page.getByText(formatMoney(3000, "USD", locale)).first()).toBeVisible();
      await expect(page.getByText(formatMoney(2345, "USD", locale))).toHaveCount(0);

      // Deleted through the confirmation dialog (it has no orders): gone from the store.
      await page.goBack();
      await waitForHydration(page);
      await page.getByRole("button", { name: t(locale, "admin.products.delete") }).click();
      const dialog = page.getByRole("dialog", { name: t(locale, "admin.products.deleteTitle") });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: t(locale, "admin.products.delete") }).click();
      await expect(page).toHaveURL(/\/admin\/products(\?|$)/);
      await expect(page.getByText(t(locale, "admin.products.deleted"))).toBeVisible();
      const gone = await page.goto(hostUrl("dyes", `/products/${slug}?lng=${locale}`));
      expect(gone?.status()).toBe(404);
    });

    test("import a CSV of three products through its preview", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await login(page, "admin", locale);
      const stamp = `${locale}${Date.now().toString(36)}`;
      const csv = [
        "slug,name_en,name_ar,description_en,description_ar,price,stock,category,subcategory,shade,color_family,active",
        `csv-${stamp}-1,"Imported, first",مستورد أول,"Two\nlines",وصف,4.50,10,,,#112233,blue,true`,
        `csv-${stamp}-2,Imported second,مستورد ثان,,,5,11,,,,,true`,
        `csv-${stamp}-3,Imported third,"مستورد ""ثالث""",,,6.25,12,,,,,false`,
      ].join("\r\n");
      await page.goto(hostUrl("dyes", `/admin/products/import?lng=${locale}`));
      await waitForHydration(page);
      await page.getByLabel(t(locale, "admin.products.import.file")).setInputFiles({
        name: "three.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(`\ufeff${csv}\r\n`, "utf8"),
      });
      await page.getByRole("button", { name: t(locale, "admin.products.import.preview") }).click();
      const preview = page.getByRole("table");
      await expect(preview.getByRole("row")).toHaveCount(4);
      await expect(preview.getByText(t(locale, "admin.products.import.create"), { exact: true })).toHaveCount(
        3,
      );
      await expect(preview.getByText('مستورد "ثالث"')).toBeVisible();
      await expectNoAxeViolations(page, "import preview");
      await screenshots(page, `import-preview-${locale}`);
      await page.getByRole("button", { name: t(locale, "admin.products.import.apply") }).click();
      await expect(
        page.getByText(t(locale, "admin.products.import.imported", { created: 3, updated: 0 })),
      ).toBeVisible();
      await page.goto(hostUrl("dyes", `/admin/products?lng=${locale}&q=csv-${stamp}`));
      await expect(page.getByRole("table").getByRole("row")).toHaveCount(4);
      // A file with a bad row: the preview says where, and offers no apply.
      await page.goto(hostUrl("dyes", `/admin/products/import?lng=${locale}`));
      await page.getByLabel(t(locale, "admin.products.import.file")).setInputFiles({
        name: "bad.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(`${csv.split("\r\n")[0]}\r\nbad-${stamp},Bad,سيئ,,,12.345,1,,,,,\r\n`, "utf8"),
      });
      await page.getByRole("button", { name: t(locale, "admin.products.import.preview") }).click();
      await expect(page.getByText(t(locale, "admin.products.errors.priceInvalid"))).toBeVisible();
      await expect(page.getByRole("button", { name: t(locale, "admin.products.import.apply") })).toHaveCount(
        0,
      );
      await screenshots(page, `import-errors-${locale}`);
    });
  });
}

test.describe("admin products without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form refuses a bad price with its message under the field", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, "admin", "en");
    await page.goto(hostUrl("dyes", "/admin/products/new?lng=en"));
    await page.getByLabel(t("en", "admin.products.fields.nameEn")).fill("No script");
    await page.getByLabel(t("en", "admin.products.fields.nameAr")).fill("بدون نص برمجي");
    await page.getByLabel(t("en", "admin.products.fields.price", { currency: "USD" })).fill("12.345");
    await page.getByRole("button", { name: t("en", "admin.products.create") }).click();
    await expect(page.getByText(t("en", "admin.products.errors.priceInvalid"))).toBeVisible();
    await expect(page.getByLabel(t("en", "admin.products.fields.nameEn"))).toHaveValue("No script");
  });
});
