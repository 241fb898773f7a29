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
import { shopperAction, shopperLoader, type ShopperArgs, type WithForm } from "~/http/handlers.server";
import { INTENT_ONLY, SCHEMA_FORM, dispatchIntent } from "~/http/intent-action.server";
import { entityFromPath, notFoundPage, ORDER_PATH, pathKey } from "~/http/entity.server";
import { seo } from "~/lib/seo";
import { findShopperOrder } from "~/services/orders/shopper-order.server";
import { invoiceNumberOf } from "~/services/tax/invoices.server";
import { RefundsList } from "~/components/orders/RefundsList";
import { orderRefunds } from "~/services/orders/refunds-view.server";
import { parseWithZod } from "@conform-to/zod";
import { ShopperReturns } from "~/components/returns/ShopperReturns";
import { returnRequestSchema } from "~/lib/validation/returns";
import { requestReturn, shopperReturns } from "~/services/orders/returns.server";

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
    // What the shopper may return now and their return requests (issue 37 item 4, decision 050).
    returns: await shopperReturns(store.id, user.id, order.number, locale, store.timeZone),
  };
});

/**
 * "Confirm my order" (issue 34): a Cash On Delivery order of this shopper still awaiting
 * confirmation becomes confirmed; anything else changes nothing (409 with why).
 */
async function confirmAction({ store, user, params }: ShopperArgs) {
  const number = pathKey(params.number, ORDER_PATH);
  const result = await confirmShopperOrder(store.id, user.id, number, emailStore(store));
  if (result === "not-found") throw notFoundPage(ORDER_PATH.notFound);
  if (result === "unchanged") throw new Refusal(409, { key: "codConfirmation.page.notAwaiting" });
  return redirectWithToast(`/orders/${number}`, { key: "codConfirmation.page.confirmedToast" });
}

/**
 * "Request a return" (decision 050): units per line, a reason and a comment. Bad input is a 400,
 * a window closed, an order not delivered or nothing left to return a 409, with why; nothing is
 * written then. Another shopper's order is the 'Order Not Found' 404. A conform list form
 * (`lines[0].quantity`), so it parses itself; its first problem is the message.
 */
async function returnAction({ store, user, params, form }: ShopperArgs & WithForm) {
  const number = pathKey(params.number, ORDER_PATH);
  const parsed = parseWithZod(form, { schema: returnRequestSchema });
  if (parsed.status !== "success") {
    const first = Object.values(parsed.error ?? {}).flat()[0];
    throw badRequest(first ?? "errors.badRequest");
  }
  const result = await requestReturn(store.id, user.id, number, parsed.value, emailStore(store));
  if (result.kind === "not-found") throw notFoundPage(ORDER_PATH.notFound);
  if (result.kind === "refused") throw new Refusal(409, { key: `returns.refusals.${result.reason}` });
  if (result.kind === "invalid")
    throw new Refusal(result.reason === "line" ? 400 : 409, {
      key: result.reason === "line" ? "returns.errors.lineInvalid" : "returns.errors.units",
    });
  return redirectWithToast(`/orders/${number}`, { key: "returns.request.sentToast" });
}

export const action = shopperAction((args) =>
  dispatchIntent(args, {
    confirm: [INTENT_ONLY, (_, args) => confirmAction(args)],
    return: [SCHEMA_FORM, (_, args) => returnAction(args)],
  }),
);

export default function OrderDetailsPage() {
  const { order, invoiceNumber, refunds, returns } = useLoaderData<typeof loader>();
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
      {returns ? <ShopperReturns data={returns} /> : null}
    </div>
  );
}

export const ErrorBoundary = OrderErrorBoundary;
