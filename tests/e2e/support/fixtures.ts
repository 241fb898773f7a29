/**
 * Playwright fixtures every spec shares: the locale text lookup, axe with our rules, a
 * client address of its own per test (so rate limits apply per test, not to the whole suite
 * on 127.0.0.1) and a login.
 *
 * The address: playwright.config.ts starts the server with TRUST_PROXY=1, as behind a reverse
 * proxy, so server.ts takes the client address from X-Forwarded-For. Each test's browser
 * context sends a distinct one; nothing in the app is switched off for tests.
 */
import { mkdirSync, readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../../app/db/seed/accounts";
import { hostUrl, type Locale } from "../demo";

export { expect };
export type { Locale };

const dictionaries: Record<Locale, unknown> = {
  en: JSON.parse(readFileSync("app/locales/en.json", "utf8")),
  ar: JSON.parse(readFileSync("app/locales/ar.json", "utf8")),
};

/** The text of `key` in `locale`, with `{{name}}` placeholders filled; throws on a missing key. */
export function t(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const value = key
    .split(".")
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      dictionaries[locale],
    );
  if (typeof value !== "string") throw new Error(`no text "${key}" in ${locale}.json`);
  return Object.entries(params).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), value);
}

/** A toast with exactly this text is showing. */
export async function expectToast(page: Page, message: string): Promise<void> {
  await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
}

/**
 * Closes every toast, as a person does before reaching for what one covers: a toast keeps itself
 * open while the pointer rests on it, so clicking through it would wait forever.
 */
export async function dismissToasts(page: Page, locale: Locale): Promise<void> {
  const close = page.getByRole("button", { name: t(locale, "toast.close") });
  await expect(async () => {
    // A toast may time out between finding its button and clicking it: then there is one less.
    if ((await close.count()) > 0) await close.first().click({ timeout: 1000 });
    await expect(close).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * React has hydrated the page (app/entry.client.tsx marks <html data-hydrated>): before it, a
 * click on a scripted control does nothing and a controlled input may be reset under the typist.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** WCAG 2.1 A and AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * The accessibility rules we hold every page to: WCAG 2.1 A and AA, and axe's best practices
 * (heading order, one h1 and one main, content inside landmarks, unique landmarks…), which
 * Lighthouse's accessibility score counts too. Experimental rules stay off.
 */
export const AXE_TAGS = [...WCAG_TAGS, "best-practice"];

/** axe on the page, with our tags: `expect((await axe(page).analyze()).violations).toEqual([])`. */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(AXE_TAGS);
}

/**
 * axe on the page with no violation. Toasts are left out: they fade in, and axe would measure
 * their colours mid-animation.
 */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  expect((await axe(page).exclude("[data-sonner-toaster]").analyze()).violations, what).toEqual([]);
}

/** Where `screenshots` writes (SHOTS_DIR, else test-results/screenshots), for a person to look at. */
const SHOTS_DIR = process.env.SHOTS_DIR ?? "test-results/screenshots";

/** Full-page screenshots at 1280 and 390 px (`<name>-<width>.png`), then back to 1280 px. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

let addressSeq = 0;
/**
 * A client address no other test (in any worker) uses: 10.<worker>.<n>. Also for requests made
 * outside the test's browser context (a second context, raw HTTP).
 */
export function newClientAddress(workerIndex = Number(process.env.TEST_WORKER_INDEX ?? 0)): string {
  addressSeq += 1;
  return `10.${workerIndex % 250}.${(addressSeq >> 8) % 250}.${(addressSeq % 250) + 1}`;
}

export type DemoRole = "admin" | "shopper" | "staff";
export interface Credentials {
  email: string;
  password: string;
  /** Store slug, or null for the platform host. */
  store: string | null;
}

const ROLE_NAMES = { admin: "store admin", shopper: "shopper", staff: "platform staff" } as const;

/** A demo account by role (the dyes store's unless `store` is given). */
export function demoCredentials(
  role: DemoRole,
  store: string | null = role === "staff" ? null : "dyes",
): Credentials {
  const account = DEMO_ACCOUNTS.find(
    (candidate) => candidate.role === ROLE_NAMES[role] && candidate.store === store,
  );
  if (!account) throw new Error(`no demo ${role} for ${store ?? "the platform"}`);
  return { email: account.email, password: account.password, store };
}

/**
 * Signs in through the login form, as a person would, and waits until the app has answered
 * (the page has left /login). Returns the page for chaining.
 */
export async function login(page: Page, who: DemoRole | Credentials, locale: Locale = "en"): Promise<Page> {
  const credentials = typeof who === "string" ? demoCredentials(who) : who;
  await page.goto(hostUrl(credentials.store, `/login?lng=${locale}`));
  await page.getByLabel(t(locale, "auth.fields.email")).fill(credentials.email);
  await page.getByLabel(t(locale, "auth.fields.password"), { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: t(locale, "auth.login.submit") }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  return page;
}

/** `test` with each test's browser context on its own client address (`clientAddress`). */
export const test = base.extend<{ clientAddress: string }>({
  // Playwright reads a fixture's dependencies from its destructuring pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  clientAddress: async ({}, provide, info) => {
    await provide(newClientAddress(info.workerIndex));
  },
  context: async ({ context, clientAddress }, provide) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress });
    await provide(context);
  },
  // A person waits for a page before using it; a test opening one of ours waits until it has
  // hydrated, so its first click or keystroke meets the page's scripts (CI flaked three times on
  // a click or a fill made before them). Other pages (the Stripe test server's, downloads) and
  // pages without JavaScript are used as soon as they load.
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== "commit") await settle(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (options?.waitUntil !== "commit") await settle(page);
      return response;
    };
    await provide(page);
  },
});

async function settle(page: Page): Promise<void> {
  const remixPage = await page.evaluate(() => "__remixContext" in window).catch(() => false);
  if (remixPage) await waitForHydration(page);
}
