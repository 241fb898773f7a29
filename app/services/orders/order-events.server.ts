/**
 * The orders' webhook events (decision 047), recorded through the store's event log
 * (app/services/webhooks) in the transaction of the change.
 */
import type { Tx } from "~/db/client.server";
import type { WebhookTopic } from "~/lib/webhooks";
import { recordEvent } from "~/services/webhooks/events.server";
import { apiOrderIn } from "./order-json.server";

/** An order's event, its payload the order as the API answers it (order-json.server.ts). */
export async function recordOrderEvent(
  tx: Tx,
  storeId: string,
  orderId: string,
  topic: Extract<WebhookTopic, `orders/${string}`>,
): Promise<void> {
  await recordEvent(
    tx,
    storeId,
    topic,
    { type: "order", id: orderId },
    await apiOrderIn(tx, storeId, orderId),
  );
}
