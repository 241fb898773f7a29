/**
 * A store's Cash On Delivery refusal history (issue 34 items 6-7, decision 040), through the
 * routes: the mobile number normalised to E.164 per country (Arabic and Persian digits too) and
 * COD refused for a number not of the address's country; "Refused on delivery" on a shipped COD
 * order (stock back once, even pressed twice at once); the history on the admin order page
 * (confirmed, refused at the door and by phone, cancelled unconfirmed); "No Cash On Delivery after
 * N refusals" at checkout; the dashboard's and the sales report's figures; never another store's.
 */
import { asc, count, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  emailOutbox,
  orderEvents,
  orders,
  products,
  rateLimits,
  shippingAddresses,
  storeSettings,
  users,
} from "~/db/schema";
import { normalizeMobile } from "~/lib/phone";
import { deliveriesSettled } from "~/services/outbox/outbox.server";
import { sweepCodConfirmations } from "~/services/orders/cod-confirmation.server";
import { codMonthFigures, refusedOnDeliveryIn } from "~/services/reports/cod-figures.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { action as stepAction, loader as adminOrderLoader } from "~/routes/admin.orders.$number";
import { action as optionsAction, loader as optionsLoader } from "~/routes/admin.storesetting.paymentOptions";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import {
  A,
  ADDRESS,
  addProduct,
  B,
  fillCart,
  newToken,
  signedIn,
  stockOf,
  type Ctx,
} from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: Ctx;
let betaCtx: Ctx;
let cookie: string;
let betaCookie: string;
let adminCookie: string;
let betaAdminCookie: string;
let ink: string;
let betaInk: string;

const get = (url: string, withCookie?: string) =>
  new Request(url, { headers: withCookie ? { Cookie: withCookie } : {} });

interface Shop {
  host: string;
  context: Ctx;
  storeId: string;
  userId: string;
  cookie: string;
  product: string;
}
const shopA = (): Shop => ({
  host: A,
  context: ctx,
  storeId: alpha.storeId,
  userId: alpha.userId,
  cookie,
  product: ink,
});
const shopB = (): Shop => ({
  host: B,
  context: betaCtx,
  storeId: beta.storeId,
  userId: beta.userId,
  cookie: betaCookie,
  product: betaInk,
});

type Summary = { summary: { totalCents: number; codFeeCents: number }; codNotice: { key: string } | null };

const checkoutPage = (shop = shopA()) =>
  answer<Summary & { methods: string[] }>(() =>
    checkoutLoader({ request: get(`${shop.host}/checkout`, shop.cookie), context: shop.context, params: {} }),
  );

/** Places a COD order with this mobile number; the answer and the newest order of the store. */
async function placeCod(mobile = ADDRESS.mobile, shop = shopA(), extra: Record<string, string> = {}) {
  await fillCart(db, shop.storeId, shop.userId, [{ productId: shop.product, quantity: 2 }]);
  const current = await checkoutPage(shop);
  const placed = await answer<{ notice?: { key: string } }>(() =>
    checkoutAction({
      request: postForm(
        `${shop.host}/checkout`,
        {
          ...ADDRESS,
          mobile,
          intent: "place",
          paymentMethod: "cod",
          checkoutToken: newToken(),
          expectedTotal: String(current.data.summary.totalCents),
          expectedCodFee: String(current.data.summary.codFeeCents),
          ...extra,
        },
        shop.cookie,
      ),
      context: shop.context,
      params: {},
    }),
  );
  await deliveriesSettled();
  const [order] = await db.owner
    .select()
    .from(orders)
    .where(eq(orders.storeId, shop.storeId))
    .orderBy(asc(orders.createdAt), asc(orders.number));
  const all = await db.owner
    .select()
    .from(orders)
    .where(eq(orders.storeId, shop.storeId))
    .orderBy(asc(orders.number));
  return { placed, order: all.at(-1) ?? order ?? null };
}

const orderRow = async (id: string) => (await db.owner.select().from(orders).where(eq(orders.id, id)))[0]!;
const orderCount = async () => (await db.owner.select({ n: count() }).from(orders))[0]!.n;

const step = (
  number: number,
  intent: string,
  expectedStatus: string,
  host = A,
  context = ctx,
  withCookie = adminCookie,
) =>
  answer(() =>
    stepAction({
      request: postForm(
        `${host}/admin/orders/${number}`,
        { intent, expectedStatus, expectedPayment: "unpaid" },
        withCookie,
      ),
      context,
      params: { number: String(number) },
    }),
  );

type AdminPage = {
  refusals: {
    phone: string;
    history: {
      confirmed: number;
      refusedOnDelivery: number;
      refusedByPhone: number;
      autoCancelled: number;
      refusals: number;
    };
  } | null;
  steps: string[];
};
const adminPage = (number: number, host = A, context = ctx, withCookie = adminCookie) =>
  answer<AdminPage>(() =>
    adminOrderLoader({
      request: get(`${host}/admin/orders/${number}`, withCookie),
      context,
      params: { number: String(number) },
    }),
  );

/** A placed, confirmed COD order shipped and then refused at the door. */
async function refusedAtDoor(mobile = ADDRESS.mobile) {
  const { order } = await placeCod(mobile);
  expect((await step(order!.number, "ship", "confirmed")).status).toBe(302);
  expect((await step(order!.number, "refuseOnDelivery", "shipped")).status).toBe(302);
  return order!;
}

const settings = (storeId: string, values: Partial<typeof storeSettings.$inferInsert>) =>
  db.owner.update(storeSettings).set(values).where(eq(storeSettings.storeId, storeId));

async function addAdmin(storeId: string, email: string, origin: string): Promise<string> {
  const id = uuidv7();
  await db.owner.insert(users).values({ storeId, id, email, name: "Ada", isAdmin: true });
  return signedIn(storeId, id, origin);
}

beforeAll(async () => {
  db = await createTestDb();
  alpha = await createStoreFixture(db, "alpha");
  beta = await createStoreFixture(db, "beta");
  ctx = await contextFor(db, "alpha.localhost");
  betaCtx = await contextFor(db, "beta.localhost");
  ink = await addProduct(db, alpha.storeId, { slug: "ink", priceCents: 500, stock: 100 });
  betaInk = await addProduct(db, beta.storeId, { slug: "ink", priceCents: 500, stock: 100 });
  cookie = await signedIn(alpha.storeId, alpha.userId);
  betaCookie = await signedIn(beta.storeId, beta.userId, B);
  adminCookie = await addAdmin(alpha.storeId, "ada@alpha.test", A);
  betaAdminCookie = await addAdmin(beta.storeId, "ada@beta.test", B);
});
afterAll(async () => {
  await db?.dispose();
});
beforeEach(async () => {
  await db.owner.delete(rateLimits);
  await db.owner.delete(orders);
  await db.owner.delete(shippingAddresses);
  await db.owner.delete(emailOutbox);
  await db.owner.update(products).set({ stock: 100, active: true });
  for (const store of [alpha, beta])
    await settings(store.storeId, { cashOnDeliveryEnabled: true, codConfirm: false, codMaxRefusals: null });
});

describe("mobile numbers in E.164", () => {
  const CASES: [string, string, string | null][] = [
    // Saudi Arabia: local with the trunk 0, the code with + or 00 or none, Arabic and Persian digits.
    ["SA", "0501234567", "+966501234567"],
    ["SA", "050 123 4567", "+966501234567"],
    ["SA", "+966 50 123 4567", "+966501234567"],
    ["SA", "00966501234567", "+966501234567"],
    ["SA", "966501234567", "+966501234567"],
    ["SA", "+966 050 123 4567", "+966501234567"],
    ["SA", "٠٥٠١٢٣٤٥٦٧", "+966501234567"],
    ["SA", "+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧", "+966501234567"],
    ["SA", "۰۵۰۱۲۳۴۵۶۷", "+966501234567"],
    ["SA", "050-123-4567", "+966501234567"],
    ["SA", "(050) 123.4567", "+966501234567"],
    ["SA", "\u200E+966 50 123 4567", "+966501234567"],
    ["SA", "0112345678", null], // a Riyadh landline
    ["SA", "05012345", null], // too short
    ["SA", "+971501234567", null], // another country's mobile
    ["SA", "call me", null],
    ["sa", "0551234567", "+966551234567"],
    // United Arab Emirates.
    ["AE", "050 123 4567", "+971501234567"],
    ["AE", "+971 55 123 4567", "+971551234567"],
    ["AE", "٠٥٦١٢٣٤٥٦٧", "+971561234567"],
    ["AE", "04 123 4567", null],
    // Kuwait: 8 digits, no trunk 0; a mobile number that starts with its own code.
    ["KW", "5123 4567", "+96551234567"],
    ["KW", "+965 9651 2345", "+96596512345"],
    ["KW", "96512345", "+96596512345"],
    ["KW", "2212 3456", null],
    // Bahrain.
    ["BH", "3612 3456", "+97336123456"],
    ["BH", "00973 3612 3456", "+97336123456"],
    ["BH", "1712 3456", null],
    // Qatar.
    ["QA", "3312 3456", "+97433123456"],
    ["QA", "٧٧١٢٣٤٥٦", "+97477123456"],
    ["QA", "4412 3456", null],
    // Oman.
    ["OM", "9212 3456", "+96892123456"],
    ["OM", "+968 7212 3456", "+96872123456"],
    ["OM", "2412 3456", null],
    // Egypt and Jordan, with their trunk 0.
    ["EG", "010 1234 5678", "+201012345678"],
    ["JO", "079 555 0105", "+962795550105"],
    // The general rule: a known calling code, or an international number for any country.
    ["GB", "07700 900107", "+447700900107"],
    ["US", "+1 617 555 0104", "+16175550104"],
    ["NO", "+47 400 55 202", "+4740055202"],
    ["NO", "400 55 202", null],
  ];
  it.each(CASES)("%s %s → %s", (country, typed, expected) => {
    expect(normalizeMobile(typed, country)).toBe(expected);
  });
});

describe("checkout", () => {
  it("stores the normalised phone of a COD order typed in Arabic digits", async () => {
    const { placed, order } = await placeCod("٠٥٠ ١٢٣ ٤٥٦٧");
    expect(placed.status).toBe(302);
    expect(order!.phoneE164).toBe("+966501234567");
    expect(order!.shipMobile).toBe("٠٥٠ ١٢٣ ٤٥٦٧");
  });

  it("refuses a COD order whose phone is not a mobile number of the country: 409, nothing placed", async () => {
    for (const mobile of ["0112345678", "+971 50 123 4567"]) {
      const before = await orderCount();
      const { placed } = await placeCod(mobile);
      expect(placed.status).toBe(409);
      expect(placed.data.notice?.key).toBe("codRefusals.checkout.phoneInvalid");
      expect(await orderCount()).toBe(before);
      expect(await stockOf(db, ink)).toBe(100);
    }
    // The address's country decides: the UAE number is fine for a UAE address (when delivered there).
    expect(normalizeMobile("+971 50 123 4567", "AE")).toBe("+971501234567");
  });
});

describe("Refused on delivery", () => {
  it("closes a shipped COD order: stock back, cash not collected, history and audit entries", async () => {
    const order = await refusedAtDoor();
    const row = await orderRow(order.id);
    expect(row.status).toBe("cancelled");
    expect(row.paymentStatus).toBe("unpaid");
    expect(row.refusedOnDeliveryAt).not.toBeNull();
    expect(await stockOf(db, ink)).toBe(100);
    const events = await db.owner
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.createdAt));
    expect(events.at(-1)).toMatchObject({
      fromStatus: "shipped",
      toStatus: "cancelled",
      note: "Refused on delivery",
    });
    const audit = await db.owner.select().from(auditLog).where(eq(auditLog.action, "order.refuseOnDelivery"));
    expect(audit.map((entry) => entry.entityLabel)).toContain(`#${order.number}`);
  });

  it("is refused from any state but shipped, and for a paid order, changing nothing", async () => {
    const { order } = await placeCod();
    expect((await step(order!.number, "refuseOnDelivery", "confirmed")).status).toBe(409);
    expect((await orderRow(order!.id)).status).toBe("confirmed");
    expect((await step(order!.number, "ship", "confirmed")).status).toBe(302);
    await db.owner.update(orders).set({ paymentStatus: "paid" }).where(eq(orders.id, order!.id));
    const paid = await answer(() =>
      stepAction({
        request: postForm(
          `${A}/admin/orders/${order!.number}`,
          { intent: "refuseOnDelivery", expectedStatus: "shipped", expectedPayment: "paid" },
          adminCookie,
        ),
        context: ctx,
        params: { number: String(order!.number) },
      }),
    );
    expect(paid.status).toBe(409);
    expect((await orderRow(order!.id)).status).toBe("shipped");
    expect(await stockOf(db, ink)).toBe(98);
  });

  it("pressed twice at once restocks once: one 302, one 409", async () => {
    const { order } = await placeCod();
    expect((await step(order!.number, "ship", "confirmed")).status).toBe(302);
    const both = await Promise.all([
      step(order!.number, "refuseOnDelivery", "shipped"),
      step(order!.number, "refuseOnDelivery", "shipped"),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await stockOf(db, ink)).toBe(100);
    const cancels = await db.owner.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(cancels.filter((e) => e.toStatus === "cancelled")).toHaveLength(1);
  });

  it("answers a bad intent 400 and another store's order 404, changing nothing", async () => {
    const { order } = await placeCod();
    expect((await step(order!.number, "ship", "confirmed")).status).toBe(302);
    expect((await step(order!.number, "refuseAtDoor", "shipped")).status).toBe(400);
    // Store B's admin on store B's host: alpha's order number is not B's.
    expect(
      (await step(order!.number + 500, "refuseOnDelivery", "shipped", B, betaCtx, betaAdminCookie)).status,
    ).toBe(404);
    // Alpha's admin cookie on beta's host is not signed in there: nothing changes either way.
    const crossed = await step(order!.number, "refuseOnDelivery", "shipped", B, betaCtx, adminCookie);
    expect(crossed.status).toBeGreaterThanOrEqual(300);
    expect((await orderRow(order!.id)).status).toBe("shipped");
    expect(await stockOf(db, ink)).toBe(98);
  });
});

describe("the history on the admin order page", () => {
  it("counts confirmed, refused at the door and by phone, and cancelled unconfirmed orders of the number", async () => {
    await refusedAtDoor("0501234567");
    await refusedAtDoor("+966 50 123 4567");
    // Confirmed and delivered.
    const { order: delivered } = await placeCod("00966501234567");
    expect((await step(delivered!.number, "ship", "confirmed")).status).toBe(302);
    // Refused by phone and cancelled unconfirmed, in a store that asks to confirm.
    await settings(alpha.storeId, { codConfirm: true });
    const { order: byPhone } = await placeCod("٠٥٠١٢٣٤٥٦٧");
    expect((await step(byPhone!.number, "refuseByPhone", "awaiting_confirmation")).status).toBe(302);
    await placeCod("050 123 4567");
    await sweepCodConfirmations(new Date(Date.now() + 25 * 3_600_000));
    // Another number's refusal is not this one's.
    await settings(alpha.storeId, { codConfirm: false });
    await refusedAtDoor("0551234567");

    const { order: next } = await placeCod("0501234567");
    const page = await adminPage(next!.number);
    expect(page.status).toBe(200);
    expect(page.data.refusals).toEqual({
      phone: "+966501234567",
      history: { confirmed: 3, refusedOnDelivery: 2, refusedByPhone: 1, autoCancelled: 1, refusals: 3 },
    });
  });

  it("is never another store's: the same number in store B has no history there", async () => {
    await refusedAtDoor();
    await refusedAtDoor();
    const { placed, order } = await placeCod(ADDRESS.mobile, shopB());
    expect(placed.status).toBe(302);
    const page = await adminPage(order!.number, B, betaCtx, betaAdminCookie);
    expect(page.data.refusals!.history).toMatchObject({ refusals: 0, refusedOnDelivery: 0, confirmed: 0 });
    // Store B's rule does not see store A's refusals either.
    await settings(beta.storeId, { codMaxRefusals: 1 });
    expect((await placeCod(ADDRESS.mobile, shopB())).placed.status).toBe(302);
  });
});

describe("No Cash On Delivery after N refusals", () => {
  it("is off by default; set to 2, the shopper is told to pay by card and a crafted COD order is refused", async () => {
    await refusedAtDoor();
    await refusedAtDoor();
    expect((await placeCod()).placed.status).toBe(302);

    const form = {
      intent: "cod",
      cashOnDelivery: "on",
      codFee: "0",
      codMaxTotal: "",
      codConfirmRemindHours: "6",
      codConfirmCancelHours: "24",
      codRefusalLimit: "on",
      codMaxRefusalsCount: "2",
    };
    const saved = await answer(() =>
      optionsAction({
        request: postForm(`${A}/admin/storesetting/paymentOptions`, form, adminCookie),
        context: ctx,
        params: {},
      }),
    );
    expect(saved.status).toBe(302);
    const [row] = await db.owner.select().from(storeSettings).where(eq(storeSettings.storeId, alpha.storeId));
    expect(row!.codMaxRefusals).toBe(2);
    const shown = await answer<{ options: { maxRefusals: number | null } }>(() =>
      optionsLoader({
        request: get(`${A}/admin/storesetting/paymentOptions`, adminCookie),
        context: ctx,
        params: {},
      }),
    );
    expect(shown.data.options.maxRefusals).toBe(2);

    // The saved address's number has refused twice: COD is not offered, and the page says why.
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: ink, quantity: 1 }]);
    const page = await checkoutPage();
    expect(page.data.methods).not.toContain("cod");
    expect(page.data.codNotice?.key).toBe("codRefusals.checkout.payByCard");
    const before = await orderCount();
    const stockBefore = await stockOf(db, ink);
    const refused = await placeCod("٠٥٠١٢٣٤٥٦٧");
    expect(refused.placed.status).toBe(409);
    expect(refused.placed.data.notice?.key).toBe("codRefusals.checkout.payByCard");
    expect(await orderCount()).toBe(before);
    expect(await stockOf(db, ink)).toBe(stockBefore);
    // Another number is not named by the rule.
    expect((await placeCod("0551234567")).placed.status).toBe(302);

    // Off again: the number may pay on delivery.
    const off = { ...form, codRefusalLimit: "" };
    delete (off as Partial<typeof off>).codRefusalLimit;
    expect(
      (
        await answer(() =>
          optionsAction({
            request: postForm(`${A}/admin/storesetting/paymentOptions`, off, adminCookie),
            context: ctx,
            params: {},
          }),
        )
      ).status,
    ).toBe(302);
    expect((await placeCod()).placed.status).toBe(302);
  });

  it("refuses a bad count with 400, changing nothing", async () => {
    for (const countText of ["0", "abc", "100", ""]) {
      const res = await answer(() =>
        optionsAction({
          request: postForm(
            `${A}/admin/storesetting/paymentOptions`,
            {
              intent: "cod",
              cashOnDelivery: "on",
              codFee: "0",
              codMaxTotal: "",
              codRefusalLimit: "on",
              codMaxRefusalsCount: countText,
            },
            adminCookie,
          ),
          context: ctx,
          params: {},
        }),
      );
      expect(res.status, countText).toBe(400);
    }
    const [row] = await db.owner.select().from(storeSettings).where(eq(storeSettings.storeId, alpha.storeId));
    expect(row!.codMaxRefusals).toBeNull();
  });
});

describe("figures", () => {
  it("the dashboard's month and the sales report count refusals apart, per store", async () => {
    const refused = await refusedAtDoor();
    await settings(alpha.storeId, { codConfirm: true });
    const { order: confirmed } = await placeCod();
    expect((await step(confirmed!.number, "confirmByPhone", "awaiting_confirmation")).status).toBe(302);
    const { order: byPhone } = await placeCod();
    expect((await step(byPhone!.number, "refuseByPhone", "awaiting_confirmation")).status).toBe(302);
    const figures = await codMonthFigures(alpha.storeId, "Asia/Riyadh");
    expect(figures).toEqual({ decided: 2, confirmed: 1, rate: 50, refusedOnDelivery: 1, refusedByPhone: 1 });
    expect(await codMonthFigures(beta.storeId, "UTC")).toMatchObject({
      decided: 0,
      rate: null,
      refusedOnDelivery: 0,
    });
    const today = new Date().toISOString().slice(0, 10);
    const range = { start: today, end: today };
    expect(await refusedOnDeliveryIn(alpha.storeId, range, "UTC")).toEqual({
      orders: 1,
      totalCents: (await orderRow(refused.id)).totalCents,
    });
    expect(await refusedOnDeliveryIn(beta.storeId, range, "UTC")).toEqual({ orders: 0, totalCents: 0 });
  });
});
