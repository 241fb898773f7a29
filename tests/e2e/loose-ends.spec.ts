/**
 * The SPEC's and the phone's loose ends in a browser, in English and Arabic (issue 21): the admin
 * sidebar's store name on the reading side and 'Powered by' in view at 1280 × 900; the Arabic
 * packing slip's address on the right; the cart says shipping comes at checkout; the demo's plan
 * is "Your current plan", not for sale, and a subscription in the Stripe test server's portal; a Starter store's custom domain page says why it cannot
 * have one and links billing. SHOTS_DIR=… saves each page at 1280 and 390 px.
 */
import type { Locator } from "@playwright/test";
import { DYES_CATALOG } from "../../app/db/seed/catalog/dyes";
import { slugify } from "../../app/db/seed/plan/catalog";
import { hostUrl } from "./demo";
import {
  demoCredentials,
  expect,
  expectNoAxeViolations,
  expectToast,
  login,
  screenshots,
  t,
  test,
  type Locale,
} from "./support/fixtures";
import { signUp, uniqueEmail } from "./support/shop";

const LOCALES: Locale[] = ["en", "ar"];
const at = (slug: string, path: string, locale: Locale) =>
  hostUrl(slug, `${path}${path.includes("?") ? "&" : "?"}lng=${locale}`);

/** The gap between the text and its box's start edge (left in English, right in Arabic). */
async function startGap(text: Locator, box: Locator, locale: Locale): Promise<number> {
  const inner = (await text.boundingBox())!;
  const outer = (await box.boundingBox())!;
  return locale === "ar" ? outer.x + outer.width - (inner.x + inner.width) : inner.x - outer.x;
}

for (const locale of LOCALES) {
  test.describe(`loose ends (${locale})`, () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test("the sidebar: the store name on the reading side, 'Powered by' in view", async ({ page }) => {
      await login(page, "admin", locale);
      await page.goto(at("dyes", "/admin/dashboard", locale));
      const sidebar = page.getByRole("complementary", { name: t(locale, "admin.sidebar") });
      const name = sidebar.locator("bdi").first();
      await expect(name).toHaveText("Dye & Shade Co.");
      expect(await startGap(name, sidebar.getByRole("link").first(), locale)).toBeLessThan(2);
      const powered = sidebar.getByText(t(locale, "app.poweredBy"));
      await expect(powered).toBeInViewport({ ratio: 1 });
      await screenshots(page, `loose-sidebar-${locale}`);
    });

    test("the packing slip's address lines up with the page's start", async ({ page }) => {
      await login(page, "admin", locale);
      await page.goto(at("dyes", "/admin/orders", locale));
      const first = page.getByRole("main").locator("tbody th a").first();
      const number = /\d+/.exec((await first.innerText()) ?? "")![0];
      await page.goto(at("dyes", `/admin/orders/${number}/packing-slip`, locale));
      const address = page.locator("address");
      const lines = address.locator("bdi");
      expect(await lines.count()).toBeGreaterThan(3);
      for (const line of await lines.all()) expect(await startGap(line, address, locale)).toBeLessThan(2);
      await expectNoAxeViolations(page, "packing slip");
      await screenshots(page, `loose-packing-slip-${locale}`);
    });

    test("the cart says shipping is added at checkout", async ({ page }) => {
      const slug = slugify(DYES_CATALOG[0]!.subcategories[0]!.products[0]!.nameEn);
      await signUp(page, locale, {
        name: "Mona Saleh",
        email: uniqueEmail(`loose-${locale}`),
        password: "loose-pass-1",
      });
      await page.goto(at("dyes", `/products/${slug}`, locale));
      await page.getByRole("button", { name: t(locale, "productPage.addToCart") }).click();
      // The add is a fetch: leaving the page before its answer would cancel it.
      await expectToast(page, t(locale, "toast.cartAdded"));
      await page.goto(at("dyes", "/cart", locale));
      await expect(page.getByText(t(locale, "looseEnds.shippingAtCheckout"))).toBeVisible();
      await screenshots(page, `loose-cart-${locale}`);
    });

    test("billing: the demo's plan is 'Your current plan', not for sale", async ({ page }) => {
      await login(page, "admin", locale);
      await page.goto(at("dyes", "/admin/billing", locale));
      const current = page.getByRole("button", { name: t(locale, "billing.currentPlan") });
      await expect(current).toBeDisabled();
      await expect(page.getByRole("listitem").filter({ has: current })).toContainText(
        locale === "ar" ? "النمو" : "Growth",
      );
      // A real subscription on the Stripe test server stands behind it (start-up made it): plans
      // change in the portal, which lists the store's active subscription.
      await expect(page.getByText(t(locale, "billing.changeInPortal"))).toBeVisible();
      await expect(page.getByTestId("billing-status")).toHaveAttribute("data-status", "active");
      await expectNoAxeViolations(page, "billing");
      await screenshots(page, `loose-billing-${locale}`);
      await page.getByRole("button", { name: t(locale, "billing.manage") }).click();
      await expect(page.getByRole("heading", { name: "Billing portal" })).toBeVisible();
      await expect(
        page.getByRole("listitem").filter({ hasText: /^sub_\w+: active, period ends/ }),
      ).toHaveCount(1);
    });

    test("a Starter store's custom domain page says why and links billing", async ({ page }) => {
      await login(page, demoCredentials("admin", "inks"), locale);
      await page.goto(at("inks", "/admin/storesetting/customDomain", locale));
      await expect(
        page.getByText(
          t(locale, "planEntitlements.customDomainNotIncluded", {
            plan: locale === "ar" ? "المبتدئ" : "Starter",
          }),
        ),
      ).toBeVisible();
      await expect(page.getByLabel(t(locale, "customDomain.domain"))).toBeDisabled();
      await page.getByRole("link", { name: t(locale, "planEntitlements.seePlans") }).click();
      await expect(page).toHaveURL(/\/admin\/billing/);
      await page.goBack();
      await expectNoAxeViolations(page, "custom domain on Starter");
      await screenshots(page, `loose-custom-domain-${locale}`);
    });
  });
}
