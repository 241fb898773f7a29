import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { badRequest, Refusal } from "~/http/refusal.server";
import { redirectWithToast } from "~/lib/toast.server";
import { emailStore } from "~/services/email/email-templates.server";
import { confirmShopperOrder } from "~/services/orders/cod-confirmation.server";
import { Button, buttonClass } from "~/components/ui/Button";
import { useTranslation } from "~/lib/use-translation";
import { CancelOrderDialog } from "~/components/orders/CancelOrderDialog";
import { OrderDetailsView } from "~/components/orders/OrderDetailsView";
import { OrderErrorBoundary } from "~/components/orders/OrderNotFound";
import { shopperAction, shopperLoader } from "~/http/handlers.server";
import { entityFromPath, notFoundPage, ORDER_PATH, pathKey } from "~/http/entity.server";
import { seo } from "~/lib/seo";
import { findShopperOrder } from "~/services/orders/shopper-order.server";
import { invoiceNumberOf } from "~/services/tax/invoices.server";
import { RefundsList } from "~/components/orders/RefundsList";
import { orderRefunds } from "~/services/orders/refunds-view.server";

export const meta: MetaFunction = (args) =>
  seo({ ...args, page: (t) => t("orders.detailsTitle", { number: args.params.number ?? "" }) });

export const loader = shopperLoader(async ({ store, user, params, locale }) => {
  const order = await entityFromPath(
    params.number,
    (number) => findShopperOrder(store, user.id, number, locale),
    ORDER_PATH,
  );
  // Its tax invoice, once issued (issue 35, decision 043).
  return {
    order,
    invoiceNumber: await invoiceNumberOf(store.id, order.number),
    // The refunds that succeeded, each with its credit note (issue 37).
    refunds: await orderRefunds(store.id, order.number, locale, store.timeZone, user.id),
  };
});

/**
 * "Confirm my order" (issue 34): a Cash On Delivery order of this shopper still awaiting
 * confirmation becomes confirmed; anything else changes nothing (409 with why).
 */
export const action = shopperAction(async ({ store, user, params, form }) => {
  const number = pathKey(params.number, ORDER_PATH);
  if (form.get("intent") !== "confirm") throw badRequest();
  const result = await confirmShopperOrder(store.id, user.id, number, emailStore(store));
  if (result === "not-found") throw notFoundPage(ORDER_PATH.notFound);
  if (result === "unchanged") throw new Refusal(409, { key: "codConfirmation.page.notAwaiting" });
  return redirectWithToast(`/orders/${number}`, { key: "codConfirmation.page.confirmedToast" });
});

export default function OrderDetailsPage() {
  const { order, invoiceNumber, refunds } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
          {invoiceNumber === null ? null : (
            <>
              <a
                href={`/orders/${order.number}/invoice`}
                target="_blank"
                rel="noreferrer"
                className={buttonClass({ variant: "secondary" })}
              >
                {t("invoice.download")}
              </a>
              <a
                href={`/orders/${order.number}/invoice.pdf`}
                download
                className={buttonClass({ variant: "secondary" })}
              >
                {t("invoicePdf.download")}
              </a>
            </>
          )}
          {order.status === "awaiting_confirmation" ? (
            <Form method="post">
              <Button name="intent" value="confirm">
                {t("codConfirmation.page.confirm")}
              </Button>
            </Form>
          ) : null}
          {order.cancellable ? <CancelOrderDialog number={order.number} /> : null}
        </div>
      </div>
      <ActionNotice data={actionData} />
      {order.status === "awaiting_confirmation" ? (
        <p className="mt-3 text-lg">{t("codConfirmation.order.notice")}</p>
      ) : null}
      <div className="mt-6">
        <OrderDetailsView
          order={order}
          aside={
            refunds ? (
              <RefundsList
                data={refunds}
                creditNoteHref={(n) => `/orders/${order.number}/credit-notes/${n}`}
              />
            ) : null
          }
        />
      </div>
    </div>
  );
}

export const ErrorBoundary = OrderErrorBoundary;
