import { Refusal } from "~/http/refusal.server";
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { PackingSlip } from "~/components/orders/PackingSlip";
import { Button } from "~/components/ui/Button";
import { adminLoader } from "~/http/handlers.server";
import { seo } from "~/lib/seo";
import type { ShellHandle } from "~/root";
import { getAdminOrder } from "~/services/orders/admin-orders.server";
import { slipView } from "~/services/orders/packing-slip.server";
import { entityFromPath, ORDER_PATH } from "~/http/entity.server";

/**
 * A printable packing slip: outside the admin layout (`admin_` in the file name) and without the
 * store's header and footer (`chrome: false`), so the page is the slip and nothing else. No
 * prices (it goes in the parcel), only the amount to collect on an unpaid Cash On Delivery order. The admin guard is the route's own (adminLoader).
 * The orders list prints several at once: /admin/orders/packing-slips.
 */
export const handle: ShellHandle = { chrome: false };

export const meta: MetaFunction<typeof loader> = (args) =>
  seo({ ...args, page: (t) => t("admin.orders.slip.title", { number: args.data?.number ?? "" }) });

export const loader = adminLoader("orders.view", async ({ store, params, locale }) => {
  const order = await entityFromPath(params.number, (number) => getAdminOrder(store.id, number), ORDER_PATH);
  // Nothing is packed before the shopper confirmed a Cash On Delivery order (issue 34).
  if (order.status === "awaiting_confirmation")
    throw new Refusal(409, { key: "codConfirmation.admin.noSlipYet" });
  return {
    store: { name: store.name, logoImageId: store.branding.logoImageId },
    ...slipView(order, locale, store.timeZone),
  };
});

export default function PackingSlipPage() {
  const { store, ...slip } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-8 bg-white p-6 text-black print:max-w-none print:p-0">
      <div className="flex justify-end print:hidden">
        {/* Printing needs JavaScript; without it the browser's own Print menu does the same. */}
        <Button type="button" onClick={() => window.print()}>
          {t("admin.orders.slip.print")}
        </Button>
      </div>
      <PackingSlip store={store} slip={slip} />
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
