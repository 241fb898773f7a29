/**
 * A new owner creates a store from the platform's landing page and lands, signed in, in its
 * admin on the store's own host (issue 12), in English and Arabic; axe on the landing and sign-up.
 */
import { hostUrl } from "./demo";
import { axe, expect, screenshots, t, test, type Locale } from "./support/fixtures";

for (const locale of ["en", "ar"] as Locale[]) {
  test(`creates a store from the landing page and lands in its admin (${locale})`, async ({ page }) => {
    const slug = `henna-${locale}-${Date.now().toString(36)}`;
    await page.goto(hostUrl(null, `/?lng=${locale}`));
    expect((await axe(page).analyze()).violations, "landing").toEqual([]);

    await page
      .getByRole("link", { name: t(locale, "platform.createStore") })
      .first()
      .click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("heading", { name: t(locale, "storeSignup.title") })).toBeVisible();

    // The rules answer in the visitor's language before anything is created.
    await page.getByLabel(t(locale, "storeSignup.storeName")).fill("Hen");
    await page.getByRole("button", { name: t(locale, "storeSignup.submit") }).click();
    await expect(page.getByText(t(locale, "validation.storeName"))).toBeVisible();
    expect((await axe(page).analyze()).violations, "signup").toEqual([]);

    await page.getByLabel(t(locale, "storeSignup.storeName")).fill("Henna House");
    // The address follows the name until typed; then the full URL and a live check show.
    await expect(page.getByLabel(t(locale, "storeSignup.address"))).toHaveValue("henna-house");
    await page.getByLabel(t(locale, "storeSignup.address")).fill("dyes");
    await expect(page.getByText(t(locale, "storeSignup.availability.taken"))).toBeVisible();
    await page.getByLabel(t(locale, "storeSignup.address")).fill(slug);
    await expect(page.getByText(`${slug}.localhost:${process.env.E2E_PORT}`)).toBeVisible();
    await expect(page.getByText(t(locale, "storeSignup.availability.available"))).toBeVisible();
    await screenshots(page, `signup-${locale}`);
    await page.getByLabel(t(locale, "storeSignup.email")).fill(`owner@${slug}.test`);
    await page.getByLabel(t(locale, "auth.fields.password"), { exact: true }).fill("henna-secret");
    await page.getByRole("button", { name: t(locale, "storeSignup.submit") }).click();

    await expect(page).toHaveURL(hostUrl(slug, "/admin/dashboard"));
    await expect(page.getByRole("heading", { name: t(locale, "gettingStarted.title") })).toBeVisible();
    const checklist = page.getByRole("region", { name: t(locale, "gettingStarted.title") });
    for (const step of ["product", "colours", "plan", "payments"]) {
      await expect(
        checklist.getByRole("link", { name: t(locale, `gettingStarted.steps.${step}`) }),
      ).toBeVisible();
    }
    await screenshots(page, `dashboard-checklist-${locale}`);
    // Signed in on the store's host: its admin opens, the platform host has no session of it.
    await page.goto(hostUrl(slug, "/admin/users"));
    await expect(page).toHaveURL(hostUrl(slug, "/admin/users"));
  });
}
