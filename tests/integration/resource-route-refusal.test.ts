/**
 * Issue 42 D10, for every resource route at once: a refusal thrown in a route without a page (a
 * CSV download, an image) answers its status with its reason as text, in the reader's language,
 * through Remix's own request handler in production mode. Remix hands a resource route's thrown
 * refusal on as `{"message":"Unexpected Server Error"}`; `resourceRoute` (app/http/handlers.server.ts)
 * answers it instead. Real routes meet the subscription gate's refusal (a closed store, 503 with
 * Retry-After); a route of the test's own throws 400 and 429 refusals below the admin wrapper.
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { stores, users } from "~/db/schema";
import { adminLoader, ANY_STAFF, resourceRoute } from "~/http/handlers.server";
import { badRequest, Refusal } from "~/http/refusal.server";
import * as ordersCsv from "~/routes/admin.orders.export[.csv]";
import * as productsCsv from "~/routes/admin.products.export[.csv]";
import * as image from "~/routes/resources.image";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { contextFor } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

const HOST = "resource-refusal.localhost";
const ORIGIN = `http://${HOST}:3000`;

/** Refuses as `?why=` says, below the admin wrapper, as any resource route's own code may. */
const refusing = resourceRoute(
  adminLoader(ANY_STAFF, ({ request }) => {
    const why = new URL(request.url).searchParams.get("why");
    if (why === "busy")
      throw new Refusal(
        429,
        { key: "errors.tooManyRequests", params: { seconds: 7 } },
        { "Retry-After": "7" },
      );
    throw badRequest();
  }),
);

/** The routes as the app's manifest has them: resource routes (a loader, no component). */
const route = (id: string, path: string, loader: unknown) => ({
  id,
  parentId: "root",
  path,
  module: { loader },
});
const build = {
  mode: "production",
  entry: { module: { default: () => new Response("page"), handleError: () => {} } },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    "routes/admin.orders.export[.csv]": route(
      "routes/admin.orders.export[.csv]",
      "admin/orders/export.csv",
      ordersCsv.loader,
    ),
    "routes/admin.products.export[.csv]": route(
      "routes/admin.products.export[.csv]",
      "admin/products/export.csv",
      productsCsv.loader,
    ),
    "routes/resources.image": route("routes/resources.image", "resources/image", image.loader),
    "routes/refusing": route("routes/refusing", "refusing", refusing),
  },
  assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
  publicPath: "/",
  assetsBuildDirectory: "",
  future: { v3_singleFetch: true },
  isSpaMode: false,
} as unknown as ServerBuild;

let db: TestDb;
let store: StoreFixture;
let cookie: string;
const handle = createRequestHandler(build, "production");

beforeAll(async () => {
  db = await createTestDb();
  store = await createStoreFixture(db, "resource-refusal");
  await db.owner.update(users).set({ isAdmin: true }).where(eq(users.id, store.userId));
  cookie = await userCookie(store.storeId, store.userId, ORIGIN);
});
afterAll(async () => {
  await db?.dispose();
});
beforeEach(async () => {
  await setPeriodEnd(null);
});

async function setPeriodEnd(end: Date | null) {
  await db.owner
    .update(stores)
    .set({ subscriptionCurrentPeriodEnd: end })
    .where(eq(stores.id, store.storeId));
}

async function get(path: string) {
  const request = new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
  const response = await handle(request, await contextFor(db, HOST, { request }));
  return {
    status: response.status,
    type: response.headers.get("Content-Type"),
    retryAfter: response.headers.get("Retry-After"),
    body: await response.text(),
  };
}

it("reaches the routes while the store is open", async () => {
  expect((await get("/admin/orders/export.csv")).status).toBe(200);
  expect((await get("/admin/products/export.csv")).status).toBe(200);
});

it.each([
  ["/admin/orders/export.csv"],
  ["/admin/products/export.csv"],
  ["/resources/image?url=/images/none&w=320&q=70"],
])("%s of a closed store: 503 with the gate's reason as text, not an unexpected error", async (path) => {
  await setPeriodEnd(new Date(Date.now() - 60_000));
  const answer = await get(path);
  expect(answer.status).toBe(503);
  expect(answer.type).toContain("text/plain");
  expect(answer.retryAfter).toBe("3600");
  expect(answer.body).toBe("Your store subscription is expired, Please renew it to enjoy our services.");
});

it("says it in Arabic to an admin reading Arabic", async () => {
  await setPeriodEnd(new Date(Date.now() - 60_000));
  const answer = await get("/admin/orders/export.csv?lng=ar");
  expect(answer.status).toBe(503);
  expect(answer.body).toBe("انتهى اشتراك متجرك، يرجى تجديده للاستمتاع بخدماتنا.");
});

it("answers a refusal below the wrapper with its own status, message and headers", async () => {
  const bad = await get("/refusing");
  expect(bad).toMatchObject({
    status: 400,
    body: "We could not process this request. Please check the form and try again.",
  });
  expect(bad.type).toContain("text/plain");
  const busy = await get("/refusing?why=busy");
  expect(busy).toMatchObject({
    status: 429,
    retryAfter: "7",
    body: "Too many attempts. Please try again in 7 seconds.",
  });
});
