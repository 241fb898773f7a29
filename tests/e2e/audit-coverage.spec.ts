/**
 * The activity log covers the catalogue (issue 36, decision 046): an owner of a store of their
 * own creates a product, changes its price, and finds both in /admin/activity, the changed field
 * named in the page's language with the price before and after. Screenshots at 1280 and 390 px.
 */
import { hostUrl } from "./demo";
import {
  dismissToasts,
  expect,
  ownStore,
  screenshots,
  t,
  test,
  waitForHydration,
  type Locale,
} from "./support/fixtures";

test.describe.configure({ timeout: 180_000 });

for (const locale of ["en", "ar"] as Locale[]) {
  test(`an owner's price change is in the activity log, its field in the page's language (${locale})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { store } = await ownStore(page, `audit-${locale}`, locale);
    const nameEn = `Audit Shade ${locale.toUpperCase()}`;
    await page.goto(hostUrl(store, `/admin/products/new?lng=${locale}`));
    await waitForHydration(page);
    await page.getByLabel(t(locale, "admin.products.fields.nameEn")).fill(nameEn);
    await page.getByLabel(t(locale, "admin.products.fields.nameAr")).fill(`درجة السجل ${locale}`);
    // A new store sells in US dollars until its owner says otherwise.
    const price = page.getByLabel(t(locale, "admin.products.fields.price", { currency: "USD" }));
    await price.fill("23.45");
    await page.getByLabel(t(locale, "admin.products.fields.stock")).fill("9");
    await page.getByRole("button", { name: t(locale, "admin.products.create") }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: t(locale, "admin.products.editTitle") }),
    ).toBeVisible();

    // The create's own toast says "update successfully" too: closed first, the toast awaited below
    // can only be the save's (left open, the wait passed at once and the visit to the log below
    // could cancel the save in flight: the log then had only the product's creation).
    // The create's toast may also come only after the close above found none: the save is
    // awaited by its own answer, not by a toast that either request can show.
    await dismissToasts(page, locale);
    await price.fill("30.00");
    const saved = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes("/admin/products/"),
    );
    await page.getByRole("button", { name: t(locale, "admin.products.save"), exact: true }).click();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByText(t(locale, "toast.updateSuccess"))).toBeVisible();

    await page.goto(hostUrl(store, `/admin/activity?type=product&lng=${locale}`));
    const rows = page.getByRole("row").filter({ hasText: nameEn });
    await expect(rows).toHaveCount(2);
    const update = rows.filter({ hasText: t(locale, "staffRoles.activity.actions.product.update") });
    await expect(update).toHaveCount(1);
    const field = t(locale, "staffRoles.activity.fields.priceCents");
    await expect(update).toContainText(`${field}:`);
    await expect(update).toContainText(/23[.,٫]45/);
    await expect(update).toContainText(/30[.,٫]00/);
    // Only the price changed: no other field is listed, and none by its raw name.
    await expect(update.locator("li")).toHaveCount(1);
    await expect(update).not.toContainText("priceCents");
    const created = rows.filter({ hasText: t(locale, "staffRoles.activity.actions.product.create") });
    await expect(created).toContainText(t(locale, "staffRoles.activity.fields.stock"));
    await expect(created).toContainText(t(locale, "staffRoles.activity.values.yes"));
    // Once more without the save's toast over the list.
    await page.reload();
    await expect(rows).toHaveCount(2);
    await screenshots(page, `admin-activity-catalogue-${locale}`);
  });
}
