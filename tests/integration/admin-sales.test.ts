/**
 * /admin/sales: the campaigns list (state filter, keyset pages), creating, editing and deleting a
 * sale through the routes, every field's validation (400, message under the field, nothing
 * written), scopes (a category includes its sub categories; chosen products), the best of two
 * overlapping sales, a sale that stops at its end, who may call it, another store's ids (404 or
 * refused), and the storefront's pages showing the new price on their next request.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, count, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, sales, saleTargets, users } from "~/db/schema";
import type { ListingPageData } from "~/http/catalog-page.server";
import { toZonedDateTimeValue } from "~/lib/time-zone";
import { action as editAction, loader as editLoader } from "~/routes/admin.sales.$id";
import { action as listAction, loader as listLoader } from "~/routes/admin.sales._index";
import { loader as categoryPage } from "~/routes/categories.$slug._index";
import { loader as productPage } from "~/routes/products.$slug";
import type { AdminSaleRow } from "~/services/discounts/sales.server";
import type { ProductDetail } from "~/services/catalog/products.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";
import { SETTLES } from "../helpers/eventually";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: AppLoadContext;
let adminCookie: string;
let shopperCookie: string;
let betaSaleId: string;
/** A product of store A outside every category. */
let looseProductId: string;
const A = "http://salesa.localhost:3000";
const HOUR = 60 * 60 * 1000;

type Reply = {
  result?: { error?: Record<string, string[]> } | null;
  notice?: { key: string };
};
type Fields = Record<string, string | string[]>;

function post(path: string, fields: Fields, cookie = adminCookie): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Origin: A });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${A}${path}`, { method: "POST", headers, body });
}

const save = (id: string, fields: Fields, cookie = adminCookie) =>
  answer<Reply>(() =>
    editAction({ request: post(`/admin/sales/${id}`, fields, cookie), context: ctx, params: { id } }),
  );
const removeFromList = (saleId: string, cookie = adminCookie) =>
  answer<Reply>(() =>
    listAction({
      request: post("/admin/sales", { intent: "delete", saleId }, cookie),
      context: ctx,
      params: {},
    }),
  );
const list = (query = "") =>
  answer<{ rows: AdminSaleRow[]; prevCursor: string | null; nextCursor: string | null }>(() =>
    listLoader({
      request: new Request(`${A}/admin/sales${query}`, { headers: { Cookie: adminCookie } }),
      context: ctx,
      params: {},
    }),
  );
const form = (id: string, query = "") =>
  answer<{
    sale: { id: string } | null;
    start: Record<string, unknown>;
    products: { chosen: { id: string }[]; matches: { id: string }[] };
  }>(() =>
    editLoader({
      request: new Request(`${A}/admin/sales/${id}${query}`, { headers: { Cookie: adminCookie } }),
      context: ctx,
      params: { id },
    }),
  );

/** The storefront's category listing of store A: slug → price shown. */
const categoryPrices = async () => {
  const res = await answer<ListingPageData>(() =>
    categoryPage({
      request: new Request(`${A}/categories/salesa-cat`),
      context: ctx,
      params: { slug: "salesa-cat" },
    }),
  );
  return Object.fromEntries(res.data.listing.products.map((p) => [p.slug, [p.priceCents, p.salePriceCents]]));
};
const productPrice = async (slug = "salesa-product") =>
  (
    await answer<{ product: ProductDetail }>(() =>
      productPage({ request: new Request(`${A}/products/${slug}`), context: ctx, params: { slug } }),
    )
  ).data.product.salePriceCents;

const saleCount = async (storeId = alpha.storeId) =>
  (await db.owner.select({ n: count() }).from(sales).where(eq(sales.storeId, storeId)))[0]!.n;
const targetCount = async () =>
  (await db.owner.select({ n: count() }).from(saleTargets).where(eq(saleTargets.storeId, alpha.storeId)))[0]!
    .n;

/** A valid form: 20 % on the whole store, running from an hour ago for a day. */
const valid = (overrides: Fields = {}): Fields => ({
  nameEn: "Weekend Sale",
  nameAr: "تخفيضات نهاية الأسبوع",
  kind: "percent",
  value: "20",
  scope: "store",
  startsAt: toZonedDateTimeValue(new Date(Date.now() - HOUR), "UTC"),
  endsAt: toZonedDateTimeValue(new Date(Date.now() + 24 * HOUR), "UTC"),
  ...overrides,
});

/** Creates a sale through the admin action and returns its id. */
async function create(fields: Fields): Promise<string> {
  const before = (
    await db.owner.select({ id: sales.id }).from(sales).where(eq(sales.storeId, alpha.storeId))
  ).map((row) => row.id);
  const res = await save("new", fields);
  expect(res.status, JSON.stringify(res.data)).toBe(302);
  const after = await db.owner.select({ id: sales.id }).from(sales).where(eq(sales.storeId, alpha.storeId));
  return after.find((row) => !before.includes(row.id))!.id;
}

/** Deletes every sale of store A (the owner connection), so each test starts at full price. */
async function clearSales() {
  await db.owner.delete(sales).where(eq(sales.storeId, alpha.storeId));
}

/** Notifications travel asynchronously on PostgreSQL: give them a moment. */

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores({ alpha: "salesa", beta: "salesb" }));
  looseProductId = uuidv7();
  await db.owner.insert(products).values({
    storeId: alpha.storeId,
    id: looseProductId,
    slug: "salesa-loose",
    nameEn: "Loose blue ink",
    nameAr: "حبر أزرق",
    priceCents: 2000,
    stock: 5,
  });
  const adminId = uuidv7();
  await db.owner.insert(users).values({
    storeId: alpha.storeId,
    id: adminId,
    email: "admin@salesa.test",
    name: "Admin",
    isAdmin: true,
  });
  adminCookie = await userCookie(alpha.storeId, adminId, A);
  shopperCookie = await userCookie(alpha.storeId, alpha.userId, A);
  betaSaleId = uuidv7();
  await db.owner.insert(sales).values({
    storeId: beta.storeId,
    id: betaSaleId,
    nameEn: "Beta sale",
    nameAr: "تخفيض ب",
    kind: "percent",
    value: 50,
    scope: "store",
    startsAt: new Date(Date.now() - HOUR),
    endsAt: new Date(Date.now() + HOUR),
  });
});
afterAll(async () => {
  await db.dispose();
});

describe("admin sales: create, edit, delete", () => {
  it("creates a 20 % sale on a category; its sub category's product shows the sale price at once", async () => {
    await clearSales();
    expect(await categoryPrices()).toEqual({ "salesa-product": [1250, 1250] });
    expect(await productPrice()).toBe(1250);
    const id = await create(valid({ scope: "categories", categoryIds: [alpha.categoryId] }));
    const [row] = await db.owner.select().from(sales).where(eq(sales.id, id));
    expect(row).toMatchObject({ kind: "percent", value: 20, scope: "categories", active: true });
    const targets = await db.owner.select().from(saleTargets).where(eq(saleTargets.saleId, id));
    expect(targets.map((t) => [t.categoryId, t.productId])).toEqual([[alpha.categoryId, null]]);
    // The product is filed under the category's sub category: the sale covers it.
    expect(await categoryPrices()).toEqual({ "salesa-product": [1250, 1000] });
    expect(await productPrice()).toBe(1000);
    expect(await productPrice("salesa-loose")).toBe(2000);

    const listed = await list();
    expect(listed.data.rows.map((r) => [r.nameEn, r.kind, r.value, r.scope, r.targetCount, r.state])).toEqual(
      [["Weekend Sale", "percent", 20, "categories", 1, "running"]],
    );
  });

  it("a sale on a sub category covers its products only", async () => {
    await clearSales();
    await create(valid({ scope: "categories", categoryIds: [alpha.subcategoryId], value: "10" }));
    expect(await productPrice()).toBe(1125);
    expect(await productPrice("salesa-loose")).toBe(2000);
  });

  it("edits a sale into a fixed amount on chosen products, and the form shows what is saved", async () => {
    await clearSales();
    const id = await create(valid());
    expect(await productPrice("salesa-loose")).toBe(1600);
    const res = await save(
      id,
      valid({ kind: "fixed", value: "5.5", scope: "products", productIds: [looseProductId] }),
    );
    expect(res.status).toBe(302);
    const [row] = await db.owner.select().from(sales).where(eq(sales.id, id));
    expect(row).toMatchObject({ kind: "fixed", value: 550, scope: "products" });
    expect(await productPrice("salesa-loose")).toBe(1450);
    expect(await productPrice()).toBe(1250);
    const loaded = await form(id);
    expect(loaded.status).toBe(200);
    expect(loaded.data.start).toMatchObject({
      kind: "fixed",
      value: "5.50",
      scope: "products",
      productIds: [looseProductId],
    });
    expect(loaded.data.products.chosen.map((p) => p.id)).toEqual([looseProductId]);
  });

  it("applies the best of two overlapping sales", async () => {
    await clearSales();
    await create(valid({ value: "10" }));
    await create(valid({ kind: "fixed", value: "5.00", scope: "products", productIds: [alpha.productId] }));
    // 10 % of 12.50 is 1.25 off; 5.00 off is better for salesa-product, 10 % for the 20.00 ink (2.00 < 5.00).
    expect(await productPrice()).toBe(750);
    expect(await productPrice("salesa-loose")).toBe(1800);
  });

  it("deletes a sale from the list and from its page; prices go back", async () => {
    await clearSales();
    const first = await create(valid());
    const second = await create(valid({ value: "30" }));
    expect(await productPrice()).toBe(875);
    const fromList = await removeFromList(second);
    expect(fromList.status).toBe(302);
    expect(await productPrice()).toBe(1000);
    const fromPage = await save(first, { intent: "delete", saleId: first });
    expect(fromPage.status).toBe(302);
    expect(await saleCount()).toBe(0);
    expect(await targetCount()).toBe(0);
    expect(await productPrice()).toBe(1250);
    // Gone: a second delete is a 404.
    expect((await removeFromList(first)).status).toBe(404);
  });

  it("stops a sale at its end without any row changing then", async () => {
    await clearSales();
    const id = await create(valid());
    // Move the end a moment ahead (a form works in minutes): the write itself refreshes the page.
    const endsAt = new Date(Date.now() + 1_500);
    await db.owner.update(sales).set({ endsAt }).where(eq(sales.id, id));
    await expect.poll(() => productPrice(), SETTLES).toBe(1000);
    expect(Date.now()).toBeLessThan(endsAt.getTime());
    await expect.poll(() => productPrice(), { timeout: 6_000, interval: 100 }).toBe(1250);
    expect(Date.now()).toBeGreaterThanOrEqual(endsAt.getTime());
    expect((await list("?state=ended")).data.rows.map((r) => r.id)).toEqual([id]);
  });
});

describe("admin sales: validation", () => {
  const cases: [string, Fields, string, string][] = [
    ["English name missing", { nameEn: "" }, "nameEn", "admin.sales.errors.nameEnRequired"],
    ["Arabic name missing", { nameAr: "  " }, "nameAr", "admin.sales.errors.nameArRequired"],
    ["name with markup", { nameEn: "<b>Sale</b>" }, "nameEn", "validation.textInvalid"],
    ["name too long", { nameAr: "س".repeat(81) }, "nameAr", "validation.fieldTooLong"],
    ["unknown kind", { kind: "bogo" }, "kind", "admin.sales.errors.kindRequired"],
    ["no discount", { value: "" }, "value", "admin.sales.errors.valueRequired"],
    ["percent 0", { value: "0" }, "value", "admin.sales.errors.percentInvalid"],
    ["percent 101", { value: "101" }, "value", "admin.sales.errors.percentInvalid"],
    ["percent with decimals", { value: "12.5" }, "value", "admin.sales.errors.percentInvalid"],
    ["negative percent", { value: "-5" }, "value", "admin.sales.errors.percentInvalid"],
    ["fixed 0", { kind: "fixed", value: "0.00" }, "value", "admin.sales.errors.amountInvalid"],
    ["fixed with 3 decimals", { kind: "fixed", value: "5.001" }, "value", "admin.sales.errors.amountInvalid"],
    ["fixed too large", { kind: "fixed", value: "10000.01" }, "value", "admin.sales.errors.amountInvalid"],
    ["fixed in exponent", { kind: "fixed", value: "1e3" }, "value", "admin.sales.errors.amountInvalid"],
    ["unknown scope", { scope: "everything" }, "scope", "admin.sales.errors.scopeRequired"],
    [
      "categories, none chosen",
      { scope: "categories" },
      "categoryIds",
      "admin.sales.errors.chooseCategories",
    ],
    ["products, none chosen", { scope: "products" }, "productIds", "admin.sales.errors.chooseProducts"],
    [
      "malformed category id",
      { scope: "categories", categoryIds: ["1; drop"] },
      "categoryIds[0]",
      "validation.choiceInvalid",
    ],
    ["start missing", { startsAt: "" }, "startsAt", "admin.sales.errors.startRequired"],
    ["start not a date", { startsAt: "2026-02-30T10:00" }, "startsAt", "admin.sales.errors.dateInvalid"],
    ["end in another format", { endsAt: "tomorrow" }, "endsAt", "admin.sales.errors.dateInvalid"],
    [
      "end before start",
      { startsAt: "2026-06-02T10:00", endsAt: "2026-06-01T10:00" },
      "endsAt",
      "admin.sales.errors.endBeforeStart",
    ],
    [
      "end equal to start",
      { startsAt: "2026-06-02T10:00", endsAt: "2026-06-02T10:00" },
      "endsAt",
      "admin.sales.errors.endBeforeStart",
    ],
  ];
  it.each(cases)(
    "%s → 400 with the message under the field, nothing written",
    async (_, overrides, field, key) => {
      await clearSales();
      const res = await save("new", valid(overrides));
      expect(res.status).toBe(400);
      expect(res.data.result?.error?.[field]).toEqual([key]);
      expect(await saleCount()).toBe(0);
    },
  );

  it("an edit refused changes nothing", async () => {
    await clearSales();
    const id = await create(valid());
    const res = await save(id, valid({ value: "200", nameEn: "Changed" }));
    expect(res.status).toBe(400);
    const [row] = await db.owner.select().from(sales).where(eq(sales.id, id));
    expect(row).toMatchObject({ nameEn: "Weekend Sale", value: 20 });
  });

  it("an unknown intent is a 400 and writes nothing (the form itself sends none: it saves)", async () => {
    await clearSales();
    const res = await save("new", valid({ intent: "publish" }));
    expect(res.status).toBe(400);
    expect(res.data.notice?.key).toBe("errors.badRequest");
    expect(await saleCount()).toBe(0);
    const id = await create(valid());
    const edit = await save(id, valid({ intent: "toString", nameEn: "Changed" }));
    expect(edit.status).toBe(400);
    const [row] = await db.owner.select().from(sales).where(eq(sales.id, id));
    expect(row).toMatchObject({ nameEn: "Weekend Sale" });
  });

  it("a malformed delete is a 400", async () => {
    expect((await removeFromList("not-a-uuid")).status).toBe(400);
  });
});

describe("admin sales: other stores and other people", () => {
  it("404s for another store's sale, to read, edit or delete, and leaves it alone", async () => {
    expect((await form(betaSaleId)).status).toBe(404);
    expect((await form("not-a-uuid")).status).toBe(404);
    expect((await save(betaSaleId, valid())).status).toBe(404);
    expect((await save(betaSaleId, { intent: "delete", saleId: betaSaleId })).status).toBe(404);
    expect((await removeFromList(betaSaleId)).status).toBe(404);
    const [row] = await db.owner.select().from(sales).where(eq(sales.id, betaSaleId));
    expect(row).toMatchObject({ nameEn: "Beta sale", value: 50 });
    expect((await list()).data.rows.map((r) => r.id)).not.toContain(betaSaleId);
  });

  it("refuses another store's category or product in a scope, writing nothing", async () => {
    await clearSales();
    const category = await save(
      "new",
      valid({ scope: "categories", categoryIds: [alpha.categoryId, beta.categoryId] }),
    );
    expect(category.status).toBe(400);
    expect(category.data.result?.error?.categoryIds).toEqual(["validation.choiceInvalid"]);
    const product = await save("new", valid({ scope: "products", productIds: [beta.productId] }));
    expect(product.status).toBe(400);
    expect(product.data.result?.error?.productIds).toEqual(["validation.choiceInvalid"]);
    expect(await saleCount()).toBe(0);
    expect(await targetCount()).toBe(0);
    // The product picker never lists store B's products either.
    const picker = await form(
      "new",
      `?__intent__=search-products&productQ=salesb&productIds=${beta.productId}`,
    );
    expect(picker.data.products.chosen).toEqual([]);
    expect(picker.data.products.matches).toEqual([]);
  });

  it("403s a shopper and sends a visitor to log in", async () => {
    const before = await saleCount();
    expect((await save("new", valid(), shopperCookie)).status).toBe(403);
    expect((await removeFromList(betaSaleId, shopperCookie)).status).toBe(403);
    const anonymous = await save("new", valid(), "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/login");
    expect(await saleCount()).toBe(before);
  });
});

describe("admin sales: the list and the picker", () => {
  it("filters by state and pages with keyset cursors", async () => {
    await clearSales();
    const now = Date.now();
    const rows = Array.from({ length: 27 }, (_, i) => ({
      storeId: alpha.storeId,
      id: uuidv7(),
      nameEn: `Sale ${i}`,
      nameAr: `تخفيض ${i}`,
      kind: "percent" as const,
      value: 1,
      scope: "products" as const,
      // 0–9 ended, 10–19 running, 20–26 scheduled; each starts a minute after the one before.
      startsAt: new Date(now + i * 60_000 + (i < 20 ? -2 * HOUR : HOUR)),
      endsAt: new Date(now + (i < 10 ? -HOUR / 2 : 3 * HOUR)),
    }));
    await db.owner.insert(sales).values(rows);
    const first = await list();
    expect(first.data.rows).toHaveLength(25);
    expect(first.data.rows[0]!.nameEn).toBe("Sale 26");
    expect(first.data.prevCursor).toBeNull();
    const second = await list(`?cursor=${first.data.nextCursor}`);
    expect(second.data.rows.map((r) => r.nameEn)).toEqual(["Sale 1", "Sale 0"]);
    expect(second.data.nextCursor).toBeNull();
    const back = await list(`?cursor=${second.data.prevCursor}`);
    expect(back.data.rows.map((r) => r.id)).toEqual(first.data.rows.map((r) => r.id));
    expect((await list("?cursor=tampered")).data.rows[0]!.nameEn).toBe("Sale 26");
    const states = async (state: string) => (await list(`?state=${state}`)).data.rows.map((r) => r.state);
    expect(await states("scheduled")).toEqual(Array(7).fill("scheduled"));
    expect(await states("running")).toEqual(Array(10).fill("running"));
    expect(await states("ended")).toEqual(Array(10).fill("ended"));
    expect((await list("?state=bogus")).data.rows).toHaveLength(25);
    await clearSales();
  });

  it("keeps what was typed when the product search sends the form, and lists the matches", async () => {
    const query = new URLSearchParams({
      __intent__: "search-products",
      nameEn: "Draft",
      scope: "products",
      productQ: "blue",
    });
    query.append("productIds", alpha.productId);
    const res = await form("new", `?${query}`);
    expect(res.status).toBe(200);
    expect(res.data.start).toMatchObject({
      nameEn: "Draft",
      scope: "products",
      productIds: [alpha.productId],
    });
    expect(res.data.products.chosen.map((p) => p.id)).toEqual([alpha.productId]);
    expect(res.data.products.matches.map((p) => p.id)).toEqual([looseProductId]);
  });
});

describe("admin sales: data isolation in the database", () => {
  it("store B's sale never prices store A's products", async () => {
    await clearSales();
    expect(await productPrice()).toBe(1250);
    const betaRows = await db.owner
      .select({ n: count() })
      .from(sales)
      .where(and(eq(sales.storeId, beta.storeId), eq(sales.id, betaSaleId)));
    expect(betaRows[0]!.n).toBe(1);
  });
});
