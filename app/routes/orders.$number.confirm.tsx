/**
 * "Confirm my order" on the signed-in shopper's order page (issue 34): a Cash On Delivery order
 * still awaiting confirmation becomes confirmed; anything else changes nothing (409).
 */
import { redirect } from "@remix-run/node";
import { shopperAction, shopperLoader } from "~/http/handlers.server";
import { notFoundPage, ORDER_PATH, pathKey } from "~/http/entity.server";
import { Refusal } from "~/http/refusal.server";
import { redirectWithToast } from "~/lib/toast.server";
import { emailStore } from "~/services/email/email-templates.server";
import { confirmShopperOrder } from "~/services/orders/cod-confirmation.server";

/** Nothing to show: the button is on the order's page. */
export const loader = shopperLoader(async ({ params }) => {
  throw redirect(`/orders/${pathKey(params.number, ORDER_PATH)}`);
});

export const action = shopperAction(async ({ store, user, params }) => {
  const number = pathKey(params.number, ORDER_PATH);
  const result = await confirmShopperOrder(store.id, user.id, number, emailStore(store));
  if (result === "not-found") throw notFoundPage(ORDER_PATH.notFound);
  if (result === "unchanged") throw new Refusal(409, { key: "codConfirmation.page.notAwaiting" });
  return redirectWithToast(`/orders/${number}`, {
    key: "codConfirmation.page.confirmedToast",
    params: { number },
  });
});
