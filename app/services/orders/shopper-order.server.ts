/**
 * The order a storefront URL names (`/orders/:number`), for the signed-in shopper who placed it.
 * Anything else (another shopper's, another store's) is null; the pages read the number with
 * `entityFromPath(…, ORDER_PATH)`, so a malformed one and a missing one are the same
 * 'Order Not Found' 404, which never tells which it was.
 */
import type { Locale } from "~/lib/i18n";
import { orderNumberParam } from "~/lib/validation/checkout";
import { orderView } from "./order-view.server";
import { getShopperOrder } from "./orders.server";

export function parseOrderNumber(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const parsed = orderNumberParam.safeParse(param);
  return parsed.success ? parsed.data : null;
}

export async function findShopperOrder(
  store: { id: string; timeZone: string },
  userId: string,
  number: number,
  locale: Locale,
) {
  const order = await getShopperOrder(store.id, userId, number);
  return order ? orderView(order, locale, store.timeZone) : null;
}
