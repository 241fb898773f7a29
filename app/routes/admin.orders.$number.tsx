import type { MetaFunction } from "@remix-run/node";
import { TitledSection } from "~/components/admin/TitledSection";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { OrderDetailsView } from "~/components/orders/OrderDetailsView";
import { buttonClass } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { entityFromPath, notFoundPage, ORDER_PATH, pathKey } from "~/http/entity.server";
import { adminLoader } from "~/http/handlers.server";
import { parsedAction } from "~/http/intent-action.server";
import { notAllowed } from "~/http/guards.server";
import { Refusal } from "~/http/refusal.server";
import { getT } from "~/lib/i18n";
import { availableSteps, PHONE_STEPS, type OrderStep } from "~/lib/order-transitions";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { orderStepSchema } from "~/lib/validation/admin-orders";
import { emailStore } from "~/services/email/email-templates.server";
import { getAdminOrder } from "~/services/orders/admin-orders.server";
import { orderView } from "~/services/orders/order-view.server";
import { takeOrderStep } from "~/services/orders/order-transitions.server";
import { orderRefusalHistory } from "~/services/orders/cod-refusals.server";
import { invoiceNumberOf } from "~/services/tax/invoices.server";
import { RefundsList } from "~/components/orders/RefundsList";
import { orderRefunds } from "~/services/orders/refunds-view.server";
import { AdminReturns } from "~/components/returns/AdminReturns";
import { orderReturns } from "~/services/orders/returns.server";

export const meta: MetaFunction<typeof loader> = (args) =>
  seo({ ...args, page: (t) => t("admin.orders.detailTitle", { number: args.data?.order.number ?? "" }) });

/** One order of this store by its number; another store's number (or not a number) is 404. */
export const loader = adminLoader("orders.view", async ({ store, params, locale, permissions }) => {
  const order = await entityFromPath(params.number, (number) => getAdminOrder(store.id, number), ORDER_PATH);
  return {
    order: orderView(order, locale, store.timeZone),
    account: { name: order.userName, email: order.userEmail },
    orderLocale: order.locale,
    actors: order.events.map((event) => ({
      name: event.actorName,
      admin: event.actorIsAdmin,
    })),
    steps: availableSteps(order),
    // The store's COD history of this order's phone, other orders only (issue 34 item 6).
    refusals: await orderRefusalHistory(store.id, order.id),
    // Its tax invoice, once issued (issue 35, decision 043).
    invoiceNumber: await invoiceNumberOf(store.id, order.number),
    // Its refunds and what is left to refund (issue 37, decision 048).
    refunds: await orderRefunds(store.id, order.number, locale, store.timeZone),
    canRefund: permissions.includes("orders.refund"),
    // The shopper's return requests (issue 37 item 4, decision 050).
    returns: (await orderReturns(store.id, order.number, locale, store.timeZone)) ?? [],
  };
});

/**
 * One step (confirm, ship, deliver, cancel, mark paid), all through takeOrderStep: an illegal or
 * stale step is a 409 with the reason and changes nothing; a done one goes back to the order
 * with a toast.
 */
export const action = parsedAction(
  "orders.edit",
  orderStepSchema,
  async ({ intent: step, expectedStatus, expectedPayment }, { store, user, permissions, params, locale }) => {
    const number = pathKey(params.number, ORDER_PATH);
    // Cancelling a paid order refunds it: that needs 'orders.refund' too (the step is refused as
    // stale if the payment is not what the form says, so the form cannot hide a refund).
    if (step === "cancel" && expectedPayment === "paid" && !permissions.includes("orders.refund")) {
      throw notAllowed();
    }
    const result = await takeOrderStep(
      store.id,
      number,
      step,
      { status: expectedStatus, paymentStatus: expectedPayment },
      user.id,
      emailStore(store),
    );
    if (result.kind === "not-found") throw notFoundPage(ORDER_PATH.notFound);
    if (result.kind === "refused") throw new Refusal(409, { key: `admin.orders.refused.${result.reason}` });
    if (result.kind === "stale") {
      const t = getT(locale);
      throw new Refusal(409, {
        key: "admin.orders.stale",
        params: {
          status: t(`orders.statuses.${result.status}`),
          payment: t(`orders.paymentStatuses.${result.paymentStatus}`),
        },
      });
    }
    const toast =
      result.refund === "requested"
        ? { key: "admin.orders.refundRequested" }
        : result.refund === "failed"
          ? { key: "admin.orders.refundFailed", type: "error" as const }
          : {
              key: PHONE_STEPS.includes(step)
                ? `codConfirmation.admin.done.${step}`
                : step === "refuseOnDelivery"
                  ? "codRefusals.admin.done"
                  : `admin.orders.done.${step}`,
            };
    return redirectWithToast(`/admin/orders/${number}`, { ...toast, params: { number } });
  },
);

export default function AdminOrderPage() {
  const { order, account, orderLocale, actors, steps, refusals, invoiceNumber, refunds, canRefund, returns } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const fields = (intent: string) => ({
    intent,
    expectedStatus: order.status,
    expectedPayment: order.paymentStatus,
  });
  // The by-phone steps of a COD order awaiting confirmation have their labels under codConfirmation.
  const label = (group: string, step: OrderStep) =>
    PHONE_STEPS.includes(step)
      ? `codConfirmation.admin.${group}.${step}`
      : step === "refuseOnDelivery"
        ? `codRefusals.admin.${group}`
        : `admin.orders.${group}.${step}`;
  const danger = (step: OrderStep) =>
    step === "cancel" || step === "refuseByPhone" || step === "refuseOnDelivery";
  const actorText = (index: number) => {
    const actor = actors[index];
    if (!actor?.name) return t("admin.orders.bySystem");
    return actor.admin
      ? t("admin.orders.by", { name: actor.name })
      : t("admin.orders.byShopper", { name: actor.name });
  };
  return (
    <AdminPage title={t("admin.orders.detailTitle", { number: order.number })}>
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/orders" className={buttonClass({ variant: "secondary" })}>
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            ←
          </span>
          {t("admin.orders.backToList")}
        </Link>
        {/* Not before the shopper confirmed a Cash On Delivery order (issue 34). */}
        {order.status === "awaiting_confirmation" ? null : (
          <a
            href={`/admin/orders/${order.number}/packing-slip`}
            target="_blank"
            rel="noreferrer"
            className={buttonClass({ variant: "secondary" })}
          >
            {t("admin.orders.packingSlip")}
          </a>
        )}
        {invoiceNumber === null ? null : (
          <>
            <a
              href={`/admin/orders/${order.number}/invoice`}
              target="_blank"
              rel="noreferrer"
              className={buttonClass({ variant: "secondary" })}
            >
              {t("invoice.download")}
            </a>
            <a
              href={`/admin/orders/${order.number}/invoice.pdf`}
              download
              className={buttonClass({ variant: "secondary" })}
            >
              {t("invoicePdf.download")}
            </a>
          </>
        )}
        {canRefund && refunds?.refundable ? (
          <Link to={`/admin/orders/${order.number}/refund`} className={buttonClass({ variant: "secondary" })}>
            {t("refunds.refundButton")}
          </Link>
        ) : null}
      </div>
      <ActionNotice data={actionData} />
      <OrderDetailsView
        order={order}
        showSku
        eventActor={actorText}
        aside={
          <>
            <AdminReturns number={order.number} requests={returns} canAct={canRefund} />
            <section aria-labelledby="order-actions" className="rounded-lg border border-line bg-card p-4">
              <h2 id="order-actions" className="font-bold">
                {t("admin.orders.actions")}
              </h2>
              {steps.length === 0 ? (
                <p className="mt-2 text-muted">{t("admin.orders.noActions")}</p>
              ) : (
                <div className="mt-3 flex flex-wrap gap-2">
                  {steps.map((step) => (
                    <ConfirmDialog
                      key={step}
                      id={`order-${step}`}
                      trigger={t(label("steps", step))}
                      title={t(label("confirmTitles", step), { number: order.number })}
                      description={t(label("confirmTexts", step))}
                      fields={fields(step)}
                      tone={danger(step) ? "danger" : "primary"}
                      dismissLabel={danger(step) ? t("admin.orders.keepOrder") : undefined}
                    />
                  ))}
                </div>
              )}
            </section>
            <section aria-labelledby="order-customer" className="rounded-lg border border-line bg-card p-4">
              <h2 id="order-customer" className="font-bold">
                {t("admin.orders.customer")}
              </h2>
              <p className="mt-2 break-words">
                <span dir="auto">
                  {t("admin.orders.shopperAccount", { name: account.name, email: account.email })}
                </span>
              </p>
              <p className="mt-1 text-sm text-muted">
                {t("admin.orders.orderLocale", { language: t(`admin.orders.languages.${orderLocale}`) })}
              </p>
            </section>
            {refunds ? (
              <RefundsList
                data={refunds}
                admin
                creditNoteHref={(n) => `/admin/orders/${order.number}/credit-notes/${n}`}
              />
            ) : null}
            {refusals ? (
              <TitledSection
                headingId="order-cod-history"
                title={t("codRefusals.admin.historyTitle")}
                titleClassName="font-bold"
                data-testid="cod-history"
                className="rounded-lg border border-line bg-card p-4"
              >
                <p className="mt-1 text-sm text-muted">
                  <span dir="ltr">{refusals.phone}</span>
                </p>
                <p
                  className={`mt-2 font-bold ${refusals.history.refusals > 0 ? "text-red-700 dark:text-red-400" : ""}`}
                  data-testid="cod-refusals-count"
                >
                  {t("codRefusals.admin.refusedBefore", { count: refusals.history.refusals })}
                </p>
                <ul className="mt-1 text-sm">
                  <li>{t("codRefusals.admin.confirmed", { count: refusals.history.confirmed })}</li>
                  <li>
                    {t("codRefusals.admin.refusedOnDelivery", { count: refusals.history.refusedOnDelivery })}
                  </li>
                  <li>{t("codRefusals.admin.refusedByPhone", { count: refusals.history.refusedByPhone })}</li>
                  <li>{t("codRefusals.admin.autoCancelled", { count: refusals.history.autoCancelled })}</li>
                </ul>
              </TitledSection>
            ) : null}
          </>
        }
      />
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
