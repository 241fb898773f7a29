/**
 * Staff: one store (issue 12): its address, plan, subscription, counts, and suspend / reactivate.
 * A suspended store shows the notice on every page at once (every instance's tenant cache hears
 * of it); staff never act inside a store.
 */
import { knownSubscriptionStatus } from "~/components/admin/subscription-status";
import { BackLink } from "~/components/admin/BackLink";
import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { useShortDate } from "~/components/platform/tenant-view";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { Notice } from "~/components/ui/Notice";
import { staffAction, staffLoader, type StaffArgs } from "~/http/handlers.server";
import { dispatchIntent, INTENT_ONLY } from "~/http/intent-action.server";
import { entityFromPath, notFoundPage, pathKey } from "~/http/entity.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { getStoreDetail, setStoreStatus } from "~/services/platform/platform.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("platform.stores.detailTitle") });

const NOT_FOUND = { notFound: "platform.stores.notFound" };

export const loader = staffLoader(async ({ params }) => {
  const store = await entityFromPath(params.id, getStoreDetail, NOT_FOUND);
  return { store };
});

/** Suspend or reactivate: each button's form is nothing but its intent. */
const setStatus =
  (status: "suspended" | "active") =>
  async (_: unknown, { params }: StaffArgs) => {
    const id = pathKey(params.id, NOT_FOUND);
    if (!(await setStoreStatus(id, status))) throw notFoundPage(NOT_FOUND.notFound);
    return redirectWithToast(`/platform/stores/${id}`, {
      key: status === "suspended" ? "platform.stores.suspendedToast" : "platform.stores.reactivatedToast",
    });
  };

export const action = staffAction((args) =>
  dispatchIntent(args, {
    suspend: [INTENT_ONLY, setStatus("suspended")],
    reactivate: [INTENT_ONLY, setStatus("active")],
  }),
);

export default function PlatformStore() {
  const { store } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const date = useShortDate();
  const suspended = store.status === "suspended";
  const rows: [string, string | number][] = [
    [
      t("platform.stores.host"),
      store.customDomain && store.customDomainVerified ? store.customDomain : store.slug,
    ],
    [t("platform.stores.status"), t(`platform.stores.states.${store.state}`)],
    [t("platform.stores.plan"), store.plan ?? "—"],
    [
      t("platform.stores.subscription"),
      knownSubscriptionStatus(store.subscriptionStatus)
        ? t(`billing.statuses.${store.subscriptionStatus}`)
        : (store.subscriptionStatus ?? t("billing.statuses.none")),
    ],
    [t("platform.stores.periodEnd"), date(store.periodEnd)],
    [t("platform.stores.stripeCustomer"), store.stripeCustomerId ?? "—"],
    [t("platform.stores.users"), store.userCount],
    [t("platform.stores.products"), store.productCount],
    [t("platform.stores.orders"), store.orderCount],
    [t("platform.stores.created"), date(store.createdAt)],
  ];
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <BackLink to="/platform/stores" label={t("platform.stores.back")} />
      <h1 className="mt-4 text-3xl font-extrabold" dir="auto">
        {store.name}
      </h1>
      {actionData?.notice ? (
        <div className="mt-4">
          <Notice>{t(actionData.notice.key)}</Notice>
        </div>
      ) : null}
      <dl className="mt-6 grid gap-x-6 gap-y-2 rounded-lg border border-line p-5 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-bold">{label}</dt>
            <dd className="break-all" dir="auto">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-6">
        <ConfirmDialog
          id="store-status"
          tone={suspended ? "primary" : "danger"}
          trigger={suspended ? t("platform.stores.reactivate") : t("platform.stores.suspend")}
          title={
            suspended
              ? t("platform.stores.confirmReactivate", { name: store.name })
              : t("platform.stores.confirmSuspend", { name: store.name })
          }
          description={
            suspended ? t("platform.stores.confirmReactivateText") : t("platform.stores.confirmSuspendText")
          }
          fields={{ intent: suspended ? "reactivate" : "suspend" }}
        />
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
