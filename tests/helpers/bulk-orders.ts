/**
 * Many orders for one store, fast: two INSERT … SELECT over generate_series (the orders with
 * their totals, then their lines), no row passing through JavaScript. Order g (1..count) is
 * placed `days × (g − 1) / count` days before `now` (so the newest first) by one of `userIds`,
 * has two lines of `productIds`, and its state follows g % 10: 0 cancelled, 1 pending (card),
 * 2–3 confirmed, 4–5 shipped, 6–9 delivered (cash on delivery every third, unpaid; else paid).
 * Every order's totals are its lines' sums, as checkout writes them. The two tables' secondary
 * indexes are dropped for the load and built again after it (as bulk-load.ts does for products).
 */
import { sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { dropSecondaryIndexes } from "./bulk-load";

export interface BulkOrders {
  storeId: string;
  count: number;
  userIds: string[];
  productIds: string[];
  /** Spread over this many days back from `now`. */
  days: number;
  now?: Date;
  /** Numbers are firstNumber + g − 1. */
  firstNumber?: number;
}

const uuidArray = (ids: string[]) => `array[${ids.map((id) => `'${id}'::uuid`).join(",")}]`;

/** Line k (1, 2) of order g: its product index (1-based), quantity, unit price and unit discount. */
const LINE = (g: string, k: string, products: number) => ({
  product: `1 + (${g} + ${k} * 7) % ${products}`,
  quantity: `1 + (${g} + ${k}) % 3`,
  price: `1000 + ((${g} * 37 + ${k} * 11) % 50) * 100`,
  discount: `case when ${g} % 4 = 0 then 100 else 0 end`,
});

export async function seedBulkOrders(owner: AppDatabase, input: BulkOrders): Promise<void> {
  const now = (input.now ?? new Date()).toISOString();
  const first = input.firstNumber ?? 100_001;
  const line = LINE("g", "k", input.productIds.length);
  const indexes = [
    await dropSecondaryIndexes(owner, "orders"),
    await dropSecondaryIndexes(owner, "order_items"),
  ];
  const status = `(array['cancelled','pending','confirmed','confirmed','shipped','shipped','delivered','delivered','delivered','delivered'])[1 + g % 10]`;
  await owner.execute(
    sql.raw(`
    insert into orders (store_id, id, number, user_id, status, payment_status, payment_method, currency,
      subtotal_cents, discount_cents, shipping_cents, total_cents, total_quantity,
      ship_full_name, ship_street_address, ship_zip_code, ship_city, ship_email, ship_mobile,
      created_at, updated_at)
    select '${input.storeId}', gen_random_uuid(), ${first} + g - 1,
      (${uuidArray(input.userIds)})[1 + g % ${input.userIds.length}],
      ${status},
      case when g % 10 = 0 then 'failed' when g % 10 = 1 then 'pending'
           when g % 10 >= 6 and g % 3 = 0 then 'unpaid' else 'paid' end,
      case when g % 10 >= 6 and g % 3 = 0 then 'cod' else 'card' end,
      'USD', s.subtotal, s.discount, 0, s.subtotal - s.discount, s.quantity,
      'Bulk Shopper ' || g, '1 Long Road', '10000', 'Springfield', 'bulk' || g || '@shop.test', '+1 555 0100',
      t.at, t.at
    from generate_series(1, ${input.count}) g
    cross join lateral (
      select sum((${line.price}) * (${line.quantity})) as subtotal,
             sum((${line.discount}) * (${line.quantity})) as discount,
             sum(${line.quantity}) as quantity
        from generate_series(1, 2) k) s
    cross join lateral (
      select timestamptz '${now}' - (interval '1 day' * ${input.days}) * (g - 1) / ${input.count} as at) t`),
  );
  await owner.execute(
    sql.raw(`
    insert into order_items (store_id, id, order_id, product_id, name_en, name_ar, sku,
      unit_price_cents, unit_discount_cents, quantity, line_total_cents)
    select o.store_id, gen_random_uuid(), o.id, (${uuidArray(input.productIds)})[${line.product}],
      'Bulk product', 'منتج', 'BLK-' || o.g || '-' || k, ${line.price}, ${line.discount}, ${line.quantity},
      (${line.price} - ${line.discount}) * (${line.quantity})
    from (select store_id, id, number - ${first} + 1 as g from orders
           where store_id = '${input.storeId}' and number between ${first} and ${first + input.count - 1}) o
    cross join generate_series(1, 2) k`),
  );
  for (const dropped of indexes) await dropped.rebuild();
}
