/**
 * The link a Cash On Delivery shopper gets (issue 34, decision 040): signed, for this store only,
 * valid until the order's confirmation window ends, usable signed out. The order in short and two
 * buttons, "Confirm my order" and "Cancel it"; once either is pressed (or the order moved on) the
 * page says where the order stands and the buttons are gone. Another store's or a forged token is
 * 'Order Not Found'.
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { OrderOutcome } from "~/components/orders/OrderOutcome";
import { OrderErrorBoundary } from "~/components/orders/OrderNotFound";
import { Button } from "~/components/ui/Button";
import { notFoundPage, ORDER_PATH } from "~/http/entity.server";
import { storeAction, storeLoader, type StoreArgs } from "~/http/handlers.server";
import { INTENT_ONLY, dispatchIntent } from "~/http/intent-action.server";
import { Refusal } from "~/http/refusal.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/use-translation";
import { emailStore } from "~/services/email/email-templates.server";
import { answerByLink, getConfirmationPage } from "~/services/orders/cod-confirmation.server";
import { formatDate, orderView } from "~/services/orders/order-view.server";

export const meta: MetaFunction = (args) => [
  ...seo({ ...args, page: (t) => t("codConfirmation.page.metaTitle") }),
  { name: "robots", content: "noindex" },
];

export const loader = storeLoader(async ({ store, params, locale }) => {
  const page = await getConfirmationPage(store.id, params.token ?? "");
  if (page.kind === "not-found") throw notFoundPage(ORDER_PATH.notFound);
  return {
    order: orderView(page.order, locale, store.timeZone),
    expired: page.kind === "expired",
    deadline: page.kind === "open" ? formatDate(page.cancelAt, locale, store.timeZone, true) : null,
  };
});

/** "Confirm my order" or "Cancel it": the order's answer, once (409 after it moved on, 410 expired). */
async function answer(choice: "confirm" | "cancel", { store, params }: StoreArgs) {
  const token = params.token ?? "";
  const result = await answerByLink(store.id, token, choice, emailStore(store));
  if (result === "not-found") throw notFoundPage(ORDER_PATH.notFound);
  if (result === "expired") throw new Refusal(410, { key: "codConfirmation.page.expired" });
  if (result === "unchanged") throw new Refusal(409, { key: "codConfirmation.page.notAwaiting" });
  return redirectWithToast(`/confirm-order/${token}`, {
    key:
      result === "confirmed" ? "codConfirmation.page.confirmedToast" : "codConfirmation.page.cancelledToast",
  });
}

export const action = storeAction((args) =>
  dispatchIntent(args, {
    confirm: [INTENT_ONLY, (_, args) => answer("confirm", args)],
    cancel: [INTENT_ONLY, (_, args) => answer("cancel", args)],
  }),
);

export default function ConfirmOrderPage() {
  const { order, expired, deadline } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const open = order.status === "awaiting_confirmation" && !expired;
  const icon = order.status === "cancelled" ? "cross" : open || expired ? "wait" : "check";
  const title = open
    ? t("codConfirmation.page.title", { number: order.number })
    : expired && order.status === "awaiting_confirmation"
      ? t("codConfirmation.page.expired")
      : t("codConfirmation.page.settled", {
          number: order.number,
          status: t(`orders.statuses.${order.status}`),
        });
  return (
    <OrderOutcome
      order={order}
      icon={icon}
      title={title}
      message={open ? t("codConfirmation.page.intro", { date: deadline }) : ""}
      actions={
        open ? (
          <Form method="post" className="mt-8 flex flex-wrap justify-center gap-3">
            <Button name="intent" value="confirm" disabled={busy}>
              {t("codConfirmation.page.confirm")}
            </Button>
            <Button name="intent" value="cancel" variant="danger" disabled={busy}>
              {t("codConfirmation.page.cancel")}
            </Button>
          </Form>
        ) : undefined
      }
    />
  );
}

export const ErrorBoundary = OrderErrorBoundary;
