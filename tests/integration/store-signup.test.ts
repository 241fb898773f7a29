/**
 * Creating a store on the platform host (issue 12): the rules and bad input (nothing created),
 * the one transaction and its defaults, the trial of the cheapest plan, the live address check,
 * two sign-ups for one address at once, and the hand-off token (single use, expiry, host).
 */
import type { AppLoadContext } from "@remix-run/node";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import {
  packages,
  shippingRates,
  shippingZones,
  stores,
  storeSettings,
  users,
  verificationTokens,
} from "~/db/schema";
import { loader as addressLoader } from "~/routes/api.store-address";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { loader as handoffLoader } from "~/routes/handoff.$token";
import { action as signupAction, loader as signupLoader } from "~/routes/signup";
import { createStoreSchema } from "~/lib/validation/store-signup";
import { createStore, TRIAL_DAYS } from "~/services/platform/store-signup.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture } from "../helpers/fixtures";
import { answer, contextFor, cookiesFrom, postForm } from "../helpers/routes";

let db: TestDb;
let platform: AppLoadContext;
let address = 0;
const P = "http://localhost:3000";

/** A fresh client address per request, so the per-address rate limit only bites where tested. */
const fresh = (base: AppLoadContext, clientAddress = `198.51.100.${++address % 250}`): AppLoadContext => ({
  ...base,
  clientAddress,
});

type FormAnswer = { result?: { error?: Record<string, string[] | null> } | null };
const fieldErrors = (data: unknown) => (data as FormAnswer).result?.error ?? {};

const valid = (over: Record<string, string> = {}) => ({
  storeName: "Henna House",
  slug: "henna-house",
  email: "Owner@Henna.test",
  password: "secret-henna",
  ...over,
});

function signup(fields: Record<string, string>, context = fresh(platform), url = `${P}/signup`) {
  return answer<FormAnswer>(() => signupAction({ request: postForm(url, fields), context, params: {} }));
}

async function storeCount() {
  const [row] = await db.owner.select({ n: count() }).from(stores);
  return row!.n;
}

async function handoff(host: string, token: string, cookie?: string) {
  const url = `http://${host}:3000/handoff/${token}`;
  const context = await contextFor(db, host);
  return answer(() =>
    handoffLoader({
      request: new Request(url, { headers: cookie ? { Cookie: cookie } : {} }),
      context,
      params: { token },
    }),
  );
}

beforeAll(async () => {
  db = await createTestDb();
  await db.owner.insert(packages).values([
    { code: "growth", nameEn: "Growth", nameAr: "النمو", priceCents: 4900, sortOrder: 2 },
    { code: "starter", nameEn: "Starter", nameAr: "المبتدئ", priceCents: 1900, sortOrder: 1 },
    // Cheaper, but not on offer: never a trial's plan.
    { code: "legacy", nameEn: "Legacy", nameAr: "قديم", priceCents: 500, active: false },
  ]);
  await createStoreFixture(db, "taken");
  platform = await contextFor(db, "localhost");
});
afterAll(async () => {
  await db.dispose();
});

describe("the platform's /signup", () => {
  it("shows the store form on the platform host, with the address frame", async () => {
    const res = await answer<{ audience: string; frame: { before: string; after: string } }>(() =>
      signupLoader({ request: new Request(`${P}/signup`), context: platform, params: {} }),
    );
    expect(res.status).toBe(200);
    expect(res.data.audience).toBe("platform");
    expect(res.data.frame).toEqual({ before: "http://", after: ".localhost:3000" });
  });

  it.each([
    ["no store name", { storeName: "" }, "storeName", "validation.storeName"],
    ["a 3-letter store name", { storeName: "Abc" }, "storeName", "validation.storeName"],
    ["a store name of spaces", { storeName: "      " }, "storeName", "validation.storeName"],
    ["markup in the store name", { storeName: "<b>Shop</b>" }, "storeName", "validation.storeName"],
    ["no address", { slug: "" }, "slug", "validation.storeAddressRequired"],
    ["a 2-letter address", { slug: "ab" }, "slug", "validation.storeAddressInvalid"],
    ["an address with a dot", { slug: "a.b.c" }, "slug", "validation.storeAddressInvalid"],
    ["an address ending in a hyphen", { slug: "henna-" }, "slug", "validation.storeAddressInvalid"],
    ["a non-ASCII address", { slug: "حناء" }, "slug", "validation.storeAddressInvalid"],
    ["a 64-letter address", { slug: "a".repeat(64) }, "slug", "validation.storeAddressInvalid"],
    ["a reserved address", { slug: "admin" }, "slug", "validation.storeAddressReserved"],
    ["a reserved address in capitals", { slug: "WWW" }, "slug", "validation.storeAddressReserved"],
    ["no email", { email: "" }, "email", "validation.emailRequired"],
    ["a bad email", { email: "owner@" }, "email", "validation.emailInvalid"],
    ["no password", { password: "" }, "password", "validation.passwordRequired"],
    ["a 5-letter password", { password: "12345" }, "password", "validation.passwordMin"],
  ])("refuses %s with its message and creates nothing", async (_label, over, field, message) => {
    const before = await storeCount();
    const res = await signup(valid(over));
    expect(res.status).toBe(400);
    expect(fieldErrors(res.data)[field]).toEqual([message]);
    expect(await storeCount()).toBe(before);
  });

  /** The security probe's addresses (issue 18): punycode, double hyphens, service names, look-alikes. */
  const PROBED_HYPHENS = ["xn--des-dfd", "xn--dyes", "a--b", "ab--cd"];
  const PROBED_RESERVED = [
    "localhost",
    "autodiscover",
    "autoconfig",
    "smtp",
    "imap",
    "pop3",
    "ns1",
    "ns2",
    "mx1",
    "www1",
    "www-shop",
    "platf0rm",
    "adm1n",
    "admln",
    "ap1",
    "login",
    "billing",
    "stripe",
    "status",
    "help",
    "support",
    "docs",
    "blog",
    "cdn",
    "static",
    "assets",
    "app",
    "dashboard",
    "signup",
    "checkout",
    "webhooks",
    "handoff",
    "mail2",
  ];

  it.each(PROBED_HYPHENS)("refuses the address %s: two hyphens in a row", async (slug) => {
    const before = await storeCount();
    const res = await signup(valid({ slug }));
    expect(res.status).toBe(400);
    expect(fieldErrors(res.data).slug).toEqual(["validation.storeAddressHyphens"]);
    expect(await storeCount()).toBe(before);
  });

  it("refuses every probed reserved name and look-alike, and keeps ordinary names", async () => {
    const before = await storeCount();
    for (const slug of PROBED_RESERVED) {
      const res = await signup(valid({ slug }));
      expect([slug, res.status, fieldErrors(res.data).slug]).toEqual([
        slug,
        400,
        ["validation.storeAddressReserved"],
      ]);
    }
    expect(await storeCount()).toBe(before);
    for (const slug of ["henna-house", "helpful-hands", "mailbox-gifts", "wall-art", "dyes2"]) {
      expect(createStoreSchema.safeParse(valid({ slug })).success, slug).toBe(true);
    }
  });

  it("refuses a taken address (409), a bot (honeypot) and a JSON body, creating nothing", async () => {
    const before = await storeCount();
    const taken = await signup(valid({ slug: "taken" }));
    expect(taken.status).toBe(409);
    expect(fieldErrors(taken.data).slug).toEqual(["validation.storeAddressTaken"]);
    expect((await signup({ ...valid({ slug: "bot-shop" }), [HONEYPOT_FIELD]: "x" })).status).toBe(400);
    const json = new Request(`${P}/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: P },
      body: JSON.stringify(valid({ slug: "json-shop" })),
    });
    expect(
      (await answer(() => signupAction({ request: json, context: fresh(platform), params: {} }))).status,
    ).toBe(415);
    expect(await storeCount()).toBe(before);
  });

  it("creates the store, its defaults, its owner and a trial of the cheapest plan in one go", async () => {
    const started = Date.now();
    const res = await signup(valid());
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(/^http:\/\/henna-house\.localhost:3000\/handoff\/[A-Za-z0-9_-]{43}$/);

    const [store] = await db.owner.select().from(stores).where(eq(stores.slug, "henna-house"));
    expect(store).toMatchObject({
      name: "Henna House",
      currency: "USD",
      status: "active",
      defaultLocale: "en",
    });
    const [starter] = await db.owner.select().from(packages).where(eq(packages.code, "starter"));
    expect(store!.packageId).toBe(starter!.id);
    expect(store!.subscriptionStatus).toBe("trialing");
    const trialMs = store!.subscriptionCurrentPeriodEnd!.getTime() - started;
    expect(trialMs).toBeGreaterThan(TRIAL_DAYS * 86_400_000 - 60_000);
    expect(trialMs).toBeLessThan(TRIAL_DAYS * 86_400_000 + 60_000);

    const [settings] = await db.owner
      .select()
      .from(storeSettings)
      .where(eq(storeSettings.storeId, store!.id));
    expect(settings).toMatchObject({
      primaryColor: "#242F51",
      secondaryColor: "#384878",
      cashOnDeliveryEnabled: true,
    });
    const owners = await db.owner.select().from(users).where(eq(users.storeId, store!.id));
    expect(owners).toHaveLength(1);
    expect(owners[0]).toMatchObject({ email: "owner@henna.test", isAdmin: true, signInMethod: "password" });
    expect(owners[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    // Its one shipping zone (decision 039): "Everywhere", a flat rate at the settings' fee (0).
    const zones = await db.owner.select().from(shippingZones).where(eq(shippingZones.storeId, store!.id));
    expect(zones.map((zone) => [zone.name, zone.everywhere])).toEqual([["Everywhere", true]]);
    const rates = await db.owner.select().from(shippingRates).where(eq(shippingRates.storeId, store!.id));
    expect(rates.map((rate) => [rate.kind, rate.priceCents, rate.freeFromCents, rate.codAllowed])).toEqual([
      ["flat", 0, null, true],
    ]);
  });

  it("keeps the visitor's language as the store's default", async () => {
    const arabic = await contextFor(db, "localhost", { request: new Request(`${P}/signup?lng=ar`) });
    const res = await signup(valid({ storeName: "بيت الحناء", slug: "henna-ar" }), fresh(arabic));
    expect(res.status).toBe(302);
    const [store] = await db.owner.select().from(stores).where(eq(stores.slug, "henna-ar"));
    expect(store).toMatchObject({ name: "بيت الحناء", defaultLocale: "ar" });
  });

  it("makes one store when two sign-ups ask for one address at once", async () => {
    const attempt = (email: string) =>
      createStore({
        storeName: "Race Shop",
        slug: "race-shop",
        email,
        password: "secret-race",
        locale: "en",
      });
    const results = await Promise.all([attempt("one@race.test"), attempt("two@race.test")]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "taken" }]);
    const [row] = await db.owner.select({ n: count() }).from(stores).where(eq(stores.slug, "race-shop"));
    expect(row!.n).toBe(1);
    const [store] = await db.owner.select().from(stores).where(eq(stores.slug, "race-shop"));
    const owners = await db.owner.select().from(users).where(eq(users.storeId, store!.id));
    expect(owners).toHaveLength(1);
  });

  it("limits sign-ups per client address (429 with Retry-After)", async () => {
    const context = fresh(platform, "203.0.113.99");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await signup(valid({ storeName: "" }), context)).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    const limited = await signup(valid({ storeName: "" }), context);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("the hand-off to the store's host", () => {
  async function newStore(slug: string) {
    const res = await signup(valid({ slug, email: `owner@${slug}.test` }));
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get("Location")!);
    return { host: url.hostname, token: url.pathname.split("/").pop()! };
  }

  it("signs the owner in once, on the dashboard with the getting-started list", async () => {
    const { host, token } = await newStore("first-shop");
    const res = await handoff(host, token);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/dashboard");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    const cookie = cookiesFrom(res.headers);
    expect(cookie).toMatch(/session/);

    const context = await contextFor(db, host);
    const dashboard = await answer<{ steps: { key: string; done: boolean; to: string }[] }>(() =>
      dashboardLoader({
        request: new Request(`http://${host}:3000/admin/dashboard`, { headers: { Cookie: cookie } }),
        context,
        params: {},
      }),
    );
    expect(dashboard.status).toBe(200);
    expect(dashboard.data.steps).toEqual([
      { key: "product", to: "/admin/products", done: false },
      { key: "colours", to: "/admin/storesetting/logoAndColors", done: false },
      { key: "plan", to: "/admin/billing", done: false },
      { key: "payments", to: "/admin/storesetting/paymentOptions", done: false },
    ]);

    // Used: the same link again is refused and signs nobody in.
    const again = await handoff(host, token);
    expect(again.status).toBe(410);
    expect(again.headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses an expired token", async () => {
    const { host, token } = await newStore("late-shop");
    await db.owner
      .update(verificationTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationTokens.purpose, "handoff"));
    expect((await handoff(host, token)).status).toBe(410);
  });

  it("works only on the host it was issued for", async () => {
    const { host, token } = await newStore("bound-shop");
    // Another store's host: that store's scope has no such token.
    expect((await handoff("taken.localhost", token)).status).toBe(410);
    // The same store on another of its hosts (a verified custom domain).
    const [store] = await db.owner.select().from(stores).where(eq(stores.slug, "bound-shop"));
    await db.owner
      .update(stores)
      .set({ customDomain: "shop.bound.test", customDomainVerifiedAt: new Date() })
      .where(eq(stores.id, store!.id));
    expect((await handoff("shop.bound.test", token)).status).toBe(410);
    // The platform host serves no hand-off at all.
    const onPlatform = await answer(() =>
      handoffLoader({ request: new Request(`${P}/handoff/${token}`), context: platform, params: { token } }),
    );
    expect(onPlatform.status).toBe(404);
    // None of those used it up.
    expect((await handoff(host, token)).status).toBe(302);
  });

  it("refuses malformed and unknown tokens", async () => {
    expect((await handoff("taken.localhost", "short")).status).toBe(410);
    expect((await handoff("taken.localhost", "A".repeat(43))).status).toBe(410);
  });
});

describe("the live address check", () => {
  async function check(slug: string, context = platform) {
    return answer(() =>
      addressLoader({
        request: new Request(`${P}/api/store-address?${new URLSearchParams({ slug })}`),
        context,
        params: {},
      }),
    );
  }
  const body = async (slug: string) => JSON.parse((await check(slug)).data as string);

  it("answers available, taken, reserved and invalid", async () => {
    expect(await body("brand-new")).toEqual({ slug: "brand-new", available: true });
    expect(await body("Taken")).toEqual({ slug: "taken", available: false, reason: "taken" });
    expect(await body("api")).toEqual({ slug: "api", available: false, reason: "reserved" });
    expect(await body("-x-")).toEqual({ slug: "-x-", available: false, reason: "invalid" });
    // The same rule as the sign-up's schema.
    expect(await body("xn--dyes")).toEqual({ slug: "xn--dyes", available: false, reason: "hyphens" });
    expect(await body("adm1n")).toEqual({ slug: "adm1n", available: false, reason: "reserved" });
    expect(await body("autodiscover")).toEqual({
      slug: "autodiscover",
      available: false,
      reason: "reserved",
    });
    expect(await body("")).toEqual({ slug: "", available: false, reason: "invalid" });
  });

  it("is a platform route: 404 on a store's host", async () => {
    const store = await contextFor(db, "taken.localhost");
    expect((await check("anything", store)).status).toBe(404);
  });
});
