import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { OrderErrorBoundary } from "~/components/orders/OrderNotFound";
import { OrderOutcome } from "~/components/orders/OrderOutcome";
import { shopperLoader } from "~/http/handlers.server";
import { entityFromPath, ORDER_PATH } from "~/http/entity.server";
import { seo } from "~/lib/seo";
import { findShopperOrder, parseOrderNumber } from "~/services/orders/shopper-order.server";
import { abandonCardCheckout } from "~/services/payments/card-checkout.server";
import { errorFields, logger } from "~/lib/log.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("orders.cancelledTitle") });

export const loader = shopperLoader(async ({ store, user, params, locale, request }) => {
  // Stripe's Cancel link lands here: a card payment the shopper abandoned cancels its order.
  const number = parseOrderNumber(params.number);
  if (number !== null && new URL(request.url).searchParams.has("abandoned")) {
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
  return { order };
});

/**
 * After a cancellation. A card payment that never completed says 'your order is not completed'
 * (SPEC §8); a shopper's own cancellation says the items are back in stock.
 */
export default function OrderCancelled() {
  const { order } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const unpaidCard = order.paymentMethod === "card" && order.paymentStatus === "failed";
  return (
    <OrderOutcome
      order={order}
      icon="cross"
      title={t("orders.cancelledTitle")}
      message={
        unpaidCard ? t("toast.orderNotCompleted") : t("orders.cancelledMessage", { number: order.number })
      }
    />
  );
}

export const ErrorBoundary = OrderErrorBoundary;
