/**
 * The demo's VAT (issue 35): a registered store's past orders carry the VAT their totals held, as
 * checkout would have frozen it (decision 042: per line, the code shared across the goods, a
 * free-shipping code taking shipping to 0). Prices include VAT, so no total changes. A zero-rated
 * or exempt product's lines are taxed at 0 % by its class, as checkout does (`goodsTaxLine`).
 */
import { goodsTaxLine, taxOrder } from "~/lib/vat-math";
import type { StoreDef } from "../stores";
import type { DiscountCodeRow } from "./discounts";
import type { OrderItemRow, OrderRow, ProductRow } from "./types";

export function applyDemoVat(
  def: StoreDef,
  orders: OrderRow[],
  orderItems: OrderItemRow[],
  codes: readonly DiscountCodeRow[],
  products: readonly ProductRow[],
): void {
  if (!def.vat) return;
  const { rateBp } = def.vat;
  const classOf = new Map(products.map((product) => [product.id, product.taxClass ?? "standard"]));
  const freeShippingCodes = new Set(
    codes.filter((code) => code.kind === "free_shipping").map((code) => code.code),
  );
  const linesOf = new Map<string, OrderItemRow[]>();
  for (const item of orderItems) linesOf.set(item.orderId, [...(linesOf.get(item.orderId) ?? []), item]);
  for (const order of orders) {
    const lines = linesOf.get(order.id!) ?? [];
    const freeShipping = order.discountCode ? freeShippingCodes.has(order.discountCode) : false;
    const code = order.codeDiscountCents ?? 0;
    const shipping = order.shippingCents ?? 0;
    const taxable = [
      ...lines.map((line) =>
        goodsTaxLine(line.lineTotalCents, classOf.get(line.productId) ?? "standard", rateBp),
      ),
      { amount: shipping - (freeShipping ? code : 0), rateBp },
      ...((order.codFeeCents ?? 0) > 0 ? [{ amount: order.codFeeCents!, rateBp }] : []),
    ];
    const taxed = taxOrder(
      "inclusive",
      taxable,
      freeShipping ? 0 : code,
      taxable.map((_line, index) => index < lines.length),
    );
    order.vatCents = taxed.vat;
    order.vatInclusive = true;
    order.vatRates = taxed.byRate;
    lines.forEach((line, index) => {
      line.vatRateBp = taxed.lines[index]!.rateBp;
      line.vatCents = taxed.lines[index]!.vat;
    });
  }
}
