/**
 * Staff manage the platform's plans at /platform/packages (issue 12): list, create, edit; bad
 * input answers 400 and changes nothing; store admins, shoppers and anonymous visitors get nothing.
 */
import type { AppLoadContext } from "@remix-run/node";
import { count, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packages, platformStaff, users } from "~/db/schema";
import { loader as listLoader } from "~/routes/platform.packages._index";
import { action as editAction, loader as editLoader } from "~/routes/platform.packages.$id";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import { staffCookie, userCookie } from "../helpers/sessions";

let db: TestDb;
let shop: StoreFixture;
let platform: AppLoadContext;
let storeCtx: AppLoadContext;
let staff: string;
let admin: string;
let starterId: string;
const P = "http://localhost:3000";

const valid = (over: Record<string, string> = {}) => ({
  nameEn: "Pro",
  nameAr: "احترافي",
  price: "29.99",
  stripePriceId: "",
  descriptionEn: "Everything in Growth\nPhone support",
  descriptionAr: "كل ما في النمو",
  active: "on",
  ...over,
});

const post = (id: string, fields: Record<string, string>, cookie = staff, context = platform) =>
  answer<{ result?: { error?: Record<string, string[]> } }>(() =>
    editAction({
      request: postForm(`${P}/platform/packages/${id}`, fields, cookie),
      context,
      params: { id },
    }),
  );
const packageCount = async () => (await db.owner.select({ n: count() }).from(packages))[0]!.n;

beforeAll(async () => {
  db = await createTestDb();
  shop = await createStoreFixture(db, "shop");
  platform = await contextFor(db, "localhost");
  storeCtx = await contextFor(db, "shop.localhost");
  const [row] = await db.owner
    .insert(platformStaff)
    .values({ email: "staff@p.test", name: "Staff", passwordHash: "x" })
    .returning({ id: platformStaff.id });
  staff = await staffCookie(row!.id);
  const adminId = uuidv7();
  await db.owner
    .insert(users)
    .values({ storeId: shop.storeId, id: adminId, email: "a@shop.test", name: "Admin", isAdmin: true });
  admin = await userCookie(shop.storeId, adminId, "http://shop.localhost:3000");
  const [starter] = await db.owner
    .insert(packages)
    .values({ code: "starter", nameEn: "Starter", nameAr: "المبتدئ", priceCents: 1900 })
    .returning({ id: packages.id });
  starterId = starter!.id;
});
afterAll(async () => {
  await db.dispose();
});

describe("/platform/packages", () => {
  it("lists every plan for staff", async () => {
    const res = await answer<{ packages: { nameEn: string; priceCents: number }[] }>(() =>
      listLoader({
        request: new Request(`${P}/platform/packages`, { headers: { Cookie: staff } }),
        context: platform,
        params: {},
      }),
    );
    expect(res.status).toBe(200);
    expect(res.data.packages.map((p) => [p.nameEn, p.priceCents])).toEqual([["Starter", 1900]]);
  });

  it("creates a plan, price read as cents, and edits it", async () => {
    const created = await post("new", valid());
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/platform/packages");
    const [pro] = await db.owner.select().from(packages).where(eq(packages.nameEn, "Pro"));
    expect(pro).toMatchObject({ priceCents: 2999, active: true, stripePriceId: null, currency: "USD" });
    expect(pro!.descriptionEn).toBe("Everything in Growth\nPhone support");

    const form = await answer<{ values: Record<string, unknown>; isNew: boolean }>(() =>
      editLoader({
        request: new Request(`${P}/platform/packages/${pro!.id}`, { headers: { Cookie: staff } }),
        context: platform,
        params: { id: pro!.id },
      }),
    );
    expect(form.data).toMatchObject({ isNew: false, values: { price: "29.99", active: true } });

    // An unchecked box sends nothing: the plan is withdrawn.
    const { active: _unchecked, ...withoutActive } = valid({ price: "35", stripePriceId: "price_123abc" });
    expect((await post(pro!.id, withoutActive)).status).toBe(302);
    expect((await post(pro!.id, { ...withoutActive, active: "yes" })).status).toBe(400);
    const [after] = await db.owner.select().from(packages).where(eq(packages.id, pro!.id));
    expect(after).toMatchObject({ priceCents: 3500, stripePriceId: "price_123abc", active: false });
  });

  it.each([
    ["no English name", { nameEn: "" }, "nameEn", "validation.planNameRequired"],
    ["markup in a name", { nameAr: "<b>x</b>" }, "nameAr", "validation.nameInvalid"],
    ["no price", { price: "" }, "price", "validation.priceRequired"],
    ["a price in words", { price: "ten" }, "price", "validation.priceInvalid"],
    ["three decimals", { price: "19.999" }, "price", "validation.priceInvalid"],
    ["a negative price", { price: "-1" }, "price", "validation.priceInvalid"],
    ["a huge price", { price: "1e9" }, "price", "validation.priceInvalid"],
    [
      "a product id for a price id",
      { stripePriceId: "prod_123" },
      "stripePriceId",
      "validation.stripePriceInvalid",
    ],
  ])("refuses %s with its message and changes nothing", async (_label, over, field, message) => {
    const before = await packageCount();
    const res = await post("new", valid(over));
    expect(res.status).toBe(400);
    expect(res.data.result?.error?.[field]).toEqual([message]);
    expect(await packageCount()).toBe(before);
    const [starter] = await db.owner.select().from(packages).where(eq(packages.id, starterId));
    expect((await post(starterId, valid(over))).status).toBe(400);
    expect((await db.owner.select().from(packages).where(eq(packages.id, starterId)))[0]).toEqual(starter);
  });

  it("answers 404 for a plan that does not exist", async () => {
    for (const id of [uuidv7(), "not-a-uuid"]) {
      const page = await answer(() =>
        editLoader({
          request: new Request(`${P}/platform/packages/${id}`, { headers: { Cookie: staff } }),
          context: platform,
          params: { id },
        }),
      );
      expect(page.status).toBe(404);
      expect((await post(id, valid())).status).toBe(404);
    }
  });

  it("is for staff only: anonymous visitors go to log in, a store's host has no such page", async () => {
    const before = await packageCount();
    const anonymous = await answer(() =>
      listLoader({ request: new Request(`${P}/platform/packages`), context: platform, params: {} }),
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect((await post("new", valid(), "")).status).toBe(302);
    // A store admin's session lives on the store's host, where platform pages answer 404.
    const onStore = await answer(() =>
      listLoader({
        request: new Request("http://shop.localhost:3000/platform/packages", { headers: { Cookie: admin } }),
        context: storeCtx,
        params: {},
      }),
    );
    expect(onStore.status).toBe(404);
    expect((await post("new", valid(), admin, storeCtx)).status).toBe(404);
    expect(await packageCount()).toBe(before);
  });
});
