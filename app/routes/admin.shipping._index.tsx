/**
 * /admin/shipping (issue 33, decision 039): the store's shipping zones in matching order, each
 * with where it delivers and its rates summed up in the page's language, and what happens to an
 * address no zone takes ("does not ship elsewhere" when there is no "Everywhere" zone). A zone is
 * opened to edit it and its rates, or deleted (confirmed) with them.
 */
import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { useShippingListColumns } from "~/components/admin/ShippingListColumns";
import { Button } from "~/components/ui/Button";
import { ListPage } from "~/components/ui/ListPage";
import { Notice } from "~/components/ui/Notice";
import { notFoundPage } from "~/http/entity.server";
import { adminLoader, type AdminArgs } from "~/http/handlers.server";
import { intentAction } from "~/http/intent-action.server";
import { getServerT } from "~/lib/i18n.server";
import { formatMoney } from "~/lib/money";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/use-translation";
import { shippingMoveSchema, shippingRowSchema, type ShippingMove } from "~/lib/validation/admin-shipping";
import { deleteShippingZone, listShippingZones, moveShippingZone } from "~/services/shipping/admin.server";
import { placesSummary, rateName, ratePrice } from "~/services/shipping/admin-view.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("shippingAdmin.title") });

export const loader = adminLoader("settings.edit", async ({ store, locale }) => {
  const t = getServerT(locale) as unknown as (key: string, params?: Record<string, unknown>) => string;
  const { zones, legacy } = await listShippingZones(store.id);
  const money = (cents: number) => formatMoney(cents, store.currency, locale);
  return {
    rows: zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      places: placesSummary(zone, locale, t),
      rates: zone.rates.map((rate) => ({
        id: rate.id,
        name: rateName(rate, locale),
        price: ratePrice(rate, store.currency, locale, t),
      })),
    })),
    shipsElsewhere: zones.some((zone) => zone.everywhere),
    /** A store without any zone charges its earlier flat fee everywhere (decision 039). */
    fallback:
      zones.length === 0
        ? {
            fee: money(legacy.shippingFeeCents),
            threshold: legacy.freeShippingThresholdCents ? money(legacy.freeShippingThresholdCents) : null,
          }
        : null,
  };
});

const moveZone = async ({ intent, id }: ShippingMove, { store }: AdminArgs) => {
  const direction = intent === "zone-up" ? "up" : "down";
  if (!(await moveShippingZone(store.id, id.toLowerCase(), direction))) throw notFoundPage();
  return redirectWithToast("/admin/shipping", { key: "shippingAdmin.zoneMoved" });
};

export const action = intentAction("settings.edit", {
  "zone-up": [shippingMoveSchema, moveZone],
  "zone-down": [shippingMoveSchema, moveZone],
  delete: [
    shippingRowSchema,
    async ({ id }, { store }) => {
      if (!(await deleteShippingZone(store.id, id.toLowerCase()))) throw notFoundPage();
      return redirectWithToast("/admin/shipping", { key: "shippingAdmin.zoneDeleted" });
    },
  ],
});

export default function AdminShipping() {
  const { rows, shipsElsewhere, fallback } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const columns = useShippingListColumns("zone", rows, (row) => `/admin/shipping/${row.id}`, [
    { key: "places", header: t("shippingAdmin.placesColumn"), cell: (row) => row.places },
    {
      key: "rates",
      header: t("shippingAdmin.ratesColumn"),
      cell: (row) =>
        row.rates.length === 0 ? (
          <span className="text-muted">{t("shippingAdmin.noRates")}</span>
        ) : (
          <ul className="flex flex-col gap-1">
            {row.rates.map((rate) => (
              <li key={rate.id}>
                <span className="font-bold" dir="auto">
                  {rate.name}
                </span>{" "}
                <span className="text-sm text-muted">{rate.price}</span>
              </li>
            ))}
          </ul>
        ),
    },
  ]);
  return (
    <AdminPage title={t("shippingAdmin.title")}>
      <p className="text-muted">{t("shippingAdmin.intro")}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button to="/admin/shipping/new">{t("shippingAdmin.newZone")}</Button>
      </div>
      <ActionNotice data={actionData} />
      {fallback ? (
        <Notice tone="info">
          {fallback.threshold
            ? t("shippingAdmin.fallbackThreshold", { fee: fallback.fee, threshold: fallback.threshold })
            : t("shippingAdmin.fallback", { fee: fallback.fee })}
        </Notice>
      ) : !shipsElsewhere ? (
        <Notice tone="info">{t("shippingAdmin.notElsewhere")}</Notice>
      ) : null}
      {rows.length > 1 ? <p className="text-sm text-muted">{t("shippingAdmin.orderHint")}</p> : null}
      <ListPage
        texts="shippingAdmin.list"
        page={{ rows, prevCursor: null, nextCursor: null }}
        columns={columns}
      />
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
