/**
 * Tax invoices (issue 35 item 4, decision 043): a VAT-registered store's Cash On Delivery order
 * gets its invoice when delivered and a card order when paid, numbered 1, 2, 3… per store, each
 * holding the hash of the one before; 200 issued at once on PostgreSQL take exactly 1..200; an
 * unregistered store issues none; another store's invoice is not found.
 */
import { and, asc, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, orders, stores, storeSettings } from "~/db/schema";
import { placeOrder } from "~/services/orders/checkout.server";
import { takeOrderStep } from "~/services/orders/order-transitions.server";
import { markOrderPaid } from "~/services/orders/orders.server";
import { FIRST_PREVIOUS_HASH, invoiceHash } from "~/lib/invoice-chain";
import { findInvoice, issueInvoice, storedContent } from "~/services/tax/invoices.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";
import { loader as shopperInvoiceLoader } from "~/routes/orders.$number.invoice";
import { loader as adminInvoiceLoader } from "~/routes/admin_.orders.$number.invoice";
import { loader as shopperOrderLoader } from "~/routes/orders.$number._index";
import { users } from "~/db/schema";
import type { AppLoadContext } from "@remix-run/node";
import { ADDRESS, addProduct, fillCart, newToken, ORDER_SHIPPING } from "./checkout-fixtures";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let dye: string;
let alphaCtx: AppLoadContext;
let betaCtx: AppLoadContext;

const REGISTERED = {
  vatRegistered: true,
  vatNumber: "310122393500003",
  vatLegalNameEn: "Alpha Trading Co.",
  vatLegalNameAr: "شركة ألفا للتجارة",
  contactAddressEn: "1 King Fahd Road, Riyadh",
  contactAddressAr: "١ طريق الملك فهد، الرياض",
  country: "SA",
};

/** Order rows written directly (VAT frozen as checkout would), for the numbering tests. */
let nextNumber = 500_000;
async function writeOrders(storeId: string, userId: string, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, () => ({
    storeId,
    id: uuidv7(),
    number: ++nextNumber,
    userId,
    paymentMethod: "cod" as const,
    status: "delivered" as const,
    currency: "SAR",
    subtotalCents: 11500,
    totalCents: 11500,
    totalQuantity: 1,
    vatCents: 1500,
    vatInclusive: true,
    vatRates: [{ rateBp: 1500, net: 10000, vat: 1500 }],
    shipCountry: "SA",
    ...ORDER_SHIPPING,
  }));
  await db.owner.insert(orders).values(rows);
  return rows.map((row) => row.id);
}

async function invoicesOf(storeId: string) {
  return db.owner.select().from(invoices).where(eq(invoices.storeId, storeId)).orderBy(asc(invoices.number));
}

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx, betaCtx } = await openTwoStores());
  await db.owner.update(storeSettings).set(REGISTERED).where(eq(storeSettings.storeId, alpha.storeId));
  dye = await addProduct(db, alpha.storeId, { slug: "inv-dye", priceCents: 11500, stock: 100 });
}, 60_000);
afterAll(async () => {
  await db?.dispose();
});

/** Places a real order of one dye for alpha's shopper; its id and number. */
async function place(method: "cod" | "card") {
  await fillCart(db, alpha.storeId, alpha.userId, [{ productId: dye, quantity: 1 }]);
  const result = await placeOrder(
    { store: { id: alpha.storeId, currency: "SAR" }, userId: alpha.userId, locale: "en" },
    {
      shipping: { ...ADDRESS, country: "SA" },
      paymentMethod: method,
      checkoutToken: newToken(),
      expectedTotalCents: 11500,
    },
  );
  if (result.kind !== "placed") throw new Error(`not placed: ${result.kind}`);
  const [row] = await db.owner
    .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(and(eq(orders.storeId, alpha.storeId), eq(orders.number, result.number)));
  return { number: result.number, ...row! };
}

describe("issuing", () => {
  it("issues a COD order's invoice when delivered, not before, with seller and buyer frozen", async () => {
    let order = await place("cod");
    const steps = ["confirm", "ship"] as const;
    if (order.status === "awaiting_confirmation")
      await takeOrderStep(alpha.storeId, order.number, "confirmByPhone", order, alpha.userId);
    for (const step of steps) {
      const [now] = await db.owner.select().from(orders).where(eq(orders.id, order.id));
      if (step === "confirm" && now!.status !== "pending") continue;
      const done = await takeOrderStep(alpha.storeId, order.number, step, now!, alpha.userId);
      expect(done.kind, step).toBe("done");
    }
    expect(await findInvoice(alpha.storeId, order.number)).toBeNull();
    const [shipped] = await db.owner.select().from(orders).where(eq(orders.id, order.id));
    order = { ...order, ...shipped! };
    expect((await takeOrderStep(alpha.storeId, order.number, "deliver", order, alpha.userId)).kind).toBe(
      "done",
    );

    const document = await findInvoice(alpha.storeId, order.number);
    expect(document?.invoice).toMatchObject({
      number: 1,
      sellerNameEn: "Alpha Trading Co.",
      sellerNameAr: "شركة ألفا للتجارة",
      sellerVatNumber: "310122393500003",
      sellerAddressAr: REGISTERED.contactAddressAr,
      buyerName: ADDRESS.fullName,
      totalCents: 11500,
      vatCents: 1500,
      previousHash: FIRST_PREVIOUS_HASH,
    });
    expect(document?.lines).toEqual([expect.objectContaining({ vatRateBp: 1500, vatCents: 1500 })]);
    // A later change of the store's legal name leaves the issued invoice as it was.
    await db.owner
      .update(storeSettings)
      .set({ vatLegalNameEn: "Renamed Co." })
      .where(eq(storeSettings.storeId, alpha.storeId));
    expect((await findInvoice(alpha.storeId, order.number))?.invoice.sellerNameEn).toBe("Alpha Trading Co.");
    await db.owner
      .update(storeSettings)
      .set({ vatLegalNameEn: REGISTERED.vatLegalNameEn })
      .where(eq(storeSettings.storeId, alpha.storeId));
  });

  it("issues a card order's invoice when paid, the next number, linked to the previous hash", async () => {
    await db.owner
      .update(stores)
      .set({ stripeAccountId: "acct_test_alpha", stripeChargesEnabled: true })
      .where(eq(stores.id, alpha.storeId));
    process.env.STRIPE_SECRET_KEY = "sk_test_invoices";
    const order = await place("card");
    expect((await markOrderPaid(alpha.storeId, order.id)).kind).toBe("paid");
    const all = await invoicesOf(alpha.storeId);
    expect(all.map((invoice) => invoice.number)).toEqual([1, 2]);
    expect(all[1]!.previousHash).toBe(all[0]!.hash);
    // Issuing again returns the same invoice.
    expect((await issueInvoice(alpha.storeId, order.id))?.number).toBe(2);
  });

  it("numbers 1..N with each hash over the stored content and linking to the one before", async () => {
    const ids = await writeOrders(alpha.storeId, alpha.userId, 5);
    for (const id of ids) await issueInvoice(alpha.storeId, id);
    const all = await invoicesOf(alpha.storeId);
    expect(all.map((invoice) => invoice.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const [index, invoice] of all.entries()) {
      expect(invoice.previousHash).toBe(index === 0 ? FIRST_PREVIOUS_HASH : all[index - 1]!.hash);
      const [order] = await db.owner.select().from(orders).where(eq(orders.id, invoice.orderId));
      const document = await findInvoice(alpha.storeId, order!.number);
      expect(invoiceHash(storedContent(document!))).toBe(invoice.hash);
    }
  });

  it("issues none for a store not registered for VAT, nor for an order placed before registering", async () => {
    const [betaOrder] = await writeOrders(beta.storeId, beta.userId, 1);
    expect(await issueInvoice(beta.storeId, betaOrder!)).toBeNull();
    const [untaxed] = await writeOrders(alpha.storeId, alpha.userId, 1);
    await db.owner.update(orders).set({ vatInclusive: null }).where(eq(orders.id, untaxed!));
    expect(await issueInvoice(alpha.storeId, untaxed!)).toBeNull();
    expect(await invoicesOf(beta.storeId)).toEqual([]);
  });

  it("finds no invoice of another store's order", async () => {
    const [first] = await invoicesOf(alpha.storeId);
    const [order] = await db.owner.select().from(orders).where(eq(orders.id, first!.orderId));
    expect(await findInvoice(alpha.storeId, order!.number)).not.toBeNull();
    expect(await findInvoice(beta.storeId, order!.number)).toBeNull();
    // Only the shopper who placed it.
    expect(await findInvoice(alpha.storeId, order!.number, beta.userId)).toBeNull();
  });
});

describe("the invoice pages", () => {
  type Page = {
    invoice: { number: number; simplified: boolean; seller: { vatNumber: string }; qrImage: string | null };
  };
  const load = (
    loader: typeof shopperInvoiceLoader | typeof adminInvoiceLoader,
    host: "alpha" | "beta",
    number: number | string,
    cookie: string,
    lng = "en",
  ) =>
    answer<Page>(() =>
      loader({
        request: new Request(`http://${host}.localhost:3000/x/${number}/invoice?lng=${lng}`, {
          headers: { Cookie: cookie },
        }),
        context: host === "alpha" ? alphaCtx : betaCtx,
        params: { number: String(number) },
      }),
    );

  it("shows the shopper their invoice and the admin any, with the QR; 404 for others and other stores", async () => {
    const [first] = await invoicesOf(alpha.storeId);
    const [order] = await db.owner.select().from(orders).where(eq(orders.id, first!.orderId));
    const shopper = await userCookie(alpha.storeId, alpha.userId, "http://alpha.localhost:3000");
    const adminId = uuidv7();
    await db.owner.insert(users).values({
      storeId: alpha.storeId,
      id: adminId,
      email: "owner@alpha.test",
      name: "Owner",
      isAdmin: true,
    });
    const admin = await userCookie(alpha.storeId, adminId, "http://alpha.localhost:3000");

    const own = await load(shopperInvoiceLoader, "alpha", order!.number, shopper, "ar");
    expect(own.status).toBe(200);
    expect(own.data.invoice).toMatchObject({
      number: 1,
      simplified: true,
      seller: { vatNumber: "310122393500003" },
    });
    expect(own.data.invoice.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await load(adminInvoiceLoader, "alpha", order!.number, admin)).status).toBe(200);
    // The order page links to it.
    const orderPage = await answer<{ invoiceNumber: number | null }>(() =>
      shopperOrderLoader({
        request: new Request(`http://alpha.localhost:3000/orders/${order!.number}`, {
          headers: { Cookie: shopper },
        }),
        context: alphaCtx,
        params: { number: String(order!.number) },
      }),
    );
    expect(orderPage.data.invoiceNumber).toBe(1);

    // Another shopper of the store; beta's shopper and admin on beta's host; junk numbers.
    const other = await userCookie(
      alpha.storeId,
      await writeShopper(alpha.storeId),
      "http://alpha.localhost:3000",
    );
    expect((await load(shopperInvoiceLoader, "alpha", order!.number, other)).status).toBe(404);
    const betaShopper = await userCookie(beta.storeId, beta.userId, "http://beta.localhost:3000");
    expect((await load(shopperInvoiceLoader, "beta", order!.number, betaShopper)).status).toBe(404);
    const betaAdminId = uuidv7();
    await db.owner.insert(users).values({
      storeId: beta.storeId,
      id: betaAdminId,
      email: "owner@beta.test",
      name: "Owner",
      isAdmin: true,
    });
    const betaAdmin = await userCookie(beta.storeId, betaAdminId, "http://beta.localhost:3000");
    expect((await load(adminInvoiceLoader, "beta", order!.number, betaAdmin)).status).toBe(404);
    expect((await load(adminInvoiceLoader, "alpha", "abc", admin)).status).toBe(404);
    // An order without an invoice.
    const [noInvoice] = await writeOrders(alpha.storeId, alpha.userId, 1);
    const [row] = await db.owner.select().from(orders).where(eq(orders.id, noInvoice!));
    expect((await load(adminInvoiceLoader, "alpha", row!.number, admin)).status).toBe(404);
  });
});

async function writeShopper(storeId: string): Promise<string> {
  const id = uuidv7();
  await db.owner.insert(users).values({ storeId, id, email: `${id}@alpha.test`, name: "Other" });
  return id;
}

describe.skipIf(!onPostgres)("200 concurrent issues", () => {
  it("take exactly the next 200 numbers, no gap, no duplicate, one chain", async () => {
    const before = (await invoicesOf(alpha.storeId)).length;
    const ids = await writeOrders(alpha.storeId, alpha.userId, 200);
    const issued = await Promise.all(ids.map((id) => issueInvoice(alpha.storeId, id)));
    expect(issued.every(Boolean)).toBe(true);
    const all = await invoicesOf(alpha.storeId);
    expect(all.map((invoice) => invoice.number)).toEqual(
      Array.from({ length: before + 200 }, (_, i) => i + 1),
    );
    for (let i = 1; i < all.length; i++) expect(all[i]!.previousHash).toBe(all[i - 1]!.hash);
  }, 60_000);
});
