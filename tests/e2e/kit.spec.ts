/** The admin and form kit on the storefront's pages: per-form pending state, the route error boundary. */
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { hostUrl } from "./demo";

type Locale = "en" | "ar";
const dictionaries = {
  en: JSON.parse(readFileSync("app/locales/en.json", "utf8")),
  ar: JSON.parse(readFileSync("app/locales/ar.json", "utf8")),
};
const text = (locale: Locale, key: string): string =>
  String(
    key
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], dictionaries[locale]),
  );

let client = 0;
test.beforeEach(async ({ context }, info) => {
  await context.setExtraHTTPHeaders({
    "X-Forwarded-For": `10.${150 + info.workerIndex}.${++client % 250}.11`,
  });
});

/**
 * Holds the page's POSTs matching `pattern` until `release()`: a submission kept in flight.
 * `arrived` settles once one has reached the hold, so a test knows it is in flight (no sleeping).
 */
async function hold(page: Page, pattern: RegExp) {
  let release!: () => void;
  let arrive!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  await page.route(pattern, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    arrive();
    await released;
    await route.continue();
  });
  return { release, arrived };
}

/** Scripts have run once React has attached its handlers (Remix marks nothing, so look for them). */
async function hydrated(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll("form")).some((form) =>
      Object.keys(form).some((key) => key.startsWith("__reactProps")),
    ),
  );
}

test("a form is disabled only while its own submission is in flight, not another form's", async ({
  page,
}) => {
  const locale: Locale = "en";
  await page.goto(hostUrl("dyes", `/contact?lng=${locale}`));
  await hydrated(page);
  const send = page.getByRole("button", { name: text(locale, "content.send") });

  // Another form on the page (the header's theme switch) is submitting: Send stays usable.
  const theme = await hold(page, /\/resources\/theme/);
  await page.getByRole("button", { name: text(locale, "header.theme.toDarkLabel") }).click();
  // The theme's POST is in flight (held): the page is mid-submission, yet Send is usable.
  await theme.arrived;
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await expect(send).toBeEnabled();
  theme.release();
  await expect(page.locator("html")).toHaveClass(/dark/);

  // This form's own submission: Send is disabled until the answer arrives.
  await page.getByLabel(text(locale, "auth.fields.name")).fill("Mona Saleh");
  await page.getByLabel(text(locale, "auth.fields.email")).fill("mona@example.com");
  await page.getByLabel(text(locale, "content.comments")).fill("Do you ship to Dubai?");
  const contact = await hold(page, /\/contact/);
  await send.click();
  await contact.arrived;
  await expect(send).toBeDisabled();
  contact.release();
  await expect(page.getByText(text(locale, "toast.requestSubmitted"), { exact: true })).toBeVisible();
  await expect(send).toBeEnabled();
});

for (const locale of ["en", "ar"] as const) {
  test(`a route's error shows in its locale inside the store's layout (${locale})`, async ({ page }) => {
    // The platform's page on a store's host answers 404 from its loader: the route's boundary.
    const response = await page.goto(hostUrl("dyes", `/platform/stores?lng=${locale}`));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: text(locale, "notFound.page") })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await page.getByRole("link", { name: text(locale, "error.goHome") }).click();
    await expect(page).toHaveURL(/\/$|\/\?/);
  });
}
