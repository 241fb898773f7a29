/**
 * The Admin API (issue 38, decision 045) on the demo stores, through the route modules as Remix
 * calls them: tokens of this store only (another store's, revoked or expired: 401), scopes (403,
 * nothing changed), cross-tenant ids (404), the order steps through the admin's service with the
 * token named in the activity log, If-Match (412), Idempotency-Key (replay, 422), bad input (4xx,
 * nothing changed), the leaky bucket's 429 and its headers, and that nobody grants a token more
 * than they hold.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiTokens,
  auditLog,
  categories,
  discountCodes,
  orders,
  productVariants,
  products,
  stores,
  users,
} from "~/db/schema";
import { DEMO_API_TOKEN, seedDemo } from "~/db/seed";
import { API_RATE_LIMIT } from "~/http/api.server";
import { createApiToken, revokeApiToken } from "~/services/api/tokens.server";
import { loader as categoriesLoader, action as categoriesPost } from "~/routes/api.v1.categories";
import { loader as ordersLoader } from "~/routes/api.v1.orders._index";
import { loader as orderLoader } from "~/routes/api.v1.orders.$number._index";
import { action as stepAction } from "~/routes/api.v1.orders.$number.$step";
import { loader as productsLoader, action as productsPost } from "~/routes/api.v1.products._index";
import { loader as productLoader, action as productAction } from "~/routes/api.v1.products.$id._index";
import { action as stockAction } from "~/routes/api.v1.products.$id.stock";
import { loader as notFoundLoader } from "~/routes/api.v1.$";
import { loader as customersLoader } from "~/routes/api.v1.customers._index";
import { loader as customerLoader } from "~/routes/api.v1.customers.$id";
import { loader as codesLoader, action as codesAction } from "~/routes/api.v1.discount-codes._index";
import { loader as codeLoader } from "~/routes/api.v1.discount-codes.$id";
import { loader as inventoryLoader } from "~/routes/api.v1.inventory";
import { apiToken, callApi, type ApiCall, type ApiHandler, type ApiReply } from "../helpers/api";
import { createTestDb, type TestDb } from "../helpers/db";
import { MATRIX_STORES } from "../helpers/matrix/demo";
import { answer, contextFor, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";
import { action as pageAction, loader as pageLoader } from "~/routes/admin.api._index";

const HOST_A = "dyes.localhost";
const HOST_B = "inks.localhost";
const ORIGIN_A = `http://${HOST_A}:3000`;
const ORIGIN_B = `http://${HOST_B}:3000`;

let db: TestDb;
let ctxA: AppLoadContext;
let ctxB: AppLoadContext;
let storeA: string;
let storeB: string;
let ownerA: string;
let ordersStaffA: string;
let ownerB: string;

/** `path` on store A's host (or B's). */
function call(
  handler: ApiHandler,
  path: string,
  options: ApiCall & { host?: "A" | "B" } = {},
): Promise<ApiReply> {
  const { host, ...rest } = options;
  return callApi(handler, `${host === "B" ? ORIGIN_B : ORIGIN_A}${path}`, host === "B" ? ctxB : ctxA, rest);
}

async function userId(storeId: string, email: string): Promise<string> {
  const [row] = await db.owner
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.email, email)));
  return row!.id;
}

const token = apiToken;

async function orderRow(number: number, storeId = storeA) {
  const [row] = await db.owner
    .select({ status: orders.status, trackingNumber: orders.trackingNumber, updatedAt: orders.updatedAt })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.number, number)));
  return row!;
}

async function orderWith(status: string, storeId = storeA): Promise<number> {
  const [row] = await db.owner
    .select({ number: orders.number })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), sql`${orders.status} = ${status}`))
    .orderBy(orders.number)
    .limit(1);
  if (row) return row.number;
  // Make one: the first order, moved to that state (the seed's mix varies with the trimmed stores).
  const [first] = await db.owner
    .select({ number: orders.number })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), sql`${orders.status} not in ('shipped', 'delivered')`))
    .orderBy(desc(orders.number))
    .limit(1);
  await db.owner.execute(
    sql`update orders set status = ${status}, payment_status = 'unpaid', payment_method = 'cod' where store_id = ${storeId} and number = ${first!.number}`,
  );
  return first!.number;
}

async function firstProduct(storeId: string) {
  const [row] = await db.owner
    .select({ id: products.id, variantId: productVariants.id, stock: productVariants.stock })
    .from(products)
    .innerJoin(
      productVariants,
      and(eq(productVariants.storeId, products.storeId), eq(productVariants.productId, products.id)),
    )
    .where(eq(products.storeId, storeId))
    .orderBy(products.slug, productVariants.id)
    .limit(1);
  return row!;
}

const codeCount = async (storeId: string, code: string) =>
  (
    await db.owner
      .select({ n: sql<number>`count(*)::int` })
      .from(discountCodes)
      .where(
        and(eq(discountCodes.storeId, storeId), sql`lower(${discountCodes.code}) = ${code.toLowerCase()}`),
      )
  )[0]!.n;

const stockOf = async (variantId: string) =>
  (
    await db.owner
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId))
  )[0]!.stock;

beforeAll(async () => {
  db = await createTestDb();
  await seedDemo(db, { stores: MATRIX_STORES });
  ctxA = await contextFor(db, HOST_A);
  ctxB = await contextFor(db, HOST_B);
  const rows = await db.owner.select({ id: stores.id, slug: stores.slug }).from(stores);
  storeA = rows.find((row) => row.slug === "dyes")!.id;
  storeB = rows.find((row) => row.slug === "inks")!.id;
  ownerA = await userId(storeA, "admin@dyes.test");
  ordersStaffA = await userId(storeA, "orders@dyes.test");
  const [adminB] = await db.owner
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeB), eq(users.isAdmin, true)))
    .limit(1);
  ownerB = adminB!.id;
});

afterAll(async () => {
  await db?.dispose();
});

describe("tokens", () => {
  it("keeps only a hash and a recognisable prefix of the secret", async () => {
    const secret = await token(storeA, ownerA, ["orders.view"], "Hash check");
    expect(secret).toMatch(/^sfat_[A-Za-z0-9_-]{43}$/);
    const [row] = await db.owner.select().from(apiTokens).where(eq(apiTokens.name, "Hash check"));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(secret);
    expect(secret.startsWith(row!.prefix)).toBe(true);
    expect(row!.prefix.length).toBeLessThan(15);
  });

  it("refuses to grant scopes the person does not hold, and writes nothing", async () => {
    const before = await db.owner.select({ n: sql<number>`count(*)::int` }).from(apiTokens);
    const made = await createApiToken(storeA, ordersStaffA, {
      name: "Escalation",
      scopes: ["orders.view", "products.edit"],
      expiresAt: null,
    });
    expect(made).toEqual({ ok: false, error: "escalation" });
    const after = await db.owner.select({ n: sql<number>`count(*)::int` }).from(apiTokens);
    expect(after[0]!.n).toBe(before[0]!.n);
    // Within what they hold it works.
    expect(
      (await createApiToken(storeA, ordersStaffA, { name: "Own", scopes: ["orders.view"], expiresAt: null }))
        .ok,
    ).toBe(true);
  });

  it("answers 401 without a token, with a malformed one, and with another store's", async () => {
    const tokenB = await token(storeB, ownerB, ["orders.view"]);
    for (const options of [{}, { token: "nope" }, { token: "sfat_" + "x".repeat(43) }, { token: tokenB }]) {
      const reply = await call(ordersLoader, "/api/v1/orders", options);
      expect(reply.status).toBe(401);
      expect(reply.body.error.code).toBe("unauthorized");
      expect(reply.headers.get("WWW-Authenticate")).toContain("Bearer");
    }
    // On its own store's host the same token works.
    expect((await call(ordersLoader, "/api/v1/orders", { token: tokenB, host: "B" })).status).toBe(200);
  });

  it("records when and from where a token was last used", async () => {
    const secret = await token(storeA, ownerA, ["orders.view"], "Last used");
    expect((await call(ordersLoader, "/api/v1/orders", { token: secret })).status).toBe(200);
    const [row] = await db.owner.select().from(apiTokens).where(eq(apiTokens.name, "Last used"));
    expect(row!.lastUsedAt).not.toBeNull();
    expect(row!.lastUsedIp).toBe("203.0.113.7");
  });

  it("a revoked token is refused on the next request", async () => {
    const secret = await token(storeA, ownerA, ["orders.view"], "To revoke");
    expect((await call(ordersLoader, "/api/v1/orders", { token: secret })).status).toBe(200);
    const [row] = await db.owner
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(eq(apiTokens.name, "To revoke"));
    expect((await revokeApiToken(storeA, row!.id)).ok).toBe(true);
    const refused = await call(ordersLoader, "/api/v1/orders", { token: secret });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toMatch(/revoked/);
    // Another store cannot revoke it (its id is unknown there).
    expect(await revokeApiToken(storeB, row!.id)).toEqual({ ok: false, error: "not-found" });
  });

  it("an expired token is refused", async () => {
    const made = await createApiToken(storeA, ownerA, {
      name: "Expiring",
      scopes: ["orders.view"],
      expiresAt: new Date(Date.now() + 60_000),
    });
    if (!made.ok) throw new Error(made.error);
    expect((await call(ordersLoader, "/api/v1/orders", { token: made.secret })).status).toBe(200);
    await db.owner
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, made.id));
    const refused = await call(ordersLoader, "/api/v1/orders", { token: made.secret });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toMatch(/expired/);
  });

  it("a token loses what its creator no longer holds", async () => {
    const secret = await token(storeA, ordersStaffA, ["orders.view"], "Staff token");
    expect((await call(ordersLoader, "/api/v1/orders", { token: secret })).status).toBe(200);
    await db.owner.update(users).set({ staffPreset: "catalogue" }).where(eq(users.id, ordersStaffA));
    try {
      expect((await call(ordersLoader, "/api/v1/orders", { token: secret })).status).toBe(403);
    } finally {
      await db.owner.update(users).set({ staffPreset: "orders" }).where(eq(users.id, ordersStaffA));
    }
  });
});

describe("scopes", () => {
  it("a token without the scope gets 403 on every endpoint, and nothing changes", async () => {
    const secret = await token(storeA, ownerA, ["reports.view"], "No scopes");
    const product = await firstProduct(storeA);
    const number = await orderWith("confirmed");
    const before = await orderRow(number);
    const stock = await stockOf(product.variantId);
    const probes: [ApiHandler, string, Record<string, string>, unknown?][] = [
      [productsLoader, "/api/v1/products", {}],
      [productLoader, `/api/v1/products/${product.id}`, { id: product.id }],
      [productAction, `/api/v1/products/${product.id}`, { id: product.id }, { active: false }],
      [
        stockAction,
        `/api/v1/products/${product.id}/stock`,
        { id: product.id },
        { variantId: product.variantId, delta: 5 },
      ],
      [
        productsPost,
        "/api/v1/products",
        {},
        { nameEn: "No scope", nameAr: "بلا صلاحية", priceCents: 100, stock: 1 },
      ],
      [categoriesLoader, "/api/v1/categories", {}],
      [ordersLoader, "/api/v1/orders", {}],
      [orderLoader, `/api/v1/orders/${number}`, { number: String(number) }],
      [stepAction, `/api/v1/orders/${number}/ship`, { number: String(number), step: "ship" }, {}],
      [inventoryLoader, "/api/v1/inventory", {}],
      [customersLoader, "/api/v1/customers", {}],
      [customerLoader, `/api/v1/customers/${ownerA}`, { id: ownerA }],
      [codesLoader, "/api/v1/discount-codes", {}],
      [codesAction, "/api/v1/discount-codes", {}, { code: "NOSCOPE", kind: "free_shipping", value: 0 }],
    ];
    for (const [handler, path, params, body] of probes) {
      const reply = await call(handler, path, { token: secret, params, body });
      expect(reply.status, path).toBe(403);
      expect(reply.body.error.code).toBe("forbidden");
    }
    expect(await orderRow(number)).toEqual(before);
    expect(await stockOf(product.variantId)).toBe(stock);
    expect(await codeCount(storeA, "NOSCOPE")).toBe(0);
  });

  it("orders.view reads but does not change orders", async () => {
    const secret = await token(storeA, ownerA, ["orders.view"]);
    const number = await orderWith("confirmed");
    expect(
      (
        await call(orderLoader, `/api/v1/orders/${number}`, {
          token: secret,
          params: { number: String(number) },
        })
      ).status,
    ).toBe(200);
    const refused = await call(stepAction, `/api/v1/orders/${number}/ship`, {
      token: secret,
      params: { number: String(number), step: "ship" },
      body: {},
    });
    expect(refused.status).toBe(403);
    expect((await orderRow(number)).status).toBe("confirmed");
  });
});

describe("reading", () => {
  it("lists orders by status, with cursors, and validates the filters", async () => {
    const secret = await token(storeA, ownerA, ["orders.view"]);
    const all = await call(ordersLoader, "/api/v1/orders", { token: secret });
    expect(all.status).toBe(200);
    expect(all.headers.get("Content-Type")).toContain("application/json");
    expect(all.headers.get("Cache-Control")).toBe("no-store");
    expect(all.headers.get("X-RateLimit-Limit")).toBe(String(API_RATE_LIMIT.burst));
    expect(all.body.data.length).toBeGreaterThan(0);
    const confirmed = await call(ordersLoader, "/api/v1/orders?status=confirmed", { token: secret });
    expect(confirmed.body.data.every((o: { status: string }) => o.status === "confirmed")).toBe(true);
    const bad = await call(ordersLoader, "/api/v1/orders?status=lost", { token: secret });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.status).toBeDefined();
    const unknown = await call(ordersLoader, "/api/v1/orders?colour=red", { token: secret });
    expect(unknown.status).toBe(400);
  });

  it("pages products with a cursor, and gets one with its variants and tax class", async () => {
    const secret = await token(storeA, ownerA, ["products.edit"]);
    const first = await call(productsLoader, "/api/v1/products", { token: secret });
    expect(first.status).toBe(200);
    const ids = new Set(first.body.data.map((p: { id: string }) => p.id));
    if (first.body.nextCursor) {
      const next = await call(
        productsLoader,
        `/api/v1/products?cursor=${encodeURIComponent(first.body.nextCursor)}`,
        {
          token: secret,
        },
      );
      expect(next.status).toBe(200);
      for (const p of next.body.data) expect(ids.has(p.id)).toBe(false);
    }
    const product = await firstProduct(storeA);
    const one = await call(productLoader, `/api/v1/products/${product.id}`, {
      token: secret,
      params: { id: product.id },
    });
    expect(one.status).toBe(200);
    expect(one.body.data.variants.length).toBeGreaterThan(0);
    expect(["standard", "zero-rated", "exempt"]).toContain(one.body.data.taxClass);
    expect(one.headers.get("ETag")).toMatch(/^".+"$/);
    const inactive = await call(productsLoader, "/api/v1/products?status=inactive", { token: secret });
    expect(inactive.body.data.every((p: { active: boolean }) => !p.active)).toBe(true);
  });

  it("lists categories", async () => {
    const secret = await token(storeA, ownerA, ["categories.edit"]);
    const reply = await call(categoriesLoader, "/api/v1/categories", { token: secret });
    expect(reply.status).toBe(200);
    expect(reply.body.data.length).toBeGreaterThan(0);
  });

  it("another store's product id or a malformed one is 404, and so is an unknown path", async () => {
    const secret = await token(storeA, ownerA, ["products.edit", "orders.view"]);
    const productB = await firstProduct(storeB);
    for (const id of [productB.id, "not-a-uuid"]) {
      const reply = await call(productLoader, `/api/v1/products/${id}`, { token: secret, params: { id } });
      expect(reply.status).toBe(404);
      expect(reply.body.error.code).toBe("not_found");
    }
    const stockB = await stockOf(productB.variantId);
    const write = await call(stockAction, `/api/v1/products/${productB.id}/stock`, {
      token: secret,
      params: { id: productB.id },
      body: { variantId: productB.variantId, delta: 3 },
    });
    expect(write.status).toBe(404);
    expect(await stockOf(productB.variantId)).toBe(stockB);
    const missing = await call(orderLoader, "/api/v1/orders/999999", {
      token: secret,
      params: { number: "999999" },
    });
    expect(missing.status).toBe(404);
    expect((await call(notFoundLoader as ApiHandler, "/api/v1/nothing")).status).toBe(404);
  });
});

describe("creating products", () => {
  const productNamed = async (storeId: string, nameEn: string) =>
    db.owner
      .select({ id: products.id, slug: products.slug, active: products.active })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.nameEn, nameEn)));

  it("makes a product of one variant through the admin's save, logged under the token", async () => {
    const secret = await token(storeA, ownerA, ["products.edit"], "ERP sync");
    const reply = await call(productsPost, "/api/v1/products", {
      token: secret,
      body: {
        nameEn: "API Saffron Dye",
        nameAr: "صبغة الزعفران",
        descriptionEn: "Made by a script.",
        priceCents: 1250,
        stock: 7,
        taxClass: "zero-rated",
      },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.data).toMatchObject({
      slug: "api-saffron-dye",
      nameAr: "صبغة الزعفران",
      priceCents: 1250,
      stock: 7,
      taxClass: "zero-rated",
      active: true,
    });
    expect(reply.body.data.variants).toHaveLength(1);
    const [logged] = await db.owner
      .select({ actorName: auditLog.actorName, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.storeId, storeA), eq(auditLog.entityId, reply.body.data.id)));
    expect(logged).toEqual({ actorName: "API token: ERP sync", action: "product.create" });
    // A second one of the same name gets the next free slug.
    const again = await call(productsPost, "/api/v1/products", {
      token: secret,
      body: { nameEn: "API Saffron Dye", nameAr: "صبغة الزعفران", priceCents: 1300, stock: 1 },
    });
    expect(again.body.data.slug).toBe("api-saffron-dye-2");
  });

  it("refuses bad input, a taken slug and another store's category with 400, and makes nothing", async () => {
    const secret = await token(storeA, ownerA, ["products.edit"]);
    const [categoryB] = await db.owner
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.storeId, storeB))
      .limit(1);
    const [taken] = await db.owner
      .select({ slug: products.slug })
      .from(products)
      .where(eq(products.storeId, storeA))
      .limit(1);
    const base = { nameEn: "Refused Product", nameAr: "منتج مرفوض", priceCents: 100, stock: 1 };
    for (const body of [
      { ...base, nameAr: "" },
      { ...base, priceCents: -1 },
      { ...base, priceCents: 12.5 },
      { ...base, stock: 2_000_000 },
      { ...base, priceCents: 10 ** 9 },
      { ...base, slug: "Not A Slug!" },
      { ...base, slug: taken!.slug },
      { ...base, categoryId: categoryB!.id },
      { ...base, subcategoryId: categoryB!.id },
      { ...base, images: [] },
    ]) {
      const reply = await call(productsPost, "/api/v1/products", { token: secret, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(reply.body.error.fields ?? {}).length, JSON.stringify(reply.body)).toBeGreaterThan(
        0,
      );
    }
    expect(await productNamed(storeA, "Refused Product")).toEqual([]);
  });
});

describe("inventory levels", () => {
  it("pages every variant of this store once, finds one by SKU, and filters by low stock", async () => {
    const secret = await token(storeA, ownerA, ["products.edit"]);
    const [{ n: variantCount }] = (await db.owner
      .select({ n: sql<number>`count(*)::int` })
      .from(productVariants)
      .where(eq(productVariants.storeId, storeA))) as [{ n: number }];
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const reply: ApiReply = await call(
        inventoryLoader,
        `/api/v1/inventory${cursor ? `?cursor=${cursor}` : ""}`,
        { token: secret },
      );
      expect(reply.status).toBe(200);
      seen.push(...reply.body.data.map((row: { variantId: string }) => row.variantId));
      cursor = reply.body.nextCursor;
    } while (cursor);
    expect(seen.length).toBe(variantCount);
    expect(new Set(seen).size).toBe(variantCount);
    const product = await firstProduct(storeA);
    await db.owner
      .update(productVariants)
      .set({ sku: "API-INV-1", stock: 2 })
      .where(eq(productVariants.id, product.variantId));
    const bySku = await call(inventoryLoader, "/api/v1/inventory?sku=api-inv-1", { token: secret });
    expect(bySku.body.data).toEqual([
      expect.objectContaining({ variantId: product.variantId, sku: "API-INV-1", stock: 2 }),
    ]);
    const low = await call(inventoryLoader, "/api/v1/inventory?below=3", { token: secret });
    const lowStocks: number[] = low.body.data.map((row: { stock: number }) => row.stock);
    expect(lowStocks.length).toBeGreaterThan(0);
    expect(lowStocks.every((stock) => stock < 3)).toBe(true);
    // Store B's variants never show on A's host, whatever the SKU.
    const productB = await firstProduct(storeB);
    await db.owner
      .update(productVariants)
      .set({ sku: "API-INV-B" })
      .where(eq(productVariants.id, productB.variantId));
    const fromB = await call(inventoryLoader, "/api/v1/inventory?sku=API-INV-B", { token: secret });
    expect(fromB.body.data).toEqual([]);
    for (const query of ["?below=-1", "?below=lots", "?sku=", "?stray=1"]) {
      expect((await call(inventoryLoader, `/api/v1/inventory${query}`, { token: secret })).status).toBe(400);
    }
  });
});

describe("customers and discount codes", () => {
  it("lists and gets this store's customers only; another store's id is 404", async () => {
    const secret = await token(storeA, ownerA, ["customers.view"]);
    const list = await call(customersLoader, "/api/v1/customers?q=dyes.test", { token: secret });
    expect(list.status).toBe(200);
    const emails: string[] = list.body.data.map((row: { email: string }) => row.email);
    expect(emails).toContain("admin@dyes.test");
    expect(emails.every((email) => email.endsWith("dyes.test"))).toBe(true);
    const own = await call(customerLoader, `/api/v1/customers/${ownerA}`, {
      token: secret,
      params: { id: ownerA },
    });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ email: "admin@dyes.test", isStaff: true });
    for (const id of [ownerB, "not-a-uuid"]) {
      const reply = await call(customerLoader, `/api/v1/customers/${id}`, { token: secret, params: { id } });
      expect(reply.status).toBe(404);
    }
    const inB = await call(customersLoader, "/api/v1/customers?q=inks", { token: secret });
    expect(inB.body.data).toEqual([]);
  });

  it("creates a code through the admin's rules: logged under the token, taken codes 409, bad input 400", async () => {
    const secret = await token(storeA, ownerA, ["discounts.edit"], "Marketing tool");
    const made = await call(codesAction, "/api/v1/discount-codes", {
      token: secret,
      body: { code: "APIWELCOME", kind: "fixed", value: 500, minSubtotalCents: 2000 },
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ code: "APIWELCOME", kind: "fixed", value: 500, state: "active" });
    const [logged] = await db.owner
      .select({ actorName: auditLog.actorName, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.storeId, storeA), eq(auditLog.entityId, made.body.data.id)));
    expect(logged?.actorName).toBe("API token: Marketing tool");
    const again = await call(codesAction, "/api/v1/discount-codes", {
      token: secret,
      body: { code: "apiwelcome", kind: "free_shipping", value: 0 },
    });
    expect(again.status).toBe(409);
    const productB = await firstProduct(storeB);
    for (const body of [
      { code: "BAD CODE", kind: "fixed", value: 100 },
      { code: "PCT", kind: "percentage", value: 150 },
      { code: "WHERE", kind: "fixed", value: 100, scope: "products", productIds: [productB.id] },
      { code: "EXTRA", kind: "fixed", value: 100, stray: true },
    ]) {
      const reply = await call(codesAction, "/api/v1/discount-codes", { token: secret, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(await codeCount(storeA, body.code)).toBe(0);
    }
    const got = await call(codeLoader, `/api/v1/discount-codes/${made.body.data.id}`, {
      token: secret,
      params: { id: made.body.data.id },
    });
    expect(got.status).toBe(200);
    const onB = await call(codeLoader, `/api/v1/discount-codes/${made.body.data.id}`, {
      token: secret,
      params: { id: made.body.data.id },
      host: "B",
    });
    expect(onB.status).toBe(401);
    const listed = await call(codesLoader, "/api/v1/discount-codes?q=APIWELCOME", { token: secret });
    expect(listed.body.data.map((row: { code: string }) => row.code)).toEqual(["APIWELCOME"]);
  });
});

describe("changing", () => {
  it("ships an order with a tracking number through the admin's service; the log names the token", async () => {
    const secret = await token(storeA, ownerA, ["orders.view", "orders.edit"], "Courier sync");
    const number = await orderWith("confirmed");
    const read = await call(orderLoader, `/api/v1/orders/${number}`, {
      token: secret,
      params: { number: String(number) },
    });
    const shipped = await call(stepAction, `/api/v1/orders/${number}/ship`, {
      token: secret,
      params: { number: String(number), step: "ship" },
      body: { trackingNumber: "TRK-123" },
      headers: { "If-Match": read.headers.get("ETag")! },
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body.data.status).toBe("shipped");
    expect(shipped.body.data.trackingNumber).toBe("TRK-123");
    expect(shipped.body.data.events.at(-1).note).toBe("Tracking number: TRK-123");
    const [entry] = await db.owner
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.storeId, storeA),
          eq(auditLog.action, "order.ship"),
          eq(auditLog.entityId, String(number)),
        ),
      )
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry!.actorName).toBe("API token: Courier sync");
    expect(entry!.changes.trackingNumber).toEqual([null, "TRK-123"]);
    // Shipping it again is illegal from its state: 409 with the reason, nothing changed.
    const again = await call(stepAction, `/api/v1/orders/${number}/ship`, {
      token: secret,
      params: { number: String(number), step: "ship" },
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("conflict");
    // Deliver.
    const delivered = await call(stepAction, `/api/v1/orders/${number}/deliver`, {
      token: secret,
      params: { number: String(number), step: "deliver" },
      body: {},
    });
    expect(delivered.status).toBe(200);
    expect(delivered.body.data.status).toBe("delivered");
  });

  it("If-Match with a stale ETag is 412 and changes nothing", async () => {
    const secret = await token(storeA, ownerA, ["orders.view", "orders.edit"]);
    const number = await orderWith("confirmed");
    const before = await orderRow(number);
    const refused = await call(stepAction, `/api/v1/orders/${number}/cancel`, {
      token: secret,
      params: { number: String(number), step: "cancel" },
      body: {},
      headers: { "If-Match": '"stale"' },
    });
    expect(refused.status).toBe(412);
    expect(refused.body.error.code).toBe("precondition_failed");
    expect(await orderRow(number)).toEqual(before);
  });

  it("an unknown step, a bad body or a stray field is 4xx and changes nothing", async () => {
    const secret = await token(storeA, ownerA, ["orders.view", "orders.edit"]);
    const number = await orderWith("confirmed");
    const before = await orderRow(number);
    const path = `/api/v1/orders/${number}/ship`;
    const params = { number: String(number), step: "ship" };
    expect(
      (
        await call(stepAction, `/api/v1/orders/${number}/refund`, {
          token: secret,
          params: { ...params, step: "refund" },
          body: {},
        })
      ).status,
    ).toBe(404);
    const stray = await call(stepAction, path, { token: secret, params, body: { status: "delivered" } });
    expect(stray.status).toBe(400);
    expect(stray.body.error.fields).toBeDefined();
    expect((await call(stepAction, path, { token: secret, params, rawBody: "{not json" })).status).toBe(400);
    expect((await call(stepAction, path, { token: secret, params, rawBody: "[]" })).status).toBe(400);
    expect(
      (
        await call(stepAction, path, {
          token: secret,
          params,
          rawBody: "a=1",
          contentType: "application/x-www-form-urlencoded",
        })
      ).status,
    ).toBe(415);
    const long = await call(stepAction, path, {
      token: secret,
      params,
      body: { trackingNumber: "x".repeat(101) },
    });
    expect(long.status).toBe(400);
    expect(long.body.error.fields.trackingNumber).toBeDefined();
    expect(await orderRow(number)).toEqual(before);
  });

  it("hides a product with If-Match and refuses a stale one", async () => {
    const secret = await token(storeA, ownerA, ["products.edit"]);
    const product = await firstProduct(storeA);
    const read = await call(productLoader, `/api/v1/products/${product.id}`, {
      token: secret,
      params: { id: product.id },
    });
    const etag = read.headers.get("ETag")!;
    const hidden = await call(productAction, `/api/v1/products/${product.id}`, {
      token: secret,
      params: { id: product.id },
      body: { active: !read.body.data.active },
      headers: { "If-Match": etag },
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data.active).toBe(!read.body.data.active);
    expect(hidden.headers.get("ETag")).not.toBe(etag);
    const stale = await call(productAction, `/api/v1/products/${product.id}`, {
      token: secret,
      params: { id: product.id },
      body: { active: read.body.data.active },
      headers: { "If-Match": etag },
    });
    expect(stale.status).toBe(412);
    const bad = await call(productAction, `/api/v1/products/${product.id}`, {
      token: secret,
      params: { id: product.id },
      body: { active: "yes" },
    });
    expect(bad.status).toBe(400);
    const [row] = await db.owner
      .select({ active: products.active })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row!.active).toBe(!read.body.data.active);
    // Put it back.
    await call(productAction, `/api/v1/products/${product.id}`, {
      token: secret,
      params: { id: product.id },
      body: { active: read.body.data.active },
    });
  });

  it("adjusts stock by a delta, never below zero", async () => {
    const secret = await token(storeA, ownerA, ["products.edit"]);
    const product = await firstProduct(storeA);
    const stock = await stockOf(product.variantId);
    const params = { id: product.id };
    const path = `/api/v1/products/${product.id}/stock`;
    const up = await call(stockAction, path, {
      token: secret,
      params,
      body: { variantId: product.variantId, delta: 4 },
    });
    expect(up.status).toBe(200);
    expect(await stockOf(product.variantId)).toBe(stock + 4);
    const below = await call(stockAction, path, {
      token: secret,
      params,
      body: { variantId: product.variantId, delta: -(stock + 5) },
    });
    expect(below.status).toBe(409);
    for (const body of [
      { variantId: product.variantId, delta: "4" },
      { variantId: product.variantId, delta: 0 },
      { delta: 1 },
      { variantId: "x", delta: 1 },
    ]) {
      const reply = await call(stockAction, path, { token: secret, params, body });
      expect(reply.status).toBe(400);
      expect(reply.body.error.fields).toBeDefined();
    }
    expect(await stockOf(product.variantId)).toBe(stock + 4);
  });
});

describe("Idempotency-Key", () => {
  it("the same key and body answer the stored answer once done; another body is 422", async () => {
    const secret = await token(storeA, ownerA, ["products.edit"]);
    const product = await firstProduct(storeA);
    const stock = await stockOf(product.variantId);
    const path = `/api/v1/products/${product.id}/stock`;
    const send = (delta: number, key = "adjust-1") =>
      call(stockAction, path, {
        token: secret,
        params: { id: product.id },
        body: { variantId: product.variantId, delta },
        headers: { "Idempotency-Key": key },
      });
    const first = await send(2);
    expect(first.status).toBe(200);
    const second = await send(2);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await stockOf(product.variantId)).toBe(stock + 2);
    const other = await send(3);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe("unprocessable");
    expect(await stockOf(product.variantId)).toBe(stock + 2);
    // Another token's same key is its own.
    const secret2 = await token(storeA, ownerA, ["products.edit"]);
    const theirs = await call(stockAction, path, {
      token: secret2,
      params: { id: product.id },
      body: { variantId: product.variantId, delta: 3 },
      headers: { "Idempotency-Key": "adjust-1" },
    });
    expect(theirs.status).toBe(200);
    expect(await stockOf(product.variantId)).toBe(stock + 5);
    // A refusal is stored too: the same bad request gets the same answer.
    const bad1 = await send(-100000, "too-much");
    const bad2 = await send(-100000, "too-much");
    expect(bad1.status).toBe(409);
    expect(bad2.status).toBe(409);
    expect(bad2.headers.get("Idempotent-Replayed")).toBe("true");
    const badKey = await send(1, "é");
    expect(badKey.status).toBe(400);
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After and X-RateLimit-* once the token's bucket is full", async () => {
    const secret = await token(storeA, ownerA, ["orders.view"], "Busy");
    const [row] = await db.owner
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(eq(apiTokens.name, "Busy"));
    const ok = await call(ordersLoader, "/api/v1/orders", { token: secret });
    expect(Number(ok.headers.get("X-RateLimit-Remaining"))).toBe(API_RATE_LIMIT.burst - 1);
    // Fill the bucket as 40 requests at once would.
    await db.owner.execute(
      sql`update rate_limits set count = ${API_RATE_LIMIT.burst * 1000}, window_start = clock_timestamp() where key = ${`api:${row!.id}`}`,
    );
    const limited = await call(ordersLoader, "/api/v1/orders", { token: secret });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("X-RateLimit-Limit")).toBe("40");
    expect(limited.headers.get("X-RateLimit-Remaining")).toBe("0");
    // Another token has its own bucket.
    const other = await token(storeA, ownerA, ["orders.view"]);
    expect((await call(ordersLoader, "/api/v1/orders", { token: other })).status).toBe(200);
  });
});

describe("the /admin/api page", () => {
  const post = async (fields: Record<string, string | readonly string[]>, who = ownerA) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields))
      for (const one of typeof value === "string" ? [value] : value) body.append(name, one);
    const request = postForm(`${ORIGIN_A}/admin/api`, {}, await userCookie(storeA, who, ORIGIN_A));
    return answer<{ created?: { name: string; secret: string }; notice?: { key: string } }>(() =>
      pageAction({ request: new Request(request, { body }), context: ctxA, params: {} }),
    );
  };
  const count = async () => (await db.owner.select({ n: sql<number>`count(*)::int` }).from(apiTokens))[0]!.n;

  it("creates a token, shows its secret once, lists it without the secret, and revokes it", async () => {
    const made = await post({
      intent: "create",
      name: "Page token",
      expires: "30",
      scopes: ["orders.view", "orders.edit"],
    });
    expect(made.status).toBe(200);
    const secret = made.data.created!.secret;
    expect(secret).toMatch(/^sfat_/);
    const cookie = await userCookie(storeA, ownerA, ORIGIN_A);
    const list = await answer<{
      rows: { id: string; name: string; prefix: string; expiresAt: string | null; state: string }[];
    }>(() =>
      pageLoader({
        request: new Request(`${ORIGIN_A}/admin/api`, { headers: { Cookie: cookie } }),
        context: ctxA,
        params: {},
      }),
    );
    expect(JSON.stringify(list.data)).not.toContain(secret);
    const row = list.data.rows.find((r) => r.name === "Page token")!;
    expect(row.state).toBe("active");
    expect(row.expiresAt).not.toBeNull();
    expect((await call(ordersLoader, "/api/v1/orders", { token: secret })).status).toBe(200);
    const revoked = await post({ intent: "revoke", id: row.id });
    expect(revoked.status).toBe(302);
    expect((await call(ordersLoader, "/api/v1/orders", { token: secret })).status).toBe(401);
    const [audit] = await db.owner
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.storeId, storeA), eq(auditLog.entityId, row.id)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit!.action).toBe("apiToken.revoke");
  });

  it("refuses bad input with a message and creates nothing", async () => {
    const before = await count();
    for (const [fields, key] of [
      [{ intent: "create", name: "", expires: "never", scopes: ["orders.view"] }, "admin.api.errors.name"],
      [{ intent: "create", name: "No scopes", expires: "never" }, "admin.api.errors.scopes"],
      [
        { intent: "create", name: "Made up", expires: "never", scopes: ["everything"] },
        "admin.api.errors.scopes",
      ],
      [
        { intent: "create", name: "Forever", expires: "9999", scopes: ["orders.view"] },
        "admin.api.errors.expires",
      ],
    ] as const) {
      const refused = await post(fields);
      expect(refused.status).toBe(400);
      expect(refused.data.notice?.key).toBe(key);
    }
    expect((await post({ intent: "revoke", id: "not-a-uuid" })).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it("a person without staff.manage cannot open or use the page", async () => {
    const before = await count();
    const refused = await post(
      { intent: "create", name: "Sneaky", expires: "never", scopes: ["orders.view"] },
      ordersStaffA,
    );
    expect(refused.status).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe("demo", () => {
  it("the seeded demo token lists the dyes store's confirmed orders, and is unknown on the other store", async () => {
    const reply = await call(ordersLoader, "/api/v1/orders?status=confirmed", {
      token: DEMO_API_TOKEN.secret,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.every((o: { status: string }) => o.status === "confirmed")).toBe(true);
    expect(
      (await call(ordersLoader, "/api/v1/orders", { token: DEMO_API_TOKEN.secret, host: "B" })).status,
    ).toBe(401);
  });
});

describe("methods", () => {
  it("a POST to a read-only endpoint is 405 as JSON", async () => {
    const reply = await call(categoriesPost as ApiHandler, "/api/v1/categories", { method: "POST", body: {} });
    expect(reply.status).toBe(405);
    expect(reply.body.error.code).toBe("method_not_allowed");
  });
});
