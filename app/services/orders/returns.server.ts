/**
 * Returns requested by the shopper (issue 37 item 4, decision 050).
 *
 * Within the store's return window (`store_settings.return_window_days` after the order was
 * delivered; 0 = no returns) the shopper asks to return units of their delivered order, with a
 * reason and a comment. The request moves requested → approved | declined (staff, with a message
 * to the shopper), approved → received (the units that came back), received → refunded (the refund
 * made from it on the refund page, capped to the units received). Every step is a conditional
 * change under the order's row lock (`FOR UPDATE`, the lock refunds take too), so two staff or a
 * double click cannot take a step twice, and a request never asks for more units than were
 * bought minus those refunded or held by other open requests. Each step writes the shopper's
 * email into the outbox in its own transaction; a new request also records `returns/requested`.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import {
  orderEvents,
  orderItems,
  orders,
  returnRequestLines,
  returnRequests,
  storeSettings,
  users,
  type ReturnState,
} from "~/db/schema";
import { getT } from "~/lib/i18n";
import type { Locale } from "~/lib/i18n";
import { newestFirst } from "~/db/keyset.server";
import { formatInZone } from "~/lib/time-zone";
import { nameWithVariant } from "~/lib/variants";
import type { ReturnReasonCode } from "~/lib/validation/returns";
import { recordAudit } from "~/services/audit/audit.server";
import { emailFrame, escapeHtml } from "~/services/email/email-frame.server";
import { deliverAfterCommit, enqueueEmails, type EmailMessage } from "~/services/email/email.server";
import type { EmailStore } from "~/services/email/email-templates.server";
import { recordEvent } from "~/services/webhooks/events.server";
import type { ReturnRefusal, ReturnableLine, ReturnView, ShopperReturns } from "./contract";
import { inStore, storeJoin } from "~/db/store-scope";
import { orderLinesIn, orderRowIn, refundedUnitsIn } from "./order-rows.server";

export type { ReturnRefusal, ReturnableLine, ReturnView, ShopperReturns } from "./contract";

export const DEFAULT_RETURN_WINDOW_DAYS = 14;
const DAY_MS = 86_400_000;
/** States whose units are held by the request (not yet refunded, not declined). */
const OPEN_STATES: ReturnState[] = ["requested", "approved", "received"];

type OrderRow = typeof orders.$inferSelect;
type ReturnRow = typeof returnRequests.$inferSelect;

// ── Reading ──

async function windowDaysIn(tx: Tx, storeId: string): Promise<number> {
  const [row] = await tx
    .select({ days: storeSettings.returnWindowDays })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, storeId));
  return row?.days ?? DEFAULT_RETURN_WINDOW_DAYS;
}

/** When the order was delivered: its last step to `delivered` (the order's update time before history). */
async function deliveredAtIn(tx: Tx, storeId: string, order: OrderRow): Promise<Date | null> {
  if (order.status !== "delivered") return null;
  const [event] = await tx
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(inStore(orderEvents, storeId, { orderId: order.id, toStatus: "delivered" }))
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  return event?.at ?? order.updatedAt;
}

/** Per order line: units refunded (pending or succeeded) plus units held by open requests. */
async function heldUnitsIn(tx: Tx, storeId: string, orderId: string): Promise<Map<string, number>> {
  const held = await refundedUnitsIn(tx, storeId, orderId);
  const requested = await tx
    .select({
      orderItemId: returnRequestLines.orderItemId,
      quantity: returnRequestLines.quantity,
      received: returnRequestLines.receivedQuantity,
      state: returnRequests.state,
    })
    .from(returnRequestLines)
    .innerJoin(returnRequests, storeJoin(returnRequests, "id", returnRequestLines, "returnRequestId"))
    .where(
      and(
        eq(returnRequestLines.storeId, storeId),
        eq(returnRequests.orderId, orderId),
        inArray(returnRequests.state, OPEN_STATES),
      ),
    );
  const add = (id: string, units: number) => held.set(id, (held.get(id) ?? 0) + units);
  // A received request holds what came back (what was asked and not received is free again).
  for (const line of requested)
    add(line.orderItemId, line.state === "received" ? line.received : line.quantity);
  return held;
}

interface Eligibility {
  refusal: ReturnRefusal | null;
  windowEndsAt: Date | null;
  lines: (ReturnableLine & { nameEn: string })[];
}

async function eligibilityIn(
  tx: Tx,
  storeId: string,
  order: OrderRow,
  locale: Locale,
  now: Date,
): Promise<Eligibility> {
  const items = await orderLinesIn(tx, storeId, order.id);
  const held = await heldUnitsIn(tx, storeId, order.id);
  const lines = items.map((item) => ({
    id: item.id,
    nameEn: item.nameEn,
    name: nameWithVariant(item, locale),
    bought: item.quantity,
    available: Math.max(0, item.quantity - (held.get(item.id) ?? 0)),
  }));
  const days = await windowDaysIn(tx, storeId);
  const deliveredAt = await deliveredAtIn(tx, storeId, order);
  const windowEndsAt = deliveredAt ? new Date(deliveredAt.getTime() + days * DAY_MS) : null;
  const refusal: ReturnRefusal | null =
    days === 0
      ? "no-returns"
      : !windowEndsAt
        ? "not-delivered"
        : now.getTime() > windowEndsAt.getTime()
          ? "window-closed"
          : lines.every((line) => line.available === 0)
            ? "nothing-left"
            : null;
  return { refusal, windowEndsAt, lines };
}

async function requestsOfIn(
  tx: Tx,
  storeId: string,
  orderId: string,
  locale: Locale,
  timeZone = "UTC",
): Promise<ReturnView[]> {
  const rows = await tx
    .select()
    .from(returnRequests)
    .where(and(eq(returnRequests.storeId, storeId), eq(returnRequests.orderId, orderId)))
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id));
  if (rows.length === 0) return [];
  const lines = await tx
    .select({ line: returnRequestLines, item: orderItems })
    .from(returnRequestLines)
    .innerJoin(orderItems, storeJoin(orderItems, "id", returnRequestLines, "orderItemId"))
    .where(
      and(
        eq(returnRequestLines.storeId, storeId),
        inArray(
          returnRequestLines.returnRequestId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(orderItems.nameEn), asc(orderItems.id));
  return rows.map((row) => ({
    id: row.id,
    state: row.state,
    reasonCode: row.reasonCode,
    comment: row.comment,
    staffMessage: row.staffMessage,
    createdAt: row.createdAt.toISOString(),
    requestedOn: formatInZone(row.createdAt, locale, timeZone, "date"),
    lines: lines
      .filter(({ line }) => line.returnRequestId === row.id)
      .map(({ line, item }) => ({
        orderItemId: line.orderItemId,
        name: nameWithVariant(item, locale),
        quantity: line.quantity,
        receivedQuantity: line.receivedQuantity,
      })),
  }));
}

/** The shopper's order `number`: what they may return now and their requests; null if not theirs. */
export async function shopperReturns(
  storeId: string,
  userId: string,
  number: number,
  locale: Locale,
  timeZone: string,
  now = new Date(),
): Promise<ShopperReturns | null> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const order = await orderRowIn(tx, storeId, { number }, false);
    if (!order || order.userId !== userId) return null;
    const eligibility = await eligibilityIn(tx, storeId, order, locale, now);
    return {
      refusal: eligibility.refusal,
      windowEndsOn: eligibility.windowEndsAt
        ? formatInZone(eligibility.windowEndsAt, locale, timeZone, "date")
        : null,
      lines: eligibility.lines.map(({ nameEn: _nameEn, ...line }) => line),
      requests: await requestsOfIn(tx, storeId, order.id, locale, timeZone),
    };
  });
}

/** The return requests of the store's order `number` (the admin order page); null if none such order. */
export async function orderReturns(storeId: string, number: number, locale: Locale, timeZone: string) {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const order = await orderRowIn(tx, storeId, { number }, false);
    if (!order) return null;
    return requestsOfIn(tx, storeId, order.id, locale, timeZone);
  });
}

// ── Emails ──

export type ReturnEmailKind =
  "return-requested" | "return-approved" | "return-declined" | "return-received" | "return-refunded";

async function shopperLocaleIn(tx: Tx, storeId: string, order: OrderRow): Promise<Locale> {
  if (!order.userId) return order.locale;
  const [user] = await tx
    .select({ locale: users.locale })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.id, order.userId)));
  return user?.locale ?? order.locale;
}

/** The shopper's email about a step of their return, in their language, with the units. */
async function returnEmailIn(
  tx: Tx,
  storeId: string,
  store: EmailStore,
  order: OrderRow,
  request: ReturnRow,
  kind: ReturnEmailKind,
): Promise<EmailMessage> {
  const locale = await shopperLocaleIn(tx, storeId, order);
  const t = getT(locale);
  const [view] = (await requestsOfIn(tx, storeId, order.id, locale)).filter((r) => r.id === request.id);
  const vars = { store: store.name, name: order.shipFullName, number: order.number };
  const subject = t(`returns.email.${kind}.subject`, vars);
  const intro = [t("email.greeting", vars), t(`returns.email.${kind}.body`, vars)];
  const message = request.staffMessage ? t("returns.email.message", { message: request.staffMessage }) : null;
  const units = (view?.lines ?? []).map((line) => {
    const count =
      kind === "return-received" || kind === "return-refunded" ? line.receivedQuantity : line.quantity;
    return `${line.name} × ${count}`;
  });
  const link = `${store.origin}/orders/${order.number}`;
  const action = t("email.order.action");
  const { page } = emailFrame(locale, store, { logoUrl: store.logoUrl });
  const html = page(
    [...intro, ...(message ? [message] : [])].map((line) => `<p>${escapeHtml(line)}</p>`).join("\n") +
      `\n<ul>${units.map((unit) => `<li>${escapeHtml(unit)}</li>`).join("")}</ul>`,
    { label: action, link },
    t("email.footer", vars),
  );
  const text = [
    ...intro,
    ...(message ? [message] : []),
    units.join("\n"),
    `${action}: ${link}`,
    t("email.footer", vars),
  ].join("\n\n");
  return { to: order.shipEmail, subject, html, text, kind, locale, fromName: store.name };
}

// ── The shopper's request ──

export interface ReturnRequestInput {
  lines: { orderItemId: string; quantity: number }[];
  reasonCode: ReturnReasonCode;
  comment: string | null;
}

export type RequestReturnResult =
  | { kind: "not-found" }
  | { kind: "refused"; reason: ReturnRefusal }
  | { kind: "invalid"; reason: "units" | "line" }
  | { kind: "created"; request: ReturnRow };

/**
 * The shopper asks to return units of their order `number`: refused (nothing written) when the
 * store takes no returns, the order is not delivered, its window closed, or a line asks for more
 * units than are left to return. Writes the request, its lines, the acknowledgement email and the
 * `returns/requested` event in one transaction, under the order's lock.
 */
export async function requestReturn(
  storeId: string,
  userId: string,
  number: number,
  input: ReturnRequestInput,
  store: EmailStore,
  now = new Date(),
): Promise<RequestReturnResult> {
  const db = await getDb();
  const result = await db.withStore(
    storeId,
    async (tx): Promise<RequestReturnResult & { emailIds?: string[] }> => {
      const order = await orderRowIn(tx, storeId, { number }, true);
      if (!order || order.userId !== userId) return { kind: "not-found" };
      const eligibility = await eligibilityIn(tx, storeId, order, "en", now);
      if (eligibility.refusal) return { kind: "refused", reason: eligibility.refusal };
      const byId = new Map(eligibility.lines.map((line) => [line.id, line]));
      const asked = new Map<string, number>();
      for (const line of input.lines) {
        if (!byId.has(line.orderItemId)) return { kind: "invalid", reason: "line" };
        asked.set(line.orderItemId, (asked.get(line.orderItemId) ?? 0) + line.quantity);
      }
      if (asked.size === 0) return { kind: "invalid", reason: "units" };
      for (const [id, quantity] of asked)
        if (quantity <= 0 || quantity > byId.get(id)!.available) return { kind: "invalid", reason: "units" };
      const [request] = await tx
        .insert(returnRequests)
        .values({
          storeId,
          orderId: order.id,
          userId,
          reasonCode: input.reasonCode,
          comment: input.comment || null,
        })
        .returning();
      await tx.insert(returnRequestLines).values(
        [...asked].map(([orderItemId, quantity]) => ({
          storeId,
          returnRequestId: request!.id,
          orderItemId,
          quantity,
        })),
      );
      const emailIds = await enqueueEmails(tx, storeId, [
        await returnEmailIn(tx, storeId, store, order, request!, "return-requested"),
      ]);
      await recordEvent(
        tx,
        storeId,
        "returns/requested",
        { type: "return", id: request!.id },
        {
          id: request!.id,
          orderId: order.id,
          orderNumber: order.number,
          state: request!.state,
          reasonCode: request!.reasonCode,
          comment: request!.comment,
          lines: [...asked].map(([orderItemId, quantity]) => ({ orderItemId, quantity })),
          createdAt: request!.createdAt.toISOString(),
        },
      );
      return { kind: "created", request: request!, emailIds };
    },
  );
  if (result.kind === "created" && result.emailIds) deliverAfterCommit(storeId, result.emailIds);
  if (result.kind === "created") return { kind: "created", request: result.request };
  return result;
}

// ── The staff's steps ──

export type ReturnStepResult =
  | { kind: "not-found" }
  | { kind: "illegal"; state: ReturnState }
  | { kind: "invalid" }
  | { kind: "done"; request: ReturnRow };

/** The store's request `returnId` if it is one of order `orderId`'s; null otherwise. */
async function requestOfOrderIn(tx: Tx, storeId: string, orderId: string, returnId: string) {
  const [request] = await tx
    .select()
    .from(returnRequests)
    .where(inStore(returnRequests, storeId, { id: returnId, orderId }));
  return request ?? null;
}

/** Finds the store's request `returnId` of order `number`, the order locked; null when not both. */
async function lockedRequestIn(tx: Tx, storeId: string, number: number, returnId: string) {
  const order = await orderRowIn(tx, storeId, { number }, true);
  if (!order) return null;
  const request = await requestOfOrderIn(tx, storeId, order.id, returnId);
  return request ? { order, request } : null;
}

async function stepIn(
  storeId: string,
  number: number,
  returnId: string,
  from: ReturnState,
  take: (tx: Tx, order: OrderRow, request: ReturnRow) => Promise<ReturnRow | "invalid">,
  email: ReturnEmailKind,
  store: EmailStore,
): Promise<ReturnStepResult> {
  const db = await getDb();
  const result = await db.withStore(
    storeId,
    async (tx): Promise<ReturnStepResult & { emailIds?: string[] }> => {
      const found = await lockedRequestIn(tx, storeId, number, returnId);
      if (!found) return { kind: "not-found" };
      if (found.request.state !== from) return { kind: "illegal", state: found.request.state };
      const changed = await take(tx, found.order, found.request);
      if (changed === "invalid") return { kind: "invalid" };
      const emailIds = await enqueueEmails(tx, storeId, [
        await returnEmailIn(tx, storeId, store, found.order, changed, email),
      ]);
      await recordAudit(tx, storeId, {
        action: `order.return.${changed.state}`,
        entityType: "order",
        entityId: String(number),
        entityLabel: `#${number}`,
        changes: { returnState: [from, changed.state] },
      });
      return { kind: "done", request: changed, emailIds };
    },
  );
  if (result.kind === "done" && result.emailIds) deliverAfterCommit(storeId, result.emailIds);
  if (result.kind === "done") return { kind: "done", request: result.request };
  return result;
}

/** Approve or decline a requested return, with an optional message to the shopper. */
export function decideReturn(
  storeId: string,
  number: number,
  returnId: string,
  decision: "approve" | "decline",
  message: string | null,
  staffUserId: string,
  store: EmailStore,
): Promise<ReturnStepResult> {
  const to: ReturnState = decision === "approve" ? "approved" : "declined";
  return stepIn(
    storeId,
    number,
    returnId,
    "requested",
    async (tx, _order, request) => {
      const [changed] = await tx
        .update(returnRequests)
        .set({ state: to, staffMessage: message || null, decidedBy: staffUserId, decidedAt: sql`now()` })
        .where(inStore(returnRequests, storeId, { id: request.id, state: "requested" }))
        .returning();
      return changed!;
    },
    decision === "approve" ? "return-approved" : "return-declined",
    store,
  );
}

/**
 * The units of an approved return that came back (per line, 0 to what was asked, at least one in
 * all): the request becomes `received`, and a refund made from it is capped to these units.
 */
export function receiveReturn(
  storeId: string,
  number: number,
  returnId: string,
  received: { orderItemId: string; quantity: number }[],
  staffUserId: string,
  store: EmailStore,
): Promise<ReturnStepResult> {
  return stepIn(
    storeId,
    number,
    returnId,
    "approved",
    async (tx, _order, request) => {
      const lines = await tx
        .select()
        .from(returnRequestLines)
        .where(
          and(eq(returnRequestLines.storeId, storeId), eq(returnRequestLines.returnRequestId, request.id)),
        );
      const counts = new Map<string, number>();
      for (const line of received) {
        const own = lines.find((l) => l.orderItemId === line.orderItemId);
        if (!own) return "invalid";
        counts.set(line.orderItemId, (counts.get(line.orderItemId) ?? 0) + line.quantity);
      }
      let total = 0;
      for (const line of lines) {
        const count = counts.get(line.orderItemId) ?? 0;
        if (count < 0 || count > line.quantity) return "invalid";
        total += count;
      }
      if (total === 0) return "invalid";
      for (const line of lines)
        await tx
          .update(returnRequestLines)
          .set({ receivedQuantity: counts.get(line.orderItemId) ?? 0 })
          .where(and(eq(returnRequestLines.storeId, storeId), eq(returnRequestLines.id, line.id)));
      const [changed] = await tx
        .update(returnRequests)
        .set({ state: "received", receivedAt: sql`now()`, decidedBy: staffUserId })
        .where(inStore(returnRequests, storeId, { id: request.id, state: "approved" }))
        .returning();
      return changed!;
    },
    "return-received",
    store,
  );
}

// ── The refund made from a return ──

/** The units a received return lets the refund page refund, per order line; null if not refundable. */
export async function returnRefundUnits(
  storeId: string,
  number: number,
  returnId: string,
): Promise<Map<string, number> | null> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const order = await orderRowIn(tx, storeId, { number }, false);
    if (!order) return null;
    return receivedUnitsIn(tx, storeId, order.id, returnId);
  });
}

async function receivedUnitsIn(tx: Tx, storeId: string, orderId: string, returnId: string) {
  const request = await requestOfOrderIn(tx, storeId, orderId, returnId);
  if (!request || request.state !== "received") return null;
  const lines = await tx
    .select()
    .from(returnRequestLines)
    .where(and(eq(returnRequestLines.storeId, storeId), eq(returnRequestLines.returnRequestId, returnId)));
  return new Map(lines.filter((l) => l.receivedQuantity > 0).map((l) => [l.orderItemId, l.receivedQuantity]));
}

/**
 * Inside the refund's transaction (the order locked): whether a refund of `lines` may be made
 * from return `returnId` — it must be `received`, and no line more units than came back.
 */
export async function checkReturnRefundIn(
  tx: Tx,
  storeId: string,
  orderId: string,
  returnId: string,
  lines: readonly { orderItemId: string; quantity: number }[],
): Promise<"ok" | "not-received" | "over-received"> {
  const received = await receivedUnitsIn(tx, storeId, orderId, returnId);
  if (!received) return "not-received";
  for (const line of lines)
    if (line.quantity > 0 && line.quantity > (received.get(line.orderItemId) ?? 0)) return "over-received";
  return "ok";
}

/** The refund made from a received return: the return is `refunded`, and the shopper is told. */
export async function markReturnRefundedIn(
  tx: Tx,
  storeId: string,
  returnId: string,
  refundId: string,
  store: EmailStore | null,
): Promise<string[]> {
  const [changed] = await tx
    .update(returnRequests)
    .set({ state: "refunded", refundId, refundedAt: sql`now()` })
    .where(inStore(returnRequests, storeId, { id: returnId, state: "received" }))
    .returning();
  if (!changed || !store) return [];
  const order = await orderRowIn(tx, storeId, { id: changed.orderId }, false);
  if (!order) return [];
  return enqueueEmails(tx, storeId, [
    await returnEmailIn(tx, storeId, store, order, changed, "return-refunded"),
  ]);
}

// ── The admin list ──

export const RETURNS_PAGE_SIZE = 25;

export interface ReturnListRow {
  id: string;
  orderNumber: number;
  state: ReturnState;
  reasonCode: string;
  units: number;
  shopper: string;
  createdAt: string;
}

/** The store's return requests, newest first, optionally in one state (keyset pages). */
export async function listReturnRequests(
  storeId: string,
  cursor: string | null,
  state: ReturnState | "open" | null,
) {
  const newest = newestFirst(cursor, returnRequests.createdAt, returnRequests.id);
  const db = await getDb();
  const fetched = await db.withStore(storeId, (tx) =>
    tx
      .select({
        id: returnRequests.id,
        orderNumber: orders.number,
        state: returnRequests.state,
        reasonCode: returnRequests.reasonCode,
        shopper: orders.shipFullName,
        createdAt: returnRequests.createdAt,
        anchor: newest.anchor,
        units: sql<number>`(select coalesce(sum(l.quantity), 0)::int from return_request_lines l
          where l.store_id = ${returnRequests.storeId} and l.return_request_id = ${returnRequests.id})`,
      })
      .from(returnRequests)
      .innerJoin(orders, storeJoin(orders, "id", returnRequests, "orderId"))
      .where(
        and(
          eq(returnRequests.storeId, storeId),
          state === "open"
            ? inArray(returnRequests.state, ["requested", "received"])
            : state
              ? eq(returnRequests.state, state)
              : undefined,
          newest.past,
        ),
      )
      .orderBy(...newest.orderBy)
      .limit(RETURNS_PAGE_SIZE + 1),
  );
  const page = newest.page(fetched, RETURNS_PAGE_SIZE);
  return {
    ...page,
    rows: page.rows.map(({ anchor: _anchor, createdAt, ...row }): ReturnListRow => ({
      ...row,
      units: Number(row.units),
      createdAt: createdAt.toISOString(),
    })),
  };
}

// ── The store's setting ──

export async function returnWindowDays(storeId: string): Promise<number> {
  const db = await getDb();
  return db.withStore(storeId, (tx) => windowDaysIn(tx, storeId));
}

export async function saveReturnWindow(storeId: string, days: number): Promise<void> {
  const db = await getDb();
  await db.withStore(storeId, async (tx) => {
    await tx
      .insert(storeSettings)
      .values({ storeId, returnWindowDays: days })
      .onConflictDoUpdate({
        target: storeSettings.storeId,
        set: { returnWindowDays: days, updatedAt: sql`now()` },
      });
    await recordAudit(tx, storeId, {
      action: "settings.returns",
      entityType: "settings",
      entityId: "returns",
      entityLabel: "returns",
      changes: { returnWindowDays: [null, days] },
    });
  });
}
