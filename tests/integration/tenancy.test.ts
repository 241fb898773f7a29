import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stores, storeSettings } from "~/db/schema";
import { resolveTenantUncached, TenantResolver, type Tenant } from "~/services/store/tenancy.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { eventually } from "../helpers/eventually";

let db: TestDb;
let dyes: StoreFixture;
let branded: StoreFixture;

const DOMAIN = "localhost";
const resolve = (host: string) => resolveTenantUncached(db, host, DOMAIN);
const storeSlug = (tenant: Tenant) => (tenant.kind === "store" ? tenant.store.slug : tenant.kind);

/** Until `check` holds (the shared helper), failing the test if it never does. */
const settles = async (check: () => Promise<boolean>) =>
  expect(await eventually(check, (held) => held, 3_000)).toBe(true);

beforeAll(async () => {
  db = await createTestDb();
  dyes = await createStoreFixture(db, "dyes", { primaryColor: "#112233" });
  branded = await createStoreFixture(db, "branded", {
    customDomain: "Shop.Example.com",
    domainVerified: true,
  });
  await createStoreFixture(db, "pending", { customDomain: "pending.example.org", domainVerified: false });
});
afterAll(() => db.dispose());

describe("resolveTenant", () => {
  it("answers the platform for the platform domain and its www", async () => {
    expect(await resolve("localhost")).toEqual({ kind: "platform" });
    expect(await resolve("www.localhost")).toEqual({ kind: "platform" });
  });

  it("finds a store by its subdomain, with its branding", async () => {
    const tenant = await resolve("dyes.localhost");
    expect(tenant.kind).toBe("store");
    if (tenant.kind !== "store") return;
    expect(tenant.store.id).toBe(dyes.storeId);
    expect(tenant.store.matchedBy).toBe("slug");
    expect(tenant.store.branding.primaryColor).toBe("#112233");
    expect(tenant.store.branding.secondaryColor).toBe("#384878");
  });

  it("finds a store by its verified custom domain, case-insensitively", async () => {
    const tenant = await resolve("shop.example.com");
    expect(storeSlug(tenant)).toBe("branded");
    expect(tenant.kind === "store" && tenant.store.matchedBy).toBe("domain");
  });

  it("does not answer on a custom domain that is not verified", async () => {
    expect(await resolve("pending.example.org")).toEqual({ kind: "unknown", host: "pending.example.org" });
  });

  it("prefers a verified custom domain over a subdomain of the same name", async () => {
    await db.owner
      .update(stores)
      .set({ customDomain: "dyes.localhost", customDomainVerifiedAt: new Date() })
      .where(eq(stores.id, branded.storeId));
    try {
      expect(storeSlug(await resolve("dyes.localhost"))).toBe("branded");
    } finally {
      await db.owner
        .update(stores)
        .set({ customDomain: "shop.example.com" })
        .where(eq(stores.id, branded.storeId));
    }
  });

  it.each([
    ["nope.localhost", "an unknown slug"],
    ["admin.localhost", "a reserved slug"],
    ["deep.dyes.localhost", "a nested subdomain"],
    ["example.net", "a foreign domain"],
    ["", "an empty host"],
    ["dyes_localhost", "a host with invalid characters"],
    ["x".repeat(300) + ".localhost", "an overlong host"],
  ])("answers unknown for %s (%s)", async (host) => {
    expect((await resolve(host)).kind).toBe("unknown");
  });
});

describe("TenantResolver cache", () => {
  it("serves repeated lookups from the cache", async () => {
    const resolver = new TenantResolver(db, { platformDomain: DOMAIN });
    const first = await resolver.resolve("dyes.localhost");
    expect(await resolver.resolve("dyes.localhost")).toBe(first);
  });

  it("drops a store's entry when its branding or shell texts change, through NOTIFY", async () => {
    const resolver = await new TenantResolver(db, { platformDomain: DOMAIN }).start();
    try {
      const before = await resolver.resolve("dyes.localhost");
      expect(before.kind === "store" && before.store.branding.primaryColor).toBe("#112233");
      await db.owner
        .update(storeSettings)
        .set({ primaryColor: "#445566", footerTextEn: "New footer" })
        .where(eq(storeSettings.storeId, dyes.storeId));
      await settles(async () => {
        const now = await resolver.resolve("dyes.localhost");
        return (
          now.kind === "store" &&
          now.store.branding.primaryColor === "#445566" &&
          now.store.settings.footerTextEn === "New footer"
        );
      });
    } finally {
      await resolver.stop();
    }
  });

  it("forgets an unknown host once a store takes that name", async () => {
    const resolver = await new TenantResolver(db, { platformDomain: DOMAIN }).start();
    try {
      expect((await resolver.resolve("newshop.localhost")).kind).toBe("unknown");
      await createStoreFixture(db, "newshop");
      await settles(async () => storeSlug(await resolver.resolve("newshop.localhost")) === "newshop");
    } finally {
      await resolver.stop();
    }
  });

  it("keeps serving the cached entry when nobody tells it about a change", async () => {
    const resolver = new TenantResolver(db, { platformDomain: DOMAIN });
    await resolver.resolve("branded.localhost");
    await db.owner.update(stores).set({ name: "Renamed" }).where(eq(stores.id, branded.storeId));
    const cached = await resolver.resolve("branded.localhost");
    expect(cached.kind === "store" && cached.store.name).toBe("Store branded");
  });
});
