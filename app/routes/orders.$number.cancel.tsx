import { data, redirect, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { CancelOrderForm } from "~/components/orders/CancelOrderForm";
import { OrderErrorBoundary } from "~/components/orders/OrderNotFound";
import { Notice } from "~/components/ui/Notice";
import { shopperAction, shopperLoader } from "~/http/handlers.server";
import { entityFromPath, notFoundPage, ORDER_PATH, pathKey } from "~/http/entity.server";
import { seo } from "~/lib/seo";
import { emailStore } from "~/services/email/email-templates.server";
import { cancelOrder } from "~/services/orders/orders.server";
import { findShopperOrder } from "~/services/orders/shopper-order.server";
import { refundCancelledOrder } from "~/services/stripe/refund.server";
import { errorFields, logger } from "~/lib/log.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("orders.cancel") });

/** The confirmation page a browser without JavaScript gets instead of the dialog. */
export const loader = shopperLoader(async ({ store, user, params, locale }) => {
  const order = await entityFromPath(
    params.number,
    (number) => findShopperOrder(store, user.id, number, locale),
    ORDER_PATH,
  );
  if (!order.cancellable) throw redirect(`/orders/${order.number}`);
  return { number: order.number, total: order.total };
});

export const action = shopperAction(async ({ store, user, params }) => {
  const number = pathKey(params.number, ORDER_PATH);
  const result = await cancelOrder(
    store.id,
    number,
    "Cancelled by the shopper",
    { kind: "shopper", userId: user.id },
    emailStore(store),
  );
  if (result.kind === "not-found") throw notFoundPage(ORDER_PATH.notFound);
  if (result.kind === "not-cancellable") {
    return data(
      { result: null, notice: { key: "orders.notCancellable", params: { status: result.status } } },
      { status: 409 },
    );
  }
  // A paid card order is refunded on Stripe; `charge.refunded` then marks it refunded.
  // If Stripe cannot be reached the order stays cancelled and visibly "paid" for the store to refund.
  if (result.wasPaid)
    await refundCancelledOrder(store.id, result.orderId).catch((error: unknown) => {
      logger.error({ orderId: result.orderId, ...errorFields(error) }, "refund failed");
    });
  return redirect(`/orders/${number}/cancelled`);
});

export default function CancelOrderPage() {
  const { number } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const notice = actionData?.notice;
  return (
    <section className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-extrabold">{t("orders.cancelTitle", { number })}</h1>
      {notice ? (
        <div className="mt-4">
          <Notice>
            {String(
              t(notice.key, { ...notice.params, status: t(`orders.statuses.${notice.params?.status}`) }),
            )}
          </Notice>
        </div>
      ) : null}
      <p className="mt-3 text-lg">{t("orders.cancelQuestion")}</p>
      <CancelOrderForm number={number} />
    </section>
  );
}

export const ErrorBoundary = OrderErrorBoundary;
