import { sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";

/**
 * One change of a shopper's cart, or their checkout, at a time (until the transaction ends).
 * A checkout empties the cart and then locks the variants to take stock; a cart change locks its
 * variant and then writes its line. Without this they deadlock when the same shopper does both at
 * once (two tabs), and a line added after the checkout priced the cart would be deleted with it,
 * neither ordered nor kept. With it, a change waits for the checkout (and lands in the emptied
 * cart) or the checkout waits for the change (and sees it: "prices changed", asked again).
 * Another shopper's transactions never wait on it.
 */
export async function lockShopperCart(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cart:${userId}`}, 0))`);
}
