/**
 * Partial and repeated refunds (issue 37, decision 048), on PostgreSQL and PGlite: what a refund
 * gives back is what the shopper paid for those units (after sales, the code shared exactly,
 * VAT), repeated refunds end exactly at the total, more than is left is refused with what remains
 * and changes nothing, two refunds of the last amount at once make exactly one, Cash On Delivery
 * refunds are recorded with their method and reference, stock comes back only where chosen, a
 * card refund Stripe cannot make stays visible as failed and changes nothing else, another
 * store's order is not found; and, as a property over random sequences, the refunds never exceed
 * what was paid nor any line's units what was bought.
 */
import { and, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orderItems, orders, refundLines, refunds, storeEvents, stores } from "~/db/schema";
import { paidPieces } from "~/lib/refund-math";
import { parseCsv } from "~/lib/csv";
import { addDays } from "~/lib/validation/report-range";
import { salesReportCsv } from "~/services/reports/report-csv.server";
import { dashboardReport, salesReport } from "~/services/reports/reports.server";
import {
  createRefund,
  proposeRefund,
  refundStateOf,
  type RefundRequest,
} from "~/services/orders/refunds.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { addProduct, ORDER_SHIPPING, stockOf } from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let jar: string;
let cloth: string;

beforeAll(async () => {
  ({ db, alpha, beta } = await openTwoStores());
  jar = await addProduct(db, alpha.storeId, { slug: "rf-jar", priceCents: 1000, stock: 50 });
  cloth = await addProduct(db, alpha.storeId, { slug: "rf-cloth", priceCents: 2001, stock: 50 });
}, 60_000);
afterAll(async () => {
  await db?.dispose();
});

let nextNumber = 700_000;

/**
 * A paid order written as checkout freezes it: 3 jars (on sale at 1000 each) and 1 cloth (2001),
 * a code of 301 shared 150/151 by largest remainder, 15 % VAT inside the prices, shipping 500
 * (VAT 65 inside), total 5200.
 */
async function paidOrder(method: "cod" | "card" = "cod", storeId = alpha.storeId, userId = alpha.userId) {
  const id = uuidv7();
  const number = ++nextNumber;
  await db.owner.insert(orders).values({
    storeId,
    id,
    number,
    userId,
    paymentMethod: method,
    status: "delivered",
    paymentStatus: "paid",
    currency: "SAR",
    subtotalCents: 5100,
    discountCents: 99,
    shippingCents: 500,
    totalCents: 5200,
    totalQuantity: 4,
    codeDiscountCents: 301,
    discountCode: "SAVE",
    vatCents: 393 + 242 + 65,
    vatInclusive: true,
    vatRates: [{ rateBp: 1500, net: 5200 - 700, vat: 700 }],
    shipCountry: "SA",
    ...ORDER_SHIPPING,
  });
  const jarLine = uuidv7();
  const clothLine = uuidv7();
  // 3000 − 150 = 2850 incl. VAT 372 (2850 × 15/115 = 371.7); 2001 − 151 = 1850, VAT 241.3 → 241.
  await db.owner.insert(orderItems).values([
    {
      storeId,
      id: jarLine,
      orderId: id,
      productId: jar,
      nameEn: "Jar",
      nameAr: "برطمان",
      unitPriceCents: 1033,
      unitDiscountCents: 33,
      quantity: 3,
      lineTotalCents: 3000,
      codeDiscountCents: 150,
      vatRateBp: 1500,
      vatCents: 372,
    },
    {
      storeId,
      id: clothLine,
      orderId: id,
      productId: cloth,
      nameEn: "Cloth",
      nameAr: "قماش",
      unitPriceCents: 2001,
      quantity: 1,
      lineTotalCents: 2001,
      codeDiscountCents: 151,
      vatRateBp: 1500,
      vatCents: 241,
    },
  ]);
  // The order's VAT as the lines and shipping add up (372 + 241 + 65).
  await db.owner
    .update(orders)
    .set({ vatCents: 678 })
    .where(and(eq(orders.storeId, storeId), eq(orders.id, id)));
  return { id, number, jarLine, clothLine };
}

const none = { shippingCents: 0, codFeeCents: 0, extraCents: 0 };
const request = (partial: Partial<RefundRequest>): RefundRequest => ({
  lines: [],
  ...none,
  reasonCode: "returned",
  method: "cash",
  ...partial,
});

async function refundsOfOrder(orderId: string) {
  return db.owner.select().from(refunds).where(eq(refunds.orderId, orderId));
}

describe("what a refund gives back", () => {
  it("shares what was paid exactly: the pieces add up to the total", async () => {
    const order = await paidOrder();
    const state = await refundStateOf(alpha.storeId, order.number);
    expect(state?.remainingCents).toBe(5200);
    const jarLine = state!.lines.find((line) => line.id === order.jarLine)!;
    expect(jarLine).toMatchObject({ gross: 2850, vat: 372 });
    const cloth = state!.lines.find((line) => line.id === order.clothLine)!;
    expect(cloth).toMatchObject({ gross: 1850, vat: 241 });
    expect(state!.pieces.shipping).toEqual({ gross: 500, vat: 65 });
    // One jar of three: 2850 / 3 = 950 each, VAT 372 → 124 each.
    const one = proposeRefund(state!, {
      lines: [{ orderItemId: order.jarLine, quantity: 1, restock: false }],
      ...none,
    });
    expect(one).toMatchObject({ amountCents: 950, vatCents: 124 });
  });

  it("refunds again and again until nothing is left, ending exactly at the total; then refuses", async () => {
    const order = await paidOrder();
    const steps: Partial<RefundRequest>[] = [
      { lines: [{ orderItemId: order.jarLine, quantity: 1, restock: true }] },
      { shippingCents: 123 },
      { lines: [{ orderItemId: order.jarLine, quantity: 2, restock: false }], shippingCents: 377 },
      { lines: [{ orderItemId: order.clothLine, quantity: 1, restock: false }] },
    ];
    for (const step of steps) {
      const done = await createRefund(alpha.storeId, order.number, request(step), alpha.userId);
      expect(done.kind).toBe("created");
    }
    const all = await refundsOfOrder(order.id);
    expect(all.reduce((a, r) => a + r.amountCents, 0)).toBe(5200);
    expect(all.reduce((a, r) => a + r.vatCents, 0)).toBe(678);
    const [row] = await db.owner.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.paymentStatus).toBe("refunded");
    const again = await createRefund(alpha.storeId, order.number, request({ extraCents: 1 }), alpha.userId);
    expect(again).toEqual({ kind: "over", remainingCents: 0 });
  });

  it("says Partially refunded after a part, and refuses more than is left, changing nothing", async () => {
    const order = await paidOrder();
    await createRefund(alpha.storeId, order.number, request({ extraCents: 5000 }), alpha.userId);
    const [after] = await db.owner.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.paymentStatus).toBe("partially_refunded");
    // Webhooks and the events feed hear of it, with the order as it now stands.
    const [refunded] = await db.owner
      .select({ payload: storeEvents.payload })
      .from(storeEvents)
      .where(and(eq(storeEvents.resourceId, order.id), eq(storeEvents.topic, "orders/refunded")));
    expect(refunded?.payload).toMatchObject({ paymentStatus: "partially_refunded" });
    const events = await db.owner.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    const over = await createRefund(
      alpha.storeId,
      order.number,
      request({ lines: [{ orderItemId: order.clothLine, quantity: 1, restock: true }] }),
      alpha.userId,
    );
    expect(over).toEqual({ kind: "over", remainingCents: 200 });
    expect(await refundsOfOrder(order.id)).toHaveLength(1);
    expect(await db.owner.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toHaveLength(
      events.length,
    );
    // More units than bought, or more shipping than was paid: refused by field.
    expect(
      await createRefund(
        alpha.storeId,
        order.number,
        request({ lines: [{ orderItemId: order.jarLine, quantity: 4, restock: false }] }),
        alpha.userId,
      ),
    ).toMatchObject({ kind: "invalid", message: "units" });
    expect(
      await createRefund(alpha.storeId, order.number, request({ shippingCents: 501 }), alpha.userId),
    ).toMatchObject({ kind: "invalid", message: "shipping" });
  });
});

describe("offline refunds and stock", () => {
  it("records a Cash On Delivery refund with its method and reference; stock back only where chosen", async () => {
    const order = await paidOrder("cod");
    const jarStock = await stockOf(db, jar);
    const clothStock = await stockOf(db, cloth);
    const done = await createRefund(
      alpha.storeId,
      order.number,
      request({
        lines: [
          { orderItemId: order.jarLine, quantity: 2, restock: true },
          { orderItemId: order.clothLine, quantity: 1, restock: false },
        ],
        method: "bank_transfer",
        reference: "TRX-991",
        reasonCode: "damaged",
        reasonText: "Cracked lid",
        noteToShopper: "Sorry!",
      }),
      alpha.userId,
    );
    expect(done.kind).toBe("created");
    if (done.kind !== "created") return;
    expect(done.refund).toMatchObject({
      status: "succeeded",
      method: "bank_transfer",
      reference: "TRX-991",
      reasonCode: "damaged",
      amountCents: 1900 + 1850,
      createdBy: alpha.userId,
    });
    expect(await stockOf(db, jar)).toBe(jarStock + 2);
    expect(await stockOf(db, cloth)).toBe(clothStock);
    const lines = await db.owner.select().from(refundLines).where(eq(refundLines.refundId, done.refund.id));
    expect(lines).toHaveLength(2);
  });

  it("a double submit of the same form makes one refund", async () => {
    const order = await paidOrder("cod");
    const form = request({ extraCents: 100, requestToken: `tok-${order.id}` });
    const [a, b] = await Promise.all([
      createRefund(alpha.storeId, order.number, form, alpha.userId),
      createRefund(alpha.storeId, order.number, form, alpha.userId),
    ]);
    expect(a.kind === "created" && b.kind === "created" && a.refund.id === b.refund.id).toBe(true);
    expect(await refundsOfOrder(order.id)).toHaveLength(1);
  });

  it("two refunds of the last amount at once: exactly one is made", async () => {
    const order = await paidOrder("cod");
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        createRefund(alpha.storeId, order.number, request({ extraCents: 5200 }), alpha.userId),
      ),
    );
    expect(results.filter((r) => r.kind === "created")).toHaveLength(1);
    expect(results.filter((r) => r.kind === "over")).toHaveLength(3);
    expect(await refundsOfOrder(order.id)).toHaveLength(1);
  });
});

describe("card refunds", () => {
  it("a refund Stripe cannot make stays visible as failed; nothing else changes", async () => {
    await db.owner
      .update(stores)
      .set({ stripeAccountId: "acct_refunds_none", stripeChargesEnabled: true })
      .where(eq(stores.id, alpha.storeId));
    const saved = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    try {
      const order = await paidOrder("card");
      await db.owner.update(orders).set({ stripePaymentIntentId: "pi_none" }).where(eq(orders.id, order.id));
      const stock = await stockOf(db, jar);
      const done = await createRefund(
        alpha.storeId,
        order.number,
        request({ lines: [{ orderItemId: order.jarLine, quantity: 1, restock: true }] }),
        alpha.userId,
      );
      expect(done.kind === "created" && done.refund.status).toBe("failed");
      expect(await stockOf(db, jar)).toBe(stock);
      const [row] = await db.owner.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.paymentStatus).toBe("paid");
      // A failed refund holds nothing: the whole amount is still there.
      expect((await refundStateOf(alpha.storeId, order.number))?.remainingCents).toBe(5200);
    } finally {
      if (saved !== undefined) process.env.STRIPE_SECRET_KEY = saved;
    }
  });
});

describe("reports", () => {
  it("counts the refunds that succeeded in the sales report's period, by reason", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const order = await paidOrder("cod");
    const refund = (partial: Partial<RefundRequest>) =>
      createRefund(alpha.storeId, order.number, request(partial), null);
    await refund({ extraCents: 300, reasonCode: "goodwill" });
    await refund({ extraCents: 200, reasonCode: "goodwill" });
    await refund({ shippingCents: 500, reasonCode: "late_delivery" });
    const report = await salesReport(alpha.storeId, { start: today, end: today }, "UTC");
    // Only this test refunds for these two reasons.
    const mine = report.refunds.filter((row) => row.reason === "goodwill" || row.reason === "late_delivery");
    expect(mine).toEqual([
      { reason: "goodwill", refunds: 2, amount: 500 },
      { reason: "late_delivery", refunds: 1, amount: 500 },
    ]);
    expect((await salesReport(beta.storeId, { start: today, end: today }, "UTC")).refunds).toEqual([]);
  });
});

describe("reports by product and the dashboard", () => {
  it("count the units and goods refunded of the period's sold lines, and the dashboard the period's refunds", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const day = { start: today, end: today };
    const range = { ...day, days: 1, previous: { start: addDays(today, -1), end: addDays(today, -1) } };
    const order = await paidOrder("cod");
    const product = (report: Awaited<ReturnType<typeof salesReport>>, id: string) =>
      report.products.find((row) => row.productId === id)!;
    const before = await salesReport(alpha.storeId, day, "UTC");
    const dashboardBefore = await dashboardReport(alpha.storeId, range, "UTC");
    const done = await createRefund(
      alpha.storeId,
      order.number,
      request({
        lines: [{ orderItemId: order.jarLine, quantity: 1, restock: false }],
        reasonCode: "damaged",
      }),
      null,
    );
    if (done.kind !== "created") throw new Error(`refund refused: ${done.kind}`);
    const [line] = await db.owner.select().from(refundLines).where(eq(refundLines.refundId, done.refund.id));
    const after = await salesReport(alpha.storeId, day, "UTC");
    // Other tests of this file refund jars today too: what this refund added is compared.
    expect(product(after, jar).refundedUnits - product(before, jar).refundedUnits).toBe(1);
    expect(product(after, jar).refunded - product(before, jar).refunded).toBe(line!.amountCents);
    expect(product(after, cloth).refundedUnits).toBe(product(before, cloth).refundedUnits);
    // The CSV by product carries them, by its header names.
    const [header, ...rows] = parseCsv(salesReportCsv(after, "product", "SAR"));
    const jarRow = rows.find((row) => row[header!.indexOf("Product ID")] === jar)!;
    expect(jarRow[header!.indexOf("Refunded units")]).toBe(String(product(after, jar).refundedUnits));
    expect(jarRow[header!.indexOf("Refunded (SAR)")]).toBe((product(after, jar).refunded / 100).toFixed(2));
    const dashboardAfter = await dashboardReport(alpha.storeId, range, "UTC");
    expect(dashboardAfter.refunded.amount - dashboardBefore.refunded.amount).toBe(done.refund.amountCents);
    expect(dashboardAfter.refunded.refunds - dashboardBefore.refunded.refunds).toBe(1);
    // Another store's figures hold none of it.
    expect((await dashboardReport(beta.storeId, range, "UTC")).refunded).toEqual({ refunds: 0, amount: 0 });
  });
});

describe("tenancy", () => {
  it("another store's order is not found and nothing is written", async () => {
    const order = await paidOrder();
    expect(await createRefund(beta.storeId, order.number, request({ extraCents: 1 }), beta.userId)).toEqual({
      kind: "not-found",
    });
    expect(await refundStateOf(beta.storeId, order.number)).toBeNull();
    expect(await refundsOfOrder(order.id)).toHaveLength(0);
  });
});

describe("property: random refund sequences", () => {
  it("never refund more than was paid, nor more units of a line than were bought", async () => {
    let seed = 37;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 6; round++) {
      const order = await paidOrder();
      for (let step = 0; step < 8; step++) {
        await createRefund(
          alpha.storeId,
          order.number,
          request({
            lines: [
              { orderItemId: order.jarLine, quantity: random(3), restock: random(2) === 0 },
              { orderItemId: order.clothLine, quantity: random(2), restock: false },
            ],
            shippingCents: random(300),
            extraCents: random(4) === 0 ? random(2000) : 0,
          }),
          alpha.userId,
        );
      }
      const all = await refundsOfOrder(order.id);
      expect(all.reduce((a, r) => a + r.amountCents, 0)).toBeLessThanOrEqual(5200);
      const ids = all.map((r) => r.id);
      const lines = ids.length
        ? await db.owner.select().from(refundLines).where(eq(refundLines.storeId, alpha.storeId))
        : [];
      const mine = lines.filter((line) => ids.includes(line.refundId));
      const units = (item: string) =>
        mine.filter((line) => line.orderItemId === item).reduce((a, line) => a + line.quantity, 0);
      expect(units(order.jarLine)).toBeLessThanOrEqual(3);
      expect(units(order.clothLine)).toBeLessThanOrEqual(1);
    }
  });

  it("the paid pieces of random orders add up to their totals", () => {
    for (let i = 0; i < 500; i++) {
      const lines = Array.from({ length: 1 + (i % 4) }, (_, j) => ({
        id: String(j),
        quantity: 1 + ((i + j) % 5),
        lineTotalCents: 100 + ((i * 7919 + j * 104729) % 50_000),
        codeDiscountCents: null,
        vatCents: (i * 31 + j) % 900,
      }));
      const goods = lines.reduce((a, l) => a + l.lineTotalCents, 0);
      const code = i % 3 === 0 ? Math.floor(goods / 7) : 0;
      const vat = lines.reduce((a, l) => a + l.vatCents, 0) + (i % 50);
      const codFee = i % 2 ? 300 : 0;
      const total = goods - code + 700 + codFee + (i % 2 ? vat : 0);
      const pieces = paidPieces({
        totalCents: total,
        vatCents: vat,
        vatInclusive: i % 2 ? false : true,
        codFeeCents: codFee,
        codeDiscountCents: code,
        lines,
      });
      const sum = pieces.lines.reduce((a, l) => a + l.gross, 0) + pieces.shipping.gross + pieces.codFee.gross;
      expect(sum).toBe(total);
    }
  });
});
