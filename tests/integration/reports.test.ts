/**
 * The dashboard and the sales report (issue 11) against totals worked out by hand from a few
 * orders placed on either side of the range's edges in the store's time zone (Asia/Riyadh,
 * UTC+3): an order at 23:30 local on the last day counts, one at 00:30 the next day does not,
 * one at local midnight of the first day does. Cancelled, pending (card not paid) and refunded
 * orders are not sales. The other store's orders, shoppers and to-dos never count. Bad ranges
 * answer 400 with the default range and a message; the CSV escapes what a spreadsheet would run.
 */
import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactRequests, orderItems, orders, products, storeSettings, users } from "~/db/schema";
import { parseCsv } from "~/lib/csv";
import { readReportRange } from "~/lib/validation/report-range";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { loader as reportLoader } from "~/routes/admin.sales.report";
import { loader as csvLoader } from "~/routes/admin.sales.report[.csv]";
import { loader as productsLoader } from "~/routes/admin.products._index";
import { loader as contactLoader } from "~/routes/admin.contact-requests";
import { salesReportCsv } from "~/services/reports/report-csv.server";
import { changeOf, dashboardReport, salesReport } from "~/services/reports/reports.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";
import { ORDER_SHIPPING } from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctxA: AppLoadContext;
let ctxB: AppLoadContext;
let adminA: string;
let adminB: string;
let shopperA: string;
const A = "http://rep-alpha.localhost:3000";
const B = "http://rep-beta.localhost:3000";
const TZ = "Asia/Riyadh";
const RANGE = "startDate=2026-03-01&endDate=2026-03-10";
const P1 = uuidv7();
const P2 = uuidv7();
const P1_NAME = 'Red, "Bright" dye';
const P2_NAME = "=SUM(A1) dye";
let number = 5000;

interface Line {
  productId: string;
  price: number;
  discount?: number;
  quantity: number;
}

/** An order as checkout writes it: totals from its lines (and shipping). */
async function placeOrder(
  storeId: string,
  userId: string,
  at: string,
  status: (typeof orders.$inferInsert)["status"],
  paymentStatus: (typeof orders.$inferInsert)["paymentStatus"],
  lines: Line[],
  shipping = 0,
) {
  const id = uuidv7();
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const discount = lines.reduce((sum, l) => sum + (l.discount ?? 0) * l.quantity, 0);
  await db.owner.insert(orders).values({
    storeId,
    id,
    number: (number += 1),
    userId,
    status,
    paymentStatus,
    paymentMethod: paymentStatus === "unpaid" ? "cod" : "card",
    currency: "USD",
    subtotalCents: subtotal,
    discountCents: discount,
    shippingCents: shipping,
    totalCents: subtotal - discount + shipping,
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    ...ORDER_SHIPPING,
    createdAt: new Date(at),
  });
  await db.owner.insert(orderItems).values(
    lines.map((l) => ({
      storeId,
      id: uuidv7(),
      orderId: id,
      productId: l.productId,
      nameEn: "snapshot",
      nameAr: "لقطة",
      unitPriceCents: l.price,
      unitDiscountCents: l.discount ?? 0,
      quantity: l.quantity,
      lineTotalCents: (l.price - (l.discount ?? 0)) * l.quantity,
    })),
  );
}

beforeAll(async () => {
  ({
    db,
    alpha,
    beta,
    alphaCtx: ctxA,
    betaCtx: ctxB,
  } = await openTwoStores({ alpha: "rep-alpha", beta: "rep-beta" }));
  await db.owner.update(storeSettings).set({ timeZone: TZ }).where(eq(storeSettings.storeId, alpha.storeId));
  const adminIdA = uuidv7();
  const adminIdB = uuidv7();
  const at = (day: string) => new Date(`${day}T12:00:00Z`);
  await db.owner.insert(users).values([
    {
      storeId: alpha.storeId,
      id: adminIdA,
      email: "admin@rep-a.test",
      name: "Admin",
      isAdmin: true,
      createdAt: at("2026-03-03"),
    },
    { storeId: beta.storeId, id: adminIdB, email: "admin@rep-b.test", name: "Admin B", isAdmin: true },
    // New shoppers: one in the range, two in the period before; the admin above does not count.
    {
      storeId: alpha.storeId,
      id: uuidv7(),
      email: "new1@rep-a.test",
      name: "New One",
      createdAt: at("2026-03-02"),
    },
    {
      storeId: alpha.storeId,
      id: uuidv7(),
      email: "old1@rep-a.test",
      name: "Old One",
      createdAt: at("2026-02-25"),
    },
    {
      storeId: alpha.storeId,
      id: uuidv7(),
      email: "old2@rep-a.test",
      name: "Old Two",
      createdAt: at("2026-02-19"),
    },
    {
      storeId: beta.storeId,
      id: uuidv7(),
      email: "b1@rep-b.test",
      name: "Beta New",
      createdAt: at("2026-03-02"),
    },
  ]);
  adminA = await userCookie(alpha.storeId, adminIdA, A);
  adminB = await userCookie(beta.storeId, adminIdB, B);
  shopperA = await userCookie(alpha.storeId, alpha.userId, A);
  await db.owner.update(products).set({ stock: 100 }).where(eq(products.id, alpha.productId));
  await db.owner.insert(products).values([
    {
      storeId: alpha.storeId,
      id: P1,
      slug: "p1",
      nameEn: P1_NAME,
      nameAr: 'صبغة حمراء، "زاهية"',
      priceCents: 600,
      stock: 3,
    },
    {
      storeId: alpha.storeId,
      id: P2,
      slug: "p2",
      nameEn: P2_NAME,
      nameAr: "صبغة",
      priceCents: 1500,
      stock: 50,
    },
    {
      storeId: alpha.storeId,
      id: uuidv7(),
      slug: "gone",
      nameEn: "Gone",
      nameAr: "x",
      priceCents: 1,
      stock: 0,
      active: false,
    },
  ]);
  const u = alpha.userId;
  const s = alpha.storeId;
  // 23:30 local on the last day: counts.
  await placeOrder(s, u, "2026-03-10T20:30:00Z", "confirmed", "unpaid", [
    { productId: P1, price: 600, discount: 100, quantity: 2 },
  ]);
  // 00:30 local the day after the range: does not.
  await placeOrder(s, u, "2026-03-10T21:30:00Z", "delivered", "paid", [
    { productId: P2, price: 5000, quantity: 1 },
  ]);
  // Local midnight of the first day: counts.
  await placeOrder(s, u, "2026-02-28T21:00:00Z", "delivered", "paid", [
    { productId: P1, price: 1000, quantity: 1 },
    { productId: P2, price: 500, quantity: 2 },
  ]);
  // A minute before: the period before.
  await placeOrder(s, u, "2026-02-28T20:59:00Z", "shipped", "paid", [
    { productId: P2, price: 3000, quantity: 1 },
  ]);
  await placeOrder(s, u, "2026-02-20T09:00:00Z", "delivered", "paid", [
    { productId: P1, price: 1000, quantity: 1 },
  ]);
  // Not sales: cancelled, a card not paid yet, refunded.
  await placeOrder(s, u, "2026-03-05T10:00:00Z", "cancelled", "refunded", [
    { productId: P1, price: 7000, quantity: 1 },
  ]);
  await placeOrder(s, u, "2026-03-05T11:00:00Z", "pending", "pending", [
    { productId: P1, price: 7000, quantity: 1 },
  ]);
  await placeOrder(s, u, "2026-03-06T11:00:00Z", "delivered", "refunded", [
    { productId: P1, price: 7000, quantity: 1 },
  ]);
  // Delivered, cash not collected: a sale and a to-do.
  await placeOrder(
    s,
    u,
    "2026-03-06T12:00:00Z",
    "delivered",
    "unpaid",
    [{ productId: P2, price: 1500, quantity: 2 }],
    1000,
  );
  // The other store: a big sale, to ship, in the same days.
  await placeOrder(beta.storeId, beta.userId, "2026-03-04T12:00:00Z", "confirmed", "unpaid", [
    { productId: beta.productId, price: 99_999, quantity: 1 },
  ]);
  await db.owner.insert(contactRequests).values([
    { storeId: alpha.storeId, name: "Sara", email: "s@x.test", comments: "Hi" },
    { storeId: alpha.storeId, name: "Omar", email: "o@x.test", comments: "Hi" },
    { storeId: alpha.storeId, name: "Read", email: "r@x.test", comments: "Hi", status: "read" },
    { storeId: beta.storeId, name: "Beta", email: "b@x.test", comments: "Hi" },
  ]);
});
afterAll(() => db.dispose());

function get<T>(
  loader: (args: Parameters<typeof dashboardLoader>[0]) => unknown,
  url: string,
  cookie: string,
  context = ctxA,
) {
  return answer<T>(() =>
    loader({ request: new Request(url, { headers: { Cookie: cookie } }), context, params: {} }),
  );
}

const range = readReportRange(new URLSearchParams(RANGE), TZ).range;

describe("the reports query layer", () => {
  it("counts sales, orders and new shoppers by the store's days, against the period before", async () => {
    expect(range.previous).toEqual({ start: "2026-02-19", end: "2026-02-28" });
    const report = await dashboardReport(alpha.storeId, range, TZ);
    expect(report.current).toEqual({ sales: 1000 + 2000 + 4000, orders: 3, newShoppers: 1 });
    expect(report.previous).toEqual({ sales: 3000 + 1000, orders: 2, newShoppers: 2 });
    const byDay = Object.fromEntries(report.days.filter((d) => d.orders).map((d) => [d.day, d.revenue]));
    expect(byDay).toEqual({ "2026-03-01": 2000, "2026-03-06": 4000, "2026-03-10": 1000 });
    expect(report.days).toHaveLength(10);
    expect(report.topProducts.map((p) => [p.nameEn, p.units, p.revenue])).toEqual([
      [P2_NAME, 4, 4000],
      [P1_NAME, 3, 2000],
    ]);
    expect(report.todo).toEqual({
      toShip: 1,
      cashToCollect: 1,
      lowStock: 1,
      unreadRequests: 2,
      awaitingConfirmation: 0,
      openReturns: 0,
    });
    // Newest first by when it was placed, whatever its state: the 00:30 order of 11 March.
    expect(report.recent[0]!.number).toBe(5002);
  });

  it("in UTC the same instants fall on other days", async () => {
    const report = await dashboardReport(alpha.storeId, range, "UTC");
    // 21:30Z on the 10th is the 10th in UTC; 21:00Z on 28 Feb is before the range.
    expect(report.current.orders).toBe(3);
    expect(report.current.sales).toBe(1000 + 5000 + 4000);
  });

  it("reports totals equal to the orders' totals, by day and by product", async () => {
    const report = await salesReport(alpha.storeId, range, TZ);
    expect(report.totals).toEqual({
      orders: 3,
      units: 7,
      subtotal: 1200 + 2000 + 3000,
      discounts: 200,
      codeDiscounts: 0,
      shipping: 1000,
      revenue: 7000,
    });
    expect(report.totals.revenue).toBe(
      report.totals.subtotal - report.totals.discounts + report.totals.shipping,
    );
    expect(report.products.map((p) => [p.productId, p.units, p.discounts, p.revenue])).toEqual([
      [P2, 4, 0, 4000],
      [P1, 3, 200, 2000],
    ]);
    const [row] = (await db.owner
      .execute(
        `select sum(total_cents)::int as sum from orders where store_id = '${alpha.storeId}'
        and status in ('confirmed','shipped','delivered') and payment_status <> 'refunded'
        and created_at >= '2026-02-28T21:00:00Z' and created_at < '2026-03-10T21:00:00Z'`,
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { sum: number }[] }).rows))) as { sum: number }[];
    expect(report.totals.revenue).toBe(row!.sum);
  });

  it("says how a figure changed: a percentage, new, or nothing", () => {
    expect(changeOf(7000, 4000)).toBe(75);
    expect(changeOf(1, 2)).toBe(-50);
    expect(changeOf(5, 0)).toBe("new");
    expect(changeOf(0, 0)).toBeNull();
    expect(changeOf(2333, 2000)).toBe(16.7);
  });

  it("never counts the other store", async () => {
    const report = await dashboardReport(beta.storeId, range, "UTC");
    expect(report.current).toEqual({ sales: 99_999, orders: 1, newShoppers: 1 });
    expect(report.todo).toEqual({
      toShip: 1,
      cashToCollect: 0,
      lowStock: 1,
      unreadRequests: 1,
      awaitingConfirmation: 0,
      openReturns: 0,
    });
  });
});

type DashboardData = {
  range: { start: string; end: string };
  notice: { key: string } | null;
  current: { sales: number; orders: number };
  average: number;
  changes: Record<string, unknown>;
};

describe("/admin/dashboard", () => {
  it("shows the range's figures, their changes and the to-dos", async () => {
    const res = await get<DashboardData>(dashboardLoader, `${A}/admin/dashboard?${RANGE}`, adminA);
    expect(res.status).toBe(200);
    expect(res.data.current).toMatchObject({ sales: 7000, orders: 3 });
    expect(res.data.average).toBe(2333);
    expect(res.data.changes).toEqual({ sales: 75, orders: 50, average: 16.7, newShoppers: -50 });
  });

  it("defaults to the last 30 days in the store's time zone", async () => {
    const res = await get<DashboardData>(dashboardLoader, `${A}/admin/dashboard`, adminA);
    expect(res.status).toBe(200);
    expect(res.data.notice).toBeNull();
    expect(res.data.range).toEqual(readReportRange(new URLSearchParams(), TZ).range);
  });

  it.each([
    ["startDate=2026-02-30", "reports.range.invalidDate"],
    ["startDate=yesterday", "reports.range.invalidDate"],
    ["endDate=2026-13-01", "reports.range.invalidDate"],
    ["startDate=2026-03-10&endDate=2026-03-01", "reports.range.endBeforeStart"],
    ["startDate=2024-01-01&endDate=2026-01-01", "reports.range.tooLong"],
  ])("?%s → 400, the default range and %s", async (query, key) => {
    const res = await get<DashboardData>(dashboardLoader, `${A}/admin/dashboard?${query}`, adminA);
    expect(res.status).toBe(400);
    expect(res.data.notice?.key).toBe(key);
    expect(res.data.range).toEqual(readReportRange(new URLSearchParams(), TZ).range);
  });

  it("is the admin's only: a shopper is turned away", async () => {
    const res = await get(dashboardLoader, `${A}/admin/dashboard?${RANGE}`, shopperA);
    expect([302, 303, 403, 404]).toContain(res.status);
  });

  it("on the other store's host shows that store's figures only", async () => {
    const res = await get<DashboardData>(dashboardLoader, `${B}/admin/dashboard?${RANGE}`, adminB, ctxB);
    expect(res.status).toBe(200);
    expect(res.data.current).toMatchObject({ sales: 99_999, orders: 1 });
  });
});

describe("the to-do tiles' lists", () => {
  it("/admin/products?stock=low lists the active products with 5 or fewer left", async () => {
    const res = await get<{ rows: { id: string }[] }>(
      productsLoader,
      `${A}/admin/products?stock=low`,
      adminA,
    );
    expect(res.data.rows.map((r) => r.id)).toEqual([P1]);
  });

  it("/admin/contact-requests?status=unread lists the unread requests", async () => {
    const res = await get<{ rows: { name: string; read: boolean }[] }>(
      contactLoader,
      `${A}/admin/contact-requests?status=unread`,
      adminA,
    );
    expect(res.data.rows.map((r) => r.name).sort()).toEqual(["Omar", "Sara"]);
  });
});

describe("/admin/sales/report and its CSV", () => {
  it("reports the range's totals", async () => {
    const res = await get<{ totals: { revenue: number; orders: number; units: number; discounts: number } }>(
      reportLoader,
      `${A}/admin/sales/report?${RANGE}`,
      adminA,
    );
    expect(res.status).toBe(200);
    expect(res.data.totals).toMatchObject({ revenue: 7000, orders: 3, units: 7, discounts: 200 });
  });

  it("answers a bad range with 400 and the default range", async () => {
    const res = await get<DashboardData>(reportLoader, `${A}/admin/sales/report?endDate=2026-02-31`, adminA);
    expect(res.status).toBe(400);
    expect(res.data.notice?.key).toBe("reports.range.invalidDate");
  });

  it("downloads the report by day: every day and a total, amounts in major units", async () => {
    const res = await get<string>(csvLoader, `${A}/admin/sales/report.csv?${RANGE}`, adminA);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    expect(res.headers.get("Content-Disposition")).toContain(
      "rep-alpha-sales-by-day-2026-03-01-2026-03-10.csv",
    );
    // The byte order mark spreadsheets need for UTF-8 (Response.text() drops it on reading).
    const report = await salesReport(alpha.storeId, range, TZ);
    expect(salesReportCsv(report, "day", "USD").startsWith("\ufeff")).toBe(true);
    const rows = parseCsv(res.data);
    expect(rows[0]![0]).toBe("Date");
    expect(rows).toHaveLength(1 + 10 + 1);
    expect(rows[1]).toEqual(["2026-03-01", "1", "3", "20.00", "0.00", "0.00", "20.00", "0.00"]);
    expect(rows[11]).toEqual(["Total", "3", "7", "62.00", "2.00", "10.00", "70.00", "0.00"]);
  });

  it("downloads the report by product with commas, quotes, Arabic and formulas escaped", async () => {
    const res = await get<string>(csvLoader, `${A}/admin/sales/report.csv?${RANGE}&by=product`, adminA);
    expect(res.status).toBe(200);
    // A formula is written behind an apostrophe; a comma or quote inside a name is quoted.
    expect(res.data).toContain("'=SUM(A1) dye");
    expect(res.data).toContain('"Red, ""Bright"" dye"');
    expect(res.data).toContain('"صبغة حمراء، ""زاهية"""');
    const rows = parseCsv(res.data);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3], r[5]])).toEqual([
      [P2_NAME, "صبغة", "4", "40.00"],
      [P1_NAME, 'صبغة حمراء، "زاهية"', "3", "20.00"],
    ]);
  });

  it("downloads the report by variant: products sold without options are one row each, variant cells empty", async () => {
    const res = await get<string>(csvLoader, `${A}/admin/sales/report.csv?${RANGE}&by=variant`, adminA);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toContain(
      "rep-alpha-sales-by-variant-2026-03-01-2026-03-10.csv",
    );
    const rows = parseCsv(res.data);
    expect(rows[0]!.slice(0, 3)).toEqual(["Product ID", "Variant ID", "SKU"]);
    expect(rows.slice(1).map((r) => [r[1], r[3], r[5], r[7], r[9]])).toEqual([
      ["", P2_NAME, "", "4", "40.00"],
      ["", P1_NAME, "", "3", "20.00"],
    ]);
  });

  it.each(["by=week", "startDate=2026-03-10&endDate=2026-03-01", "startDate=bad"])(
    "?%s → 400, no file",
    async (query) => {
      const res = await get<string>(csvLoader, `${A}/admin/sales/report.csv?${query}`, adminA);
      expect(res.status).toBe(400);
      expect(res.headers.get("Content-Disposition")).toBeNull();
    },
  );

  it("the other store's admin downloads only that store's sales", async () => {
    const res = await get<string>(csvLoader, `${B}/admin/sales/report.csv?${RANGE}`, adminB, ctxB);
    const total = parseCsv(res.data).find((row) => row[0] === "Total");
    expect(total).toEqual(["Total", "1", "1", "999.99", "0.00", "0.00", "999.99", "0.00"]);
  });
});
