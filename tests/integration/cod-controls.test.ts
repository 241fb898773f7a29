/**
 * Cash On Delivery controls and new-order alerts (issue 20 items 5 and 6, decision 030), through
 * the routes: the COD fee on the checkout summary and on the order (its own line, in the total,
 * on every view of the order), the ceiling and the verified-email rule on the page and at
 * placing (a crafted POST is refused, nothing placed), the Payment Options form (bad input 400,
 * nothing changed; admins of this store only), and the alerts each admin gets after the commit in
 * their language (not one who turned them off, not another store's, not on a failed checkout, and
 * a mail failure never fails the checkout).
 */
import { and, asc, count, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  emailOutbox,
  orders,
  products,
  rateLimits,
  shippingAddresses,
  stores,
  storeSettings,
  users,
} from "~/db/schema";
import { parseCsv } from "~/lib/csv";
import { formatMoney } from "~/lib/money";
import { deliveriesSettled } from "~/services/outbox/outbox.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { loader as confirmedLoader } from "~/routes/orders.$number.confirmed";
import { loader as detailsLoader } from "~/routes/orders.$number._index";
import { loader as adminOrderLoader } from "~/routes/admin.orders.$number";
import { loader as slipLoader } from "~/routes/admin_.orders.$number.packing-slip";
import { loader as csvLoader } from "~/routes/admin.orders.export[.csv]";
import { action as profileAction, loader as profileLoader } from "~/routes/admin.profile";
import { action as optionsAction, loader as optionsLoader } from "~/routes/admin.storesetting.paymentOptions";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import {
  A,
  ADDRESS,
  addProduct,
  fillCart,
  newToken,
  signedIn,
  type Ctx,
  type RefusalData,
} from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: Ctx;
let cookie: string;
let ink: string; // 5.00 a unit
const admins = { ar: "", en: "", off: "", beta: "" };
let adminCookie: string;
let betaAdminCookie: string;

type CheckoutPage = {
  summary: {
    total: string;
    totalCents: number;
    codFee: string | null;
    codFeeCents: number;
    codTotal: string;
  };
  methods: string[];
  codFee: "always" | "when-chosen" | null;
  codNotice: { key: string; params?: Record<string, string> } | null;
};

const page = (withCookie = cookie) =>
  answer<CheckoutPage>(() =>
    checkoutLoader({
      request: new Request(`${A}/checkout`, { headers: { Cookie: withCookie } }),
      context: ctx,
      params: {},
    }),
  );

const post = (fields: Record<string, string>, withCookie: string | undefined = cookie) =>
  answer<RefusalData>(() =>
    checkoutAction({ request: postForm(`${A}/checkout`, fields, withCookie), context: ctx, params: {} }),
  );

/** The form as the page renders it now: the total and COD fee it shows, a fresh token. */
async function placeFields(overrides: Record<string, string> = {}) {
  const current = await page();
  return {
    ...ADDRESS,
    intent: "place",
    paymentMethod: "cod",
    checkoutToken: newToken(),
    expectedTotal: String(current.data.summary.totalCents),
    expectedCodFee: String(current.data.summary.codFeeCents),
    ...overrides,
  };
}

const orderCount = async () => (await db.owner.select({ n: count() }).from(orders))[0]!.n;
const alerts = () =>
  db.owner
    .select({
      to: emailOutbox.to,
      locale: emailOutbox.locale,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      status: emailOutbox.status,
      storeId: emailOutbox.storeId,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, "new-order-alert"))
    .orderBy(asc(emailOutbox.to));

const setCod = (values: Partial<typeof storeSettings.$inferInsert>) =>
  db.owner.update(storeSettings).set(values).where(eq(storeSettings.storeId, alpha.storeId));

const settingsRow = async () =>
  (
    await db.owner
      .select({
        cod: storeSettings.cashOnDeliveryEnabled,
        fee: storeSettings.codFeeCents,
        max: storeSettings.codMaxTotalCents,
        verifiedOnly: storeSettings.codVerifiedOnly,
      })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, alpha.storeId))
  )[0]!;

async function addAdmin(storeId: string, email: string, values: Partial<typeof users.$inferInsert> = {}) {
  const id = uuidv7();
  await db.owner
    .insert(users)
    .values({ storeId, id, email, name: email.split("@")[0]!, isAdmin: true, ...values });
  return id;
}

beforeAll(async () => {
  db = await createTestDb();
  alpha = await createStoreFixture(db, "alpha");
  beta = await createStoreFixture(db, "beta");
  ctx = await contextFor(db, "alpha.localhost");
  ink = await addProduct(db, alpha.storeId, { slug: "ink", priceCents: 500, stock: 100 });
  admins.ar = await addAdmin(alpha.storeId, "rana@alpha.test", { locale: "ar" });
  // No language of their own: the store's default (English).
  admins.en = await addAdmin(alpha.storeId, "eli@alpha.test");
  admins.off = await addAdmin(alpha.storeId, "quiet@alpha.test", { orderAlerts: false });
  admins.beta = await addAdmin(beta.storeId, "bea@beta.test");
  cookie = await signedIn(alpha.storeId, alpha.userId);
  adminCookie = await signedIn(alpha.storeId, admins.en);
  betaAdminCookie = await signedIn(beta.storeId, admins.beta, "http://beta.localhost:3000");
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await db?.dispose();
});
beforeEach(async () => {
  await db.owner.delete(rateLimits);
  await db.owner.delete(orders);
  await db.owner.delete(shippingAddresses);
  await db.owner.delete(emailOutbox);
  await db.owner.update(products).set({ stock: 100, active: true });
  await db.owner.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, alpha.userId));
  await db.owner
    .update(users)
    .set({ orderAlerts: true })
    .where(and(eq(users.isAdmin, true), eq(users.storeId, alpha.storeId)));
  await db.owner.update(users).set({ orderAlerts: false }).where(eq(users.id, admins.off));
  await setCod({
    cashOnDeliveryEnabled: true,
    shippingFeeCents: 0,
    freeShippingThresholdCents: 0,
    codFeeCents: 0,
    codMaxTotalCents: null,
    codVerifiedOnly: false,
  });
  // 4 × 5.00 = 20.00
  await fillCart(db, alpha.storeId, alpha.userId, [{ productId: ink, quantity: 4 }]);
});

describe("the Cash On Delivery fee", () => {
  it("is its own line on the summary and on the order, and in the order's total", async () => {
    await setCod({ codFeeCents: 150, shippingFeeCents: 300 });
    const shown = await page();
    expect(shown.data.summary).toMatchObject({
      total: "$23.00",
      totalCents: 2300,
      codFee: "$1.50",
      codFeeCents: 150,
      codTotal: "$24.50",
    });
    // COD is the only method here, so the fee always shows.
    expect(shown.data.codFee).toBe("always");

    const placed = await post(await placeFields());
    expect(placed.status).toBe(302);
    const [order] = await db.owner
      .select({
        number: orders.number,
        codFeeCents: orders.codFeeCents,
        shippingCents: orders.shippingCents,
        totalCents: orders.totalCents,
      })
      .from(orders);
    expect(order).toMatchObject({ codFeeCents: 150, shippingCents: 300, totalCents: 2450 });
    const number = String(order!.number);

    // A later change of the fee does not change the order.
    await setCod({ codFeeCents: 999 });
    const params = { number };
    const request = (path: string, withCookie: string) =>
      new Request(`${A}${path}`, { headers: { Cookie: withCookie } });
    type View = { order: { codFee: string | null; total: string } };
    const confirmed = await answer<View>(() =>
      confirmedLoader({ request: request(`/orders/${number}/confirmed`, cookie), context: ctx, params }),
    );
    expect(confirmed.data.order).toMatchObject({ codFee: "$1.50", total: "$24.50" });
    const details = await answer<View>(() =>
      detailsLoader({ request: request(`/orders/${number}`, cookie), context: ctx, params }),
    );
    expect(details.data.order).toMatchObject({ codFee: "$1.50", total: "$24.50" });
    const adminView = await answer<View>(() =>
      adminOrderLoader({ request: request(`/admin/orders/${number}`, adminCookie), context: ctx, params }),
    );
    expect(adminView.data.order).toMatchObject({ codFee: "$1.50", total: "$24.50" });
    const slip = await answer<{ collect: { total: string; fee: string | null } | null }>(() =>
      slipLoader({
        request: request(`/admin/orders/${number}/packing-slip`, adminCookie),
        context: ctx,
        params,
      }),
    );
    expect(slip.data.collect).toEqual({ total: "$24.50", fee: "$1.50" });
    const csv = await answer<string>(() =>
      csvLoader({ request: request(`/admin/orders/export.csv`, adminCookie), context: ctx, params: {} }),
    );
    const [header, row] = parseCsv(csv.data);
    // Read by the header's name: columns are added at the end as the orders grow facts.
    const feeColumn = header!.indexOf("Cash On Delivery fee");
    expect(feeColumn).toBeGreaterThan(0);
    expect(row![feeColumn]).toBe("1.50");
    // The shopper's email names it too.
    const [mail] = await db.owner
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order-placed"));
    expect(mail!.text).toContain("Cash On Delivery fee: $1.50");
    expect(mail!.text).toContain("Total: $24.50");
  });

  it("without a fee, nothing about it shows and the order has none", async () => {
    const shown = await page();
    expect(shown.data.summary.codFee).toBeNull();
    expect(shown.data.codFee).toBeNull();
    expect((await post(await placeFields())).status).toBe(302);
    const [order] = await db.owner.select({ fee: orders.codFeeCents, total: orders.totalCents }).from(orders);
    expect(order).toEqual({ fee: 0, total: 2000 });
  });

  it("changed since the page was shown: 'prices changed', nothing placed", async () => {
    const fields = await placeFields();
    await setCod({ codFeeCents: 200 });
    const refused = await post(fields);
    expect(refused.status).toBe(409);
    expect(refused.data.notice).toMatchObject({ key: "checkout.priceChanged", params: { total: "$22.00" } });
    expect(await orderCount()).toBe(0);
  });
});

describe("the Cash On Delivery ceiling", () => {
  it("above it COD is not offered and the page says up to how much; a crafted POST is refused", async () => {
    await setCod({ codMaxTotalCents: 1500 });
    const shown = await page();
    expect(shown.data.methods).toEqual([]);
    expect(shown.data.codNotice).toEqual({ key: "codControls.overMax", params: { amount: "$15.00" } });
    const refused = await post(await placeFields());
    expect(refused.status).toBe(409);
    expect(refused.data.notice).toEqual({ key: "codControls.overMax", params: { amount: "$15.00" } });
    expect(await orderCount()).toBe(0);
    expect(await alerts()).toEqual([]);
  });

  it("an order of exactly the ceiling (before the fee) may be paid on delivery", async () => {
    await setCod({ codMaxTotalCents: 2000, codFeeCents: 100 });
    const shown = await page();
    expect(shown.data.methods).toEqual(["cod"]);
    expect(shown.data.codNotice).toBeNull();
    expect((await post(await placeFields())).status).toBe(302);
    const [order] = await db.owner.select({ total: orders.totalCents }).from(orders);
    expect(order!.total).toBe(2100);
  });
});

describe("Cash On Delivery only for verified emails", () => {
  beforeEach(() => setCod({ codVerifiedOnly: true }));

  it("an unverified shopper is told why and a crafted POST is refused", async () => {
    const shown = await page();
    expect(shown.data.methods).toEqual([]);
    expect(shown.data.codNotice).toEqual({ key: "codControls.verifiedOnly" });
    const refused = await post(await placeFields());
    expect(refused.status).toBe(409);
    expect(refused.data.notice).toEqual({ key: "codControls.verifiedOnly" });
    expect(await orderCount()).toBe(0);
  });

  it("a guest cannot place anything: sent to sign in", async () => {
    const refused = await post(await placeFields(), "");
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toMatch(/^\/login/);
    expect(await orderCount()).toBe(0);
  });

  it("a verified shopper may pay on delivery", async () => {
    await db.owner.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, alpha.userId));
    const shown = await page();
    expect(shown.data.methods).toEqual(["cod"]);
    expect(shown.data.codNotice).toBeNull();
    expect((await post(await placeFields())).status).toBe(302);
    expect(await orderCount()).toBe(1);
  });
});

describe("the Payment Options form", () => {
  const save = (fields: Record<string, string>, withCookie = adminCookie, origin = A) =>
    answer<{ result: { error?: Record<string, string[]> } | null }>(() =>
      optionsAction({
        request: postForm(
          `${origin}/admin/storesetting/paymentOptions`,
          { intent: "cod", ...fields },
          withCookie,
        ),
        context: ctx,
        params: {},
      }),
    );

  it("saves the fee, the ceiling and the verified rule, and shows them again", async () => {
    const saved = await save({
      cashOnDelivery: "on",
      codFee: "2.5",
      codMaxTotal: "300",
      codVerifiedOnly: "on",
    });
    expect(saved.status).toBe(302);
    expect(await settingsRow()).toEqual({ cod: true, fee: 250, max: 30000, verifiedOnly: true });
    const shown = await answer<{ codValues: { codFee: string; codMaxTotal: string } }>(() =>
      optionsLoader({
        request: new Request(`${A}/admin/storesetting/paymentOptions`, { headers: { Cookie: adminCookie } }),
        context: ctx,
        params: {},
      }),
    );
    expect(shown.data.codValues).toEqual({
      codFee: "2.50",
      codMaxTotal: "300.00",
      codConfirmRemindHours: "6",
      codConfirmCancelHours: "24",
      // "No Cash On Delivery after N refusals" (off) offers 2 when ticked (issue 34).
      codMaxRefusalsCount: "2",
    });
    // An empty ceiling is no limit; unticked boxes are off.
    expect((await save({ cashOnDelivery: "on", codFee: "0", codMaxTotal: "" })).status).toBe(302);
    expect(await settingsRow()).toEqual({ cod: true, fee: 0, max: null, verifiedOnly: false });
  });

  it.each([
    [{ codFee: "-1" }, "codFee", "validation.amountInvalid"],
    [{ codFee: "abc" }, "codFee", "validation.amountInvalid"],
    [{ codFee: "1.234" }, "codFee", "validation.amountInvalid"],
    [{ codFee: "" }, "codFee", "validation.amountRequired"],
    [{ codFee: "1", codMaxTotal: "0" }, "codMaxTotal", "codControls.maxInvalid"],
    [{ codFee: "1", codMaxTotal: "-5" }, "codMaxTotal", "validation.amountInvalid"],
    [{ codFee: "1", codMaxTotal: "99999999" }, "codMaxTotal", "validation.amountInvalid"],
    [{ codFee: "1", codVerifiedOnly: "yes" }, "codVerifiedOnly", "validation.choiceInvalid"],
  ])("refuses %j with 400 under %s, nothing changed", async (fields, field, message) => {
    await setCod({ codFeeCents: 75, codMaxTotalCents: 5000, codVerifiedOnly: false });
    const before = await settingsRow();
    const refused = await save({ cashOnDelivery: "on", ...fields });
    expect(refused.status).toBe(400);
    expect(refused.data.result?.error?.[field]).toEqual([message]);
    expect(await settingsRow()).toEqual(before);
  });

  it("a missing or unknown intent is a 400 and changes nothing", async () => {
    const before = await settingsRow();
    for (const intent of [null, "delete", "toString"]) {
      const refused = await answer<{ notice?: { key: string } }>(() =>
        optionsAction({
          request: postForm(
            `${A}/admin/storesetting/paymentOptions`,
            { ...(intent === null ? {} : { intent }), cashOnDelivery: "on", codFee: "9" },
            adminCookie,
          ),
          context: ctx,
          params: {},
        }),
      );
      expect(refused.status, String(intent)).toBe(400);
      expect(refused.data.notice?.key).toBe("errors.badRequest");
    }
    expect(await settingsRow()).toEqual(before);
  });

  it("is for this store's admins only: a shopper or another store's admin changes nothing", async () => {
    const before = await settingsRow();
    const shopper = await save({ cashOnDelivery: "on", codFee: "9" }, cookie);
    expect(shopper.status).toBe(403);
    const other = await save({ cashOnDelivery: "on", codFee: "9" }, betaAdminCookie);
    expect([302, 403]).toContain(other.status);
    expect(other.headers.get("Location") ?? "").not.toBe("/admin/storesetting/paymentOptions");
    expect(await settingsRow()).toEqual(before);
    const [betaSettings] = await db.owner
      .select({ fee: storeSettings.codFeeCents })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, beta.storeId));
    expect(betaSettings!.fee).toBe(0);
  });
});

describe("new-order alerts", () => {
  it("go to each admin who wants them, after the order committed, in the admin's language", async () => {
    await setCod({ codFeeCents: 150 });
    expect((await post(await placeFields())).status).toBe(302);
    const [order] = await db.owner.select({ number: orders.number }).from(orders);
    const number = order!.number;
    const sent = await alerts();
    // Not the admin who turned them off, not the other store's admin.
    expect(sent.map((mail) => [mail.to, mail.locale, mail.storeId])).toEqual([
      ["eli@alpha.test", "en", alpha.storeId],
      ["rana@alpha.test", "ar", alpha.storeId],
    ]);
    const [en, ar] = sent;
    expect(en!.subject).toBe(`Store alpha: new order #${number}`);
    expect(en!.text).toContain(`Layla Haddad placed order #${number}.`);
    expect(en!.text).toContain("Total: $21.50");
    expect(en!.text).toContain("Payment method: Cash On Delivery");
    expect(en!.text).toContain("Cash On Delivery fee: $1.50");
    expect(en!.text).toContain(`http://alpha.localhost:3000/admin/orders/${number}`);
    expect(ar!.subject).toBe(`Store alpha: طلب جديد #${number}`);
    expect(ar!.text).toContain("الدفع عند الاستلام");
    expect(ar!.text).toContain(`/admin/orders/${number}`);
    expect(ar!.text).toContain(formatMoney(2150, "USD", "ar"));
  });

  it("none for a checkout that placed nothing", async () => {
    await db.owner.update(products).set({ stock: 1 }).where(eq(products.id, ink));
    const refused = await post(await placeFields());
    expect(refused.status).toBe(409);
    expect(refused.data.notice?.key).toBe("checkout.outOfStock");
    expect(await orderCount()).toBe(0);
    expect(await alerts()).toEqual([]);
  });

  it("a mail server that fails never fails the checkout: the order stands, the alerts are kept as failed", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    try {
      const placed = await post(await placeFields());
      expect(placed.status).toBe(302);
      expect(placed.headers.get("Location")).toMatch(/^\/orders\/\d+\/confirmed$/);
      // Delivered after the answer, without the checkout waiting on the mail server.
      await deliveriesSettled();
    } finally {
      delete process.env.SMTP_URL;
    }
    expect(await orderCount()).toBe(1);
    expect((await alerts()).map((mail) => mail.status)).toEqual(["failed", "failed"]);
  });

  it("each admin turns them off (and picks their language) in the profile; bad input changes nothing", async () => {
    const profile = (fields: Record<string, string>, withCookie = adminCookie) =>
      answer<{ result: { error?: Record<string, string[]> } | null }>(() =>
        profileAction({
          request: postForm(`${A}/admin/profile`, { intent: "alerts", ...fields }, withCookie),
          context: ctx,
          params: {},
        }),
      );
    const row = async (id: string) =>
      (
        await db.owner
          .select({ alerts: users.orderAlerts, locale: users.locale })
          .from(users)
          .where(eq(users.id, id))
      )[0]!;
    const shown = await answer<{ alerts: { orderAlerts: boolean; emailLocale: string } }>(() =>
      profileLoader({
        request: new Request(`${A}/admin/profile`, { headers: { Cookie: adminCookie } }),
        context: ctx,
        params: {},
      }),
    );
    expect(shown.data.alerts).toEqual({ orderAlerts: true, emailLocale: "en" });

    const bads: Record<string, string>[] = [
      { emailLocale: "fr" },
      { emailLocale: "en", orderAlerts: "yes" },
      {},
    ];
    for (const bad of bads) {
      const refused = await profile(bad);
      expect(refused.status).toBe(400);
      expect(await row(admins.en)).toEqual({ alerts: true, locale: null });
    }
    // A shopper has no admin profile to change.
    expect((await profile({ emailLocale: "ar" }, cookie)).status).toBe(403);

    // Off (the box unticked), in Arabic.
    expect((await profile({ emailLocale: "ar" })).status).toBe(302);
    expect(await row(admins.en)).toEqual({ alerts: false, locale: "ar" });
    expect((await post(await placeFields())).status).toBe(302);
    expect((await alerts()).map((mail) => mail.to)).toEqual(["rana@alpha.test"]);

    // On again: now in Arabic.
    await db.owner.delete(emailOutbox);
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: ink, quantity: 1 }]);
    expect((await profile({ emailLocale: "ar", orderAlerts: "on" })).status).toBe(302);
    expect((await post(await placeFields())).status).toBe(302);
    expect((await alerts()).map((mail) => [mail.to, mail.locale])).toEqual([
      ["eli@alpha.test", "ar"],
      ["rana@alpha.test", "ar"],
    ]);
    await db.owner.update(users).set({ locale: null }).where(eq(users.id, admins.en));
  });

  it("follow the store's default language for an admin without one", async () => {
    await db.owner.update(stores).set({ defaultLocale: "ar" }).where(eq(stores.id, alpha.storeId));
    try {
      expect((await post(await placeFields())).status).toBe(302);
      expect((await alerts()).map((mail) => [mail.to, mail.locale])).toEqual([
        ["eli@alpha.test", "ar"],
        ["rana@alpha.test", "ar"],
      ]);
    } finally {
      await db.owner.update(stores).set({ defaultLocale: "en" }).where(eq(stores.id, alpha.storeId));
    }
  });
});
