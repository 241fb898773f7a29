/**
 * Issue 33's last item: the sales report splits the shipping collected by delivery rate, named as
 * each order froze it (a rate renamed later keeps its earlier orders under the earlier name),
 * with the count of orders and their shipping in minor units; the rows add up to the report's
 * shipping total. Cancelled, pending and refunded orders are not sales here either; orders from
 * before delivery rates are one row of their own, last. The other store's orders never count.
 * The page's figures and the `?by=shipping` CSV (both names, then a total row).
 */
import type { AppLoadContext } from "@remix-run/node";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "~/db/schema";
import { parseCsv } from "~/lib/csv";
import { loader as reportLoader } from "~/routes/admin.sales.report";
import { loader as csvLoader } from "~/routes/admin.sales.report[.csv]";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { answer } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";
import { openTwoStores } from "../helpers/two-stores";
import { ORDER_SHIPPING } from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctxA: AppLoadContext;
let adminA: string;
const A = "http://repship-a.localhost:3000";
const RANGE = "startDate=2026-05-01&endDate=2026-05-31";
let number = 7000;

const RIYADH = { en: "Riyadh courier", ar: "مندوب الرياض" };
const SAUDI = { en: "Saudi Arabia", ar: "السعودية" };
const PICKUP = { en: "Pickup at our Riyadh studio", ar: "الاستلام من مرسمنا في الرياض" };

async function order(
  storeId: string,
  userId: string,
  rate: { en: string; ar: string } | null,
  shipping: number,
  status: (typeof orders.$inferInsert)["status"] = "confirmed",
  paymentStatus: (typeof orders.$inferInsert)["paymentStatus"] = "unpaid",
  day = "2026-05-10",
) {
  await db.owner.insert(orders).values({
    storeId,
    id: uuidv7(),
    number: (number += 1),
    userId,
    status,
    paymentStatus,
    paymentMethod: paymentStatus === "unpaid" ? "cod" : "card",
    currency: "USD",
    subtotalCents: 2000,
    shippingCents: shipping,
    totalCents: 2000 + shipping,
    totalQuantity: 1,
    ...ORDER_SHIPPING,
    shippingRateKind: rate ? "flat" : null,
    shippingRateNameEn: rate?.en ?? null,
    shippingRateNameAr: rate?.ar ?? null,
    createdAt: new Date(`${day}T12:00:00Z`),
  });
}

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctxA } = await openTwoStores({ alpha: "repship-a", beta: "repship-b" }));
  const adminId = uuidv7();
  await db.owner.insert(users).values({
    storeId: alpha.storeId,
    id: adminId,
    email: "owner@repship.test",
    name: "Owner",
    isAdmin: true,
  });
  adminA = await userCookie(alpha.storeId, adminId, A);
  const a = (...args: Parameters<typeof order> extends [string, string, ...infer R] ? R : never) =>
    order(alpha.storeId, alpha.userId, ...args);
  await a(RIYADH, 300);
  await a(RIYADH, 300, "delivered", "paid");
  await a(RIYADH, 300, "shipped");
  await a(SAUDI, 600);
  await a(SAUDI, 0); // free from the threshold: an order, no shipping
  await a(PICKUP, 0);
  await a({ en: "Riyadh courier (old name)", ar: "مندوب الرياض (قديم)" }, 250);
  await a(null, 500); // placed before delivery rates
  // Not sales: cancelled, refunded, a card order not paid yet, and outside the range.
  await a(SAUDI, 600, "cancelled");
  await a(SAUDI, 600, "delivered", "refunded");
  await a(RIYADH, 300, "pending", "pending");
  await a(RIYADH, 300, "confirmed", "unpaid", "2026-06-02");
  // The other store's order, the same names: never in alpha's report.
  await order(beta.storeId, beta.userId, RIYADH, 9999);
});
afterAll(async () => {
  await db?.dispose();
});

const get = (path: string) => new Request(`${A}${path}`, { headers: { Cookie: adminA } });

describe("the sales report's shipping by delivery rate", () => {
  it("lists each rate as the orders named it, most shipping first, with orders and shipping in minor units", async () => {
    const report = await answer<{
      shippingRates: { nameEn: string | null; nameAr: string | null; orders: number; shipping: number }[];
      totals: { shipping: number; orders: number };
    }>(() => reportLoader({ request: get(`/admin/sales/report?${RANGE}`), context: ctxA, params: {} }));
    expect(report.status).toBe(200);
    expect(report.data.shippingRates).toEqual([
      { nameEn: RIYADH.en, nameAr: RIYADH.ar, orders: 3, shipping: 900 },
      { nameEn: SAUDI.en, nameAr: SAUDI.ar, orders: 2, shipping: 600 },
      { nameEn: "Riyadh courier (old name)", nameAr: "مندوب الرياض (قديم)", orders: 1, shipping: 250 },
      { nameEn: PICKUP.en, nameAr: PICKUP.ar, orders: 1, shipping: 0 },
      { nameEn: null, nameAr: null, orders: 1, shipping: 500 },
    ]);
    const sum = report.data.shippingRates.reduce(
      (acc, row) => ({ orders: acc.orders + row.orders, shipping: acc.shipping + row.shipping }),
      { orders: 0, shipping: 0 },
    );
    expect(sum).toEqual({ orders: report.data.totals.orders, shipping: report.data.totals.shipping });
  });

  it("downloads as ?by=shipping: both names, orders, shipping in major units, a total row", async () => {
    const csv = await answer<string>(() =>
      csvLoader({ request: get(`/admin/sales/report.csv?${RANGE}&by=shipping`), context: ctxA, params: {} }),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toContain("sales-by-shipping-2026-05-01-2026-05-31.csv");
    expect(parseCsv(csv.data)).toEqual([
      ["Rate (en)", "Rate (ar)", "Orders", "Shipping (USD)"],
      [RIYADH.en, RIYADH.ar, "3", "9.00"],
      [SAUDI.en, SAUDI.ar, "2", "6.00"],
      ["Riyadh courier (old name)", "مندوب الرياض (قديم)", "1", "2.50"],
      [PICKUP.en, PICKUP.ar, "1", "0.00"],
      ["Before delivery rates", "قبل أسعار التوصيل", "1", "5.00"],
      ["Total", "", "8", "22.50"],
    ]);
  });

  it("a range without sales has no rows (the page hides the section) and a CSV of the total only", async () => {
    const empty = "startDate=2026-01-01&endDate=2026-01-31";
    const report = await answer<{ shippingRates: unknown[] }>(() =>
      reportLoader({ request: get(`/admin/sales/report?${empty}`), context: ctxA, params: {} }),
    );
    expect(report.data.shippingRates).toEqual([]);
    const csv = await answer<string>(() =>
      csvLoader({ request: get(`/admin/sales/report.csv?${empty}&by=shipping`), context: ctxA, params: {} }),
    );
    expect(parseCsv(csv.data)).toEqual([
      ["Rate (en)", "Rate (ar)", "Orders", "Shipping (USD)"],
      ["Total", "", "0", "0.00"],
    ]);
  });
});
