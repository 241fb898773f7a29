/**
 * The admin's orders (issue 11): the list with its filters (status, payment status, a date
 * range, a search by number, name, email, or a line's product name or SKU as sold), keyset pages
 * newest first, the same list as CSV,
 * one order with its history (who did each step), and the packing slip. Every function takes the
 * store id first and runs in its RLS scope, so another store's order number is simply not found.
 *
 * Dates: a filter's day is the store's day (its time zone, /admin/settings), as the reports'.
 */
import { recordAudit } from "~/services/audit/audit.server";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, rowsOf, type Tx } from "~/db/client.server";
import { newestFirst } from "~/db/keyset.server";
import { orderEvents, orders, refunds, users } from "~/db/schema";
import { toCsv } from "~/lib/csv";
import { getT, type Locale } from "~/lib/i18n";
import { toZonedIsoString } from "~/lib/time-zone";
import { currencyDigits } from "~/lib/money";
import type { OrderStatusCode, PaymentStatusCode } from "~/lib/order-transitions";
import { minorToMajor } from "~/lib/validation/products-admin";
import { likePattern } from "~/services/catalog/catalog.server";
import { nameWithVariant, type VariantOption } from "~/lib/variants";
import { EVENT_COLUMNS, readOrder, type OrderDetails, type OrderEvent } from "./orders.server";
import { dayAfter, dayStart } from "./store-days.server";
import { storeJoin } from "~/db/store-scope";

export const ADMIN_ORDERS_PAGE_SIZE = 25;
/** A CSV export stops here (a larger store filters by date first). */
export const MAX_EXPORT_ROWS = 100_000;

export interface OrderFilters {
  status: OrderStatusCode | null;
  payment: PaymentStatusCode | null;
  /** Calendar days, `YYYY-MM-DD`, both included. */
  startDate: string | null;
  endDate: string | null;
  q: string;
  /** Only these orders (the list's chosen rows, for "Export selected"); ids of this store. */
  ids?: readonly string[];
}

/** An order number as typed in the search box: "1042" or "#1042" (only "#1042" is nothing else). */
const ORDER_NUMBER = /^(#?)(\d{1,9})$/;

/**
 * A search's matches are listed through their ids when there are at most this many (a name, an
 * email, a SKU, an order number); a common word, matching more, is left to the list's own
 * conditions, which stop at the end of the page instead of gathering every match.
 */
export const FEW_ORDER_MATCHES = 500;

/**
 * The condition of a search box's text: an order number ("#1042"), or the orders whose number
 * (digits alone), shopper's name or email, or a line's product name (either language) or SKU as
 * sold contains it, case-insensitively. The matches come from trigram indexes through a function
 * scoped to the current store (migration 0030 says why a function), at most FEW_ORDER_MATCHES + 1.
 */
async function searchCondition(tx: Tx, storeId: string, q: string): Promise<SQL | null> {
  if (!q) return null;
  const number = ORDER_NUMBER.exec(q);
  if (number?.[1]) return eq(orders.number, Number(number[2]));
  // Digits alone may be a number or a SKU (a barcode): either matches.
  const asNumber = number ? Number(number[2]) : null;
  const pattern = likePattern(q.toLowerCase());
  const found = rowsOf<{ id: string }>(
    await tx.execute(
      sql`select id from order_search_ids(${pattern}, ${asNumber}::integer, ${FEW_ORDER_MATCHES + 1}::integer)`,
    ),
  );
  const ids = [...new Set(found.map((row) => row.id))];
  if (found.length <= FEW_ORDER_MATCHES) {
    // No match: an empty array (the primary key answers at once) rather than `false`, for which
    // the planner still starts a parallel scan.
    return ids.length > 0 ? inArray(orders.id, ids) : sql`${orders.id} = any(${"{}"}::uuid[])`;
  }
  return sql`(${asNumber !== null ? sql`${orders.number} = ${asNumber} or ` : sql``}lower(${orders.shipFullName}) like ${pattern}
    or lower(${orders.shipEmail}) like ${pattern}
    or ${orders.id} in (select line.order_id from order_items line where line.store_id = ${storeId}
      and (lower(line.name_en) like ${pattern} or lower(line.name_ar) like ${pattern} or lower(line.sku) like ${pattern})))`;
}

/** The list's conditions (and the export's), in the store's transaction: a search asks for its matches first. */
export async function adminOrdersConditions(
  tx: Tx,
  storeId: string,
  filters: OrderFilters,
  timeZone: string,
): Promise<SQL[]> {
  const where: SQL[] = [eq(orders.storeId, storeId)];
  if (filters.status) where.push(eq(orders.status, filters.status));
  if (filters.payment) where.push(eq(orders.paymentStatus, filters.payment));
  if (filters.startDate) where.push(sql`${orders.createdAt} >= ${dayStart(filters.startDate, timeZone)}`);
  if (filters.endDate) where.push(sql`${orders.createdAt} < ${dayAfter(filters.endDate, timeZone)}`);
  if (filters.ids) where.push(inArray(orders.id, [...filters.ids]));
  const search = await searchCondition(tx, storeId, filters.q);
  if (search) where.push(search);
  return where;
}

export interface AdminOrderRow {
  id: string;
  number: number;
  customer: string;
  email: string;
  status: OrderStatusCode;
  paymentStatus: PaymentStatusCode;
  paymentMethod: "card" | "cod";
  createdAt: string;
  totalCents: number;
  currency: string;
  totalQuantity: number;
}

const rowColumns = {
  id: orders.id,
  number: orders.number,
  customer: orders.shipFullName,
  email: orders.shipEmail,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  paymentMethod: orders.paymentMethod,
  createdAt: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  totalCents: orders.totalCents,
  currency: orders.currency,
  totalQuantity: orders.totalQuantity,
  // The keyset anchor: PostgreSQL's own text, to the microsecond.
  anchor: sql<string>`${orders.createdAt}::text`,
};

/** The export's extra columns: the discount code used and what it took off (decision 029). */
const codeColumns = { discountCode: orders.discountCode, codeDiscountCents: orders.codeDiscountCents };

interface ExportLine {
  quantity: number;
  sku: string | null;
  nameEn: string;
  nameAr: string;
  options: VariantOption[];
}

/** The order's lines as sold (SKU and option values are the line's snapshot), in the order page's order. */
const linesColumn = {
  // Spelled out: drizzle leaves a one-table query's columns unqualified, and inside the subquery
  // "id" would be the line's own.
  lines: sql<ExportLine[]>`coalesce((
    select json_agg(json_build_object(
      'quantity', line.quantity, 'sku', line.sku, 'nameEn', line.name_en, 'nameAr', line.name_ar,
      'options', line.options
    ) order by line.name_en, line.id)
    from order_items line
    where line.store_id = "orders"."store_id" and line.order_id = "orders"."id"
  ), '[]'::json)`,
};

/**
 * One page of the filtered list, newest first, with the cursors of its neighbours. `timeZone`
 * (the store's, checked) says where the filter's days start and end.
 */
export async function listAdminOrders(
  storeId: string,
  filters: OrderFilters,
  cursor: string | null,
  timeZone: string,
): Promise<{ rows: AdminOrderRow[]; prevCursor: string | null; nextCursor: string | null }> {
  const newest = newestFirst(cursor, orders.createdAt, orders.id);
  const db = await getDb();
  const fetched = await db.withStore(storeId, async (tx) => {
    const where = await adminOrdersConditions(tx, storeId, filters, timeZone);
    return tx
      .select(rowColumns)
      .from(orders)
      .where(and(...where, newest.past))
      .orderBy(...newest.orderBy)
      .limit(ADMIN_ORDERS_PAGE_SIZE + 1);
  });
  const page = newest.page(fetched, ADMIN_ORDERS_PAGE_SIZE);
  return { ...page, rows: page.rows.map(({ anchor: _anchor, ...row }) => row) };
}

/** The SQL of the list's first page under `where` (adminOrdersConditions'), for the EXPLAIN tests. */
export function adminOrdersQuery(tx: Tx, where: SQL[]) {
  return tx
    .select(rowColumns)
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_ORDERS_PAGE_SIZE + 1);
}

/**
 * The filtered list as CSV, newest first, headers and statuses in the admin's language, amounts
 * in major units of the order's currency (a spreadsheet sums them), dates as ISO 8601 in the
 * store's time zone with its offset ("2026-03-08T03:30:00-04:00": the store's clock, unambiguous).
 */
export async function exportAdminOrdersCsv(
  storeId: string,
  filters: OrderFilters,
  locale: Locale,
  timeZone: string,
): Promise<string> {
  const db = await getDb();
  const rows = await db.withStore(storeId, async (tx) => {
    const found = await tx
      .select({
        ...rowColumns,
        codFeeCents: orders.codFeeCents,
        ...codeColumns,
        ...linesColumn,
        vatCents: orders.vatCents,
        vatInclusive: orders.vatInclusive,
        rateNameEn: orders.shippingRateNameEn,
        rateNameAr: orders.shippingRateNameAr,
        // What its succeeded refunds gave back (issue 37).
        refundedCents: sql<number>`(select coalesce(sum(${refunds.amountCents}), 0)::int from ${refunds}
          where ${refunds.storeId} = ${orders.storeId} and ${refunds.orderId} = ${orders.id}
            and ${refunds.status} = 'succeeded')`,
      })
      .from(orders)
      .where(and(...(await adminOrdersConditions(tx, storeId, filters, timeZone))))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(MAX_EXPORT_ROWS);
    // The file carries shoppers' names, emails and addresses: who took it is logged (decision 046).
    await recordAudit(tx, storeId, {
      action: "customer.export",
      entityType: "customer",
      changes: { orders: [null, found.length] },
    });
    return found;
  });
  const t = getT(locale);
  const header = [
    t("orders.orderId"),
    t("orders.date"),
    t("orders.userName"),
    t("admin.orders.email"),
    t("orders.status"),
    t("orders.paymentStatus"),
    t("orders.paymentMethod"),
    t("orders.totalProducts"),
    t("orders.total"),
    t("admin.orders.currency"),
    t("discounts.csv.code"),
    t("discounts.csv.amount"),
    // After the existing columns, so those keep their places in spreadsheets (decisions 029, 030).
    t("codControls.feeLine"),
    // One line per item, "2 × Name (Size: 1 kg) · SKU: …", so a picker works from the export (issue 39).
    t("admin.orders.csvItems"),
    // Issues 35 and 33: the VAT charged (empty: the store was not registered) and the shipping rate.
    t("admin.orders.csvVat"),
    t("admin.orders.csvShippingMethod"),
    // Issue 37: what was refunded (succeeded refunds), 0 when nothing.
    t("refunds.csvRefunded"),
  ];
  const item = (line: ExportLine) => {
    const text = `${line.quantity} × ${nameWithVariant(line, locale)}`;
    return line.sku ? `${text} · ${t("orders.skuLabel")} ${line.sku}` : text;
  };
  return toCsv([
    header,
    ...rows.map((row) => [
      row.number,
      toZonedIsoString(new Date(row.createdAt), timeZone),
      row.customer,
      row.email,
      t(`orders.statuses.${row.status}`),
      t(`orders.paymentStatuses.${row.paymentStatus}`),
      t(row.paymentMethod === "cod" ? "payment.cod" : "payment.stripe"),
      row.totalQuantity,
      minorToMajor(row.totalCents, currencyDigits(row.currency)),
      row.currency,
      row.discountCode ?? "",
      row.discountCode ? minorToMajor(row.codeDiscountCents, currencyDigits(row.currency)) : "",
      minorToMajor(row.codFeeCents, currencyDigits(row.currency)),
      row.lines.map(item).join("\n"),
      row.vatInclusive === null ? "" : minorToMajor(row.vatCents, currencyDigits(row.currency)),
      (locale === "ar" ? row.rateNameAr || row.rateNameEn : row.rateNameEn) ?? "",
      minorToMajor(row.refundedCents, currencyDigits(row.currency)),
    ]),
  ]);
}

/** The system (Stripe, a sweep) or a person, and whether that person is one of the store's admins. */
export interface EventActor {
  actorName: string | null;
  actorIsAdmin: boolean;
}

export interface AdminOrder extends OrderDetails {
  /** The shopper's account (the order's own name and email are in `address`). */
  userName: string;
  userEmail: string;
  events: (OrderEvent & EventActor)[];
}

/** One order of the store by its number, for the admin: lines, address, payment, history with who. */
export async function getAdminOrder(storeId: string, number: number): Promise<AdminOrder | null> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const order = await readOrder(tx, and(eq(orders.storeId, storeId), eq(orders.number, number))!);
    if (!order) return null;
    const [account] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.id, order.userId)));
    const actor = alias(users, "actor");
    const events = await tx
      .select({
        ...EVENT_COLUMNS,
        actorName: actor.name,
        actorIsAdmin: actor.isAdmin,
      })
      .from(orderEvents)
      .leftJoin(actor, storeJoin(actor, "id", orderEvents, "actorUserId"))
      .where(and(eq(orderEvents.storeId, storeId), eq(orderEvents.orderId, order.id)))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
    return {
      ...order,
      userName: account?.name ?? "",
      userEmail: account?.email ?? "",
      events: events.map((event) => ({ ...event, actorIsAdmin: event.actorIsAdmin ?? false })),
    };
  });
}
