/**
 * The Admin API's OpenAPI 3.1 document (issue 38): it is a valid 3.1 document; every route file
 * under /api/v1 has its operations in it with the scope its handler declares (and every
 * documented operation has a route); and what the endpoints answer on the demo store validates
 * against the document's schemas, successes and refusals alike.
 */
import type { AppLoadContext } from "@remix-run/node";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { orders, products, stores, users } from "~/db/schema";
import { seedDemo } from "~/db/seed";
import { openApiDocument } from "~/http/openapi.server";
import { API_OPERATIONS, type ApiOperation } from "~/lib/validation/api-operations";
import { PERMISSIONS } from "~/lib/permissions";
import { loader as documentLoader } from "~/routes/api.v1.openapi[.]json";
import { apiToken } from "../helpers/api";
import { createTestDb, type TestDb } from "../helpers/db";
import { MATRIX_STORES } from "../helpers/matrix/demo";
import { contextFor } from "../helpers/routes";

type Handler = ((args: {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string>;
}) => Promise<Response>) & { scope?: string };
interface RouteModule {
  loader?: Handler;
  action?: Handler;
}

const routeModules = import.meta.glob<RouteModule>("../../app/routes/api.v1.*.tsx", { eager: true });

/** A route file's path segments under /api/v1 (`$name` for a parameter). */
function routeSegments(file: string): string[] {
  return file
    .replace(/^.*\/api\.v1\./, "")
    .replace(/\.tsx$/, "")
    .split(".")
    .filter((segment) => segment !== "_index");
}

/** `api.v1.products.$id.stock.tsx` → `/products/{id}/stock` as a pattern over documented paths. */
function routePattern(file: string): RegExp {
  const pattern = routeSegments(file)
    .map((segment) => (segment.startsWith("$") ? "(\\{\\w+\\}|[^/]+)" : segment.replace(/[[\]]/g, "")))
    .join("/");
  return new RegExp(`^/${pattern}$`);
}

const documented = Object.entries(API_OPERATIONS) as [string, ApiOperation][];
const apiRoutes = Object.entries(routeModules).filter(
  ([file]) => !/api\.v1\.\$\.tsx$/.test(file) && !file.includes("openapi"),
);

/**
 * The route file that serves a documented path, as Remix ranks them: of the files whose pattern
 * matches, the one with the most static segments (`orders.$number.refunds` before
 * `orders.$number.$step`, `customers.export` before `customers.$id`).
 */
function routeOf(path: string): [string, RouteModule] | undefined {
  const statics = (file: string) => routeSegments(file).filter((segment) => !segment.startsWith("$")).length;
  return apiRoutes
    .filter(([file]) => routePattern(file).test(path))
    .sort(([a], [b]) => statics(b) - statics(a))[0];
}

describe("the document", () => {
  it("is a valid OpenAPI 3.1 document, served without a token", async () => {
    const response = await documentLoader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    const served = (await response.json()) as Record<string, unknown>;
    expect(served).toEqual(openApiDocument());
    const validator = new Validator();
    const result = await validator.validate(served);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("documents every route under /api/v1 with the scope its handler declares, and nothing else", () => {
    expect(apiRoutes.length).toBeGreaterThan(5);
    for (const [file, module] of apiRoutes) {
      const operations = documented.filter(([, operation]) => routeOf(operation.path)?.[0] === file);
      expect(operations.length, `${file} has no documented operation`).toBeGreaterThan(0);
      for (const kind of ["loader", "action"] as const) {
        const method = kind === "loader" ? "get" : "post";
        const ofMethod = operations.filter(([, operation]) => operation.method === method);
        // A method the route refuses (405) is undocumented; one it serves declares its scope.
        expect(module[kind]?.scope, `${file} ${method}`).toBe(ofMethod[0]?.[1].scope);
        for (const [, operation] of ofMethod) expect(operation.scope).toBe(module[kind]?.scope);
      }
    }
    for (const [id, operation] of documented) {
      expect(routeOf(operation.path), `${id} (${operation.path}) has no route`).toBeDefined();
    }
  });
});

describe("the answers validate against the document", () => {
  let db: TestDb;
  let context: AppLoadContext;
  let token: string;
  const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));

  beforeAll(async () => {
    db = await createTestDb();
    await seedDemo(db, { stores: MATRIX_STORES });
    context = await contextFor(db, "dyes.localhost");
    const [store] = await db.owner.select({ id: stores.id }).from(stores).where(eq(stores.slug, "dyes"));
    const [owner] = await db.owner
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.storeId, store!.id), eq(users.email, "admin@dyes.test")));
    token = await apiToken(store!.id, owner!.id, [...PERMISSIONS], "OpenAPI check");
  });

  afterAll(async () => {
    await db?.dispose();
  });

  /** Calls a documented operation through its route module and checks the answer's body. */
  async function check(
    id: keyof typeof API_OPERATIONS,
    params: Record<string, string>,
    options: { query?: string; body?: unknown; status?: number } = {},
  ): Promise<unknown> {
    const operation: ApiOperation = API_OPERATIONS[id];
    const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
    const [file, module] = routeOf(operation.path)!;
    const handler = operation.method === "get" ? module.loader! : module.action!;
    // Remix's params: the route file's `$name` segments read off the path.
    const routeParams = Object.fromEntries(
      routeSegments(file)
        .map((segment, index) => [segment, path.split("/")[index + 1]!] as const)
        .filter(([segment]) => segment.startsWith("$"))
        .map(([segment, value]) => [segment.slice(1), value]),
    );
    const request = new Request(`http://dyes.localhost:3000/api/v1${path}${options.query ?? ""}`, {
      method: operation.method.toUpperCase(),
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: operation.method === "post" ? JSON.stringify(options.body ?? {}) : undefined,
    });
    const response = await handler({ request, context, params: routeParams });
    const status = options.status ?? (operation.created ? 201 : 200);
    const body = (await response.json()) as unknown;
    expect(response.status, JSON.stringify(body)).toBe(status);
    const documentedAnswer = (
      openApiDocument().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>
    )[operation.path]![operation.method]!.responses[String(status)] as
      { content?: unknown; $ref?: string } | undefined;
    expect(documentedAnswer, `${id} does not document ${status}`).toBeDefined();
    const schema = documentedAnswer!.$ref
      ? { $ref: "#/components/schemas/Error" }
      : (documentedAnswer!.content as { "application/json": { schema: object } })["application/json"].schema;
    const validate = ajv.compile({ ...schema, components: openApiDocument().components });
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    return body;
  }

  it("for products, categories and stock", async () => {
    const list = (await check("listProducts", {}, { query: "?status=all" })) as { data: { id: string }[] };
    expect(list.data.length).toBeGreaterThan(0);
    const id = list.data[0]!.id;
    const product = (await check("getProduct", { id })) as { data: { variants: { id: string }[] } };
    await check("updateProduct", { id }, { body: { active: true } });
    await check("adjustStock", { id }, { body: { variantId: product.data.variants[0]!.id, delta: 1 } });
    await check("listCategories", {});
    await check("listInventoryLevels", {}, { query: "?below=1000" });
    await check(
      "createProduct",
      {},
      { body: { nameEn: "OpenAPI Ink", nameAr: "حبر", priceCents: 500, stock: 3 } },
    );
  });

  it("for orders and their steps", async () => {
    // One order made pending again (the trimmed demo's mix of states varies), then walked on.
    const [order] = await db.owner
      .select({ number: orders.number, storeId: orders.storeId })
      .from(orders)
      .innerJoin(stores, eq(stores.id, orders.storeId))
      .where(and(eq(stores.slug, "dyes"), eq(orders.paymentMethod, "cod")))
      .limit(1);
    await db.owner
      .update(orders)
      .set({ status: "pending", paymentStatus: "unpaid" })
      .where(and(eq(orders.storeId, order!.storeId), eq(orders.number, order!.number)));
    const list = (await check("listOrders", {}, { query: "?status=pending" })) as {
      data: { number: number }[];
    };
    expect(list.data.map((row) => row.number)).toContain(order!.number);
    const number = String(order!.number);
    await check("getOrder", { number });
    await check("confirmOrder", { number });
    await check("shipOrder", { number }, { body: { trackingNumber: "TRK-1" } });
    await check("deliverOrder", { number });
    await check("cancelOrder", { number }, { status: 409 });
    const feed = (await check("listEvents", {}, { query: "?limit=250" })) as { data: { topic: string }[] };
    expect(feed.data.map((event) => event.topic)).toContain("orders/updated");
  });

  it("for customers and discount codes", async () => {
    const customers = (await check("listCustomers", {}, { query: "?sort=email" })) as {
      data: { id: string }[];
    };
    await check("getCustomer", { id: customers.data[0]!.id });
    const code = `OPENAPI${Date.now().toString(36).toUpperCase()}`;
    const made = (await check(
      "createDiscountCode",
      {},
      { body: { code, kind: "percentage", value: 10, usageLimit: 5 } },
    )) as { data: { id: string; state: string } };
    expect(made.data.state).toBe("active");
    await check("getDiscountCode", { id: made.data.id });
    await check("listDiscountCodes", {}, { query: `?q=${code}` });
    await check(
      "createDiscountCode",
      {},
      { body: { code: code.toLowerCase(), kind: "free_shipping", value: 0 }, status: 409 },
    );
  });

  it("for refunds", async () => {
    // A Cash On Delivery order made delivered and paid: refunded offline, no Stripe.
    const [order] = await db.owner
      .select({ number: orders.number, storeId: orders.storeId })
      .from(orders)
      .innerJoin(stores, eq(stores.id, orders.storeId))
      .where(and(eq(stores.slug, "dyes"), eq(orders.paymentMethod, "cod")))
      .orderBy(desc(orders.number))
      .limit(1);
    await db.owner
      .update(orders)
      .set({ status: "delivered", paymentStatus: "paid" })
      .where(and(eq(orders.storeId, order!.storeId), eq(orders.number, order!.number)));
    const number = String(order!.number);
    const before = (await check("listRefunds", { number })) as {
      remaining: { amountCents: number; lines: { orderItemId: string }[] };
    };
    expect(before.remaining.amountCents).toBeGreaterThan(0);
    const made = (await check(
      "createRefund",
      { number },
      {
        body: {
          lines: [{ orderItemId: before.remaining.lines[0]!.orderItemId, quantity: 1, restock: true }],
          reason: "damaged",
        },
      },
    )) as { data: { status: string; lines: unknown[] } };
    expect(made.data.status).toBe("succeeded");
    await check("listRefunds", { number });
    await check(
      "createRefund",
      { number },
      { body: { amountCents: 999_999_999, reason: "goodwill" }, status: 422 },
    );
    await check("createRefund", { number }, { body: { reason: "goodwill" }, status: 400 });
    await check(
      "createRefund",
      { number: "999999999" },
      { body: { amountCents: 1, reason: "other" }, status: 404 },
    );
    await check("listRefunds", { number: "999999999" }, { status: 404 });
  });

  it("for the customers export", async () => {
    const page = (await check("exportCustomers", {})) as {
      data: { id: string }[];
      nextCursor: string | null;
    };
    expect(page.data.length).toBeGreaterThan(0);
    await check("exportCustomers", {}, { query: "?cursor=nope", status: 400 });
  });

  it("for refusals: bad input, unknown ids", async () => {
    await check(
      "createDiscountCode",
      {},
      { body: { code: "NO SPACES", kind: "fixed", value: 0 }, status: 400 },
    );
    await check("listProducts", {}, { query: "?status=sideways", status: 400 });
    await check("listInventoryLevels", {}, { query: "?below=-1", status: 400 });
    await check("getProduct", { id: "00000000-0000-4000-8000-000000000000" }, { status: 404 });
    await check("getOrder", { number: "999999999" }, { status: 404 });
    const [product] = await db.owner
      .select({ id: products.id })
      .from(products)
      .innerJoin(stores, eq(stores.id, products.storeId))
      .where(eq(stores.slug, "dyes"))
      .limit(1);
    await check("adjustStock", { id: product!.id }, { body: { delta: 0 }, status: 400 });
  });
});
