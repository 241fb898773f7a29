/**
 * Returns requested by the shopper (issue 37 item 4, decision 050), on PostgreSQL and PGlite,
 * through the routes a browser posts to: the return window (from delivery, 0 = no returns, not
 * before delivery), never more units than bought minus refunded and requested, the state machine
 * (requested → approved | declined; approved → received; received → refunded) refusing every
 * other step with a 409 and nothing changed, the refund made from a return capped to the units
 * received, bad input 400, another store's order or request 404 with nothing changed, the
 * shopper's emails at each step (in their language), and the `returns/requested` event written
 * with the request.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, eq, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  emailOutbox,
  refunds,
  returnRequestLines,
  returnRequests,
  storeEvents,
  storeSettings,
  users,
} from "~/db/schema";
import { action as adminOrderAction } from "~/routes/admin.orders.$number";
import { loader as adminOrderLoader } from "~/routes/admin.orders.$number";
import { action as refundAction, loader as refundLoader } from "~/routes/admin.orders.$number_.refund";
import { action as returnsAction, loader as returnsPageLoader } from "~/routes/admin.orders.$number_.returns";
import { loader as returnsListLoader } from "~/routes/admin.returns";
import { action as shopperAction, loader as shopperLoader } from "~/routes/orders.$number._index";
import { action as paymentOptionsAction } from "~/routes/admin.storesetting.paymentOptions";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { answer, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";
import { openTwoStores } from "../helpers/two-stores";
import { addProduct, paidOrder } from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let alphaCtx: AppLoadContext;
let betaCtx: AppLoadContext;
let jar: string;
let adminCookie: string;
let shopperCookie: string;
let betaAdminCookie: string;

const A = "http://alpha.localhost:3000";
const B = "http://beta.localhost:3000";
const DAY = 86_400_000;

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx, betaCtx } = await openTwoStores());
  jar = await addProduct(db, alpha.storeId, { slug: "rt-jar", priceCents: 1000, stock: 50 });
  const adminId = uuidv7();
  const betaAdmin = uuidv7();
  await db.owner.insert(users).values([
    { storeId: alpha.storeId, id: adminId, email: "owner@alpha.test", name: "Owner Alpha", isAdmin: true },
    { storeId: beta.storeId, id: betaAdmin, email: "owner@beta.test", name: "Owner Beta", isAdmin: true },
  ]);
  // The shopper reads Arabic: their emails are in Arabic whatever language they ordered in.
  await db.owner.update(users).set({ locale: "ar" }).where(eq(users.id, alpha.userId));
  adminCookie = await userCookie(alpha.storeId, adminId, A);
  betaAdminCookie = await userCookie(beta.storeId, betaAdmin, B);
  shopperCookie = await userCookie(alpha.storeId, alpha.userId, A);
}, 60_000);
afterAll(async () => {
  await db?.dispose();
});

let nextNumber = 900_000;

/** A paid COD order of 3 jars (1000 each, no VAT), delivered `daysAgo` days ago (null: not delivered). */
const order = (daysAgo: number | null = 1) =>
  paidOrder(db, alpha.storeId, {
    number: ++nextNumber,
    userId: alpha.userId,
    productId: jar,
    unitPriceCents: 1000,
    quantity: 3,
    currency: "USD",
    locale: "en",
    ...(daysAgo === null ? { status: "shipped" as const } : { deliveredAt: new Date(Date.now() - daysAgo * DAY) }),
  });

const params = (number: number) => ({ number: String(number) });

function shopperPost(
  number: number,
  fields: Record<string, string>,
  ctx = alphaCtx,
  host = A,
  cookie = shopperCookie,
) {
  return answer(() =>
    shopperAction({
      request: postForm(`${host}/orders/${number}`, { intent: "return", ...fields }, cookie),
      context: ctx,
      params: params(number),
    }),
  );
}

const ask = (line: string, quantity: number, extra: Record<string, string> = {}) => ({
  "lines[0].orderItemId": line,
  "lines[0].quantity": String(quantity),
  reasonCode: "damaged",
  comment: "The lid was cracked",
  ...extra,
});

function staffPost(
  number: number,
  fields: Record<string, string>,
  ctx = alphaCtx,
  cookie = adminCookie,
  host = A,
) {
  return answer(() =>
    returnsAction({
      request: postForm(`${host}/admin/orders/${number}/returns`, fields, cookie),
      context: ctx,
      params: params(number),
    }),
  );
}

const requestsOf = (orderId: string) =>
  db.owner.select().from(returnRequests).where(eq(returnRequests.orderId, orderId));

const outboxKinds = async (kind: string) =>
  db.owner
    .select({
      subject: emailOutbox.subject,
      locale: emailOutbox.locale,
      to: emailOutbox.to,
      text: emailOutbox.text,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.storeId, alpha.storeId), eq(emailOutbox.kind, kind)));

async function tableCounts() {
  const [row] = await db.owner
    .select({
      requests: sql<number>`(select count(*)::int from return_requests)`,
      lines: sql<number>`(select count(*)::int from return_request_lines)`,
      refunds: sql<number>`(select count(*)::int from refunds)`,
      events: sql<number>`(select count(*)::int from events)`,
      emails: sql<number>`(select count(*)::int from email_outbox)`,
    })
    .from(sql`(select 1) as one`);
  return row!;
}

describe("the shopper's request", () => {
  it("is offered on a delivered order within the window, and creates the request, its email and its event", async () => {
    const target = await order(2);
    const page = await answer<{
      returns: { refusal: string | null; lines: { id: string; available: number }[] };
    }>(() =>
      shopperLoader({
        request: new Request(`${A}/orders/${target.number}`, { headers: { Cookie: shopperCookie } }),
        context: alphaCtx,
        params: params(target.number),
      }),
    );
    expect(page.data.returns.refusal).toBeNull();
    expect(page.data.returns.lines).toEqual([expect.objectContaining({ id: target.line, available: 3 })]);
    const sent = await shopperPost(target.number, ask(target.line, 2));
    expect(sent.status).toBe(302);
    const [request] = await requestsOf(target.id);
    expect(request).toMatchObject({
      state: "requested",
      reasonCode: "damaged",
      comment: "The lid was cracked",
    });
    const lines = await db.owner
      .select()
      .from(returnRequestLines)
      .where(eq(returnRequestLines.returnRequestId, request!.id));
    expect(lines).toEqual([
      expect.objectContaining({ orderItemId: target.line, quantity: 2, receivedQuantity: 0 }),
    ]);
    // The acknowledgement, in the shopper's language (Arabic), to the order's address.
    const acks = (await outboxKinds("return-requested")).filter((m) =>
      m.subject.includes(String(target.number)),
    );
    expect(acks).toHaveLength(1);
    expect(acks[0]!.locale).toBe("ar");
    expect(acks[0]!.text).toContain("برطمان × 2");
    // The webhook event, with the request as written.
    const [event] = await db.owner
      .select()
      .from(storeEvents)
      .where(and(eq(storeEvents.topic, "returns/requested"), eq(storeEvents.resourceId, request!.id)));
    expect(event?.payload).toMatchObject({ orderNumber: target.number, state: "requested" });
    expect(event?.resourceType).toBe("return");
    // One unit is left: asking for two more is refused, one more is fine, then nothing is left.
    const over = await shopperPost(target.number, ask(target.line, 2));
    expect(over.status).toBe(409);
    expect(await requestsOf(target.id)).toHaveLength(1);
    expect((await shopperPost(target.number, ask(target.line, 1))).status).toBe(302);
    const none = await shopperPost(target.number, ask(target.line, 1));
    expect(none.status).toBe(409);
    expect(JSON.stringify(none.data)).toContain("returns.refusals.nothing-left");
  });

  it("refuses outside the window, before delivery and when the store takes no returns; nothing is written", async () => {
    const late = await order(15);
    const early = await order(null);
    const fine = await order(13);
    const before = await tableCounts();
    const closed = await shopperPost(late.number, ask(late.line, 1));
    expect(closed.status).toBe(409);
    expect(JSON.stringify(closed.data)).toContain("returns.refusals.window-closed");
    const notYet = await shopperPost(early.number, ask(early.line, 1));
    expect(notYet.status).toBe(409);
    expect(JSON.stringify(notYet.data)).toContain("returns.refusals.not-delivered");
    // A window of 30 days opens the late order; 0 closes every order.
    await db.owner
      .update(storeSettings)
      .set({ returnWindowDays: 0 })
      .where(eq(storeSettings.storeId, alpha.storeId));
    const off = await shopperPost(fine.number, ask(fine.line, 1));
    expect(off.status).toBe(409);
    expect(JSON.stringify(off.data)).toContain("returns.refusals.no-returns");
    expect(await tableCounts()).toEqual(before);
    await db.owner
      .update(storeSettings)
      .set({ returnWindowDays: 30 })
      .where(eq(storeSettings.storeId, alpha.storeId));
    expect((await shopperPost(late.number, ask(late.line, 1))).status).toBe(302);
    await db.owner
      .update(storeSettings)
      .set({ returnWindowDays: 14 })
      .where(eq(storeSettings.storeId, alpha.storeId));
  });

  it("answers bad input with 400 and another store's or shopper's order with 404, nothing written", async () => {
    const target = await order(1);
    const before = await tableCounts();
    for (const fields of [
      ask(target.line, 0),
      ask(target.line, -1),
      ask(target.line, 1, { reasonCode: "because" }),
      ask("not-a-uuid", 1),
      ask(uuidv7(), 1),
      ask(target.line, 1, { comment: "x".repeat(1001) }),
    ]) {
      const refused = await shopperPost(target.number, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
    }
    // The message says what is wrong: the first problem of the form.
    const noUnits = await shopperPost(target.number, ask(target.line, 0));
    expect((noUnits.data as { notice?: { key: string } }).notice?.key).toBe("returns.errors.noUnits");
    const noReason = await shopperPost(target.number, ask(target.line, 1, { reasonCode: "" }));
    expect((noReason.data as { notice?: { key: string } }).notice?.key).toBe("returns.errors.reasonRequired");
    // The order page's other buttons are its intents; anything else is a plain bad request.
    for (const intent of ["refund", "toString", ""]) {
      const refused = await shopperPost(target.number, { ...ask(target.line, 1), intent });
      expect(refused.status, intent).toBe(400);
      expect((refused.data as { notice?: { key: string } }).notice?.key).toBe("errors.badRequest");
    }
    // The same number on beta's host, by beta's shopper: beta has no such order.
    const betaShopper = await userCookie(beta.storeId, beta.userId, B);
    const elsewhere = await shopperPost(target.number, ask(target.line, 1), betaCtx, B, betaShopper);
    expect(elsewhere.status).toBe(404);
    // Another shopper of alpha: not theirs, the same 404.
    const other = uuidv7();
    await db.owner
      .insert(users)
      .values({ storeId: alpha.storeId, id: other, email: "other@alpha.test", name: "Other" });
    const otherCookie = await userCookie(alpha.storeId, other, A);
    expect((await shopperPost(target.number, ask(target.line, 1), alphaCtx, A, otherCookie)).status).toBe(
      404,
    );
    expect(await tableCounts()).toEqual(before);
  });
});

describe("the staff's steps", () => {
  async function requested() {
    const target = await order(1);
    expect((await shopperPost(target.number, ask(target.line, 2))).status).toBe(302);
    const [request] = await requestsOf(target.id);
    return { ...target, returnId: request!.id };
  }

  it("approves, receives and refunds, capped to the units received; each step emails the shopper", async () => {
    const target = await requested();
    // Not received yet: the refund page has nothing to refund from it, and the refund is refused.
    const early = await answer(() =>
      refundAction({
        request: postForm(
          `${A}/admin/orders/${target.number}/refund?return=${target.returnId}`,
          {
            requestToken: `early-${target.id}`,
            returnRequestId: target.returnId,
            "lines[0].orderItemId": target.line,
            "lines[0].quantity": "1",
            reasonCode: "returned",
            method: "cash",
          },
          adminCookie,
        ),
        context: alphaCtx,
        params: params(target.number),
      }),
    );
    expect(early.status).toBe(409);
    expect(JSON.stringify(early.data)).toContain("returns.admin.notReceived");
    expect(
      (
        await staffPost(target.number, {
          intent: "approve",
          returnId: target.returnId,
          message: "Send it back",
        })
      ).status,
    ).toBe(302);
    expect((await requestsOf(target.id))[0]).toMatchObject({
      state: "approved",
      staffMessage: "Send it back",
    });
    // One of the two units came back.
    const received = await staffPost(target.number, {
      intent: "receive",
      returnId: target.returnId,
      "lines[0].orderItemId": target.line,
      "lines[0].quantity": "1",
    });
    expect(received.status).toBe(302);
    expect((await requestsOf(target.id))[0]!.state).toBe("received");
    // The refund page proposes that one unit.
    const form = await answer<{ returnId: string | null; defaultValue: { lines: { quantity: string }[] } }>(
      () =>
        refundLoader({
          request: new Request(`${A}/admin/orders/${target.number}/refund?return=${target.returnId}`, {
            headers: { Cookie: adminCookie },
          }),
          context: alphaCtx,
          params: params(target.number),
        }),
    );
    expect(form.data.returnId).toBe(target.returnId);
    expect(form.data.defaultValue.lines).toEqual([expect.objectContaining({ quantity: "1" })]);
    const refund = (quantity: string, token: string) =>
      answer(() =>
        refundAction({
          request: postForm(
            `${A}/admin/orders/${target.number}/refund?return=${target.returnId}`,
            {
              requestToken: token,
              returnRequestId: target.returnId,
              "lines[0].orderItemId": target.line,
              "lines[0].quantity": quantity,
              reasonCode: "returned",
              method: "cash",
            },
            adminCookie,
          ),
          context: alphaCtx,
          params: params(target.number),
        }),
      );
    // Two units is more than came back: refused, nothing written.
    const over = await refund("2", `over-${target.id}`);
    expect(over.status).toBe(409);
    expect(JSON.stringify(over.data)).toContain("returns.admin.overReceived");
    expect(await db.owner.select().from(refunds).where(eq(refunds.orderId, target.id))).toHaveLength(0);
    expect((await refund("1", `one-${target.id}`)).status).toBe(302);
    // The same form again (a double click): the first refund, no second one, no error.
    expect((await refund("1", `one-${target.id}`)).status).toBe(302);
    expect(await db.owner.select().from(refunds).where(eq(refunds.orderId, target.id))).toHaveLength(1);
    const [done] = await requestsOf(target.id);
    expect(done!.state).toBe("refunded");
    const [made] = await db.owner.select().from(refunds).where(eq(refunds.orderId, target.id));
    expect(made).toMatchObject({ amountCents: 1000, status: "succeeded" });
    expect(done!.refundId).toBe(made!.id);
    // Refunded: a second refund from it is refused.
    expect((await refund("1", `again-${target.id}`)).status).toBe(409);
    for (const kind of ["return-requested", "return-approved", "return-received", "return-refunded"]) {
      const mails = (await outboxKinds(kind)).filter((m) => m.subject.includes(String(target.number)));
      expect(mails, kind).toHaveLength(1);
      expect(mails[0]!.locale).toBe("ar");
    }
    const approved = (await outboxKinds("return-approved")).find((m) =>
      m.subject.includes(String(target.number)),
    );
    expect(approved!.text).toContain("Send it back");
    // The shopper's page shows it refunded.
    const page = await answer<{ returns: { requests: { state: string }[] } }>(() =>
      shopperLoader({
        request: new Request(`${A}/orders/${target.number}`, { headers: { Cookie: shopperCookie } }),
        context: alphaCtx,
        params: params(target.number),
      }),
    );
    expect(page.data.returns.requests.map((r) => r.state)).toEqual(["refunded"]);
  });

  it("refuses illegal steps with 409 and bad input with 400, changing nothing", async () => {
    const target = await requested();
    const before = await tableCounts();
    // Not approved yet: cannot be received.
    const receive = {
      intent: "receive",
      returnId: target.returnId,
      "lines[0].orderItemId": target.line,
      "lines[0].quantity": "1",
    };
    expect((await staffPost(target.number, receive)).status).toBe(409);
    expect((await staffPost(target.number, { intent: "destroy", returnId: target.returnId })).status).toBe(
      400,
    );
    expect((await staffPost(target.number, { intent: "approve", returnId: "nope" })).status).toBe(400);
    expect((await staffPost(target.number, { returnId: target.returnId, message: "ok" })).status).toBe(400);
    expect(await tableCounts()).toEqual(before);
    expect((await staffPost(target.number, { intent: "decline", returnId: target.returnId })).status).toBe(
      302,
    );
    expect((await requestsOf(target.id))[0]!.state).toBe("declined");
    const after = await tableCounts();
    // Declined is final: neither approved nor declined again.
    for (const intent of ["approve", "decline"]) {
      const again = await staffPost(target.number, { intent, returnId: target.returnId });
      expect(again.status).toBe(409);
      expect(JSON.stringify(again.data)).toContain("returns.admin.illegal");
    }
    expect(await tableCounts()).toEqual(after);
    // An approved return: more units received than asked (or none) is a 400.
    const other = await requested();
    expect((await staffPost(other.number, { intent: "approve", returnId: other.returnId })).status).toBe(302);
    for (const quantity of ["3", "0"]) {
      const bad = await staffPost(other.number, {
        ...receive,
        returnId: other.returnId,
        "lines[0].orderItemId": other.line,
        "lines[0].quantity": quantity,
      });
      expect(bad.status, quantity).toBe(400);
    }
    expect((await requestsOf(other.id))[0]!.state).toBe("approved");
    // The declined units are free again: the shopper may ask for them.
    expect((await shopperPost(target.number, ask(target.line, 3))).status).toBe(302);
  });

  it("another store's admin gets 404 for this order and this request, nothing changed", async () => {
    const target = await requested();
    const before = await tableCounts();
    const elsewhere = await staffPost(
      target.number,
      { intent: "approve", returnId: target.returnId },
      betaCtx,
      betaAdminCookie,
      B,
    );
    expect(elsewhere.status).toBe(404);
    // Alpha's admin, the right order number, a request of another order: 404 too.
    const otherOrder = await order(1);
    expect(
      (await staffPost(otherOrder.number, { intent: "approve", returnId: target.returnId })).status,
    ).toBe(404);
    const page = await answer(() =>
      returnsPageLoader({
        request: new Request(`${B}/admin/orders/${target.number}/returns`, {
          headers: { Cookie: betaAdminCookie },
        }),
        context: betaCtx,
        params: params(target.number),
      }),
    );
    expect(page.status).toBe(404);
    expect(await tableCounts()).toEqual(before);
    expect((await requestsOf(target.id))[0]!.state).toBe("requested");
  });

  it("lists requests by state and counts open ones on the admin order page", async () => {
    const target = await requested();
    const list = await answer<{ rows: { id: string; state: string; orderNumber: number }[] }>(() =>
      returnsListLoader({
        request: new Request(`${A}/admin/returns?state=open`, { headers: { Cookie: adminCookie } }),
        context: alphaCtx,
        params: {},
      }),
    );
    expect(list.status).toBe(200);
    expect(list.data.rows.every((row) => row.state === "requested" || row.state === "received")).toBe(true);
    expect(list.data.rows.map((row) => row.id)).toContain(target.returnId);
    const declined = await answer<{ rows: { state: string }[] }>(() =>
      returnsListLoader({
        request: new Request(`${A}/admin/returns?state=declined`, { headers: { Cookie: adminCookie } }),
        context: alphaCtx,
        params: {},
      }),
    );
    expect(declined.data.rows.every((row) => row.state === "declined")).toBe(true);
    // Beta's list has none of alpha's.
    const betaList = await answer<{ rows: unknown[] }>(() =>
      returnsListLoader({
        request: new Request(`${B}/admin/returns`, { headers: { Cookie: betaAdminCookie } }),
        context: betaCtx,
        params: {},
      }),
    );
    expect(betaList.data.rows).toEqual([]);
    const adminPage = await answer<{ returns: { id: string }[] }>(() =>
      adminOrderLoader({
        request: new Request(`${A}/admin/orders/${target.number}`, { headers: { Cookie: adminCookie } }),
        context: alphaCtx,
        params: params(target.number),
      }),
    );
    expect(adminPage.data.returns.map((r) => r.id)).toEqual([target.returnId]);
    // The order page's own steps are untouched by the returns forms.
    expect(typeof adminOrderAction).toBe("function");
  });
});

describe("the return window setting", () => {
  it("saves whole days from 0 to 365 on Payment Options; anything else is a 400", async () => {
    const post = (value: string) =>
      answer(() =>
        paymentOptionsAction({
          request: postForm(
            `${A}/admin/storesetting/paymentOptions`,
            { intent: "returns", returnWindowDays: value },
            adminCookie,
          ),
          context: alphaCtx,
          params: {},
        }),
      );
    for (const bad of ["-1", "366", "abc", "1.5", ""]) expect((await post(bad)).status, bad).toBe(400);
    expect((await post("30")).status).toBe(302);
    const [row] = await db.owner
      .select({ days: storeSettings.returnWindowDays })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, alpha.storeId));
    expect(row!.days).toBe(30);
    expect((await post("14")).status).toBe(302);
  });
});
