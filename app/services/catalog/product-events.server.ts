/**
 * The catalog's webhook events (decision 047): a product's, its stock's, and many products' at
 * once, each with the product as the API answers it (product-json.server.ts), recorded through
 * the store's event log (app/services/webhooks) in the transaction of the change.
 *
 * Every product write of the admin and the API records one activity-log entry (decision 046):
 * `recordProductAudit` and `recordProductChange` record that entry and its events together, so
 * the activity log (app/services/audit) stays below the events and never calls them.
 */
import type { Tx } from "~/db/client.server";
import type { WebhookTopic } from "~/lib/webhooks";
import type { ProductJson } from "~/lib/validation/api";
import { changeEntry, recordAudit, type AuditChange, type AuditEntry } from "~/services/audit/audit.server";
import { recordEvent, recordEvents, type NewEvent } from "~/services/webhooks/events.server";
import { apiProductIn, apiProductsIn } from "./product-json.server";

/** inventory/updated's payload: the product's stock levels, per variant, as they now are. */
const inventoryPayload = (product: ProductJson) => ({
  productId: product.id,
  stock: product.stock,
  variants: product.variants.map((variant) => ({ id: variant.id, sku: variant.sku, stock: variant.stock })),
});

/** Records inventory/updated for the product (as the API answers it). */
const recordInventory = (tx: Tx, storeId: string, productId: string, product: ProductJson) =>
  recordEvent(
    tx,
    storeId,
    "inventory/updated",
    { type: "inventory", id: productId },
    inventoryPayload(product),
  );

/** inventory/updated: the product's stock levels, per variant, as they now are. */
export async function recordInventoryEvent(tx: Tx, storeId: string, productId: string): Promise<void> {
  const product = await apiProductIn(tx, storeId, productId);
  if (!product) return;
  await recordInventory(tx, storeId, productId, product);
}

/**
 * Many products' events at once (the CSV import, decision 047): their snapshots read in one
 * query, the events written in one go, in the order given; `stock` adds the product's
 * inventory/updated after its own event.
 */
export async function recordProductsEvents(
  tx: Tx,
  storeId: string,
  changes: readonly {
    productId: string;
    topic: Extract<WebhookTopic, "products/created" | "products/updated">;
    stock: boolean;
  }[],
): Promise<void> {
  if (changes.length === 0) return;
  const snapshots = await apiProductsIn(
    tx,
    storeId,
    changes.map((change) => change.productId),
  );
  await recordEvents(
    tx,
    storeId,
    changes.flatMap((change): NewEvent[] => {
      const product = snapshots.get(change.productId);
      if (!product) return [];
      const event: NewEvent = {
        topic: change.topic,
        resource: { type: "product", id: product.id },
        payload: product,
      };
      return change.stock
        ? [
            event,
            {
              topic: "inventory/updated",
              resource: { type: "inventory", id: product.id },
              payload: inventoryPayload(product),
            },
          ]
        : [event];
    }),
  );
}

/**
 * What the activity log's entries of a product mean as events (decision 047): every product
 * write of the admin and the API records one entry in its transaction (decision 046), so that
 * one place reports them all. A deletion (or an archive) is recorded while the row still exists.
 */
async function recordProductAuditEvents(
  tx: Tx,
  storeId: string,
  entry: { action: string; entityId?: string | null; changes?: Record<string, unknown> },
): Promise<void> {
  if (!entry.entityId) return;
  const topic =
    entry.action === "product.create"
      ? "products/created"
      : entry.action === "product.delete"
        ? "products/deleted"
        : "products/updated";
  const productId = entry.entityId;
  // One read of the product serves both events: nothing changes it between them.
  const product = await apiProductIn(tx, storeId, productId);
  await recordEvent(tx, storeId, topic, { type: "product", id: productId }, product ?? { id: productId });
  const stockChanged = Object.keys(entry.changes ?? {}).some((field) => /stock/i.test(field));
  if (product && topic !== "products/deleted" && stockChanged)
    await recordInventory(tx, storeId, productId, product);
}

/** A product's activity-log entry and its events (above), in the caller's transaction. */
export async function recordProductAudit(
  tx: Tx,
  storeId: string,
  entry: AuditEntry & { entityType: "product" },
): Promise<void> {
  await recordAudit(tx, storeId, entry);
  await recordProductAuditEvents(tx, storeId, entry);
}

/** recordChange (app/services/audit) of a product, with its events; false when nothing changed. */
export async function recordProductChange(
  tx: Tx,
  storeId: string,
  change: AuditChange & { entityType: "product" },
): Promise<boolean> {
  const entry = changeEntry(change);
  if (!entry) return false;
  await recordProductAudit(tx, storeId, { ...entry, entityType: "product" });
  return true;
}
