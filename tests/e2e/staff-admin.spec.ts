/**
 * The store's team in a browser, English and Arabic (issue 36, decision 041): the owner of a store
 * of their own invites a packer with the Orders role; the packer opens the emailed link signed
 * out, sets a name and password, lands in the admin and sees only the orders part of the menu; the
 * owner sees the accepted invitation in the activity log. Screenshots of /admin/staff, the role
 * form and the invitation page at 1280 and 390 px.
 */
import { linkIn, waitForMail } from "./support/mail";
import { onStore } from "./support/shop";
import { expect, expectToast, ownStore, screenshots, t, test, type Locale } from "./support/fixtures";

test.describe.configure({ timeout: 120_000 });

for (const locale of ["en", "ar"] as Locale[]) {
  test(`the owner invites a packer who joins with the Orders role (${locale})`, async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { store } = await ownStore(page, `staff-${locale}`, locale);

    await page.goto(onStore(store, "/admin/staff/roles/new", locale));
    await expect(page.getByRole("heading", { name: t(locale, "staffAdmin.roles.newTitle") })).toBeVisible();
    await screenshots(page, `staff-role-form-${locale}`);

    await page.goto(onStore(store, "/admin/staff", locale));
    const email = `packer-${locale}-${Date.now().toString(36)}@example.test`;
    await page.getByLabel(t(locale, "staffAdmin.invite.email"), { exact: true }).fill(email);
    await page.getByLabel(t(locale, "staffAdmin.invite.role"), { exact: true }).selectOption("preset:orders");
    await page.getByRole("button", { name: t(locale, "staffAdmin.invite.submit"), exact: true }).click();
    await expectToast(page, t(locale, "staffAdmin.toasts.invited"));
    await expect(page.getByText(email)).toBeVisible();
    await screenshots(page, `staff-list-${locale}`);

    const link = linkIn(await waitForMail(email), "/staff-invitation/");
    const packerContext = await browser.newContext({
      extraHTTPHeaders: { "X-Forwarded-For": `10.${230 + (locale === "ar" ? 1 : 0)}.${Date.now() % 250}.7` },
    });
    const packer = await packerContext.newPage();
    await packer.setViewportSize({ width: 1280, height: 900 });
    await packer.goto(`${link}?lng=${locale}`);
    await expect(packer.getByRole("heading", { name: t(locale, "staffAdmin.accept.title") })).toBeVisible();
    await screenshots(packer, `staff-invitation-${locale}`);
    await packer
      .getByLabel(t(locale, "staffAdmin.accept.name"))
      .fill(locale === "ar" ? "عمر صالح" : "Omar Packer");
    await packer
      .getByLabel(t(locale, "staffAdmin.accept.newPassword"), { exact: true })
      .fill("packer-secret-1");
    await packer.getByRole("button", { name: t(locale, "staffAdmin.accept.submit") }).click();
    await expect(packer).toHaveURL(/\/admin\/dashboard/);
    await expect(
      packer.getByRole("link", { name: t(locale, "admin.nav.orders"), exact: true }).first(),
    ).toBeVisible();
    for (const hidden of [
      "admin.nav.settings",
      "admin.nav.paymentOptions",
      "admin.nav.products",
      "staffAdmin.nav",
    ]) {
      await expect(packer.getByRole("link", { name: t(locale, hidden), exact: true })).toHaveCount(0);
    }
    await packerContext.close();

    await page.goto(onStore(store, "/admin/activity", locale));
    await expect(
      page.getByText(t(locale, "staffRoles.activity.actions.staff.inviteAccept"), { exact: false }).first(),
    ).toBeVisible();
  });
}
