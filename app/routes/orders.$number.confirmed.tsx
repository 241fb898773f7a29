import type { MetaFunction } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/lib/use-translation";
import { OrderErrorBoundary } from "~/components/orders/OrderNotFound";
import { OrderOutcome } from "~/components/orders/OrderOutcome";
import { shopperLoader } from "~/http/handlers.server";
import { entityFromPath, ORDER_PATH } from "~/http/entity.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { findShopperOrder } from "~/services/orders/shopper-order.server";

/** How often a page waiting for the card webhook looks again. */
const RECHECK_SECONDS = 3;

const awaitingPayment = (order: { status: string; paymentMethod: string }) =>
  order.status === "pending" && order.paymentMethod === "card";

export const meta: MetaFunction<typeof loader> = (args) => {
  const tags = seo({ ...args, page: (t) => t("orders.confirmedTitle") });
  // Without JavaScript the browser reloads by itself until the webhook has confirmed the payment.
  return args.data && awaitingPayment(args.data.order)
    ? [...tags, { httpEquiv: "refresh", content: String(RECHECK_SECONDS) }]
    : tags;
};

export const loader = shopperLoader(async ({ request, store, user, params, locale }) => {
  const order = await entityFromPath(
    params.number,
    (number) => findShopperOrder(store, user.id, number, locale),
    ORDER_PATH,
  );
  // Back from Stripe's page (its success URL carries the session): the first showing of a card
  // order gets the toast a cash order gets from the checkout, once, on the address without it.
  if (order.paymentMethod === "card" && new URL(request.url).searchParams.has("session_id"))
    throw await redirectWithToast(`/orders/${order.number}/confirmed`, { key: "toast.orderPlaced" });
  return { order };
});

/**
 * Where a placed order lands. It tells the order's real state: never "confirmed" before it is. A
 * card order back from Stripe before the webhook says its payment is being confirmed and checks
 * again every few seconds.
 */
export default function OrderConfirmed() {
  const { order } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const waiting = awaitingPayment(order);
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, RECHECK_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [waiting, revalidator]);
  // A Cash On Delivery order the store asks the shopper to confirm (issue 34).
  const toConfirm = order.status === "awaiting_confirmation";
  const confirmed = order.status !== "pending" && order.status !== "cancelled" && !toConfirm;
  return (
    <OrderOutcome
      order={order}
      icon={
        order.status === "cancelled" ? "cross" : order.status === "pending" || toConfirm ? "wait" : "check"
      }
      title={
        order.status === "cancelled"
          ? t("orders.cancelledTitle")
          : toConfirm
            ? t("codConfirmation.placed.title")
            : waiting
              ? t("orders.paymentConfirmingTitle")
              : t("orders.confirmedTitle")
      }
      message={
        order.status === "cancelled"
          ? t("orders.cancelledMessage", { number: order.number })
          : toConfirm
            ? t("codConfirmation.placed.message", { number: order.number })
            : confirmed
              ? t("orders.confirmedMessage", { number: order.number })
              : waiting
                ? t("orders.paymentConfirmingMessage", { number: order.number })
                : t("orders.pendingPaymentMessage", { number: order.number })
      }
    />
  );
}

export const ErrorBoundary = OrderErrorBoundary;
