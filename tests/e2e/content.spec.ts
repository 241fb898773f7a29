/** About, terms, privacy and contact in the browser, in English and Arabic. */
import { hostUrl } from "./demo";
import { expect, t, test } from "./support/fixtures";

for (const locale of ["en", "ar"] as const) {
  test.describe(`content pages (${locale})`, () => {
    test("the contact form sends a message and thanks the sender", async ({ page }) => {
      await page.goto(hostUrl("dyes", `/contact?lng=${locale}`));
      await expect(
        page.getByRole("heading", { level: 1, name: t(locale, "content.contactTitle") }),
      ).toBeVisible();
      await expect(page.getByText(t(locale, "footer.defaultHours")).first()).toBeVisible();
      await page.getByLabel(t(locale, "auth.fields.name")).fill(locale === "ar" ? "منى صالح" : "Mona Saleh");
      await page.getByLabel(t(locale, "auth.fields.email")).fill("mona@example.com");
      await page.getByLabel(t(locale, "content.comments")).fill("Do you ship to Dubai?");
      await page.getByRole("button", { name: t(locale, "content.send") }).click();
      await expect(page.getByText(t(locale, "toast.requestSubmitted"), { exact: true })).toBeVisible();
    });

    test("the contact form shows its messages under the fields", async ({ page }) => {
      await page.goto(hostUrl("dyes", `/contact?lng=${locale}`));
      await page.getByLabel(t(locale, "auth.fields.name")).fill("Mo");
      await page.getByLabel(t(locale, "auth.fields.email")).fill("nope");
      await page.getByRole("button", { name: t(locale, "content.send") }).click();
      // A person's name: sign-up's 'Please enter valid Store Name' is not said here (issue 39).
      await expect(page.getByText(t(locale, "validation.nameTooShort"))).toBeVisible();
      await expect(page.getByText(t(locale, "validation.storeName"))).toHaveCount(0);
      await expect(page.getByText(t(locale, "validation.emailInvalid"))).toBeVisible();
    });

    test("the footer leads to about, terms and privacy", async ({ page }) => {
      await page.goto(hostUrl("dyes", `/?lng=${locale}`));
      const footer = page.getByRole("contentinfo");
      for (const [link, heading] of [
        ["footer.about", "content.aboutTitle"],
        ["footer.terms", "content.termsTitle"],
        ["footer.privacy", "content.privacyTitle"],
      ] as const) {
        await footer.getByRole("link", { name: t(locale, link) }).click();
        await expect(page.getByRole("heading", { level: 1, name: t(locale, heading) })).toBeVisible();
      }
    });
  });
}

test("store pages describe the store as an Organization for search engines", async ({ page }) => {
  await page.goto(hostUrl("inks", "/"));
  const json = await page.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(json ?? "{}") as { "@type": string; name: string; url: string };
  expect(data["@type"]).toBe("Organization");
  expect(data.name).toBe("Ink Atelier");
  expect(data.url).toBe(hostUrl("inks", "/"));
});

test("each store serves its own sitemap and robots.txt", async ({ page }) => {
  const sitemap = await page.goto(hostUrl("inks", "/sitemap.xml"));
  expect(sitemap?.headers()["content-type"]).toContain("application/xml");
  const body = (await sitemap?.text()) ?? "";
  expect(body).toContain(`<loc>${hostUrl("inks", "/about")}</loc>`);
  expect(body).not.toContain("dyes.localhost");
  const robots = await page.goto(hostUrl("inks", "/robots.txt"));
  expect(await robots?.text()).toContain(`Sitemap: ${hostUrl("inks", "/sitemap.xml")}`);
});
