/**
 * The record an admin page's path names (`/admin/products/:id`, `/admin/orders/:number`): the
 * path key is checked before any query (a uuid, or an order number), the record is read through
 * the store's own service, and anything else (a malformed key, another store's id, a deleted
 * record) is the same 404 with one message, so a path never tells one store about another's rows.
 */
import { NEW_PATH } from "~/lib/entity-path";
import { UUID_PATTERN } from "~/lib/uuid";
import { parseOrderNumber } from "~/services/orders/shopper-order.server";
import { Refusal } from "./refusal.server";

/** The 404 every admin record page answers for a record it cannot show. */
export const notFoundPage = (key = "notFound.page") => new Refusal(404, { key });

interface PathKeys {
  uuid: string;
  orderNumber: number;
}

export interface EntityOptions<K extends keyof PathKeys> {
  /** What the path holds: a uuid (default, read lower-cased) or an order number (`1001`). */
  key?: K;
  /** The 404's message key (default "notFound.page"). */
  notFound?: string;
}

/** The path key, checked; a malformed one is the 404. */
export function pathKey<K extends keyof PathKeys = "uuid">(
  raw: string | undefined,
  options: EntityOptions<K> = {},
): PathKeys[K] {
  if (options.key === "orderNumber") {
    const number = parseOrderNumber(raw);
    if (number === null) throw notFoundPage(options.notFound);
    return number as PathKeys[K];
  }
  if (!raw || !UUID_PATTERN.test(raw)) throw notFoundPage(options.notFound);
  return raw.toLowerCase() as PathKeys[K];
}

/** The record the path names, read by `load` (scoped to the store by its caller), or the 404. */
export async function entityFromPath<T, K extends keyof PathKeys = "uuid">(
  raw: string | undefined,
  load: (key: PathKeys[K]) => Promise<T | null | undefined>,
  options: EntityOptions<K> = {},
): Promise<T> {
  const found = await load(pathKey(raw, options));
  if (found === null || found === undefined) throw notFoundPage(options.notFound);
  return found;
}

/** The options of a page whose path holds an order number (`/admin/orders/1001`). */
export const ORDER_PATH = { key: "orderNumber", notFound: "notFound.order" } as const;

/** As entityFromPath, for a page that also creates: `new` is no record (null). */
export async function entityOrNewFromPath<T>(
  raw: string | undefined,
  load: (id: string) => Promise<T | null | undefined>,
  options: EntityOptions<"uuid"> = {},
): Promise<T | null> {
  if (raw === NEW_PATH) return null;
  return entityFromPath(raw, load, options);
}
