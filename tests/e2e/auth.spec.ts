/**
 * Accounts in the browser, in English and Arabic: sign up, sign out, sign in, Continue As Guest,
 * forgot and reset through the mailed link, change password, profile photo, the admin landing,
 * a shopper refused at /admin; and sign-up and sign-in with JavaScript turned off.
 */
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { DEMO_PASSWORDS } from "../../app/db/seed/accounts";
import { hostUrl } from "./demo";
import {
  expect,
  expectToast,
  loginThroughForm,
  newClientAddress,
  submitForm,
  t,
  test,
  type Locale,
} from "./support/fixtures";
import { postForm } from "./support/http";
import { linkIn, mailCount, waitForMail } from "./support/mail";

const dyes = (path: string, locale: Locale) =>
  hostUrl("dyes", `${path}${path.includes("?") ? "&" : "?"}lng=${locale}`);
const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

async function signUp(page: Page, locale: Locale, email: string, password = "first-pass") {
  await page.goto(dyes("/signup", locale));
  await page.getByLabel(t(locale, "auth.fields.name")).fill(locale === "ar" ? "ليلى حسن" : "Layla Hassan");
  await page.getByLabel(t(locale, "auth.fields.email")).fill(email);
  await page.getByLabel(t(locale, "auth.fields.password")).fill(password);
  await page.getByRole("button", { name: t(locale, "auth.signup.submit") }).click();
}

/** A new account with the password "first-pass", signed up over plain HTTP from another address. */
async function signUpOverHttp(locale: Locale, email: string) {
  const res = await postForm(
    "dyes.localhost",
    `/signup?lng=${locale}`,
    { name: locale === "ar" ? "ليلى حسن" : "Layla Hassan", email, password: "first-pass" },
    { Origin: hostUrl("dyes", "/").replace(/\/$/, ""), "X-Forwarded-For": newClientAddress() },
  );
  expect(res.status, `sign-up of ${email}`).toBe(302);
}

async function logIn(page: Page, locale: Locale, email: string, password: string) {
  await loginThroughForm(page, { email, password, store: "dyes" }, locale);
}

async function logOut(page: Page, locale: Locale) {
  await page.goto(dyes("/profile", locale));
  await page.getByRole("button", { name: t(locale, "auth.logout") }).click();
  // Wait for the logged-out page, so the next navigation cannot cut the logout short.
  await expect(page.getByRole("link", { name: t(locale, "header.login") })).toBeVisible();
}

for (const locale of ["en", "ar"] as const) {
  test.describe(`accounts (${locale})`, () => {
    test("sign up, sign out and sign in again, with the toasts", async ({ page }) => {
      const email = uniqueEmail(`journey-${locale}`);
      await signUp(page, locale, email);
      await expectToast(page, t(locale, "toast.registrationSuccess"));
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await expect(page.getByRole("link", { name: t(locale, "auth.account") })).toBeVisible();

      await logOut(page, locale);
      await expectToast(page, t(locale, "toast.logoutSuccess"));
      await expect(page.getByRole("link", { name: t(locale, "header.login") })).toBeVisible();

      await logIn(page, locale, email, "first-pass");
      await expectToast(page, t(locale, "toast.loginSuccess"));
      await expect(page).toHaveURL(/\/(\?.*)?$/);
    });

    test("shows the SPEC validation messages under their fields", async ({ page }) => {
      await page.goto(dyes("/signup", locale));
      await page.getByLabel(t(locale, "auth.fields.name")).fill("Bob");
      await page.getByLabel(t(locale, "auth.fields.email")).fill("not-an-email");
      await page.getByLabel(t(locale, "auth.fields.password")).fill("123");
      await page.getByRole("button", { name: t(locale, "auth.signup.submit") }).click();
      await expect(page.getByText(t(locale, "validation.storeName"))).toBeVisible();
      await expect(page.getByText(t(locale, "validation.emailInvalid"))).toBeVisible();
      await expect(page.getByText(t(locale, "validation.passwordMin"))).toBeVisible();
      await expect(page.getByLabel(t(locale, "auth.fields.email"))).toHaveAttribute("aria-invalid", "true");
    });

    test("validates as you type, before anything is sent", async ({ page }) => {
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await page.goto(dyes("/signup", locale));
      const name = page.getByLabel(t(locale, "auth.fields.name"));
      // The schema loads on the form's first focus; a field left before it came is checked when it
      // comes, so nothing here waits for it.
      await name.fill("Bob");
      await name.blur();
      await expect(page.getByText(t(locale, "validation.storeName"))).toBeVisible();
      await name.fill("Bobby");
      await expect(page.getByText(t(locale, "validation.storeName"))).toBeHidden();
      expect(posts).toEqual([]);
    });

    test("Continue As Guest goes back to the storefront", async ({ page }) => {
      // The home page as a guest sees it: its call to shop (an error page at "/" has none).
      const home = page.getByRole("link", { name: t(locale, "home.shopNow") });
      await page.goto(dyes("/login", locale));
      await page.getByRole("link", { name: t(locale, "auth.continueAsGuest") }).click();
      await expect(page).toHaveURL(hostUrl("dyes", "/"));
      await expect(home).toBeVisible();
      // Sent to sign in by a page a guest cannot see: the guest goes home, not back to sign-in.
      for (const target of ["/checkout", "/cart", "/wishlist", "/orders"]) {
        await page.goto(dyes(`/login?redirectTo=${encodeURIComponent(target)}`, locale));
        await page.getByRole("link", { name: t(locale, "auth.continueAsGuest") }).click();
        await expect(page).toHaveURL(hostUrl("dyes", "/"));
        await expect(home).toBeVisible();
      }
      // Sent by a page a guest may see: back to it.
      await page.goto(dyes(`/login?redirectTo=${encodeURIComponent("/products")}`, locale));
      await page.getByRole("link", { name: t(locale, "auth.continueAsGuest") }).click();
      await expect(page).toHaveURL(hostUrl("dyes", "/products"));
      await expect(
        page.getByRole("heading", { level: 1, name: t(locale, "catalog.allProducts.title") }),
      ).toBeVisible();
    });

    test("forgot and reset the password through the mailed link", async ({ page }) => {
      const email = uniqueEmail(`reset-${locale}`);
      // The account, made outside this browser (the first test signs up through the form): the
      // page is a visitor's, as after signing out.
      await signUpOverHttp(locale, email);

      const before = await mailCount(email);
      await page.goto(dyes("/forgot-password", locale));
      await page.getByLabel(t(locale, "auth.fields.email")).fill(email);
      await page.getByRole("button", { name: t(locale, "auth.forgot.submit") }).click();
      await expectToast(page, t(locale, "toast.checkMail"));

      const mail = await waitForMail(email, before);
      expect(mail.subject).toBe(t(locale, "email.reset-password.subject", { store: "Dye & Shade Co." }));
      await page.goto(linkIn(mail, "/reset-password/"));
      await page.getByLabel(t(locale, "auth.fields.newPassword")).fill("second-pass");
      await page.getByRole("button", { name: t(locale, "auth.reset.submit") }).click();
      await expectToast(page, t(locale, "toast.updateSuccess"));

      await logOut(page, locale);
      await logIn(page, locale, email, "second-pass");
      await expectToast(page, t(locale, "toast.loginSuccess"));
      // The link worked once.
      await page.goto(linkIn(mail, "/reset-password/"));
      await expect(page.getByText(t(locale, "auth.reset.expired"))).toBeVisible();
    });

    test("log in with a link from the email", async ({ page }) => {
      const email = uniqueEmail(`link-${locale}`);
      const before = await mailCount(email);
      await page.goto(dyes("/login/link", locale));
      await page.getByLabel(t(locale, "auth.fields.email")).fill(email);
      await page.getByRole("button", { name: t(locale, "auth.link.submit") }).click();
      await expectToast(page, t(locale, "toast.checkMail"));
      const mail = await waitForMail(email, before);
      await page.goto(linkIn(mail, "/login/link/"));
      // Opening the link only asks; the button signs in.
      await expect(page.getByRole("link", { name: t(locale, "auth.account") })).toHaveCount(0);
      await page.getByRole("button", { name: t(locale, "auth.link.confirm") }).click();
      await expectToast(page, t(locale, "toast.loginSuccess"));
      await expect(page.getByRole("link", { name: t(locale, "auth.account") })).toBeVisible();
    });

    test("change the password and upload a profile photo", async ({ page }, info) => {
      const email = uniqueEmail(`profile-${locale}`);
      // Signed up and in from this browser's context without the form (the first test uses it).
      await submitForm(page, dyes("/signup", locale), {
        name: locale === "ar" ? "ليلى حسن" : "Layla Hassan",
        email,
        password: "first-pass",
        redirectTo: "",
      });

      await page.goto(dyes("/profile/password", locale));
      await page.getByLabel(t(locale, "auth.fields.currentPassword")).fill("first-pass");
      await page.getByLabel(t(locale, "auth.fields.newPassword")).fill("changed-pass");
      await page.getByRole("button", { name: t(locale, "profile.changePassword") }).click();
      await expectToast(page, t(locale, "toast.updateSuccess"));

      const photo = info.outputPath("photo.png");
      await sharp({ create: { width: 200, height: 200, channels: 3, background: "#7a1f5c" } })
        .png()
        .toFile(photo);
      await page.goto(dyes("/profile", locale));
      await page.getByLabel(t(locale, "profile.photo"), { exact: true }).setInputFiles(photo);
      await page.getByRole("button", { name: t(locale, "profile.save") }).click();
      await expectToast(page, t(locale, "toast.updateSuccess"));
      const avatar = page.locator('img[src*="/resources/image"]').first();
      await expect(avatar).toBeVisible();
      expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

      await logOut(page, locale);
      await logIn(page, locale, email, "changed-pass");
      await expectToast(page, t(locale, "toast.loginSuccess"));
    });

    test("the demo admin lands on /admin/dashboard; a shopper is refused at /admin", async ({ page }) => {
      await logIn(page, locale, "admin@dyes.test", DEMO_PASSWORDS.admin);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole("heading", { name: t(locale, "admin.dashboard") })).toBeVisible();
      await expect(page.locator("#main").getByText("admin@dyes.test")).toBeVisible();
      await logOut(page, locale);

      await logIn(page, locale, "shopper@dyes.test", DEMO_PASSWORDS.shopper);
      await expectToast(page, t(locale, "toast.loginSuccess"));
      const response = await page.goto(hostUrl("dyes", "/admin/dashboard"));
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: t(locale, "error.forbiddenTitle") })).toBeVisible();
    });
  });
}

test("an anonymous visitor at /admin is sent to log in and comes back after", async ({ page }) => {
  await page.goto(hostUrl("dyes", "/admin/dashboard"));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fdashboard/);
  await expect(page.getByRole("heading", { level: 1, name: t("en", "auth.login.title") })).toBeVisible();
  await page.getByLabel(t("en", "auth.fields.email")).fill("admin@dyes.test");
  await page.getByLabel(t("en", "auth.fields.password"), { exact: true }).fill(DEMO_PASSWORDS.admin);
  await page.getByRole("button", { name: t("en", "auth.login.submit") }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: t("en", "admin.dashboard") })).toBeVisible();
});

test("a store's session is not a session on the other store", async ({ page }) => {
  await logIn(page, "en", "admin@dyes.test", DEMO_PASSWORDS.admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: t("en", "admin.dashboard") })).toBeVisible();
  await page.goto(hostUrl("inks", "/admin/dashboard"));
  await expect(page).toHaveURL(/inks\.localhost:\d+\/login\?redirectTo=/);
  await expect(page.getByRole("heading", { level: 1, name: t("en", "auth.login.title") })).toBeVisible();
});

test("a form posted from another store's origin is refused with 403; its own origin is not", async () => {
  const form = { email: "admin@dyes.test", password: "wrong-password" };
  const origin = (slug: string) => hostUrl(slug, "/").replace(/\/$/, "");
  const crossStore = await postForm("dyes.localhost", "/login", form, {
    Origin: origin("inks"),
    "X-Forwarded-For": newClientAddress(),
  });
  expect(crossStore.status).toBe(403);
  const sameOrigin = await postForm("dyes.localhost", "/login", form, {
    Origin: origin("dyes"),
    "X-Forwarded-For": newClientAddress(),
  });
  expect(sameOrigin.status).toBe(400);
});

test("a huge request body is refused with 413 before anything reads it", async () => {
  const res = await postForm(
    "dyes.localhost",
    "/signup",
    { name: "x".repeat(9 * 1024 * 1024), email: "huge@example.com", password: "secret-1" },
    { Origin: hostUrl("dyes", "/").replace(/\/$/, ""), "X-Forwarded-For": newClientAddress() },
  );
  expect(res.status).toBe(413);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign up and sign in still work", async ({ page }) => {
    const email = uniqueEmail("nojs");
    await signUp(page, "en", email);
    await expect(page.getByRole("link", { name: t("en", "auth.account") })).toBeVisible();
    await page.goto(dyes("/profile", "en"));
    await page.getByRole("button", { name: t("en", "auth.logout") }).click();
    await expect(page.getByRole("link", { name: t("en", "header.login") })).toBeVisible();
    await logIn(page, "en", email, "first-pass");
    await expect(page.getByRole("link", { name: t("en", "auth.account") })).toBeVisible();
  });

  test("a form the browser did not check gets the server's messages, in Arabic", async () => {
    const res = await postForm(
      "dyes.localhost",
      "/login?lng=ar",
      { email: "", password: "" },
      { Origin: hostUrl("dyes", "/").replace(/\/$/, ""), "X-Forwarded-For": newClientAddress() },
    );
    expect(res.status).toBe(400);
    const html = res.body;
    expect(html).toContain('dir="rtl"');
    expect(html).toContain(t("ar", "validation.emailRequired"));
    expect(html).toContain(t("ar", "validation.passwordRequired"));
  });
});
