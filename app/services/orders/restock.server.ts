/**
 * Units going back on the shelf (a cancelled order's lines, a refund's restocked lines): each
 * line's quantity back into its variant's stock and out of its product's Best Seller count.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { products, productVariants } from "~/db/schema";

export interface RestockLine {
  productId: string;
  variantId: string;
  quantity: number;
}

/**
 * Puts `lines` back, in the order given: the caller sorts them as checkout takes its locks
 * (product id, then variant id; each product row before its variants).
 */
export async function restockLines(tx: Tx, storeId: string, lines: readonly RestockLine[]): Promise<void> {
  for (const line of lines) {
    await tx
      .update(products)
      .set({ unitsSold: sql`greatest(${products.unitsSold} - ${line.quantity}, 0)` })
      .where(and(eq(products.storeId, storeId), eq(products.id, line.productId)));
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
      .where(and(eq(productVariants.storeId, storeId), eq(productVariants.id, line.variantId)));
  }
}
