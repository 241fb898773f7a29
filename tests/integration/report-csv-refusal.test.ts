/**
 * Issue 42 D10: the sales report's CSV download refuses a bad range or shape with 400 and says
 * why, in the admin's language, through Remix's own request handler in production mode. A
 * resource route's thrown refusal came out of Remix as 400 `{"message":"Unexpected Server
 * Error"}`: the reason was lost on the way (reports.test.ts calls the loader directly, so it
 * never saw that).
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { users } from "~/db/schema";
import * as reportCsv from "~/routes/admin.sales.report[.csv]";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { contextFor } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

const HOST = "csv-refusal.localhost";
const ORIGIN = `http://${HOST}:3000`;

/** The route as the app's manifest has it: a resource route (a loader, no component). */
const build = {
  mode: "production",
  entry: { module: { default: () => new Response("page"), handleError: () => {} } },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    "routes/admin.sales.report[.csv]": {
      id: "routes/admin.sales.report[.csv]",
      parentId: "root",
      path: "admin/sales/report.csv",
      module: { loader: reportCsv.loader },
    },
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
  store = await createStoreFixture(db, "csv-refusal");
  await db.owner.update(users).set({ isAdmin: true }).where(eq(users.id, store.userId));
  cookie = await userCookie(store.storeId, store.userId, ORIGIN);
});
afterAll(async () => {
  await db?.dispose();
});

async function download(query: string) {
  const request = new Request(`${ORIGIN}/admin/sales/report.csv?${query}`, { headers: { Cookie: cookie } });
  const response = await handle(request, await contextFor(db, HOST, { request }));
  return { status: response.status, type: response.headers.get("Content-Type"), body: await response.text() };
}

it("downloads a good range (the route is reached, signed in as the store's admin)", async () => {
  const answer = await download("startDate=2026-03-01&endDate=2026-03-10");
  expect(answer.status).toBe(200);
  expect(answer.type).toContain("text/csv");
});

it.each([
  ["startDate=2026-03-10&endDate=2026-03-01", "The end date is before the start date. No file was made."],
  ["startDate=bad", "Enter the dates as year-month-day, e.g. 2026-11-23. No file was made."],
  ["startDate=2020-01-01&endDate=2026-01-01", "Choose a range of at most 366 days. No file was made."],
  [
    "by=week",
    "The report can be downloaded by day, by product, by variant, by VAT rate or by delivery rate. No file was made.",
  ],
])("?%s → 400 with the reason as text, no file", async (query, reason) => {
  const answer = await download(query);
  expect(answer.status).toBe(400);
  expect(answer.type).toContain("text/plain");
  expect(answer.body).toBe(reason);
});

it("says why in Arabic to an admin reading Arabic", async () => {
  const answer = await download("startDate=2026-03-10&endDate=2026-03-01&lng=ar");
  expect(answer.status).toBe(400);
  expect(answer.body).toBe("تاريخ النهاية قبل تاريخ البداية. لم يُنشأ أي ملف.");
  const shape = await download("by=week&lng=ar");
  expect(shape.status).toBe(400);
  expect(shape.body).toBe(
    "يمكن تنزيل التقرير حسب اليوم أو المنتج أو الصنف أو نسبة ضريبة القيمة المضافة أو سعر التوصيل. لم يُنشأ أي ملف.",
  );
});

it.each(["vat", "shipping"])("?by=%s downloads (every shape the message lists is one)", async (by) => {
  const answer = await download(`startDate=2026-03-01&endDate=2026-03-10&by=${by}`);
  expect(answer.status).toBe(200);
  expect(answer.type).toContain("text/csv");
});
