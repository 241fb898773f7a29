/**
 * The order lifecycle as one table (DESIGN §5): which step may be taken from which status. The
 * service that applies a step (services/orders/order-transitions.server.ts), the shopper's
 * cancel, the Stripe webhook and the admin's order page all read it from here, so a rule changes
 * in one place. Isomorphic: the admin page shows only the buttons a step allows.
 *
 *   pending ──confirm──► confirmed ──ship──► shipped ──deliver──► delivered
 *      └────────cancel────────┘ (→ cancelled: stock back, a paid card order refunded)
 *   mark paid: Cash On Delivery, payment unpaid → paid, any status but cancelled.
 *
 * Confirm needs the money to be settled or not due yet: a Cash On Delivery order (placed
 * confirmed anyway, so this only matters for data made otherwise) or a card order already paid.
 * A card order waiting for its payment is confirmed by Stripe's webhook, never by hand: the admin
 * would otherwise ship goods nobody paid for.
 *
 * A Cash On Delivery order of a store that asks shoppers to confirm (issue 34, decision 040) is
 * placed `awaiting_confirmation`: the shopper confirms or cancels it (the link or their order
 * page), the staff "Confirmed by phone" / "Refused by phone", or the sweep cancels it when its
 * window ends. Only those leave it; it never ships from there.
 *
 *   awaiting_confirmation ──confirmByPhone──► confirmed
 *      └──refuseByPhone / cancel──► cancelled (stock and code use back)
 *
 * A shipped COD order the shopper would not take at the door (issue 34 item 6): the owner marks it
 * "Refused on delivery": cancelled, stock back, the cash never collected, counted in the store's
 * refusal history for the order's phone number.
 *
 *   shipped ──refuseOnDelivery──► cancelled (COD, unpaid only)
 */
export const ORDER_STATUSES = [
  "pending",
  "awaiting_confirmation",
  "confirmed",
  "shipped",
  "delivered",
  "cancelled",
] as const;
/** "partially_refunded" / "refunded" follow the order's succeeded refunds (issue 37, decision 048). */
export const PAYMENT_STATUSES = [
  "unpaid",
  "pending",
  "paid",
  "failed",
  "partially_refunded",
  "refunded",
] as const;
export type OrderStatusCode = (typeof ORDER_STATUSES)[number];
export type PaymentStatusCode = (typeof PAYMENT_STATUSES)[number];

export const ORDER_STEPS = [
  "confirmByPhone",
  "refuseByPhone",
  "confirm",
  "ship",
  "deliver",
  "cancel",
  "refuseOnDelivery",
  "markPaid",
] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

/** The steps the orders list takes on several orders at once (issue 39): the same rules as one. */
export const BULK_ORDER_STEPS = ["ship", "deliver"] as const;
export type BulkOrderStep = (typeof BULK_ORDER_STEPS)[number];

/** Status steps: where each may start, and where it leads. */
export const STATUS_STEPS: Record<
  Exclude<OrderStep, "markPaid">,
  { from: readonly OrderStatusCode[]; to: OrderStatusCode }
> = {
  confirm: { from: ["pending"], to: "confirmed" },
  ship: { from: ["confirmed"], to: "shipped" },
  deliver: { from: ["shipped"], to: "delivered" },
  cancel: { from: ["pending", "awaiting_confirmation", "confirmed"], to: "cancelled" },
  // Staff who called the shopper (issue 34); their labels are under codConfirmation.admin.
  confirmByPhone: { from: ["awaiting_confirmation"], to: "confirmed" },
  refuseByPhone: { from: ["awaiting_confirmation"], to: "cancelled" },
  // Its labels are under codRefusals.admin.
  refuseOnDelivery: { from: ["shipped"], to: "cancelled" },
};

/** The steps of a Cash On Delivery order awaiting the shopper's confirmation (their own labels). */
export const PHONE_STEPS: readonly OrderStep[] = ["confirmByPhone", "refuseByPhone"];

export interface OrderState {
  status: OrderStatusCode;
  paymentStatus: PaymentStatusCode;
  paymentMethod: "card" | "cod";
}

/**
 * Why a step cannot be taken from this state (a message key under `admin.orders.refused`), or
 * null when it can.
 */
export function stepRefusal(step: OrderStep, order: OrderState): string | null {
  if (step === "markPaid") {
    if (order.paymentMethod !== "cod") return "notCashOnDelivery";
    if (order.paymentStatus === "paid") return "alreadyPaid";
    if (order.status === "cancelled") return "cancelled";
    if (order.status === "awaiting_confirmation") return "from.awaiting_confirmation";
    return order.paymentStatus === "unpaid" ? null : "notUnpaid";
  }
  if (step === "refuseOnDelivery") {
    if (order.paymentMethod !== "cod") return "notCashOnDelivery";
    if (order.paymentStatus === "paid") return "alreadyPaid";
  }
  const rule = STATUS_STEPS[step];
  if (rule.from.includes(order.status)) {
    if (step === "confirm" && order.paymentMethod === "card" && order.paymentStatus !== "paid")
      return "awaitingPayment";
    return null;
  }
  if (order.status === rule.to) return `already.${rule.to}`;
  return `from.${order.status}`;
}

/** The steps the admin may take now, in the order the page shows them. */
export function availableSteps(order: OrderState): OrderStep[] {
  return ORDER_STEPS.filter((step) => stepRefusal(step, order) === null);
}

/** A shopper (or the system) may cancel until the order ships. */
export const CANCELLABLE_STATUSES: readonly OrderStatusCode[] = STATUS_STEPS.cancel.from;

/** The order states whose orders are sales (the dashboard and the sales report count them, app/services/reports). */
export const SALE_STATUSES = ["confirmed", "shipped", "delivered"] as const;
