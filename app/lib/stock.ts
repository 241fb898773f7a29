/** How a product's stock reads to a shopper. */
export type StockState = { kind: "in" } | { kind: "low"; count: number } | { kind: "out" };

/**
 * At or below this many units a card says "Only N left", and the admin sees the product as low
 * stock (the dashboard's tile; the products list's `?stock=low`, index products_low_stock_idx).
 */
export const LOW_STOCK = 5;

export function stockState(stock: number): StockState {
  if (stock <= 0) return { kind: "out" };
  if (stock <= LOW_STOCK) return { kind: "low", count: stock };
  return { kind: "in" };
}
