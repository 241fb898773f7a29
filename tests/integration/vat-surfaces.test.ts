/**
 * VAT and the shipping rate on the admin's surfaces (issues 35 and 33), from orders placed through
 * the checkout: the orders CSV's VAT and shipping method cells (empty VAT for an order of a store
 * not registered), the sales report's VAT per rate for the period (standard, 0 % and exempt apart)
 * and its CSV, the packing slip's shipping rate in the admin's language, and the order email's.
 */
import { and, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  emailOutbox,
  orders,
  products,
  shippingRates,
  shippingZones,
  storeSettings,
  users,
} from "~/db/schema";
import { parseCsv } from "~/lib/csv";
import { loader as exportLoader } from "~/routes/admin.orders.export[.csv]";
import { loader as slipLoader } from "~/routes/admin_.orders.$number.packing-slip";
import { loader as reportLoader } from "~/routes/admin.sales.report";
import { loader as reportCsvLoader } from "~/routes/admin.sales.report[.csv]";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { deliveriesSettled } from "~/services/outbox/outbox.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";
import { openTwoStores } from "../helpers/two-stores";
import { A, ADDRESS, addProduct, fillCart, newToken, signedIn, type Ctx } from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let ctx: Ctx;
let cookie: string;
let adminCookie: string;
const numbers: number[] = [];

async function place(lines: { productId: string; quantity: number }[]): Promise<number> {
  await fillCart(db, alpha.storeId, alpha.userId, lines);
  const shown = await answer<{ summary: { totalCents: number; codFeeCents: number } }>(() =>
    checkoutLoader({
      request: new Request(`${A}/checkout?lng=en`, { headers: { Cookie: cookie } }),
      context: ctx,
      params: {},
    }),
  );
  const placed = await answer(() =>
    checkoutAction({
      request: postForm(
        `${A}/checkout`,
        {
          ...ADDRESS,
          intent: "place",
          paymentMethod: "cod",
          checkoutToken: newToken(),
          expectedTotal: String(shown.data.summary.totalCents),
          expectedCodFee: String(shown.data.summary.codFeeCents),
        },
        cookie,
      ),
      context: ctx,
      params: {},
    }),
  );
  expect(placed.status, JSON.stringify(placed.data)).toBe(302);
  const number = Number(placed.headers.get("Location")!.match(/\d+/)![0]);
  numbers.push(number);
  return number;
}

const settings = (values: Partial<typeof storeSettings.$inferInsert>) =>
  db.owner.update(storeSettings).set(values).where(eq(storeSettings.storeId, alpha.storeId));
const get = (path: string) => new Request(`${A}${path}`, { headers: { Cookie: adminCookie } });
/** The admin's request context in `lng` (the locale is read from the URL). */
const ctxIn = (path: string, lng: string) =>
  contextFor(db, `${alpha.slug}.localhost`, { request: get(`${path}?lng=${lng}`) });

beforeAll(async () => {
  ({ db, alpha, alphaCtx: ctx } = await openTwoStores({ alpha: "vatsurf", beta: "vatsurfb" }));
  const adminId = uuidv7();
  await db.owner.insert(users).values({
    storeId: alpha.storeId,
    id: adminId,
    email: "owner@vatsurf.test",
    name: "Owner",
    isAdmin: true,
  });
  adminCookie = await userCookie(alpha.storeId, adminId, A);
  cookie = await signedIn(alpha.storeId, alpha.userId);
  const zoneId = uuidv7();
  await db.owner
    .insert(shippingZones)
    .values({ storeId: alpha.storeId, id: zoneId, name: "Everywhere", everywhere: true });
  await db.owner.insert(shippingRates).values({
    storeId: alpha.storeId,
    zoneId,
    kind: "flat",
    nameEn: "Riyadh courier",
    nameAr: "مندوب الرياض",
    estimateEn: "1–2 days",
    estimateAr: "١–٢ يوم",
    priceCents: 600,
  });
  await settings({
    vatRegistered: true,
    vatNumber: "310122393500003",
    vatLegalNameEn: "Alpha Co.",
    vatLegalNameAr: "شركة ألفا",
    pricesIncludeVat: true,
    vatOnShipping: true,
    vatRates: {},
    codFeeCents: 0,
  });
  const dye = await addProduct(db, alpha.storeId, { slug: "surf-dye", priceCents: 1150, stock: 100 });
  const kit = await addProduct(db, alpha.storeId, { slug: "surf-kit", priceCents: 5000, stock: 100 });
  const book = await addProduct(db, alpha.storeId, { slug: "surf-book", priceCents: 1000, stock: 100 });
  await db.owner.update(products).set({ taxClass: "zero-rated" }).where(eq(products.id, kit));
  await db.owner.update(products).set({ taxClass: "exempt" }).where(eq(products.id, book));
  // 1: 23.00 (3.00 VAT inside) + 50.00 at 0 % + 10.00 exempt + shipping 6.00 (0.78 inside).
  await place([
    { productId: dye, quantity: 2 },
    { productId: kit, quantity: 1 },
    { productId: book, quantity: 1 },
  ]);
  // 2: 11.50 (1.50) + shipping 6.00 (0.78).
  await place([{ productId: dye, quantity: 1 }]);
  // 3: the store no longer registered: no VAT recorded.
  await settings({ vatRegistered: false });
  await place([{ productId: dye, quantity: 1 }]);
});
afterAll(async () => {
  await deliveriesSettled();
  await db?.dispose();
});

describe("VAT and the shipping rate on the admin's surfaces", () => {
  it("the orders CSV has the VAT charged and the shipping method, in the admin's language", async () => {
    const [first, second, third] = numbers;
    const csv = async (lng: string) => {
      const path = "/admin/orders/export.csv";
      const context = await ctxIn(path, lng);
      const res = await answer<string>(() =>
        exportLoader({ request: get(`${path}?lng=${lng}`), context, params: {} }),
      );
      return parseCsv(res.data);
    };
    const en = await csv("en");
    const header = en[0]!;
    const vat = header.indexOf("VAT");
    const method = header.indexOf("Shipping method");
    // Then "Refunded" (issue 37) last.
    expect([vat, method]).toEqual([header.length - 3, header.length - 2]);
    const cells = (rows: string[][], n: number) => {
      const row = rows.find((r) => r[0] === String(n))!;
      return [row[vat], row[method]];
    };
    expect(cells(en, first!)).toEqual(["3.78", "Riyadh courier"]);
    expect(cells(en, second!)).toEqual(["2.28", "Riyadh courier"]);
    expect(cells(en, third!)).toEqual(["", "Riyadh courier"]);
    const ar = await csv("ar");
    expect(ar[0]!.slice(-3)).toEqual(["ضريبة القيمة المضافة", "طريقة الشحن", "المسترد"]);
    expect(cells(ar, first!)).toEqual(["3.78", "مندوب الرياض"]);
  });

  it("the sales report shows the period's VAT per rate, zero-rated and exempt apart, and its CSV", async () => {
    const report = await answer<{
      vat: { rateBp: number; exempt: boolean; net: number; vat: number }[];
      totals: { revenue: number };
    }>(() => reportLoader({ request: get("/admin/sales/report"), context: ctx, params: {} }));
    expect(report.status).toBe(200);
    // Standard: (23.00 + 6.00 − 3.78) + (11.50 + 6.00 − 2.28); the unregistered order has none.
    expect(report.data.vat).toEqual([
      { rateBp: 1500, exempt: false, net: 2522 + 1522, vat: 378 + 228 },
      { rateBp: 0, exempt: false, net: 5000, vat: 0 },
      { rateBp: 0, exempt: true, net: 1000, vat: 0 },
    ]);
    expect(report.data.totals.revenue).toBe(8900 + 1750 + 1750);
    const csv = await answer<string>(() =>
      reportCsvLoader({ request: get("/admin/sales/report.csv?by=vat"), context: ctx, params: {} }),
    );
    expect(csv.status).toBe(200);
    expect(parseCsv(csv.data)).toEqual([
      ["Rate", "Net (USD)", "VAT (USD)"],
      ["15%", "40.44", "6.06"],
      ["0%", "50.00", "0.00"],
      ["Exempt", "10.00", "0.00"],
      ["Total", "100.44", "6.06"],
    ]);
  });

  it("the packing slip names the shipping rate (not the VAT), in the admin's language", async () => {
    const slip = async (lng: string) => {
      const path = `/admin/orders/${numbers[0]}/packing-slip`;
      const context = await ctxIn(path, lng);
      const res = await answer<{ shipping: { name: string; estimate: string } | null }>(() =>
        slipLoader({ request: get(`${path}?lng=${lng}`), context, params: { number: String(numbers[0]) } }),
      );
      expect(res.status).toBe(200);
      return res.data;
    };
    const en = await slip("en");
    expect(en.shipping).toEqual({ name: "Riyadh courier", estimate: "1–2 days" });
    expect(Object.keys(en).filter((key) => /vat/i.test(key))).toEqual([]);
    expect((await slip("ar")).shipping).toEqual({ name: "مندوب الرياض", estimate: "١–٢ يوم" });
  });

  it("the order email names the shipping rate", async () => {
    await deliveriesSettled();
    const [mail] = await db.owner
      .select({ text: emailOutbox.text, html: emailOutbox.html })
      .from(emailOutbox)
      .innerJoin(orders, and(eq(orders.storeId, emailOutbox.storeId), eq(orders.number, numbers[0]!)))
      .where(and(eq(emailOutbox.storeId, alpha.storeId), eq(emailOutbox.kind, "order-placed")))
      .limit(1);
    expect(mail!.text).toContain("Delivery: Riyadh courier (1–2 days)");
    expect(mail!.html).toContain("Delivery: Riyadh courier (1–2 days)");
  });
});
