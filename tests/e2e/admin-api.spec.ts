/**
 * Admin API tokens in a browser, English and Arabic (issue 38, decision 045): the owner of a store
 * of their own creates a token, sees its secret once (gone after a reload), uses it to list orders
 * through /api/v1 with a fetch that sends only the token, revokes it (confirmed), and the next call is 401.
 * Screenshots of /admin/api at 1280 and 390 px.
 */
import { onStore } from "./support/shop";
import { expect, expectToast, ownStore, screenshots, t, test, type Locale } from "./support/fixtures";

test.describe.configure({ timeout: 120_000 });

for (const locale of ["en", "ar"] as Locale[]) {
  test(`the owner creates a token, uses it once and revokes it (${locale})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { store } = await ownStore(page, `api-${locale}`, locale);
    await page.goto(onStore(store, "/admin/api", locale));
    await expect(page.getByRole("heading", { name: t(locale, "admin.api.title"), level: 1 })).toBeVisible();
    await expect(page.getByText(t(locale, "admin.api.list.emptyNone"))).toBeVisible();

    const name = locale === "ar" ? "مزامنة الشحن" : "Courier sync";
    await page.getByLabel(t(locale, "admin.api.name"), { exact: true }).fill(name);
    await page.getByLabel(t(locale, "admin.api.expiry"), { exact: true }).selectOption("30");
    await page.getByLabel(t(locale, "staffAdmin.permissions.orders.view"), { exact: true }).check();
    await page.getByRole("button", { name: t(locale, "admin.api.create"), exact: true }).click();

    const panel = page.getByTestId("new-token");
    await expect(panel).toBeVisible();
    const secret = await panel.getByLabel(t(locale, "admin.api.secret")).inputValue();
    expect(secret).toMatch(/^sfat_/);
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await screenshots(page, `admin-api-created-${locale}`);

    // Shown once: a reload shows the list, not the secret.
    await page.reload();
    await expect(page.getByTestId("new-token")).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText(secret);
    await screenshots(page, `admin-api-${locale}`);

    // A request from the store's own origin (the test runner's resolver knows no *.localhost),
    // carrying only the token: the API reads no cookie.
    const callApi = () =>
      page.evaluate(async (token) => {
        const response = await fetch("/api/v1/orders", {
          headers: { Authorization: `Bearer ${token}` },
          credentials: "omit",
        });
        return { status: response.status, body: (await response.json()) as unknown };
      }, secret);
    const listed = await callApi();
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ data: [], nextCursor: null, prevCursor: null });

    await page.getByRole("button", { name: `${t(locale, "admin.api.revoke")}: ${name}` }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: t(locale, "admin.api.revoke"), exact: true })
      .click();
    await expectToast(page, t(locale, "admin.api.toasts.revoked", { name }));
    await expect(page.getByText(t(locale, "admin.api.states.revoked")).first()).toBeVisible();

    const refused = await callApi();
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: { code: "unauthorized" } });
  });
}
