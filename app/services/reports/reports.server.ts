/**
 * The one query layer behind the dashboard and the sales report (issue 11). Plain functions,
 * store first, in the store's row-level-secured transaction; every figure is in the store's
 * currency in integer minor units, and a day is the store's day (store_settings.time_zone).
 *
 * What counts as a sale: an order that is `confirmed`, `shipped` or `delivered` and not
 * refunded. A `pending` order (a card checkout not paid yet) is not a sale until Stripe says it
 * is paid; a `cancelled` one never is (its stock went back, a paid card was refunded), nor a
 * refunded one. A Cash On Delivery order counts from the moment it is placed (it is confirmed at
 * once), paid or not: cash to collect is a to-do, not a missing sale.
 *
 * Sales (revenue) = what the shoppers are charged: the order total, goods after sale discounts
 * plus shipping, prices including tax (decision 014). The report also shows its parts: goods
 * before discounts (`subtotal`), the discounts given by sales (the lines' unit sale discount ×
 * quantity, stored at checkout) and by discount codes (`codeDiscounts`, the order's
 * code_discount_cents, decision 029) and shipping, so revenue = subtotal − discounts −
 * codeDiscounts + shipping on every row.
 * By product, revenue is the goods only (the lines' totals): shipping belongs to no product.
 *
 * Orders are read by `(store_id, created_at)` from orders_report_idx, which carries every column
 * summed here, so a range is an index-only scan; the lines likewise by `(store_id, placed_at)`
 * (their order's created_at) from order_items_placed_idx (drizzle/0015_report_indexes.sql,
 * 0017_report_lines.sql, tests/integration/reports-explain.test.ts).
 */
import { eq, sql, type SQL } from "drizzle-orm";
import { getDb, rowsOf, type Tx } from "~/db/client.server";
import { storeSettings } from "~/db/schema";
import { SALE_STATUSES } from "~/lib/order-transitions";
import { LOW_STOCK } from "~/lib/stock";
import type { VariantOption } from "~/lib/variants";
import { eachDay, knownTimeZone, type DayRange, type ReportRange } from "~/lib/validation/report-range";
import { dayAfter, dayStart } from "~/services/orders/store-days.server";

export const TOP_PRODUCTS = 5;
export const RECENT_ORDERS = 5;

const counted = sql.raw(
  `o.status in (${SALE_STATUSES.map((s) => `'${s}'`).join(", ")}) and o.payment_status <> 'refunded'`,
);

/** The instants a range of the store's days runs between: [from, to). */
function bounds(range: DayRange, timeZone: string): { from: SQL; to: SQL } {
  return {
    from: dayStart(range.start, timeZone),
    to: dayAfter(range.end, timeZone),
  };
}

function inRange(range: DayRange, timeZone: string): SQL {
  const { from, to } = bounds(range, timeZone);
  return sql`o.created_at >= ${from} and o.created_at < ${to}`;
}

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** The store's reporting time zone; an unknown name reads as UTC. */
export async function reportTimeZone(storeId: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .select({ timeZone: storeSettings.timeZone })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, storeId)),
  );
  return knownTimeZone(row?.timeZone ?? "UTC");
}

export interface DayFigures {
  day: string;
  orders: number;
  units: number;
  /** Goods before sale discounts. */
  subtotal: number;
  /** Given by sales. */
  discounts: number;
  /** Given by discount codes (a free-shipping code's is the shipping it waived). */
  codeDiscounts: number;
  shipping: number;
  /** subtotal − discounts − codeDiscounts + shipping: the order totals. */
  revenue: number;
}

/** Every day of the range (days without orders as zeros), in order. */
export async function salesByDay(
  tx: Tx,
  storeId: string,
  range: DayRange,
  timeZone: string,
): Promise<DayFigures[]> {
  // Grouped by the date, formatted per day rather than per order (to_char costs more than the sums).
  const result = await tx.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, d.orders, d.units, d.subtotal, d.discounts, d.shipping,
           d.revenue, d.code_discounts
      from (select (o.created_at at time zone ${timeZone})::date as day, count(*) as orders,
                   sum(o.total_quantity) as units, sum(o.subtotal_cents) as subtotal,
                   sum(o.discount_cents) as discounts, sum(o.shipping_cents) as shipping,
                   sum(o.total_cents) as revenue, sum(o.code_discount_cents) as code_discounts
              from orders o
             where o.store_id = ${storeId} and ${inRange(range, timeZone)} and ${counted}
             group by 1) d`);
  const byDay = new Map(rowsOf<Record<string, string>>(result).map((row) => [row.day, row]));
  return eachDay(range).map((day) => {
    const row = byDay.get(day);
    return {
      day,
      orders: num(row?.orders),
      units: num(row?.units),
      subtotal: num(row?.subtotal),
      discounts: num(row?.discounts),
      codeDiscounts: num(row?.code_discounts),
      shipping: num(row?.shipping),
      revenue: num(row?.revenue),
    };
  });
}

export type ReportTotals = Omit<DayFigures, "day">;

export function totalsOf(days: DayFigures[]): ReportTotals {
  const totals: ReportTotals = {
    orders: 0,
    units: 0,
    subtotal: 0,
    discounts: 0,
    codeDiscounts: 0,
    shipping: 0,
    revenue: 0,
  };
  for (const day of days) {
    for (const key of Object.keys(totals) as (keyof ReportTotals)[]) totals[key] += day[key];
  }
  return totals;
}

export interface PeriodFigures {
  /** Order totals, minor units. */
  sales: number;
  orders: number;
  newShoppers: number;
}

/**
 * Sales, orders and new shoppers (accounts created, admins aside) for a range and the one before.
 * The range's sales and orders are the totals of its `days` (salesByDay's, which the dashboard
 * reads for its chart anyway: the same orders, cut at the same instants), so only the previous
 * period's orders are read here.
 */
export async function periodFigures(
  tx: Tx,
  storeId: string,
  range: ReportRange,
  timeZone: string,
  days: DayFigures[],
): Promise<{ current: PeriodFigures; previous: PeriodFigures }> {
  const { from: currentFrom } = bounds(range, timeZone);
  const { from, to } = bounds({ start: range.previous.start, end: range.end }, timeZone);
  const result = await tx.execute(sql`
    select p.orders, p.sales, s.current as current_shoppers, s.previous as previous_shoppers
      from (select count(*) as orders, sum(o.total_cents) as sales
              from orders o
             where o.store_id = ${storeId} and ${inRange(range.previous, timeZone)} and ${counted}) p,
           (select count(*) filter (where u.created_at >= ${currentFrom}) as current,
                   count(*) filter (where u.created_at < ${currentFrom}) as previous
              from users u
             where u.store_id = ${storeId} and u.created_at >= ${from} and u.created_at < ${to}
               and not u.is_admin) s`);
  const row = rowsOf<Record<string, string>>(result)[0];
  const totals = totalsOf(days);
  return {
    current: { sales: totals.revenue, orders: totals.orders, newShoppers: num(row?.current_shoppers) },
    previous: { sales: num(row?.sales), orders: num(row?.orders), newShoppers: num(row?.previous_shoppers) },
  };
}

/** One variant's share of a product's sales: its option values as bought, its units and revenue. */
export interface VariantFigures {
  variantId: string;
  sku: string | null;
  /** The option values of its latest line in the range (the order lines' snapshot). */
  options: VariantOption[];
  units: number;
  discounts: number;
  revenue: number;
  /** Units of these lines given back by refunds that succeeded, whenever they were made (issue 37). */
  refundedUnits: number;
  /** What those refunds paid back for these lines' goods. */
  refunded: number;
}

export interface ProductFigures {
  productId: string;
  nameEn: string;
  nameAr: string;
  units: number;
  discounts: number;
  /** The lines' totals (goods after discounts). */
  revenue: number;
  /** Units of these lines refunded, and the goods' money refunded for them (issue 37). */
  refundedUnits: number;
  refunded: number;
  /** By variant, best revenue first: only for a product sold in options (empty otherwise). */
  variants: VariantFigures[];
}

/** Sales by product for a range, best revenue first (`limit` for the dashboard's top products). */
export async function salesByProduct(
  tx: Tx,
  storeId: string,
  range: DayRange,
  timeZone: string,
  limit?: number,
): Promise<ProductFigures[]> {
  // The range's lines are one range of order_items_placed_idx (placed_at is their order's
  // created_at), kept if their order counts: a hash of the range's counted orders, so neither
  // side is probed per row.
  const { from, to } = bounds(range, timeZone);
  const result = await tx.execute(sql`
    with lines as (
      select i.product_id, sum(i.quantity) as units, sum(i.unit_discount_cents * i.quantity) as discounts,
             sum(i.line_total_cents) as revenue
        from order_items i
       where i.store_id = ${storeId} and i.placed_at >= ${from} and i.placed_at < ${to}
         and i.order_id in (
               select o.id from orders o
                where o.store_id = ${storeId} and ${inRange(range, timeZone)} and ${counted})
       group by i.product_id
       order by revenue desc, units desc, i.product_id
       ${limit === undefined ? sql`` : sql`limit ${limit}`})
    select l.product_id, p.name_en, p.name_ar, l.units, l.discounts, l.revenue
      from lines l
      join products p on p.store_id = ${storeId} and p.id = l.product_id
     order by l.revenue desc, l.units desc, l.product_id`);
  const products = rowsOf<Record<string, string>>(result).map((row) => ({
    productId: row.product_id!,
    nameEn: row.name_en!,
    nameAr: row.name_ar!,
    units: num(row.units),
    discounts: num(row.discounts),
    revenue: num(row.revenue),
    refundedUnits: 0,
    refunded: 0,
    variants: [] as VariantFigures[],
  }));
  const productIds = products.map((product) => product.productId);
  const byVariant = await salesByVariant(tx, storeId, range, timeZone, productIds);
  const refunds = await refundedLines(tx, storeId, range, timeZone, productIds);
  for (const product of products) {
    product.variants = byVariant.get(product.productId) ?? [];
    for (const refund of refunds.filter((row) => row.productId === product.productId)) {
      product.refundedUnits += refund.units;
      product.refunded += refund.amount;
      const variant = product.variants.find((known) => known.variantId === refund.variantId);
      if (variant) {
        variant.refundedUnits += refund.units;
        variant.refunded += refund.amount;
      }
    }
  }
  return products;
}

/**
 * What succeeded refunds gave back for the range's sold lines of `productIds`, per product and
 * variant: the same lines salesByProduct sums (placed in the range, in orders that count), so a
 * product's refunded units never exceed its units. Refund lines are few next to order lines; the
 * range's lines are found as salesByProduct finds them.
 */
async function refundedLines(
  tx: Tx,
  storeId: string,
  range: DayRange,
  timeZone: string,
  productIds: string[],
): Promise<{ productId: string; variantId: string; units: number; amount: number }[]> {
  if (productIds.length === 0) return [];
  const { from, to } = bounds(range, timeZone);
  const ids = sql.join(
    productIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    select i.product_id, i.variant_id, sum(l.quantity) as units, sum(l.amount_cents) as amount
      from refund_lines l
      join refunds r on r.store_id = l.store_id and r.id = l.refund_id and r.status = 'succeeded'
      join order_items i on i.store_id = l.store_id and i.id = l.order_item_id
     where l.store_id = ${storeId} and i.placed_at >= ${from} and i.placed_at < ${to}
       and i.product_id in (${ids})
       and i.order_id in (
             select o.id from orders o
              where o.store_id = ${storeId} and ${inRange(range, timeZone)} and ${counted})
     group by i.product_id, i.variant_id`);
  return rowsOf<Record<string, string>>(result).map((row) => ({
    productId: String(row.product_id),
    variantId: String(row.variant_id),
    units: num(row.units),
    amount: num(row.amount),
  }));
}

/**
 * The per-variant breakdown of `productIds`' sales in a range (issue 19): lines with option
 * values only (a product without options has no breakdown), grouped by variant, each named by
 * its latest line's snapshot of the option values and SKU.
 */
async function salesByVariant(
  tx: Tx,
  storeId: string,
  range: DayRange,
  timeZone: string,
  productIds: string[],
): Promise<Map<string, VariantFigures[]>> {
  const found = new Map<string, VariantFigures[]>();
  if (productIds.length === 0) return found;
  const { from, to } = bounds(range, timeZone);
  const ids = sql.join(
    productIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    select i.product_id, i.variant_id, sum(i.quantity) as units,
           sum(i.unit_discount_cents * i.quantity) as discounts, sum(i.line_total_cents) as revenue,
           (array_agg(i.options order by i.placed_at desc, i.id desc))[1] as options,
           (array_agg(i.sku order by i.placed_at desc, i.id desc))[1] as sku
      from order_items i
     where i.store_id = ${storeId} and i.placed_at >= ${from} and i.placed_at < ${to}
       and i.product_id in (${ids}) and jsonb_array_length(i.options) > 0
       and i.order_id in (
             select o.id from orders o
              where o.store_id = ${storeId} and ${inRange(range, timeZone)} and ${counted})
     group by i.product_id, i.variant_id
     order by revenue desc, units desc, i.variant_id`);
  for (const row of rowsOf<Record<string, unknown>>(result)) {
    const productId = String(row.product_id);
    const options = typeof row.options === "string" ? (JSON.parse(row.options) as unknown) : row.options;
    const list = found.get(productId) ?? [];
    list.push({
      variantId: String(row.variant_id),
      sku: row.sku === null || row.sku === undefined ? null : String(row.sku),
      options: Array.isArray(options) ? (options as VariantOption[]) : [],
      units: num(row.units),
      discounts: num(row.discounts),
      revenue: num(row.revenue),
      refundedUnits: 0,
      refunded: 0,
    });
    found.set(productId, list);
  }
  return found;
}

export interface RecentOrder {
  number: number;
  name: string;
  status: string;
  paymentStatus: string;
  totalCents: number;
  createdAt: string;
}

/** The latest orders, whatever their state. */
export async function recentOrders(tx: Tx, storeId: string, limit = RECENT_ORDERS): Promise<RecentOrder[]> {
  const result = await tx.execute(sql`
    select o.number, o.ship_full_name, o.status, o.payment_status, o.total_cents, o.created_at
      from orders o where o.store_id = ${storeId}
     order by o.created_at desc, o.id desc limit ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    number: num(row.number),
    name: String(row.ship_full_name),
    status: String(row.status),
    paymentStatus: String(row.payment_status),
    totalCents: num(row.total_cents),
    createdAt: new Date(row.created_at as string).toISOString(),
  }));
}

export interface TodoCounts {
  /** Confirmed, not shipped yet. */
  toShip: number;
  /** Delivered, not paid (Cash On Delivery). */
  cashToCollect: number;
  /**
   * Products on sale with a variant on sale at LOW_STOCK or fewer left: what the tile's link
   * (the products list's `?stock=low`) lists, so the count and the list agree.
   */
  lowStock: number;
  /** Contact requests not read yet. */
  unreadRequests: number;
  /** Cash On Delivery orders waiting for the shopper's confirmation (issue 34). */
  awaitingConfirmation: number;
  /** Return requests waiting for the staff: requested (to decide) or received (to refund), decision 050. */
  openReturns: number;
}

export async function todoCounts(tx: Tx, storeId: string): Promise<TodoCounts> {
  const result = await tx.execute(sql`
    select
      (select count(*) from orders o where o.store_id = ${storeId} and o.status = 'confirmed') as to_ship,
      (select count(*) from orders o where o.store_id = ${storeId} and o.status = 'delivered'
          and o.payment_status = 'unpaid') as cash_to_collect,
      (select count(*) from products p where p.store_id = ${storeId} and p.active
          and exists (select 1 from product_variants v where v.store_id = p.store_id
            and v.product_id = p.id and v.active and v.stock <= ${LOW_STOCK})) as low_stock,
      (select count(*) from contact_requests c where c.store_id = ${storeId} and c.status = 'new') as unread,
      (select count(*) from orders o where o.store_id = ${storeId}
          and o.status = 'awaiting_confirmation') as awaiting_confirmation,
      (select count(*) from return_requests r where r.store_id = ${storeId}
          and r.state in ('requested', 'received')) as open_returns`);
  const row = rowsOf<Record<string, string>>(result)[0];
  return {
    toShip: num(row?.to_ship),
    cashToCollect: num(row?.cash_to_collect),
    lowStock: num(row?.low_stock),
    unreadRequests: num(row?.unread),
    awaitingConfirmation: num(row?.awaiting_confirmation),
    openReturns: num(row?.open_returns),
  };
}

export interface Dashboard {
  current: PeriodFigures;
  previous: PeriodFigures;
  days: DayFigures[];
  topProducts: ProductFigures[];
  recent: RecentOrder[];
  todo: TodoCounts;
  /** Refunds that succeeded in the range, whenever their orders were placed (issue 37). */
  refunded: { refunds: number; amount: number };
}

/** Everything the dashboard shows, in the store's transaction `tx` (dashboardReport opens it). */
export async function dashboardIn(
  tx: Tx,
  storeId: string,
  range: ReportRange,
  timeZone: string,
): Promise<Dashboard> {
  const days = await salesByDay(tx, storeId, range, timeZone);
  const { current, previous } = await periodFigures(tx, storeId, range, timeZone, days);
  const topProducts = await salesByProduct(tx, storeId, range, timeZone, TOP_PRODUCTS);
  const recent = await recentOrders(tx, storeId);
  const todo = await todoCounts(tx, storeId);
  const refunded = (await refundsByReason(tx, storeId, range, timeZone)).reduce(
    (total, row) => ({ refunds: total.refunds + row.refunds, amount: total.amount + row.amount }),
    { refunds: 0, amount: 0 },
  );
  return { current, previous, days, topProducts, recent, todo, refunded };
}

/** Everything the dashboard shows, in one transaction. */
export async function dashboardReport(
  storeId: string,
  range: ReportRange,
  timeZone: string,
): Promise<Dashboard> {
  const db = await getDb();
  return db.withStore(storeId, (tx) => dashboardIn(tx, storeId, range, timeZone));
}

/** VAT collected at one rate over a period (issue 35): exempt sales are their own row, apart from 0 %. */
export interface VatRateFigures {
  rateBp: number;
  exempt: boolean;
  /** Without VAT (goods, shipping and fees at this rate, after discounts). */
  net: number;
  vat: number;
}

/**
 * The VAT the period's sales were charged, per rate, as each order froze it (`orders.vat_rates`,
 * decision 042): a rate changed later never changes the report. Highest rate first, exempt last;
 * empty when no sale carried VAT figures (a store not registered).
 */
export async function vatByRate(
  tx: Tx,
  storeId: string,
  range: DayRange,
  timeZone: string,
): Promise<VatRateFigures[]> {
  const result = await tx.execute(sql`
    select (r.value->>'rateBp')::int as rate_bp,
           coalesce((r.value->>'exempt')::boolean, false) as exempt,
           sum((r.value->>'net')::bigint) as net, sum((r.value->>'vat')::bigint) as vat
      from orders o cross join lateral jsonb_array_elements(o.vat_rates) r
     where o.store_id = ${storeId} and ${inRange(range, timeZone)} and ${counted}
     group by 1, 2
     order by 2, 1 desc`);
  return rowsOf<{ rate_bp: number | string; exempt: boolean; net: string; vat: string }>(result).map(
    (row) => ({ rateBp: Number(row.rate_bp), exempt: row.exempt, net: num(row.net), vat: num(row.vat) }),
  );
}

/**
 * Shipping collected with one delivery rate over a period (issue 33): the rate's names as the
 * orders froze them (null on orders placed before delivery rates), the orders and their shipping.
 */
export interface ShippingRateFigures {
  nameEn: string | null;
  nameAr: string | null;
  orders: number;
  /** `shipping_cents`, as the report's Shipping column: a free-shipping code is in codeDiscounts. */
  shipping: number;
}

/**
 * The period's sales by the delivery rate each order chose, as named on the order (a rate renamed
 * or deleted later keeps its old orders under the old name): most shipping first, then most
 * orders, then by name; orders from before rates last. The rows add up to the totals' shipping.
 */
export async function shippingByRate(
  tx: Tx,
  storeId: string,
  range: DayRange,
  timeZone: string,
): Promise<ShippingRateFigures[]> {
  const result = await tx.execute(sql`
    select o.shipping_rate_name_en as name_en, o.shipping_rate_name_ar as name_ar,
           count(*) as orders, sum(o.shipping_cents) as shipping
      from orders o
     where o.store_id = ${storeId} and ${inRange(range, timeZone)} and ${counted}
     group by 1, 2
     order by (o.shipping_rate_name_en is null and o.shipping_rate_name_ar is null), 4 desc, 3 desc, 1, 2`);
  return rowsOf<{ name_en: string | null; name_ar: string | null; orders: string; shipping: string }>(
    result,
  ).map((row) => ({
    nameEn: row.name_en ?? null,
    nameAr: row.name_ar ?? null,
    orders: num(row.orders),
    shipping: num(row.shipping),
  }));
}

/** The refunds that succeeded in a period (issue 37), by reason: counted when they happen. */
export interface RefundReasonFigures {
  reason: string;
  refunds: number;
  amount: number;
}

/**
 * Refunds are money going back in the period they happen (not the period of their orders): by
 * reason, most money first. Discount-code uses and the orders' own sales figures are unchanged.
 */
export async function refundsByReason(
  tx: Tx,
  storeId: string,
  range: DayRange,
  timeZone: string,
): Promise<RefundReasonFigures[]> {
  const { from, to } = bounds(range, timeZone);
  const result = await tx.execute(sql`
    select r.reason_code as reason, count(*) as refunds, sum(r.amount_cents) as amount
      from refunds r
     where r.store_id = ${storeId} and r.status = 'succeeded'
       and r.completed_at >= ${from} and r.completed_at < ${to}
     group by 1
     order by 3 desc, 1`);
  return rowsOf<{ reason: string; refunds: string; amount: string }>(result).map((row) => ({
    reason: row.reason,
    refunds: num(row.refunds),
    amount: num(row.amount),
  }));
}

export interface SalesReport {
  totals: ReportTotals;
  days: DayFigures[];
  products: ProductFigures[];
  /** VAT collected per rate (issue 35). */
  vat: VatRateFigures[];
  /** Shipping collected per delivery rate (issue 33). */
  shippingRates: ShippingRateFigures[];
  /** Refunds that succeeded in the period, by reason (issue 37). */
  refunds: RefundReasonFigures[];
}

/** The sales report for a range, in the store's transaction `tx` (salesReport opens it). */
export async function salesReportIn(
  tx: Tx,
  storeId: string,
  range: DayRange,
  timeZone: string,
): Promise<SalesReport> {
  const days = await salesByDay(tx, storeId, range, timeZone);
  const products = await salesByProduct(tx, storeId, range, timeZone);
  const vat = await vatByRate(tx, storeId, range, timeZone);
  const shippingRates = await shippingByRate(tx, storeId, range, timeZone);
  const refunds = await refundsByReason(tx, storeId, range, timeZone);
  return { totals: totalsOf(days), days, products, vat, shippingRates, refunds };
}

/** The sales report for a range: totals, by day, by product. */
export async function salesReport(storeId: string, range: DayRange, timeZone: string): Promise<SalesReport> {
  const db = await getDb();
  return db.withStore(storeId, (tx) => salesReportIn(tx, storeId, range, timeZone));
}

/** The change from one figure to another: a percentage, "new" (from nothing) or null (nothing to nothing). */
export function changeOf(current: number, previous: number): number | "new" | null {
  if (previous === 0) return current === 0 ? null : "new";
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
