/**
 * Custom domains (issue 12, item 5) against a DNS server the test runs: TXT right, TXT wrong, TXT
 * missing, CNAME missing or elsewhere, no answer (timeout); the store answers on its domain only
 * once verified; a later failing check keeps it (state "failing"); removing it stops it; the
 * periodic re-check; the rules (invalid, the platform's own names, another store's domain).
 * Claims (issue 18): an unverified claim never blocks another store, the first to verify wins and
 * the others' pending claims say so, and an unverified claim lapses after 7 days.
 */
import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stores, users } from "~/db/schema";
import { action, loader } from "~/routes/admin.storesetting.customDomain";
import {
  getCustomDomain,
  recheckCustomDomains,
  setCustomDomain,
  verifyCustomDomain,
  type CustomDomainView,
} from "~/services/store/custom-domain.server";
import { resolveTenantUncached } from "~/services/store/tenancy.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { startDnsServer, type DnsServer } from "../helpers/dns-server";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
let dns: DnsServer;
let shop: StoreFixture;
let ctx: AppLoadContext;
let admin: string;
let shopper: string;
const S = "http://shop.localhost:3000";
const PATH = "/admin/storesetting/customDomain";
const DOMAIN = "shop.example.com";
const saved = { ...process.env };

const post = (fields: Record<string, string>, cookie = admin) =>
  answer<{ notice?: { key: string } | null; result?: { error?: Record<string, string[]> } | null }>(() =>
    action({ request: postForm(`${S}${PATH}`, fields, cookie), context: ctx, params: {} }),
  );
const view = async () =>
  (
    await answer<{ view: CustomDomainView }>(() =>
      loader({
        request: new Request(`${S}${PATH}`, { headers: { Cookie: admin } }),
        context: ctx,
        params: {},
      }),
    )
  ).data.view;
const servedBy = async (host: string) => {
  const tenant = await resolveTenantUncached(db, host, "localhost");
  return tenant.kind === "store" ? tenant.store.slug : tenant.kind;
};

beforeAll(async () => {
  db = await createTestDb();
  dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.address;
  process.env.DNS_TIMEOUT_MS = "300";
  shop = await createStoreFixture(db, "shop");
  await createStoreFixture(db, "other", { customDomain: "taken.example.com", domainVerified: true });
  ctx = await contextFor(db, "shop.localhost");
  const adminId = uuidv7();
  await db.owner
    .insert(users)
    .values({ storeId: shop.storeId, id: adminId, email: "a@shop.test", name: "Admin", isAdmin: true });
  admin = await userCookie(shop.storeId, adminId, S);
  shopper = await userCookie(shop.storeId, shop.userId, S);
});
afterAll(async () => {
  process.env.DNS_SERVERS = saved.DNS_SERVERS;
  process.env.DNS_TIMEOUT_MS = saved.DNS_TIMEOUT_MS;
  if (saved.DNS_SERVERS === undefined) delete process.env.DNS_SERVERS;
  if (saved.DNS_TIMEOUT_MS === undefined) delete process.env.DNS_TIMEOUT_MS;
  await dns.stop();
  await db.dispose();
});

describe("custom domain", () => {
  it.each([
    ["nothing", "", "validation.domainRequired", 400],
    ["a bare word", "shop", "validation.domainInvalid", 400],
    ["a URL", "https://shop.example.com/", "validation.domainInvalid", 400],
    ["the platform's own host", "localhost", "validation.domainInvalid", 400],
    ["a platform subdomain", "evil.localhost", "validation.domainPlatform", 400],
    ["another store's domain", "Taken.Example.com", "validation.domainTaken", 409],
  ])("refuses %s with its message and saves nothing", async (_label, domain, message, status) => {
    const res = await post({ intent: "save", domain });
    expect(res.status).toBe(status);
    expect(res.data.result?.error?.domain).toEqual([message]);
    expect((await view()).state).toBe("none");
  });

  it("saves a domain as pending, shows the records, and serves nothing on it yet", async () => {
    expect((await post({ intent: "save", domain: "Shop.Example.com." })).status).toBe(302);
    const pending = await view();
    expect(pending).toMatchObject({
      domain: DOMAIN,
      state: "pending",
      cnameTarget: "shop.localhost",
      txtName: `_store-verify.${DOMAIN}`,
    });
    expect(pending.txtValue).toMatch(/^store-verify=[0-9a-f]{32}$/);
    expect(await servedBy(DOMAIN)).toBe("unknown");
  });

  it("verifies only when both records are right, saying why not", async () => {
    const token = (await view()).txtValue!;
    const verify = () => post({ intent: "verify" });

    let res = await verify();
    expect(res.status).toBe(422);
    expect(res.data.notice?.key).toBe("customDomain.problems.txt-missing");

    dns.records.txt.set(`_store-verify.${DOMAIN}`, ["store-verify=someone-else"]);
    expect((await verify()).data.notice?.key).toBe("customDomain.problems.txt-wrong");

    dns.records.txt.set(`_store-verify.${DOMAIN}`, [token]);
    expect((await verify()).data.notice?.key).toBe("customDomain.problems.cname-missing");

    dns.records.cname.set(DOMAIN, "elsewhere.example.net");
    expect((await verify()).data.notice?.key).toBe("customDomain.problems.cname-wrong");

    dns.records.silent.add(DOMAIN);
    expect((await verify()).data.notice?.key).toBe("customDomain.problems.timeout");
    dns.records.silent.delete(DOMAIN);

    expect((await view()).state).toBe("pending");
    expect(await servedBy(DOMAIN)).toBe("unknown");

    dns.records.cname.set(DOMAIN, "shop.localhost");
    res = await verify();
    expect(res.status).toBe(302);
    expect(await view()).toMatchObject({ state: "verified", problem: null });
    expect(await servedBy(DOMAIN)).toBe("shop");
  });

  it("keeps a verified domain when a later check fails (failing), and the re-check clears it", async () => {
    const token = (await view()).txtValue!;
    dns.records.txt.set(`_store-verify.${DOMAIN}`, ["changed"]);
    expect(await recheckCustomDomains()).toBeGreaterThanOrEqual(1);
    expect(await view()).toMatchObject({ state: "failing", problem: "txt-wrong" });
    expect(await servedBy(DOMAIN)).toBe("shop");
    dns.records.txt.set(`_store-verify.${DOMAIN}`, [token]);
    await recheckCustomDomains();
    expect((await view()).state).toBe("verified");
  });

  it("removes the domain: the store stops answering on it", async () => {
    expect((await post({ intent: "remove" })).status).toBe(302);
    expect((await view()).state).toBe("none");
    expect(await servedBy(DOMAIN)).toBe("unknown");
    const [row] = await db.owner.select().from(stores).where(eq(stores.id, shop.storeId));
    expect(row).toMatchObject({ customDomain: null, customDomainVerifiedAt: null, domainVerifyToken: null });
  });

  it("is for this store's admins: a shopper gets 403 and changes nothing; bad intents 400", async () => {
    expect((await post({ intent: "save", domain: "x.example.com" }, shopper)).status).toBe(403);
    expect((await post({ intent: "explode" })).status).toBe(400);
    expect((await post({ intent: "verify" })).status).toBe(409);
    expect((await view()).state).toBe("none");
  });
});

describe("custom domain claims", () => {
  const RACE = "race.example.com";
  let rival: StoreFixture;
  let third: StoreFixture;
  const pointAt = (domain: string, slug: string, tokens: string[]) => {
    dns.records.txt.set(`_store-verify.${domain}`, tokens);
    dns.records.cname.set(domain, `${slug}.localhost`);
  };

  beforeAll(async () => {
    rival = await createStoreFixture(db, "rival");
    third = await createStoreFixture(db, "third");
  });

  it("lets several stores claim one domain: an unverified claim blocks nobody", async () => {
    // A squatter claims the domain first and never verifies it.
    expect(await setCustomDomain(rival.storeId, RACE)).toBe("saved");
    expect((await post({ intent: "save", domain: RACE })).status).toBe(302);
    expect(await setCustomDomain(third.storeId, RACE)).toBe("saved");
    expect((await view()).state).toBe("pending");
    expect((await getCustomDomain(rival.storeId)).state).toBe("pending");
  });

  it("gives the domain to the first store to verify; the others are told and cannot verify it", async () => {
    const mine = (await view()).txtValue!;
    const rivals = (await getCustomDomain(rival.storeId)).txtValue!;
    pointAt(RACE, "rival", [rivals, mine]);
    expect(await verifyCustomDomain(rival.storeId)).toMatchObject({ state: "verified", problem: null });
    expect(await servedBy(RACE)).toBe("rival");

    // This store's page says another store verified it first, before and after trying.
    expect(await view()).toMatchObject({ state: "pending", problem: "taken" });
    pointAt(RACE, "shop", [rivals, mine]);
    const res = await post({ intent: "verify" });
    expect(res.status).toBe(422);
    expect(res.data.notice?.key).toBe("customDomain.problems.taken");
    expect(await view()).toMatchObject({ state: "pending", problem: "taken" });
    expect(await getCustomDomain(third.storeId)).toMatchObject({ state: "pending", problem: "taken" });
    expect(await servedBy(RACE)).toBe("rival");

    // Now verified, it is taken for a new claim.
    const fresh = await createStoreFixture(db, "fresh");
    expect(await setCustomDomain(fresh.storeId, RACE)).toBe("taken");
    expect((await getCustomDomain(fresh.storeId)).state).toBe("none");
    expect((await post({ intent: "remove" })).status).toBe(302);
    await setCustomDomain(third.storeId, "third.example.com");
  });

  it("lapses an unverified claim after 7 days: shown as lapsed, not checked, and free for others", async () => {
    const OLD = "old.example.com";
    expect((await post({ intent: "save", domain: OLD })).status).toBe(302);
    pointAt(OLD, "shop", [(await view()).txtValue!]);
    await db.owner
      .update(stores)
      .set({ customDomainClaimedAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(stores.id, shop.storeId));
    expect((await view()).state).toBe("lapsed");
    const res = await post({ intent: "verify" });
    expect(res.status).toBe(409);
    expect(res.data.notice?.key).toBe("customDomain.lapsedNotice");
    await recheckCustomDomains();
    expect(await view()).toMatchObject({ state: "lapsed", checkedAt: null });
    expect(await servedBy(OLD)).toBe("unknown");

    // Another store takes it; saving it again here starts a new claim, told it is taken.
    expect(await setCustomDomain(third.storeId, OLD)).toBe("saved");
    pointAt(OLD, "third", [(await getCustomDomain(third.storeId)).txtValue!]);
    expect((await verifyCustomDomain(third.storeId)).state).toBe("verified");
    const again = await post({ intent: "save", domain: OLD });
    expect(again.status).toBe(409);
    expect(again.data.result?.error?.domain).toEqual(["validation.domainTaken"]);
  });
});
