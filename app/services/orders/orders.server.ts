/**
 * A shopper's orders (DESIGN §5): My orders (newest first, keyset pages), one order's details
 * with its history, and the changes other parts of the app make: cancel (pending or confirmed
 * only; stock goes back) and mark paid (the card webhook). Every change is an `order_events` row.
 * An order is always looked up by store (RLS) and, for a shopper, by its owner too, so another
 * shopper's or store's order is simply not found.
 */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { recordOrderEvent } from "./order-events.server";
import { getDb, type Tx } from "~/db/client.server";
import { orderEvents, orderItems, orders, type orderStatuses, type paymentStatuses } from "~/db/schema";
import { CANCELLABLE_STATUSES, STATUS_STEPS } from "~/lib/order-transitions";
import type { VariantOption } from "~/lib/variants";
import type { EmailStore } from "~/services/email/email-templates.server";
import { releaseCodeUse } from "~/services/discounts/codes.server";
import { lineImageId } from "~/services/catalog/product-columns.server";
import { sendOrderEmail } from "./order-emails.server";
import type { OrderAddress } from "./contract";
import { restockLines } from "./restock.server";
import { subtractTrending } from "./trending.server";
import { issueInvoiceIn } from "~/services/tax/invoices.server";

export type OrderStatus = (typeof orderStatuses)[number];
export type PaymentStatus = (typeof paymentStatuses)[number];

export const ORDERS_PAGE_SIZE = 10;
/** A shopper may cancel until the order ships (the lifecycle table, ~/lib/order-transitions). */
export const CANCELLABLE: readonly OrderStatus[] = CANCELLABLE_STATUSES;

export interface OrderSummary {
  number: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: "card" | "cod";
  createdAt: Date;
  totalCents: number;
  totalQuantity: number;
  currency: string;
}

export interface OrdersPage {
  orders: OrderSummary[];
  /** Cursors for the Previous/Next links; null when there is no such page. */
  previous: string | null;
  next: string | null;
}

// ── Keyset cursor: the (created_at, id) of the row a page starts after or ends before ──

/**
 * The timestamp is carried as PostgreSQL prints it to the microsecond: a JavaScript Date keeps
 * only milliseconds, and a cursor rounded to them would repeat or skip rows.
 */
interface Cursor {
  at: string;
  id: string;
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const encodeCursor = (row: { cursorAt: string; id: string }) =>
  Buffer.from(`${row.cursorAt}|${row.id}`).toString("base64url");

function decodeCursor(value: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(value)) return null;
  const [at, id] = Buffer.from(value, "base64url").toString("utf8").split("|");
  if (!at || !id || !CURSOR_TIME.test(at) || !UUID.test(id)) return null;
  return { at, id };
}

export type PageRequest = { after: Cursor } | { before: Cursor } | null;

/**
 * A page link's `cursor` parameter: "a." (after: older orders) or "b." (before: newer) and the
 * row's key. Absent → the first page; anything we did not make → undefined (the route says 400).
 */
export function decodePage(value: string | null): PageRequest | undefined {
  if (value === null) return null;
  const cursor = decodeCursor(value.slice(2));
  if (!cursor) return undefined;
  if (value.startsWith("a.")) return { after: cursor };
  if (value.startsWith("b.")) return { before: cursor };
  return undefined;
}

const summaryColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  paymentMethod: orders.paymentMethod,
  createdAt: orders.createdAt,
  totalCents: orders.totalCents,
  totalQuantity: orders.totalQuantity,
  currency: orders.currency,
  cursorAt: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

const rowKey = sql`(${orders.createdAt}, ${orders.id})`;
const cursorKey = (c: Cursor) => sql`(${c.at}::timestamptz, ${c.id}::uuid)`;

/** My orders: ten a page, newest first; `after` pages to older orders, `before` to newer. */
export async function listOrders(storeId: string, userId: string, page: PageRequest): Promise<OrdersPage> {
  const db = await getDb();
  const mine = and(eq(orders.storeId, storeId), eq(orders.userId, userId))!;
  const older = (c: Cursor) => sql`${rowKey} < ${cursorKey(c)}`;
  const newer = (c: Cursor) => sql`${rowKey} > ${cursorKey(c)}`;
  const limit = ORDERS_PAGE_SIZE + 1;
  return db.withStore(storeId, async (tx) => {
    if (page && "before" in page) {
      // Read newer rows upwards from the cursor, then show them newest first.
      const rows = await tx
        .select(summaryColumns)
        .from(orders)
        .where(and(mine, newer(page.before)))
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(limit);
      const more = rows.length > ORDERS_PAGE_SIZE;
      const shown = rows.slice(0, ORDERS_PAGE_SIZE).reverse();
      return pageOf(shown, more, true);
    }
    const where: SQL = page ? and(mine, older(page.after))! : mine;
    const rows = await tx
      .select(summaryColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
    return pageOf(rows.slice(0, ORDERS_PAGE_SIZE), page !== null, rows.length > ORDERS_PAGE_SIZE);
  });
}

type SummaryRow = OrderSummary & { id: string; cursorAt: string };

function pageOf(rows: SummaryRow[], hasPrevious: boolean, hasNext: boolean): OrdersPage {
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    orders: rows.map(({ id: _id, cursorAt: _at, ...summary }) => summary),
    previous: hasPrevious && first ? `b.${encodeCursor(first)}` : null,
    next: hasNext && last ? `a.${encodeCursor(last)}` : null,
  };
}

export interface OrderLine {
  productId: string;
  variantId: string;
  nameEn: string;
  nameAr: string;
  sku: string | null;
  /** The variant's image, else the product's first, as they are now (null without any). */
  imageId: string | null;
  /** The option values as bought, in both languages (empty without options): see variantLabel. */
  options: VariantOption[];
  unitPriceCents: number;
  unitDiscountCents: number;
  quantity: number;
  lineTotalCents: number;
}

export interface OrderEvent {
  type: string;
  fromStatus: string | null;
  toStatus: string | null;
  paymentStatus: string | null;
  note: string | null;
  createdAt: Date;
}

export interface OrderDetails extends OrderSummary {
  id: string;
  userId: string;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** The Cash On Delivery fee the order was placed with (0: none). */
  codFeeCents: number;
  /** The discount code used and what it took off (decision 029); null and 0 without one. */
  discountCode: string | null;
  codeDiscountCents: number;
  /** VAT as charged (issue 35): inside the total or on top (null: the store was not registered). */
  vatInclusive: boolean | null;
  vatRates: { rateBp: number; net: number; vat: number }[];
  locale: "en" | "ar";
  /** The shipping rate as the order froze it (issue 33); null on orders from before zones. */
  shippingRate: {
    kind: string;
    nameEn: string;
    nameAr: string;
    estimateEn: string;
    estimateAr: string;
  } | null;
  address: OrderAddress;
  lines: OrderLine[];
  events: OrderEvent[];
  cancellable: boolean;
}

/** What an order's history shows of each event (the admin's page adds who took it). */
export const EVENT_COLUMNS = {
  type: orderEvents.type,
  fromStatus: orderEvents.fromStatus,
  toStatus: orderEvents.toStatus,
  paymentStatus: orderEvents.paymentStatus,
  note: orderEvents.note,
  createdAt: orderEvents.createdAt,
};

/** One order with its lines and history, by a condition the caller scopes (store, owner). */
export async function readOrder(tx: Tx, where: SQL): Promise<OrderDetails | null> {
  const [row] = await tx.select().from(orders).where(where);
  if (!row) return null;
  const lines = await tx
    .select({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      nameEn: orderItems.nameEn,
      nameAr: orderItems.nameAr,
      sku: orderItems.sku,
      imageId: lineImageId("order_items"),
      options: orderItems.options,
      unitPriceCents: orderItems.unitPriceCents,
      unitDiscountCents: orderItems.unitDiscountCents,
      quantity: orderItems.quantity,
      lineTotalCents: orderItems.lineTotalCents,
    })
    .from(orderItems)
    .where(and(eq(orderItems.storeId, row.storeId), eq(orderItems.orderId, row.id)))
    .orderBy(asc(orderItems.nameEn), asc(orderItems.id));
  const events = await tx
    .select(EVENT_COLUMNS)
    .from(orderEvents)
    .where(and(eq(orderEvents.storeId, row.storeId), eq(orderEvents.orderId, row.id)))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return {
    id: row.id,
    userId: row.userId,
    number: row.number,
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    createdAt: row.createdAt,
    totalCents: row.totalCents,
    totalQuantity: row.totalQuantity,
    currency: row.currency,
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    shippingCents: row.shippingCents,
    codFeeCents: row.codFeeCents,
    discountCode: row.discountCode,
    codeDiscountCents: row.codeDiscountCents,
    vatInclusive: row.vatInclusive,
    vatRates: row.vatRates,
    locale: row.locale,
    shippingRate: row.shippingRateNameEn
      ? {
          kind: row.shippingRateKind ?? "flat",
          nameEn: row.shippingRateNameEn,
          nameAr: row.shippingRateNameAr ?? "",
          estimateEn: row.shippingEstimateEn ?? "",
          estimateAr: row.shippingEstimateAr ?? "",
        }
      : null,
    address: {
      country: row.shipCountry,
      fullName: row.shipFullName,
      streetAddress: row.shipStreetAddress,
      zipCode: row.shipZipCode,
      city: row.shipCity,
      email: row.shipEmail,
      mobile: row.shipMobile,
    },
    lines,
    events,
    cancellable: CANCELLABLE.includes(row.status),
  };
}

/** The shopper's own order by its number; null for anyone else's. */
export async function getShopperOrder(storeId: string, userId: string, number: number) {
  const db = await getDb();
  return db.withStore(storeId, (tx) =>
    readOrder(tx, and(eq(orders.storeId, storeId), eq(orders.number, number), eq(orders.userId, userId))!),
  );
}

export type CancelActor =
  { kind: "shopper"; userId: string } | { kind: "system" } | { kind: "admin"; userId: string };

export type CancelResult =
  | { kind: "cancelled"; orderId: string; wasPaid: boolean }
  | { kind: "not-found" }
  | { kind: "not-cancellable"; status: OrderStatus };

/**
 * Cancels a pending or confirmed order and puts its stock back, in one transaction with the
 * order row locked (a second cancel, or a webhook at the same moment, waits and then finds it
 * cancelled). A shopper can only cancel their own order. A paid card order comes back with
 * `wasPaid`, for the payments code to refund; its payment status changes when Stripe says so.
 */
export async function cancelOrder(
  storeId: string,
  number: number,
  reason: string,
  actor: CancelActor,
  mail?: EmailStore,
): Promise<CancelResult> {
  const db = await getDb();
  const result = await db.withStore(storeId, (tx) => cancelOrderIn(tx, storeId, { number }, reason, actor));
  if (result.kind === "cancelled" && mail)
    await sendOrderEmail(storeId, mail, result.orderId, "order-cancelled");
  return result;
}

/** cancelOrder inside the caller's transaction (the Stripe webhook records its event in the same one). */
export async function cancelOrderIn(
  tx: Tx,
  storeId: string,
  which: { number: number } | { id: string },
  reason: string,
  actor: CancelActor,
  /** Only from this status (a Cash On Delivery order's confirmation window, issue 34). */
  onlyFrom?: OrderStatus,
): Promise<CancelResult> {
  const match = "id" in which ? eq(orders.id, which.id) : eq(orders.number, which.number);
  const owner = actor.kind === "shopper" ? eq(orders.userId, actor.userId) : undefined;
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      countedInTrending: orders.countedInTrending,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), match, owner))
    .for("update");
  if (!order) return { kind: "not-found" };
  // `onlyFrom` may name a status past the shopper's reach: a shipped COD order refused at the door.
  if (onlyFrom ? order.status !== onlyFrom : !CANCELLABLE.includes(order.status))
    return { kind: "not-cancellable", status: order.status };
  // Pending card payments that never completed are failed, not refunded.
  const paymentStatus = order.paymentStatus === "pending" ? "failed" : order.paymentStatus;
  await tx
    .update(orders)
    .set({ status: "cancelled", paymentStatus, countedInTrending: false, updatedAt: sql`now()` })
    .where(and(eq(orders.storeId, storeId), eq(orders.id, order.id)));
  await restock(tx, storeId, order.id);
  // A discount code's use comes back with the stock (decision 029).
  await releaseCodeUse(tx, storeId, order.id);
  // Still in Trending (not yet aged out by the sweep): out of it now.
  if (order.countedInTrending) await subtractTrending(tx, storeId, [order.id]);
  await tx.insert(orderEvents).values({
    storeId,
    orderId: order.id,
    type: "status",
    fromStatus: order.status,
    toStatus: "cancelled",
    paymentStatus: paymentStatus === order.paymentStatus ? null : paymentStatus,
    note: reason,
    actorUserId: actor.kind === "system" ? null : actor.userId,
  });
  await recordOrderEvent(tx, storeId, order.id, "orders/cancelled");
  return { kind: "cancelled", orderId: order.id, wasPaid: order.paymentStatus === "paid" };
}

/**
 * Every line's quantity back into its variant's stock and out of Best Seller, in the order
 * checkout takes it (product id, then variant id; each product row before its variants).
 */
async function restock(tx: Tx, storeId: string, orderId: string) {
  const lines = await tx
    .select({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(and(eq(orderItems.storeId, storeId), eq(orderItems.orderId, orderId)))
    .orderBy(asc(orderItems.productId), asc(orderItems.variantId));
  await restockLines(tx, storeId, lines);
}

export type PaidResult =
  | { kind: "paid"; orderId: string }
  | { kind: "not-found" }
  | { kind: "unchanged"; status: OrderStatus; paymentStatus: PaymentStatus };

/**
 * A card payment succeeded (the webhook): a pending order becomes confirmed and paid. Anything
 * else (already paid, cancelled) is left alone and reported, for the caller to refund if needed.
 */
export async function markOrderPaid(
  storeId: string,
  orderId: string,
  payment: { paymentIntentId?: string | null } = {},
): Promise<PaidResult> {
  const db = await getDb();
  return db.withStore(storeId, (tx) => markOrderPaidIn(tx, storeId, orderId, payment));
}

/** markOrderPaid inside the caller's transaction. */
export async function markOrderPaidIn(
  tx: Tx,
  storeId: string,
  orderId: string,
  payment: { paymentIntentId?: string | null } = {},
): Promise<PaidResult> {
  const [order] = await tx
    .select({ status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)))
    .for("update");
  if (!order) return { kind: "not-found" };
  if (!STATUS_STEPS.confirm.from.includes(order.status) || !inPending(order.paymentStatus))
    return { kind: "unchanged", status: order.status, paymentStatus: order.paymentStatus };
  await tx
    .update(orders)
    .set({
      status: "confirmed",
      paymentStatus: "paid",
      stripePaymentIntentId: payment.paymentIntentId ?? undefined,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  await tx.insert(orderEvents).values([
    { storeId, orderId, type: "payment", paymentStatus: "paid" },
    { storeId, orderId, type: "status", fromStatus: "pending", toStatus: "confirmed" },
  ]);
  // A card order's tax invoice is issued when it is paid (decision 043), in this transaction.
  await issueInvoiceIn(tx, storeId, orderId);
  await recordOrderEvent(tx, storeId, orderId, "orders/paid");
  return { kind: "paid", orderId };
}

const inPending = (status: PaymentStatus) => status === "pending" || status === "unpaid";
