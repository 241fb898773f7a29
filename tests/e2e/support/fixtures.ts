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
import axeCore, { type AxeResults, type RunOptions } from "axe-core";
import { test as base, expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../../app/db/seed/accounts";
import { hostUrl, type Locale } from "../demo";
import { get, postForm } from "./http";

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

/** Two things on screen do not overlap (a toast and the page's title, say): their boxes are apart. */
export async function expectClear(a: Locator, b: Locator): Promise<void> {
  // Where they come to rest: a toast slides in.
  for (const locator of [a, b]) {
    await locator.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
  }
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  expect(boxA, "first box").not.toBeNull();
  expect(boxB, "second box").not.toBeNull();
  const overlap =
    boxA!.x < boxB!.x + boxB!.width &&
    boxB!.x < boxA!.x + boxA!.width &&
    boxA!.y < boxB!.y + boxB!.height &&
    boxB!.y < boxA!.y + boxA!.height;
  expect(overlap, `${JSON.stringify(boxA)} overlaps ${JSON.stringify(boxB)}`).toBe(false);
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
declare global {
  interface Window {
    /** Remix's data router, which the browser build exposes: specs read its state, never change it. */
    __remixRouter?: {
      state: { initialized: boolean; navigation: { state: "idle" | "loading" | "submitting" } };
    };
  }
}

/**
 * Nothing of the page wider than `width` (the window's width after a resize). Polled: the page
 * lays itself out again a frame or two after the window changes (measured at once, a header's
 * button was still 66 px past a new 390 px window), so a single measurement right after
 * `setViewportSize` can see the old layout.
 */
export async function expectFitsWidth(page: Page, width: number, what: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `${what}: nothing wider than ${width} px`,
    })
    .toBeLessThanOrEqual(width);
}

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

/** axe's options for every run: our tags, and only violations kept in full. */
const AXE_OPTIONS: RunOptions = {
  resultTypes: ["violations"],
  runOnly: { type: "tag", values: AXE_TAGS },
};

/** AxeBuilder in legacy mode with the same options: for a page with frames (see `PageAxe`). */
function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options(AXE_OPTIONS).setLegacyMode();
}

/**
 * axe on the page, with our tags: `expect((await axe(page).analyze()).violations).toEqual([])`.
 *
 * Runs as AxeBuilder's legacy mode does, and so finds the same violations: the same axe-core
 * (@axe-core/playwright's own copy), configured the same way, `axe.run` in the page itself with
 * the same context and options. Legacy mode, not the default: the default injects axe-core into
 * the page, then opens a second, blank page, injects it there too and hands it every frame's
 * partial results to merge; our pages have no iframes of another origin, the one thing the
 * default mode tests and legacy mode does not (it reports such a frame under "frame-tested",
 * never a violation). Only violations keep every node: passes and incomplete checks list one
 * node each, not every element axe looked at (every text's colour contrast), which no test reads.
 *
 * What differs is the cost. AxeBuilder sends axe-core (a 580 kB script) to the page and
 * evaluates it twice per run (once in `analyze`, once more for every frame), and again on each
 * run on the same page; here it is sent once per document (a second run on the same page, after
 * a client-side navigation or a form's answer, finds it there). A page with frames goes through
 * AxeBuilder, which injects axe into each of them.
 */
export function axe(page: Page): PageAxe {
  return new PageAxe(page);
}

/** The axe-core global the page gets from axe-core's source. */
interface AxeInPage {
  run(context: unknown, options: RunOptions): Promise<AxeResults>;
}

class PageAxe {
  private readonly excludes: string[] = [];

  constructor(private readonly page: Page) {}

  /** Leaves out what `selector` matches. */
  exclude(selector: string): this {
    this.excludes.push(selector);
    return this;
  }

  async analyze(): Promise<AxeResults> {
    const { page, excludes } = this;
    if (page.frames().length > 1) {
      return excludes.reduce((builder, selector) => builder.exclude(selector), axeBuilder(page)).analyze();
    }
    const present = await page.evaluate(
      () => typeof (window as { axe?: Partial<AxeInPage> }).axe?.run === "function",
    );
    if (!present) {
      // As AxeBuilder configures it in legacy mode.
      await page.evaluate(
        `${axeCore.source}\n;axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } });`,
      );
    }
    const outcome = await page.evaluate(
      ({ context, options }) =>
        (window as unknown as { axe: AxeInPage }).axe.run(context, options).then(
          (results) => ({ error: null, results }),
          (error: Error) => ({ error: error.message, results: null }),
        ),
      // AxeBuilder's context for excludes and no includes.
      { context: { exclude: excludes, include: [] }, options: AXE_OPTIONS },
    );
    if (outcome.results === null) throw new Error(outcome.error);
    return outcome.results;
  }
}

/**
 * axe on the page with no violation. Toasts are left out: they fade in, and axe would measure
 * their colours mid-animation.
 */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  expect((await axe(page).exclude("[data-sonner-toaster]").analyze()).violations, what).toEqual([]);
}

/**
 * Screenshots are for a person to look at (every new page at 1280 and 390 px, in en and ar), not
 * a check: they are taken only when SHOTS_DIR names a folder for them
 * (`SHOTS_DIR=shots npx playwright test admin-orders`). `npm test` and CI take none; they cost
 * a full-page capture and a PNG encode each, and nobody looks at them there.
 */
export const SHOTS_DIR = process.env.SHOTS_DIR;

/** A screenshot `<name>.png` in SHOTS_DIR, full page unless told otherwise; nothing without it. */
export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage });
}

/** Full-page screenshots at 1280 and 390 px (`<name>-<width>.png`), then back to 1280 px. */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${name}-${width}`);
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
 * (the page has left /login). Returns the page for chaining. For the specs about signing in;
 * the others use `login`.
 */
export async function loginThroughForm(
  page: Page,
  who: DemoRole | Credentials,
  locale: Locale = "en",
): Promise<Page> {
  const credentials = typeof who === "string" ? demoCredentials(who) : who;
  await page.goto(hostUrl(credentials.store, `/login?lng=${locale}`));
  await page.getByLabel(t(locale, "auth.fields.email")).fill(credentials.email);
  await page.getByLabel(t(locale, "auth.fields.password"), { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: t(locale, "auth.login.submit") }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  return page;
}

/** Each test context's client address (the `context` fixture's), for requests made on its behalf. */
const contextAddresses = new WeakMap<BrowserContext, string>();

/**
 * Keeps what a response's Set-Cookie lines set, as the browser would for `url`: host-only
 * cookies, with their path, lifetime and flags; a cookie set to expire is removed.
 */
async function keepCookies(context: BrowserContext, url: string, lines: string[] = []): Promise<void> {
  const domain = new URL(url).hostname;
  const now = Date.now() / 1000;
  for (const line of lines) {
    const [pair = "", ...parts] = line.split(";").map((part) => part.trim());
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq);
    const attributes = new Map(
      parts.map((part) => {
        const at = part.indexOf("=");
        return at < 0 ? [part.toLowerCase(), ""] : [part.slice(0, at).toLowerCase(), part.slice(at + 1)];
      }),
    );
    const maxAge = attributes.get("max-age");
    const expiresAt = attributes.get("expires");
    const expires =
      maxAge !== undefined ? now + Number(maxAge) : expiresAt ? Date.parse(expiresAt) / 1000 : -1;
    if (expires !== -1 && expires <= now) {
      await context.clearCookies({ name, domain });
      continue;
    }
    const sameSite = attributes.get("samesite")?.toLowerCase();
    await context.addCookies([
      {
        name,
        value: pair.slice(eq + 1),
        domain,
        path: attributes.get("path") || "/",
        expires,
        httpOnly: attributes.has("httponly"),
        secure: attributes.has("secure"),
        sameSite: sameSite === "strict" ? "Strict" : sameSite === "none" ? "None" : "Lax",
      },
    ]);
  }
}

/**
 * Sends a form of ours the way the browser would (GET its page, then POST to it), for reaching a
 * state (signed in, signed up) in a test that is not about that form: over plain HTTP, with the
 * page's cookies, user agent and client address, and what the answers set kept in the page's
 * browser context, so the next page the test opens is signed in. Neither page is rendered. The
 * answer must redirect away from the form; its toast is not kept, as the page it was for is
 * never opened. Returns the redirect's target. The page stays where it was.
 */
export async function submitForm(page: Page, url: string, fields: Record<string, string>): Promise<string> {
  const { pathname, search } = new URL(url);
  const target = await exchange(page, url, () => ({ action: pathname + search, fields }));
  expect(new URL(target, url).pathname, `POST ${url} answered to ${target}`).not.toBe(pathname);
  return target;
}

/**
 * `submitForm` for a form whose fields the page serves (hidden ids and tokens, the choices it
 * renders checked): `build` reads the served page's HTML and returns the form's action and the
 * fields to send. The answer must redirect; returns its target. The page stays where it was.
 */
export function submitServedForm(
  page: Page,
  url: string,
  build: (html: string) => { action: string; fields: Record<string, string> },
): Promise<string> {
  return exchange(page, url, build);
}

/** GET `url` and POST what `build` makes of it, as the page's browser context; the 302's target. */
async function exchange(
  page: Page,
  url: string,
  build: (html: string) => { action: string; fields: Record<string, string> },
): Promise<string> {
  const context = page.context();
  const { hostname, pathname, search, origin } = new URL(url);
  const address = contextAddresses.get(context) ?? newClientAddress();
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const headers = async (): Promise<Record<string, string>> => {
    const cookies = (await context.cookies(url)).map((cookie) => `${cookie.name}=${cookie.value}`);
    return {
      "X-Forwarded-For": address,
      "User-Agent": userAgent,
      ...(cookies.length > 0 ? { Cookie: cookies.join("; ") } : {}),
    };
  };
  // Opening the page remembers its `?lng=` (the `lng` cookie), as a visit to it does.
  const form = await get(hostname, pathname + search, await headers());
  expect(form.status, `GET ${url}`).toBe(200);
  await keepCookies(context, url, form.headers["set-cookie"]);
  const { action, fields } = build(form.body);
  // A browser's form post names its page's origin; the app refuses a write from another one.
  const answer = await postForm(hostname, action, fields, {
    ...(await headers()),
    Origin: origin,
  });
  const target = answer.headers.location ?? "";
  expect(
    answer.status === 302 && target !== "",
    `POST ${action} from ${url} answered ${answer.status}${target ? ` to ${target}` : ""}`,
  ).toBe(true);
  await keepCookies(
    context,
    url,
    answer.headers["set-cookie"]?.filter((line) => !line.startsWith("toast=")),
  );
  return target;
}

/**
 * Signs in for a test that is not about signing in: the login form's request, sent on behalf
 * of the page's browser context (`submitForm`). Through the form in the browser it cost the
 * login page's load and hydration and the landing page's load, a second or more each on the
 * 2-core CI machine; auth.spec.ts signs in through the form. The page stays where it was: the
 * test goes where it starts.
 */
export async function login(page: Page, who: DemoRole | Credentials, locale: Locale = "en"): Promise<Page> {
  const credentials = typeof who === "string" ? demoCredentials(who) : who;
  await submitForm(page, hostUrl(credentials.store, `/login?lng=${locale}`), {
    email: credentials.email,
    password: credentials.password,
    redirectTo: "",
  });
  return page;
}

let ownStores = 0;

/**
 * A new, empty store of the test's own, made through the platform's sign-up request (as a
 * merchant would), with the page signed in as its owner. For a test that changes what a whole
 * store shows (its colours, home page, about page): the demo stores stay as the seed made them,
 * and such tests can run beside any other. The page stays where it was.
 */
export async function ownStore(
  page: Page,
  tag: string,
  locale: Locale = "en",
): Promise<Credentials & { store: string; name: string }> {
  ownStores += 1;
  const slug = `${tag}-${process.env.TEST_WORKER_INDEX ?? 0}-${ownStores}-${Date.now().toString(36)}`;
  const owner = {
    email: `owner@${slug}.test`,
    password: "own-store-secret-1",
    store: slug,
    name: `Own store ${tag}`,
  };
  await submitForm(page, hostUrl(null, `/signup?lng=${locale}`), {
    storeName: owner.name,
    slug,
    email: owner.email,
    password: owner.password,
  });
  return login(page, owner, locale).then(() => owner);
}

/** Pages already made to wait for hydration (a page is wrapped once, whichever way it came). */
const settling = new WeakSet<Page>();

/**
 * A person waits for a page before using it; a test opening one of ours waits until it has
 * hydrated, so its first click or keystroke meets the page's scripts (CI flaked three times on
 * a click or a fill made before them). Other pages (the Stripe test server's, downloads) and
 * pages without JavaScript are used as soon as they load. Returns the page.
 */
export function settleOnLoad(page: Page): Page {
  if (settling.has(page)) return page;
  settling.add(page);
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
  return page;
}

/**
 * `test` with each test's browser context on its own client address (`clientAddress`), and its
 * pages waiting for hydration. A second context a test opens itself (`browser.newContext()`, a
 * second shopper or admin) gets the same: every page of it waits for hydration on `goto` and
 * `reload`, and without an `X-Forwarded-For` of its own it sends a new client address. Before
 * (issue 32), such a context's first click could meet a page without its scripts.
 */
export const test = base.extend<{ clientAddress: string; ownContexts: void }>({
  // Playwright reads a fixture's dependencies from its destructuring pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the object pattern
  clientAddress: async ({}, provide, info) => {
    await provide(newClientAddress(info.workerIndex));
  },
  context: async ({ context, clientAddress }, provide) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress });
    contextAddresses.set(context, clientAddress);
    await provide(context);
  },
  page: async ({ page }, provide) => {
    await provide(settleOnLoad(page));
  },
  ownContexts: [
    async ({ browser }, provide, info) => {
      const newContext = browser.newContext;
      browser.newContext = async (options = {}) => {
        const headers = options.extraHTTPHeaders ?? {};
        const given = Object.entries(headers).find(([name]) => name.toLowerCase() === "x-forwarded-for");
        const address = given?.[1] ?? newClientAddress(info.workerIndex);
        const context = await newContext.call(browser, {
          ...options,
          extraHTTPHeaders: { ...headers, ...(given ? {} : { "X-Forwarded-For": address }) },
        });
        contextAddresses.set(context, address);
        const newPage = context.newPage.bind(context);
        context.newPage = async () => settleOnLoad(await newPage());
        // Pages the context opens by itself (a link to a new tab).
        context.on("page", settleOnLoad);
        return context;
      };
      try {
        await provide();
      } finally {
        browser.newContext = newContext;
      }
    },
    { auto: true },
  ],
});

async function settle(page: Page): Promise<void> {
  const remixPage = await page.evaluate(() => "__remixContext" in window).catch(() => false);
  if (remixPage) await waitForHydration(page);
}
