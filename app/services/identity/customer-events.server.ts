/**
 * The customers' webhook events (decision 047), recorded through the store's event log
 * (app/services/webhooks) in the transaction of the change.
 */
import type { Tx } from "~/db/client.server";
import { recordEvent } from "~/services/webhooks/events.server";
import { apiCustomerIn } from "./customer-json.server";

/**
 * customers/created: a shopper's account was made on the store (a password sign-up, or the first
 * use of a sign-in link), its payload the customer as GET /customers/{id} answers it.
 */
export async function recordCustomerCreated(tx: Tx, storeId: string, userId: string): Promise<void> {
  const customer = await apiCustomerIn(tx, storeId, userId);
  await recordEvent(
    tx,
    storeId,
    "customers/created",
    { type: "customer", id: userId },
    customer ?? { id: userId },
  );
}
