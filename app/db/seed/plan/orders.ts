/**
 * Orders over the last 60 days, following the lifecycle of DESIGN §5: cash on delivery is
 * confirmed at once and paid on delivery; card is pending until paid; cancelled only from
 * pending or confirmed (a paid card order is then refunded). Every change is an order event.
 * Products' units_sold / units_sold_7d are counted from the non-cancelled orders written here.
 */
import { uuidv7 } from "uuidv7";
import type { orderStatuses, paymentStatuses } from "~/db/schema";
import { createRng, type Rng } from "../prng";
import type { StoreDef } from "../stores";
import { normalizeMobile } from "~/lib/phone";
import { addressPlace, type Shopper } from "./people";
import type { SalesPlan } from "./sales";
import {
  DAY_MS,
  MINUTE_MS,
  type OrderEventRow,
  type OrderItemRow,
  type OrderRow,
  type ProductRow,
  type UserRow,
} from "./types";

type Status = (typeof orderStatuses)[number];
type PaymentStatus = (typeof paymentStatuses)[number];
type Method = "cod" | "card";

export const FIRST_ORDER_NUMBER = 1001;
export const ORDER_WINDOW_DAYS = 60;
/** Cash On Delivery orders delivered more recently than this are still unpaid in the demo. */
const CASH_SETTLES_DAYS = 5;
/** The confirmation window of a store asking for it: the settings' defaults (decision 040). */
const CONFIRM_REMIND_HOURS = 6;
const CONFIRM_CANCEL_HOURS = 24;
const HOUR_MS = 60 * MINUTE_MS;

export interface OrdersPlan {
  orders: OrderRow[];
  orderItems: OrderItemRow[];
  orderEvents: OrderEventRow[];
  lastOrderNumber: number;
}

interface Change {
  at: Date;
  type: "placed" | "status" | "payment";
  from?: Status;
  to?: Status;
  payment?: PaymentStatus;
  actor: string | null;
  note?: string;
}

/** Where an order of this age has got to by now: old orders are mostly delivered. */
function pickOutcome(rng: Rng, ageDays: number): Status {
  const [statuses, weights]: [Status[], number[]] =
    ageDays > 10
      ? [
          ["delivered", "shipped", "cancelled"],
          [0.78, 0.08, 0.14],
        ]
      : ageDays > 3
        ? [
            ["delivered", "shipped", "confirmed", "cancelled"],
            [0.3, 0.4, 0.15, 0.15],
          ]
        : [
            ["pending", "confirmed", "shipped", "cancelled"],
            [0.35, 0.3, 0.2, 0.15],
          ];
  return statuses[rng.weightedIndex(weights)] as Status;
}

function lifecycle(
  rng: Rng,
  placedAt: Date,
  now: Date,
  method: Method,
  shopperId: string,
  adminId: string,
): { status: Status; paymentStatus: PaymentStatus; changes: Change[] } {
  const span = now.getTime() - placedAt.getTime();
  const after = (ms: number) => new Date(placedAt.getTime() + Math.min(ms, span));
  const outcome = pickOutcome(rng, span / DAY_MS);
  const shipAt = after(Math.min(rng.int(20, 48) * 60 * MINUTE_MS, span * 0.4));
  const deliverAt = after(
    Math.min(shipAt.getTime() - placedAt.getTime() + rng.int(2, 4) * DAY_MS, span * 0.85),
  );
  const cancelAt = after(Math.min(rng.int(30, 24 * 60) * MINUTE_MS, span * 0.5));
  const changes: Change[] = [];
  let status: Status;
  let paymentStatus: PaymentStatus;
  const move = (at: Date, to: Status, actor: string | null, note?: string) => {
    changes.push({ at, type: "status", from: status, to, actor, note });
    status = to;
  };
  const pay = (at: Date, to: PaymentStatus, actor: string | null) => {
    changes.push({ at, type: "payment", payment: to, actor });
    paymentStatus = to;
  };

  if (method === "cod") {
    status = "confirmed";
    paymentStatus = "unpaid";
    changes.push({ at: placedAt, type: "placed", to: status, payment: paymentStatus, actor: shopperId });
    if (outcome === "cancelled") move(cancelAt, "cancelled", shopperId, "Cancelled by the shopper");
    if (outcome === "shipped" || outcome === "delivered") move(shipAt, "shipped", adminId);
    if (outcome === "delivered") {
      move(deliverAt, "delivered", adminId);
      // Cash handed over in the last few days is not marked paid yet: the dashboard's "cash to
      // collect" has something to show. (No random draw here, so the rest of the plan is unchanged.)
      if (now.getTime() - deliverAt.getTime() > CASH_SETTLES_DAYS * DAY_MS) pay(deliverAt, "paid", adminId);
    }
    return { status, paymentStatus, changes };
  }

  status = "pending";
  paymentStatus = "pending";
  changes.push({ at: placedAt, type: "placed", to: status, payment: paymentStatus, actor: shopperId });
  if (outcome === "pending") return { status, paymentStatus, changes };
  if (outcome === "cancelled" && rng.chance(0.4)) {
    pay(after(3 * MINUTE_MS), "failed", null);
    move(cancelAt, "cancelled", shopperId, "Payment failed");
    return { status, paymentStatus, changes };
  }
  const paidAt = after(2 * MINUTE_MS);
  pay(paidAt, "paid", null);
  move(new Date(paidAt.getTime() + 1000), "confirmed", null, "Card payment received");
  if (outcome === "cancelled") {
    move(cancelAt, "cancelled", shopperId, "Cancelled by the shopper");
    pay(cancelAt, "refunded", null);
  }
  if (outcome === "shipped" || outcome === "delivered") move(shipAt, "shipped", adminId);
  if (outcome === "delivered") move(deliverAt, "delivered", adminId);
  return { status, paymentStatus, changes };
}

export function planOrders(
  storeId: string,
  def: StoreDef,
  products: ProductRow[],
  shoppers: Shopper[],
  admin: UserRow,
  sales: SalesPlan,
  now: Date,
): OrdersPlan {
  const rng = createRng(`${def.slug}:orders`);
  // Some products are clear best sellers, so the "Best Seller" sort has something to show.
  const popularity = products.map(() => 0.2 + rng.next() ** 3 * 5);
  // The demo shopper has the most orders, so "My orders" pages through several screens.
  const shopperWeights = shoppers.map((_, i) => (i === 0 ? 3 : 1));
  const placedTimes = Array.from({ length: def.orderCount }, () => {
    // Skewed towards recent days, and at least a quarter of an hour old.
    const ageDays = Math.max(0.01, (ORDER_WINDOW_DAYS - 0.5) * rng.next() ** 1.3);
    return new Date(now.getTime() - Math.round(ageDays * DAY_MS));
  }).sort((a, b) => a.getTime() - b.getTime());

  const orders: OrderRow[] = [];
  const orderItems: OrderItemRow[] = [];
  const orderEvents: OrderEventRow[] = [];
  const weekAgo = now.getTime() - 7 * DAY_MS;
  // The dyes store's refusal history (issue 34, decision 040): two shipped Cash On Delivery orders
  // of one shopper (the second listed) were refused at the door, so that number shows
  // "2 refused before". No random draw: the rest of the plan is unchanged.
  const refuser = def.slug === "dyes" ? shoppers[1] : undefined;
  let refusedLeft = 2;

  placedTimes.forEach((placedAt, index) => {
    const shopper = shoppers[rng.weightedIndex(shopperWeights)] as Shopper;
    const method: Method = rng.chance(0.6) ? "cod" : "card";
    const orderId = uuidv7();
    const lineCount = rng.weightedIndex([0.45, 0.3, 0.17, 0.08]) + 1;
    const chosen = new Set<number>();
    while (chosen.size < lineCount) chosen.add(rng.weightedIndex(popularity));

    const lived = lifecycle(rng, placedAt, now, method, shopper.user.id, admin.id);
    const { changes } = lived;
    let { status, paymentStatus } = lived;
    let refusedAt: Date | null = null;
    if (
      refuser &&
      shopper === refuser &&
      refusedLeft > 0 &&
      method === "cod" &&
      (status === "shipped" || status === "delivered")
    ) {
      // Back to the ship, then refused at the door a day later (or by now).
      const shipped = changes.findIndex((change) => change.to === "shipped");
      changes.splice(shipped + 1);
      const shippedAt = (changes[shipped] as Change).at;
      refusedAt = new Date(Math.min(shippedAt.getTime() + DAY_MS, now.getTime() - MINUTE_MS));
      changes.push({
        at: refusedAt,
        type: "status",
        from: "shipped",
        to: "cancelled",
        actor: admin.id,
        note: "Refused on delivery",
      });
      status = "cancelled";
      paymentStatus = "unpaid";
      refusedLeft -= 1;
    }
    let subtotal = 0;
    let discount = 0;
    let quantity = 0;
    for (const productIndex of chosen) {
      const product = products[productIndex] as ProductRow;
      const qty = rng.weightedIndex([0.6, 0.25, 0.1, 0.05]) + 1;
      const unitDiscount = sales.unitDiscountAt(product, placedAt);
      subtotal += product.priceCents * qty;
      discount += unitDiscount * qty;
      quantity += qty;
      orderItems.push({
        storeId,
        id: uuidv7(),
        orderId,
        productId: product.id,
        nameEn: product.nameEn,
        nameAr: product.nameAr,
        unitPriceCents: product.priceCents,
        unitDiscountCents: unitDiscount,
        quantity: qty,
        lineTotalCents: (product.priceCents - unitDiscount) * qty,
      });
      if (status !== "cancelled") {
        product.unitsSold += qty;
        if (placedAt.getTime() >= weekAgo) product.unitsSold7d += qty;
      }
    }

    // A store that asks shoppers to confirm COD orders (issue 34): its COD orders of the last
    // day that nobody has moved since they were placed are still waiting for the shopper, with
    // the reminder and the window's end still ahead or due. No random draw here either.
    let confirmWindow: { remindAt: Date | null; cancelAt: Date } | null = null;
    if (def.codConfirm && method === "cod" && status === "confirmed" && changes.length === 1) {
      const cancelAt = new Date(placedAt.getTime() + CONFIRM_CANCEL_HOURS * HOUR_MS);
      if (cancelAt.getTime() > now.getTime()) {
        const remindAt = new Date(placedAt.getTime() + CONFIRM_REMIND_HOURS * HOUR_MS);
        confirmWindow = { remindAt: remindAt.getTime() > now.getTime() ? remindAt : null, cancelAt };
        status = "awaiting_confirmation";
        (changes[0] as Change).to = status;
      }
    }
    const address = shopper.def.address;
    const lastChange = changes[changes.length - 1] as Change;
    // Cash On Delivery orders placed since the store set its COD fee carry it (decision 030).
    const codFee =
      method === "cod" && def.cod && placedAt.getTime() >= now.getTime() - def.cod.feeSinceDays * DAY_MS
        ? def.cod.feeCents
        : 0;
    orders.push({
      storeId,
      id: orderId,
      number: FIRST_ORDER_NUMBER + index,
      userId: shopper.user.id,
      status,
      paymentStatus,
      paymentMethod: method,
      currency: "USD",
      subtotalCents: subtotal,
      discountCents: discount,
      // Shipping is free in the demo stores; the total is what the lines add up to, plus the COD fee.
      shippingCents: 0,
      codFeeCents: codFee,
      totalCents: subtotal - discount + codFee,
      totalQuantity: quantity,
      shipFullName: shopper.def.name,
      shipStreetAddress: address.street,
      shipZipCode: address.zip,
      shipCity: address.city,
      shipEmail: shopper.def.email,
      shipMobile: address.mobile,
      phoneE164: normalizeMobile(address.mobile, addressPlace(address).country),
      refusedOnDeliveryAt: refusedAt,
      confirmRemindAt: confirmWindow?.remindAt ?? null,
      confirmCancelAt: confirmWindow?.cancelAt ?? null,
      locale: shopper.def.locale,
      // Its quantities are in units_sold_7d above (the sweep takes them out when a week old).
      countedInTrending: status !== "cancelled" && placedAt.getTime() >= weekAgo,
      createdAt: placedAt,
      updatedAt: lastChange.at,
    });
    for (const change of changes) {
      orderEvents.push({
        storeId,
        id: uuidv7(),
        orderId,
        type: change.type,
        fromStatus: change.from ?? null,
        toStatus: change.to ?? null,
        paymentStatus: change.payment ?? null,
        note: change.note ?? null,
        actorUserId: change.actor,
        createdAt: change.at,
      });
    }
  });

  return { orders, orderItems, orderEvents, lastOrderNumber: FIRST_ORDER_NUMBER - 1 + orders.length };
}
