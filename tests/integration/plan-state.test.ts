/**
 * One subscription state and plan entitlements (issue 21, decision 026): the getting-started
 * checklist and /admin/billing read the store's plan the same way, and the current plan is never
 * offered to buy; a custom domain is saved only on a plan that includes it (the page says why,
 * the server refuses with a notice, nothing written); staff set that entitlement on the plan.
 */
import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packages, platformStaff, stores, users } from "~/db/schema";
import type { BillingData } from "~/components/admin/BillingPage";
import { action as billingAction, loader as billingLoader } from "~/routes/admin.billing";
import { action as domainAction, loader as domainLoader } from "~/routes/admin.storesetting.customDomain";
import { action as packageAction } from "~/routes/platform.packages.$id";
import type { CustomDomainEntitlement } from "~/services/billing/entitlements.server";
import { gettingStarted } from "~/services/store/getting-started.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import { staffCookie, userCookie } from "../helpers/sessions";

let db: TestDb;
let shop: StoreFixture;
let ctx: AppLoadContext;
let admin: string;
let starterId: string;
let growthId: string;
const S = "http://shop.localhost:3000";
const DOMAIN_PATH = "/admin/storesetting/customDomain";
const DAY = 86_400_000;

async function putOnPlan(
  packageId: string | null,
  status: string | null = "active",
  periodEnd = new Date(Date.now() + 30 * DAY),
) {
  await db.owner
    .update(stores)
    .set({
      packageId,
      subscriptionStatus: status,
      subscriptionCurrentPeriodEnd: packageId ? periodEnd : null,
    })
    .where(eq(stores.id, shop.storeId));
}
const storeRow = async () => (await db.owner.select().from(stores).where(eq(stores.id, shop.storeId)))[0]!;
const get = (path: string) => new Request(`${S}${path}`, { headers: { Cookie: admin } });

const billing = async () =>
  (
    await answer<{ billing: BillingData }>(() =>
      billingLoader({ request: get("/admin/billing"), context: ctx, params: {} }),
    )
  ).data.billing;
const planStep = async () => (await gettingStarted(shop.storeId)).find((step) => step.key === "plan")!;
const domainPage = async () =>
  (
    await answer<{ entitlement: CustomDomainEntitlement }>(() =>
      domainLoader({ request: get(DOMAIN_PATH), context: ctx, params: {} }),
    )
  ).data.entitlement;
const saveDomain = (domain: string) =>
  answer<{ notice?: { key: string } | null }>(() =>
    domainAction({
      request: postForm(`${S}${DOMAIN_PATH}`, { intent: "save", domain }, admin),
      context: ctx,
      params: {},
    }),
  );

beforeAll(async () => {
  db = await createTestDb();
  shop = await createStoreFixture(db, "shop");
  ctx = await contextFor(db, "shop.localhost");
  const adminId = uuidv7();
  await db.owner
    .insert(users)
    .values({ storeId: shop.storeId, id: adminId, email: "a@shop.test", name: "Admin", isAdmin: true });
  admin = await userCookie(shop.storeId, adminId, S);
  const rows = await db.owner
    .insert(packages)
    .values([
      { code: "starter", nameEn: "Starter", nameAr: "المبتدئ", priceCents: 1900, sortOrder: 1 },
      {
        code: "growth",
        nameEn: "Growth",
        nameAr: "النمو",
        priceCents: 4900,
        sortOrder: 2,
        allowsCustomDomain: true,
      },
    ])
    .returning({ id: packages.id, code: packages.code });
  starterId = rows.find((row) => row.code === "starter")!.id;
  growthId = rows.find((row) => row.code === "growth")!.id;
});
afterAll(async () => {
  await db.dispose();
});

describe("one subscription state", () => {
  it("a live plan without a Stripe subscription (the seeded demo's) is the plan on both pages", async () => {
    await putOnPlan(growthId);
    expect((await storeRow()).stripeSubscriptionId).toBeNull();
    const view = await billing();
    expect(view.plan?.id).toBe(growthId);
    expect(view.onPlan).toBe(true);
    expect((await planStep()).done).toBe(true);
  });

  it("never sells the current plan: the server refuses it with a notice, whatever the form says", async () => {
    await putOnPlan(growthId);
    const res = await answer<{ notice: { key: string } }>(() =>
      billingAction({
        request: postForm(`${S}/admin/billing`, { intent: "choose", packageId: growthId }, admin),
        context: ctx,
        params: {},
      }),
    );
    expect(res.status).toBe(409);
    expect(res.data.notice.key).toBe("planEntitlements.alreadyOnPlan");
  });

  it("a plan whose period has ended, or a cancelled one, is no plan on either page", async () => {
    for (const [status, end] of [
      ["active", new Date(Date.now() - DAY)],
      ["canceled", new Date(Date.now() + DAY)],
    ] as const) {
      await putOnPlan(growthId, status, end);
      expect((await billing()).onPlan, status).toBe(false);
      expect((await planStep()).done, status).toBe(false);
    }
    await putOnPlan(null, null);
    expect((await billing()).onPlan).toBe(false);
    expect((await planStep()).done).toBe(false);
  });
});

describe("plan entitlements: a custom domain", () => {
  it("on a plan without it: the page says why and names the plans with it; saving is refused, nothing written", async () => {
    await putOnPlan(starterId);
    const entitlement = await domainPage();
    expect(entitlement).toEqual({
      allowed: false,
      plan: { nameEn: "Starter", nameAr: "المبتدئ" },
      plansWithIt: [{ nameEn: "Growth", nameAr: "النمو" }],
    });
    const res = await saveDomain("shop.example.com");
    expect(res.status).toBe(403);
    expect(res.data.notice?.key).toBe("planEntitlements.customDomainRefused");
    expect((await storeRow()).customDomain).toBeNull();
    // Verifying is refused the same way.
    const verify = await answer<{ notice?: { key: string } | null }>(() =>
      domainAction({
        request: postForm(`${S}${DOMAIN_PATH}`, { intent: "verify" }, admin),
        context: ctx,
        params: {},
      }),
    );
    expect(verify.status).toBe(403);
  });

  it("on a plan with it, and during the trial (no plan chosen yet), the domain is saved", async () => {
    await putOnPlan(growthId);
    expect((await domainPage()).allowed).toBe(true);
    expect((await saveDomain("shop.example.com")).status).toBe(302);
    expect((await storeRow()).customDomain).toBe("shop.example.com");
    await putOnPlan(null, "trialing");
    expect((await domainPage()).allowed).toBe(true);
    expect((await saveDomain("shop2.example.com")).status).toBe(302);
    expect((await storeRow()).customDomain).toBe("shop2.example.com");
  });

  it("staff give a plan the entitlement and take it away on the plan's page", async () => {
    const [row] = await db.owner
      .insert(platformStaff)
      .values({ email: "staff@p.test", name: "Staff", passwordHash: "x" })
      .returning({ id: platformStaff.id });
    const staff = await staffCookie(row!.id);
    const platform = await contextFor(db, "localhost");
    const edit = (fields: Record<string, string>) =>
      answer(() =>
        packageAction({
          request: postForm(`http://localhost:3000/platform/packages/${starterId}`, fields, staff),
          context: platform,
          params: { id: starterId },
        }),
      );
    const fields = { nameEn: "Starter", nameAr: "المبتدئ", price: "19", active: "on" };
    const allows = async () =>
      (await db.owner.select().from(packages).where(eq(packages.id, starterId)))[0]!.allowsCustomDomain;
    expect((await edit({ ...fields, allowsCustomDomain: "on" })).status).toBe(302);
    expect(await allows()).toBe(true);
    await putOnPlan(starterId);
    expect((await domainPage()).allowed).toBe(true);
    expect((await edit(fields)).status).toBe(302);
    expect(await allows()).toBe(false);
    expect((await domainPage()).allowed).toBe(false);
    // A value other than the checkbox's is bad input: 400, nothing changed.
    expect((await edit({ ...fields, allowsCustomDomain: "yes" })).status).toBe(400);
    expect(await allows()).toBe(false);
  });
});
