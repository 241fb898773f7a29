import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { useTranslation } from "~/lib/use-translation";
import { CancelOrderDialog } from "~/components/orders/CancelOrderDialog";
import { OrderDetailsView } from "~/components/orders/OrderDetailsView";
import { OrderErrorBoundary } from "~/components/orders/OrderNotFound";
import { shopperLoader } from "~/http/handlers.server";
import { entityFromPath, ORDER_PATH } from "~/http/entity.server";
import { seo } from "~/lib/seo";
import { findShopperOrder } from "~/services/orders/shopper-order.server";

export const meta: MetaFunction = (args) =>
  seo({ ...args, page: (t) => t("orders.detailsTitle", { number: args.params.number ?? "" }) });

export const loader = shopperLoader(async ({ store, user, params, locale }) => {
  const order = await entityFromPath(
    params.number,
    (number) => findShopperOrder(store, user.id, number, locale),
    ORDER_PATH,
  );
  return { order };
});

export default function OrderDetailsPage() {
  const { order } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <p>
        <Link to="/orders" className="text-primary-ink underline underline-offset-4">
          {t("orders.myOrders")}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold">{t("orders.detailsTitle", { number: order.number })}</h1>
        <div className="flex flex-wrap gap-2">
          {order.status === "awaiting_confirmation" ? (
            <Form method="post" action={`/orders/${order.number}/confirm`}>
              <Button>{t("codConfirmation.page.confirm")}</Button>
            </Form>
          ) : null}
          {order.cancellable ? <CancelOrderDialog number={order.number} /> : null}
        </div>
      </div>
      {order.status === "awaiting_confirmation" ? (
        <p className="mt-3 text-lg">{t("codConfirmation.order.notice")}</p>
      ) : null}
      <div className="mt-6">
        <OrderDetailsView order={order} />
      </div>
    </div>
  );
}

export const ErrorBoundary = OrderErrorBoundary;
