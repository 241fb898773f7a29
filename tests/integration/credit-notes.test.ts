/**
 * Credit notes (issue 35 item 6, decision 048) and the refund pages (issue 37), on PostgreSQL and
 * PGlite: each succeeded refund of an invoiced order gets a credit note for exactly what it
 * refunds (negative, VAT per rate), numbered 1, 2, 3… per store from its own counter; an order
 * without an invoice gets none; the shopper's and the admin's printable pages show it, another
 * shopper's or another store's is 404; the admin's refund form refuses more than is left with a
 * 409 naming what remains, and a refund it makes shows on both order pages.
 */
import { and, asc, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import { creditNotes, orders, storeSettings, users } from "~/db/schema";
import { createRefund } from "~/services/orders/refunds.server";
import { issueInvoice } from "~/services/tax/invoices.server";
import { loader as shopperNoteLoader } from "~/routes/orders.$number.credit-notes.$n";
import { loader as adminNoteLoader } from "~/routes/admin_.orders.$number.credit-notes.$n";
import { action as refundAction, loader as refundLoader } from "~/routes/admin.orders.$number_.refund";
import { loader as adminOrderLoader } from "~/routes/admin.orders.$number";
import { loader as shopperOrderLoader } from "~/routes/orders.$number._index";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";
import { addProduct, paidOrder } from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let alphaCtx: AppLoadContext;
let betaCtx: AppLoadContext;
let jar: string;
let adminCookie: string;
let shopperCookie: string;

const A = "http://alpha.localhost:3000";

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx, betaCtx } = await openTwoStores());
  await db.owner
    .update(storeSettings)
    .set({
      vatRegistered: true,
      vatNumber: "310122393500003",
      vatLegalNameEn: "Alpha Trading Co.",
      vatLegalNameAr: "شركة ألفا للتجارة",
      country: "SA",
    })
    .where(eq(storeSettings.storeId, alpha.storeId));
  jar = await addProduct(db, alpha.storeId, { slug: "cn-jar", priceCents: 1150, stock: 20 });
  const adminId = uuidv7();
  await db.owner.insert(users).values({
    storeId: alpha.storeId,
    id: adminId,
    email: "owner@alpha.test",
    name: "Owner Alpha",
    isAdmin: true,
  });
  adminCookie = await userCookie(alpha.storeId, adminId, A);
  shopperCookie = await userCookie(alpha.storeId, alpha.userId, A);
}, 60_000);
afterAll(async () => {
  await db?.dispose();
});

let nextNumber = 800_000;

/** A delivered, paid COD order of 3 jars at 1150 incl. 15 % VAT (150 each), shipping 0; invoiced when asked. */
async function order(invoiced: boolean) {
  const made = await paidOrder(db, alpha.storeId, {
    number: ++nextNumber,
    userId: alpha.userId,
    productId: jar,
    unitPriceCents: 1150,
    quantity: 3,
    currency: "SAR",
    vatRateBp: 1500,
  });
  if (invoiced) await issueInvoice(alpha.storeId, made.id);
  return made;
}

const notesOf = (storeId: string) =>
  db.owner
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.storeId, storeId))
    .orderBy(asc(creditNotes.number));

describe("issuing", () => {
  it("issues a credit note per refund of an invoiced order, numbered 1, 2…, for exactly what it refunds", async () => {
    const first = await order(true);
    const base = { shippingCents: 0, codFeeCents: 0, extraCents: 0, reasonCode: "returned" as const };
    await createRefund(
      alpha.storeId,
      first.number,
      { ...base, lines: [{ orderItemId: first.line, quantity: 1, restock: true }] },
      null,
    );
    await createRefund(alpha.storeId, first.number, { ...base, lines: [], extraCents: 200 }, null);
    const notes = await notesOf(alpha.storeId);
    expect(notes.map((note) => note.number)).toEqual([1, 2]);
    expect(notes[0]).toMatchObject({
      totalCents: -1150,
      vatCents: -150,
      lines: [{ nameEn: "Jar", quantity: 1, amountCents: -1150, vatCents: -150, vatRateBp: 1500 }],
      vatRates: [{ rateBp: 1500, net: -1000, vat: -150 }],
    });
    expect(notes[1]).toMatchObject({ totalCents: -200, vatCents: 0, extraCents: -200 });
    // Without an invoice: no credit note, no number taken.
    const plain = await order(false);
    await createRefund(alpha.storeId, plain.number, { ...base, lines: [], extraCents: 100 }, null);
    expect((await notesOf(alpha.storeId)).map((note) => note.number)).toEqual([1, 2]);
    // Another invoiced order continues the sequence.
    const next = await order(true);
    await createRefund(alpha.storeId, next.number, { ...base, lines: [], extraCents: 3450 }, null);
    expect((await notesOf(alpha.storeId)).map((note) => note.number)).toEqual([1, 2, 3]);
    expect(await notesOf(beta.storeId)).toEqual([]);
  });
});

describe("pages", () => {
  type NotePage = { note: { number: number; refersTo: number; totals: { total: string } } };
  const loadNote = (
    loader: typeof shopperNoteLoader | typeof adminNoteLoader,
    host: "alpha" | "beta",
    number: number,
    n: number,
    cookie: string,
  ) =>
    answer<NotePage>(() =>
      loader({
        request: new Request(`http://${host}.localhost:3000/x/${number}/credit-notes/${n}`, {
          headers: { Cookie: cookie },
        }),
        context: host === "alpha" ? alphaCtx : betaCtx,
        params: { number: String(number), n: String(n) },
      }),
    );

  it("shows the credit note to its shopper and the admin; 404 to others and on another store", async () => {
    const [note] = await notesOf(alpha.storeId);
    const [row] = await db.owner.select().from(orders).where(eq(orders.id, note!.orderId));
    const own = await loadNote(shopperNoteLoader, "alpha", row!.number, note!.number, shopperCookie);
    expect(own.status).toBe(200);
    expect(own.data.note).toMatchObject({ number: 1, refersTo: expect.any(Number) });
    expect(own.data.note.totals.total).toContain("11.50");
    expect((await loadNote(adminNoteLoader, "alpha", row!.number, note!.number, adminCookie)).status).toBe(
      200,
    );
    // A number of another order, and on beta's host with beta's shopper: 404.
    expect((await loadNote(adminNoteLoader, "alpha", row!.number, 99, adminCookie)).status).toBe(404);
    const betaShopper = await userCookie(beta.storeId, beta.userId, "http://beta.localhost:3000");
    expect((await loadNote(shopperNoteLoader, "beta", row!.number, 1, betaShopper)).status).toBe(404);
  });

  it("refunds through the admin's form: 409 with what remains when over; listed on both order pages", async () => {
    const target = await order(true);
    const form = await answer<{
      requestToken: string;
      remaining: string;
      lines: { id: string; left: number }[];
    }>(() =>
      refundLoader({
        request: new Request(`${A}/admin/orders/${target.number}/refund`, {
          headers: { Cookie: adminCookie },
        }),
        context: alphaCtx,
        params: { number: String(target.number) },
      }),
    );
    expect(form.status).toBe(200);
    expect(form.data.lines).toEqual([expect.objectContaining({ id: target.line, left: 3 })]);
    const post = (fields: Record<string, string>) =>
      answer(() =>
        refundAction({
          request: postForm(`${A}/admin/orders/${target.number}/refund`, fields, adminCookie),
          context: alphaCtx,
          params: { number: String(target.number) },
        }),
      );
    const over = await post({ requestToken: `over-${target.id}`, extra: "40.00", reasonCode: "goodwill" });
    expect(over.status).toBe(409);
    expect(JSON.stringify(over.data)).toContain("34.50");
    const done = await post({
      requestToken: `one-${target.id}`,
      "lines[0].orderItemId": target.line,
      "lines[0].quantity": "1",
      "lines[0].restock": "on",
      reasonCode: "damaged",
      note: "Sorry about the jar",
      method: "cash",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/admin/orders/${target.number}`);
    // The same form again (a double click): no second refund.
    await post({
      requestToken: `one-${target.id}`,
      "lines[0].orderItemId": target.line,
      "lines[0].quantity": "1",
      reasonCode: "damaged",
      method: "cash",
    });
    const adminPage = await answer<{
      order: { paymentStatus: string };
      refunds: { remaining: string; refunds: { by: string; amount: string }[] };
    }>(() =>
      adminOrderLoader({
        request: new Request(`${A}/admin/orders/${target.number}`, { headers: { Cookie: adminCookie } }),
        context: alphaCtx,
        params: { number: String(target.number) },
      }),
    );
    expect(adminPage.data.order.paymentStatus).toBe("partially_refunded");
    expect(adminPage.data.refunds.refunds).toHaveLength(1);
    expect(adminPage.data.refunds.refunds[0]!.by).toBe("Owner Alpha");
    expect(adminPage.data.refunds.remaining).toContain("23.00");
    const shopperPage = await answer<{ refunds: { refunds: { note: string; creditNote: number | null }[] } }>(
      () =>
        shopperOrderLoader({
          request: new Request(`${A}/orders/${target.number}`, { headers: { Cookie: shopperCookie } }),
          context: alphaCtx,
          params: { number: String(target.number) },
        }),
    );
    expect(shopperPage.data.refunds.refunds).toEqual([
      expect.objectContaining({ note: "Sorry about the jar", creditNote: expect.any(Number) }),
    ]);
    // Another store's admin cannot open the form for this number on their host.
    const betaAdmin = uuidv7();
    await db.owner.insert(users).values({
      storeId: beta.storeId,
      id: betaAdmin,
      email: "owner@beta.test",
      name: "Owner Beta",
      isAdmin: true,
    });
    const betaCookie = await userCookie(beta.storeId, betaAdmin, "http://beta.localhost:3000");
    const betaForm = await answer(() =>
      refundLoader({
        request: new Request(`http://beta.localhost:3000/admin/orders/${target.number}/refund`, {
          headers: { Cookie: betaCookie },
        }),
        context: betaCtx,
        params: { number: String(target.number) },
      }),
    );
    expect(betaForm.status).toBe(404);
    const [after] = await db.owner
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, alpha.storeId), eq(orders.id, target.id)));
    expect(after!.paymentStatus).toBe("partially_refunded");
  });
});
