import { redirect, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { OrderErrorBoundary } from "~/components/orders/OrderNotFound";
import { OrderOutcome } from "~/components/orders/OrderOutcome";
import { shopperLoader } from "~/http/handlers.server";
import { entityFromPath, ORDER_PATH } from "~/http/entity.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { findShopperOrder, parseOrderNumber } from "~/services/orders/shopper-order.server";
import { abandonCardCheckout } from "~/services/payments/card-checkout.server";
import { errorFields, logger } from "~/lib/log.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("orders.cancelledTitle") });

const cardNotCompleted = (order: { paymentMethod: string; paymentStatus: string }) =>
  order.paymentMethod === "card" && order.paymentStatus === "failed";

export const loader = shopperLoader(async ({ store, user, params, locale, request }) => {
  // Stripe's Cancel link lands here: a card payment the shopper abandoned cancels its order.
  const number = parseOrderNumber(params.number);
  const abandoned = number !== null && new URL(request.url).searchParams.has("abandoned");
  if (abandoned) {
    // Stripe unreachable: the order stays pending and its session expires on Stripe's side later.
    await abandonCardCheckout(store.id, user.id, number).catch((error: unknown) => {
      logger.error({ order: number, ...errorFields(error) }, "abandoning the card payment failed");
    });
  }
  const order = await entityFromPath(
    params.number,
    (number) => findShopperOrder(store, user.id, number, locale),
    ORDER_PATH,
  );
  if (abandoned) {
    // The toast 'your order is not completed', once, on the address without the marker (a reload
    // does not repeat it). Paid on Stripe's page after all: the order's own page, no toast.
    if (order.status !== "cancelled") throw redirect(`/orders/${order.number}`);
    throw await redirectWithToast(`/orders/${order.number}/cancelled`, {
      key: "toast.orderNotCompleted",
      type: "error",
    });
  }
  return { order };
});

/**
 * After a cancellation. A card payment that never completed says so (its arrival brought the toast
 * 'your order is not completed'); a shopper's own cancellation says the items are back in stock.
 */
export default function OrderCancelled() {
  const { order } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const unpaidCard = cardNotCompleted(order);
  return (
    <OrderOutcome
      order={order}
      icon="cross"
      title={t("orders.cancelledTitle")}
      message={
        unpaidCard
          ? t("orders.cardNotCompletedMessage", { number: order.number })
          : t("orders.cancelledMessage", { number: order.number })
      }
    />
  );
}

export const ErrorBoundary = OrderErrorBoundary;
