/**
 * The order a storefront URL names (`/orders/:number`), for the signed-in shopper who placed it.
 * Anything else (not a number, another shopper's, another store's) is null: the page says
 * 'Order Not Found' with a 404 and never tells which of those it was.
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
  param: string | undefined,
  locale: Locale,
) {
  const number = parseOrderNumber(param);
  if (number === null) return null;
  const order = await getShopperOrder(store.id, userId, number);
  return order ? orderView(order, locale, store.timeZone) : null;
}
