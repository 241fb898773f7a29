/**
 * /admin/orders/:number/returns (issue 37 item 4, decision 050): the steps of the shopper's return
 * requests, taken from the order page's forms: approve or decline (with a message to the shopper),
 * and the units received. `orders.refund`, like the refund they lead to. A step the request's state
 * does not allow is a 409 with its state; bad input a 400; another store's order or request a 404;
 * nothing changes then: this page shows the order's requests again with why.
 */
import { BackLink } from "~/components/admin/BackLink";
import type { MetaFunction } from "@remix-run/node";
import type { z } from "zod";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { AdminReturns } from "~/components/returns/AdminReturns";
import { entityFromPath } from "~/http/entity.server";
import { seo } from "~/lib/seo";
import { useTranslation } from "~/lib/use-translation";
import { orderReturns } from "~/services/orders/returns.server";
import { notFoundPage, ORDER_PATH, pathKey } from "~/http/entity.server";
import { adminLoader, type AdminArgs } from "~/http/handlers.server";
import { intentAction, SCHEMA_FORM } from "~/http/intent-action.server";
import { badRequest, Refusal } from "~/http/refusal.server";
import { parseWithZod } from "@conform-to/zod";
import { getT } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { returnDecisionSchema, returnReceivedSchema } from "~/lib/validation/returns";
import { emailStore } from "~/services/email/email-templates.server";
import { decideReturn, receiveReturn, type ReturnStepResult } from "~/services/orders/returns.server";

export const meta: MetaFunction<typeof loader> = (args) => seo({ ...args, page: (t) => t("returns.title") });

export const loader = adminLoader("orders.view", async ({ store, params, locale, permissions }) => {
  const number = pathKey(params.number, ORDER_PATH);
  const requests = await entityFromPath(
    params.number,
    (n) => orderReturns(store.id, n, locale, store.timeZone),
    ORDER_PATH,
  );
  return { number, requests, canAct: permissions.includes("orders.refund") };
});

/** What a return step's service answered: the order again with a toast, or why not. */
function answer(result: ReturnStepResult, toast: string, { params, locale }: AdminArgs) {
  const number = pathKey(params.number, ORDER_PATH);
  if (result.kind === "not-found") throw notFoundPage(ORDER_PATH.notFound);
  if (result.kind === "invalid") throw badRequest("returns.admin.receivedInvalid");
  if (result.kind === "illegal")
    throw new Refusal(409, {
      key: "returns.admin.illegal",
      params: { state: getT(locale)(`returns.states.${result.state}`) },
    });
  return redirectWithToast(`/admin/orders/${number}`, { key: toast });
}

/** Approve or decline a request, with a message to the shopper. */
async function decide({ intent, returnId, message }: z.output<typeof returnDecisionSchema>, args: AdminArgs) {
  const { store, user, params } = args;
  const number = pathKey(params.number, ORDER_PATH);
  const result = await decideReturn(store.id, number, returnId, intent, message, user.id, emailStore(store));
  return answer(
    result,
    intent === "approve" ? "returns.admin.approvedToast" : "returns.admin.declinedToast",
    args,
  );
}

export const action = intentAction("orders.refund", {
  approve: [returnDecisionSchema, decide],
  decline: [returnDecisionSchema, decide],
  // The units received, per line: a conform list form, refused as a whole.
  receive: [
    SCHEMA_FORM,
    async (_, args) => {
      const { store, user, params, form } = args;
      const number = pathKey(params.number, ORDER_PATH);
      const parsed = parseWithZod(form, { schema: returnReceivedSchema });
      if (parsed.status !== "success") throw badRequest("returns.admin.receivedInvalid");
      const { returnId, lines } = parsed.value;
      const result = await receiveReturn(store.id, number, returnId, lines, user.id, emailStore(store));
      return answer(result, "returns.admin.receivedToast", args);
    },
  ],
});

export default function AdminOrderReturns() {
  const { number, requests, canAct } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AdminPage title={t("returns.title")}>
      <BackLink to={`/admin/orders/${number}`} label={t("refunds.backToOrder", { number })} />
      <ActionNotice data={actionData} />
      {requests.length === 0 ? (
        <p className="text-muted">{t("returns.list.emptyNone")}</p>
      ) : (
        <AdminReturns number={number} requests={requests} canAct={canAct} />
      )}
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
