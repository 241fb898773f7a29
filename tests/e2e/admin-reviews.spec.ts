/**
 * Review moderation in a browser, English and Arabic (issue 23): two new shoppers review a
 * product; the admin finds both on /admin/reviews (search), hides one through the confirmation
 * dialog and answers the other; the product page (a visitor's own context) no longer shows or
 * counts the hidden review and shows the answer under the other. axe on both pages; screenshots
 * of the admin list and the product's reviews at 1280 and 390 px.
 */
import type { Browser, Page } from "@playwright/test";
import { slugify } from "../../app/db/seed/plan/catalog";
import { DYES_STORE } from "../../app/db/seed/stores";
import { hostUrl } from "./demo";
import { signUp, uniqueEmail } from "./support/shop";
import {
  axe,
  dismissToasts,
  expect,
  expectToast,
  login,
  newClientAddress,
  screenshots,
  t,
  test,
  waitForHydration,
  type Locale,
} from "./support/fixtures";

test.describe.configure({ timeout: 180_000 });

const SLUGS = DYES_STORE.catalog.flatMap((top) =>
  top.subcategories.flatMap((sub) => sub.products.map((product) => slugify(product.nameEn))),
);
const dyes = (path: string, locale: Locale) =>
  hostUrl("dyes", `${path}${path.includes("?") ? "&" : "?"}lng=${locale}`);

async function expectAccessible(page: Page, label: string) {
  // Toasts fade in: axe would measure their colours mid-animation.
  const results = await axe(page).exclude("[data-sonner-toaster]").analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
    label,
  ).toEqual([]);
}

/** A new shopper, in a browser context of their own, signs up and reviews the product. */
async function newShopperReviews(
  browser: Browser,
  locale: Locale,
  slug: string,
  review: { name: string; rating: number; title: string; comment: string },
) {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": newClientAddress() } });
  const page = await context.newPage();
  await signUp(page, locale, {
    name: review.name,
    email: uniqueEmail(`reviews-${locale}`),
    password: "review-pass-1",
  });
  await page.goto(dyes(`/products/${slug}`, locale));
  // This context is not the `page` fixture's, which waits for hydration, and its first page
  // loads every script cold: once, on a busy machine, the review was saved but its toast never
  // showed (a click before hydration posts the form without the page's scripts).
  await waitForHydration(page);
  await page.getByLabel(t(locale, "reviews.starLabel", { count: review.rating }), { exact: true }).check();
  await page.getByLabel(t(locale, "reviews.title"), { exact: true }).fill(review.title);
  await page.getByLabel(t(locale, "reviews.comment"), { exact: true }).fill(review.comment);
  await page.getByRole("button", { name: t(locale, "reviews.submit") }).click();
  await expectToast(page, t(locale, "toast.reviewSubmitted"));
  await context.close();
}

/** The review count the product page states, read as an anonymous visitor. */
async function reviewCount(page: Page, locale: Locale, slug: string): Promise<number> {
  await page.goto(dyes(`/products/${slug}`, locale));
  const pattern = new RegExp(t(locale, "reviews.countLabel", { count: 999 }).replace("999", "(\\d+)"));
  const text = await page.locator("#reviews").getByText(pattern).first().textContent();
  return Number(pattern.exec(text ?? "")?.[1]);
}

for (const locale of ["en", "ar"] as Locale[]) {
  test(`the admin hides one review and answers another; the product page follows (${locale})`, async ({
    page,
    browser,
  }) => {
    const slug = SLUGS[locale === "en" ? 4 : 5]!;
    const token = `${locale}${Date.now().toString(36)}`;
    const spam = {
      name: locale === "ar" ? "مراجع مزعج" : "Rude Reviewer",
      rating: 1,
      title: `Awful ${token}`,
      comment: "Whoever runs this shop is rude.",
    };
    const kind = {
      name: locale === "ar" ? "هدى سليمان" : "Huda Sleiman",
      rating: 5,
      title: `Lovely ${token}`,
      comment: "Even colour, washed well.",
    };
    await newShopperReviews(browser, locale, slug, spam);
    await newShopperReviews(browser, locale, slug, kind);

    const visitorContext = await browser.newContext({
      extraHTTPHeaders: { "X-Forwarded-For": newClientAddress() },
    });
    const visitor = await visitorContext.newPage();
    const countBefore = await reviewCount(visitor, locale, slug);
    await expect(visitor.getByText(spam.title)).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, "admin", locale);
    await page.goto(dyes(`/admin/reviews?q=${encodeURIComponent(token)}`, locale));
    await waitForHydration(page);
    await expect(
      page.getByRole("heading", { level: 1, name: t(locale, "reviewModeration.title") }),
    ).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(3);
    await expectAccessible(page, `/admin/reviews (${locale})`);

    // Hide the rude one, through the dialog.
    const hide = t(locale, "reviewModeration.hide");
    await page.getByRole("button", { name: `${hide}: ${spam.name}: ${spam.title}` }).click();
    const dialog = page.getByRole("dialog", { name: t(locale, "reviewModeration.hideTitle") });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: hide, exact: true }).click();
    await expectToast(page, t(locale, "reviewModeration.hidden"));
    await dismissToasts(page, locale);
    const spamRow = page.getByRole("row").filter({ hasText: spam.title });
    await expect(spamRow.getByText(t(locale, "reviewModeration.states.hidden"))).toBeVisible();

    // Answer the kind one.
    const answer = locale === "ar" ? `شكرًا لك يا هدى! ${token}` : `Thank you, Huda! ${token}`;
    await page.getByText(`${t(locale, "reviewModeration.reply")}: ${kind.name}: ${kind.title}`).click();
    await page
      .getByRole("row")
      .filter({ hasText: kind.title })
      .getByLabel(t(locale, "reviewModeration.replyLabel"))
      .fill(answer);
    await page.getByRole("button", { name: t(locale, "reviewModeration.saveReply") }).click();
    await expectToast(page, t(locale, "reviewModeration.replySaved"));
    await dismissToasts(page, locale);
    // Saved: the form closes and the answer shows in the row.
    const kindRow = page.getByRole("row").filter({ hasText: kind.title });
    await expect(kindRow.getByRole("paragraph").filter({ hasText: answer })).toBeVisible();
    await expect(kindRow.getByLabel(t(locale, "reviewModeration.replyLabel"))).toBeHidden();
    await expect(page.getByRole("link", { name: t(locale, "reviewModeration.nav") }).first()).toBeVisible();
    // The list as it opens (the clicks above scrolled the table to its last column).
    await page
      .getByRole("region", { name: t(locale, "reviewModeration.title") })
      .evaluate((el) => el.scrollTo({ left: 0 }));
    await screenshots(page, `admin-reviews-${locale}`);

    // The product page: the hidden review gone and uncounted, the answer under the other.
    expect(await reviewCount(visitor, locale, slug)).toBe(countBefore - 1);
    await expect(visitor.getByText(spam.title)).toHaveCount(0);
    const kindReview = visitor.getByRole("article").filter({ hasText: kind.title });
    await expect(kindReview.getByText(answer)).toBeVisible();
    // The words before the store's name (the Arabic text isolates the name with U+2068/U+2069).
    const replyFrom = t(locale, "reviewModeration.replyFrom", { store: "\u0000" }).split("\u0000")[0]!;
    await expect(kindReview.getByText(replyFrom.trim())).toBeVisible();
    await expectAccessible(visitor, `/products/${slug} (${locale})`);
    await kindReview.scrollIntoViewIfNeeded();
    await screenshots(visitor, `product-reviews-${locale}`);
    await visitorContext.close();
  });
}
