/**
 * The subscription gate (SPEC §4, DESIGN §2, issue 12): a period end set and not later than now
 * closes every store page and form (503, Retry-After, only the notice, in the visitor's language);
 * unset or later leaves the store open; the owner still signs in and reaches /admin/billing; a
 * suspended store shows the notice too; a change reaches every instance's tenant cache at once.
 */
import type { AppLoadContext } from "@remix-run/node";
import { count, eq, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactRequests, stores, users } from "~/db/schema";
import { closedStoreFor } from "~/http/gate.server";
import { createLoadContext } from "~/http/load-context.server";
import { loader as rootLoader } from "~/root";
import { loader as adminLayoutLoader } from "~/routes/admin";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { loader as homeLoader } from "~/routes/_index";
import { action as contactAction } from "~/routes/contact";
import { hashPassword } from "~/lib/passwords.server";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { loader as productsLoader } from "~/routes/products._index";
import { action as webhookAction } from "~/routes/webhooks.stripe";
import { storeClosure } from "~/services/store/subscription-gate.server";
import { resolveTenantUncached, TenantResolver } from "~/services/store/tenancy.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { eventually } from "../helpers/eventually";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { loadApp, type LoadedApp } from "../helpers/matrix/app";
import { answer, contextFor, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
let shop: StoreFixture;
let adminCookie: string;
const S = "http://shop.localhost:3000";
const HOUR = 3_600_000;

async function setPeriodEnd(end: Date | null, status: "active" | "suspended" = "active") {
  await db.owner
    .update(stores)
    .set({ subscriptionCurrentPeriodEnd: end, status })
    .where(eq(stores.id, shop.storeId));
}

const ctx = (request?: Request) => contextFor(db, "shop.localhost", { request });
const get = (path: string, cookie?: string) =>
  new Request(`${S}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

async function root(path: string, cookie?: string) {
  const request = get(path, cookie);
  return answer<{ reason?: string; shell?: { locale: string } }>(async () =>
    rootLoader({ request, context: await ctx(request), params: {} }),
  );
}

beforeAll(async () => {
  db = await createTestDb();
  shop = await createStoreFixture(db, "shop");
  const adminId = uuidv7();
  await db.owner
    .insert(users)
    .values({ storeId: shop.storeId, id: adminId, email: "owner@shop.test", name: "Owner", isAdmin: true });
  adminCookie = await userCookie(shop.storeId, adminId, S);
});
afterAll(async () => {
  await db.dispose();
});
beforeEach(async () => {
  await setPeriodEnd(null);
});

describe("storeClosure", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  it.each([
    ["unset", null, "active", null],
    ["a second later", new Date(now.getTime() + 1000), "active", null],
    ["exactly now", now, "active", "expired"],
    ["a day ago", new Date(now.getTime() - 86_400_000), "active", "expired"],
    ["suspended with a period ahead", new Date(now.getTime() + HOUR), "suspended", "suspended"],
  ] as const)("period end %s → %s", (_label, end, status, closure) => {
    expect(storeClosure({ status, subscriptionCurrentPeriodEnd: end }, now)).toBe(closure);
  });
});

describe("the gate on a store's pages", () => {
  it("leaves the store open with no period end or one still ahead", async () => {
    expect((await root("/")).status).toBe(200);
    await setPeriodEnd(new Date(Date.now() + HOUR));
    expect((await root("/")).status).toBe(200);
    const request = get("/products");
    const listing = await answer(async () =>
      productsLoader({ request, context: await ctx(request), params: {} }),
    );
    expect(listing.status).toBe(200);
  });

  it("answers every page 503 with Retry-After and only the notice once the period end has passed", async () => {
    await setPeriodEnd(new Date(Date.now() - 1000));
    const page = await root("/");
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toBe("3600");
    expect(page.data.reason).toBe("store-closed");

    for (const [path, loader] of [
      ["/", homeLoader],
      ["/products", productsLoader],
    ] as const) {
      const request = get(path);
      const res = await answer<{ notice: { key: string } }>(async () =>
        loader({ request, context: await ctx(request), params: {} }),
      );
      expect(res.status, path).toBe(503);
      expect(res.headers.get("Retry-After")).toBe("3600");
      expect(res.data.notice.key).toBe("subscription.expired");
    }
    // The admin too, even for its owner.
    const request = get("/admin/dashboard", adminCookie);
    const dashboard = await answer(async () =>
      dashboardLoader({ request, context: await ctx(request), params: {} }),
    );
    expect(dashboard.status).toBe(503);
    expect((await root("/admin/dashboard", adminCookie)).status).toBe(503);
  });

  it("speaks the visitor's language", async () => {
    await setPeriodEnd(new Date(Date.now() - 1000));
    const page = await root("/?lng=ar");
    expect(page.status).toBe(503);
    expect(page.data.shell?.locale).toBe("ar");
  });

  it("refuses forms with 503 and writes nothing", async () => {
    await setPeriodEnd(new Date(Date.now() - 1000));
    const request = postForm(`${S}/contact`, { name: "Sara Ali", email: "sara@x.test", comments: "Hello" });
    const res = await answer(async () => contactAction({ request, context: await ctx(), params: {} }));
    expect(res.status).toBe(503);
    const [row] = await db.owner.select({ n: count() }).from(contactRequests);
    expect(row!.n).toBe(0);
  });

  it("lets the owner sign in and reach /admin/billing (also as a data request)", async () => {
    await setPeriodEnd(new Date(Date.now() - 1000));
    for (const path of ["/login", "/login?redirectTo=%2Fadmin%2Fbilling", "/forgot-password"]) {
      expect((await root(path)).status, path).toBe(200);
    }
    const login = get("/login");
    expect(
      (await answer(async () => loginLoader({ request: login, context: await ctx(), params: {} }))).status,
    ).toBe(200);
    for (const path of ["/admin/billing", "/admin/billing.data"]) {
      expect((await root(path, adminCookie)).status, path).toBe(200);
      const request = get(path, adminCookie);
      const layout = await answer(async () =>
        adminLayoutLoader({ request, context: await ctx(request), params: {} }),
      );
      expect(layout.status, path).toBe(200);
    }
    // Not a way around the gate: other admin pages stay closed, .data or not.
    expect((await root("/admin/dashboard.data", adminCookie)).status).toBe(503);
    expect((await root("/admin/billing-x", adminCookie)).status).toBe(503);
  });

  it("signs the owner of an expired store in to /admin/billing, not the closed dashboard", async () => {
    await db.owner
      .update(users)
      .set({ passwordHash: await hashPassword("owner-pass-1") })
      .where(eq(users.email, "owner@shop.test"));
    const signIn = async () => {
      const request = postForm(`${S}/login`, { email: "owner@shop.test", password: "owner-pass-1" });
      return answer(async () => loginAction({ request, context: await ctx(request), params: {} }));
    };
    await setPeriodEnd(new Date(Date.now() - 1000));
    const expired = await signIn();
    expect(expired.status).toBe(302);
    expect(expired.headers.get("Location")).toBe("/admin/billing");
    // Already signed in, the sign-in page sends the owner there too.
    const again = get("/login", adminCookie);
    const page = await answer(async () =>
      loginLoader({ request: again, context: await ctx(again), params: {} }),
    );
    expect(page.headers.get("Location")).toBe("/admin/billing");
    // An open store's owner lands on the dashboard as before.
    await setPeriodEnd(new Date(Date.now() + HOUR));
    const open = await signIn();
    expect(open.headers.get("Location")).toBe("/admin/dashboard");
  });

  it("shows a suspended store the notice too, with no way to billing", async () => {
    await setPeriodEnd(new Date(Date.now() + HOUR), "suspended");
    const closed = await root("/");
    expect(closed.status).toBe(503);
    expect(closed.data).toMatchObject({
      reason: "store-closed",
      closed: { closure: "suspended", platformUrl: "http://localhost:3000" },
    });
    // A child's own refusal (a data request that skipped the root) says which notice, too.
    const request = get("/products");
    const child = await answer<{ notice: { key: string; params: Record<string, string> } }>(async () =>
      productsLoader({ request, context: await ctx(request), params: {} }),
    );
    expect(child.status).toBe(503);
    expect(child.data.notice).toEqual({
      key: "subscription.suspended",
      params: { closure: "suspended", platformUrl: "http://localhost:3000", platformHost: "localhost:3000" },
    });
    expect((await root("/admin/billing", adminCookie)).status).toBe(503);
    expect((await root("/login")).status).toBe(200);
  });

  it("keeps Stripe's webhooks open on a closed store's host", async () => {
    await setPeriodEnd(new Date(Date.now() - 1000));
    const request = new Request(`${S}/webhooks/stripe`, { method: "POST", body: "{}" });
    const res = await answer(async () => webhookAction({ request, context: await ctx(), params: {} }));
    expect(res.status).not.toBe(503);
  });
});

describe("every instance", () => {
  it("closes and reopens a store on two instances' caches as soon as the period end changes", async () => {
    const instances = await Promise.all([
      new TenantResolver(db, { platformDomain: "localhost" }).start(),
      new TenantResolver(db, { platformDomain: "localhost" }).start(),
    ]);
    const closedOn = async (resolver: TenantResolver) => {
      const tenant = await resolver.resolve("shop.localhost");
      const context: AppLoadContext = await createLoadContext({
        url: new URL(`${S}/`),
        cookieHeader: null,
        tenant,
        clientAddress: "203.0.113.1",
      });
      return closedStoreFor(get("/"), context);
    };
    try {
      for (const instance of instances) expect(await closedOn(instance)).toBeNull();
      // Written behind the app's back, as a webhook on a third instance would.
      await db.owner.execute(
        sql`update stores set subscription_current_period_end = now() - interval '1 minute' where id = ${shop.storeId}`,
      );
      for (const instance of instances) {
        expect(
          await eventually(
            () => closedOn(instance),
            (c) => c === "expired",
          ),
        ).toBe("expired");
      }
      await setPeriodEnd(new Date(Date.now() + HOUR));
      for (const instance of instances) {
        expect(
          await eventually(
            () => closedOn(instance),
            (c) => c === null,
          ),
        ).toBeNull();
      }
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
  });
});

describe("the notice as a browser gets it", () => {
  let app: LoadedApp;
  beforeAll(async () => {
    app = await loadApp(db);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  async function page(path: string) {
    const url = new URL(path, S);
    const tenant = await resolveTenantUncached(db, "shop.localhost", "localhost");
    const context = await createLoadContext({
      url,
      cookieHeader: null,
      tenant,
      clientAddress: "203.0.113.2",
    });
    const response = await app.handle(new Request(url, { headers: { Host: url.host } }), context);
    return {
      status: response.status,
      retryAfter: response.headers.get("Retry-After"),
      html: await response.text(),
    };
  }

  it("renders only the notice and its image, in English and Arabic; nothing of the store's catalogue", async () => {
    await setPeriodEnd(new Date(Date.now() - 1000));
    const en = await page("/products");
    expect(en.status).toBe(503);
    expect(en.retryAfter).toBe("3600");
    expect(en.html).toContain("Your store subscription is expired, Please renew it to enjoy our services.");
    expect(en.html).toContain('src="/subscription-expired.svg"');
    expect(en.html).not.toContain("shop red dye");
    const ar = await page("/?lng=ar");
    expect(ar.status).toBe(503);
    expect(ar.html).toContain("انتهى اشتراك متجرك، يرجى تجديده للاستمتاع بخدماتنا.");
    expect(ar.html).toContain('dir="rtl"');
    // An expired subscription's owner is sent to renew.
    expect(en.html).toContain("Log in to renew");
    await setPeriodEnd(null);
    const open = await page("/products");
    expect(open.status).toBe(200);
    expect(open.html).toContain("shop red dye");
  });

  it("says a suspended store is suspended and how to reach the platform, not to renew (issue 39)", async () => {
    await setPeriodEnd(new Date(Date.now() + HOUR), "suspended");
    try {
      const en = await page("/products");
      expect(en.status).toBe(503);
      expect(en.html).toContain("This store has been suspended.");
      expect(en.html).toContain("contact Storefront Builder to find out why and how to reopen it:");
      expect(en.html).toContain('href="http://localhost:3000"');
      expect(en.html).not.toContain("Your store subscription is expired");
      expect(en.html).not.toContain("Log in to renew");
      expect(en.html).not.toContain("/admin/billing");
      const ar = await page("/?lng=ar");
      expect(ar.status).toBe(503);
      expect(ar.html).toContain("تم إيقاف هذا المتجر.");
      expect(ar.html).toContain("منشئ المتاجر");
      expect(ar.html).not.toContain("انتهى اشتراك متجرك");
    } finally {
      await setPeriodEnd(null);
    }
  });
});
