import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { PackingSlip } from "~/components/orders/PackingSlip";
import { Button } from "~/components/ui/Button";
import { selectionFromQuery } from "~/http/bulk-selection.server";
import { notFoundPage, ORDER_PATH } from "~/http/entity.server";
import { adminLoader } from "~/http/handlers.server";
import { seo } from "~/lib/seo";
import type { ShellHandle } from "~/root";
import { getSlipOrders, slipView } from "~/services/orders/packing-slip.server";

/**
 * The packing slips of the orders chosen on the list (`?ids=…`, issue 39), one printed page each,
 * oldest order first: the single slip's page (admin_.orders.$number.packing-slip) many times,
 * outside the admin layout and the store's chrome. Nothing chosen, too many or a malformed id is
 * a 400 with its message; ids the store does not have (another store's) are left out, and none
 * found at all is the order's 404.
 */
export const handle: ShellHandle = { chrome: false };

export const meta: MetaFunction<typeof loader> = (args) =>
  seo({ ...args, page: (t) => t("admin.orders.slips.title", { count: args.data?.slips.length ?? 0 }) });

export const loader = adminLoader("orders.view", async ({ request, store, locale }) => {
  const ids = selectionFromQuery(request);
  const found = await getSlipOrders(store.id, ids);
  if (found.length === 0) throw notFoundPage(ORDER_PATH.notFound);
  return {
    store: { name: store.name, logoImageId: store.branding.logoImageId },
    slips: found.map((order) => slipView(order, locale, store.timeZone)),
  };
});

export default function PackingSlips() {
  const { store, slips } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-8 bg-white p-6 text-black print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-4 print:hidden">
        <h1 className="text-xl font-extrabold">{t("admin.orders.slips.title", { count: slips.length })}</h1>
        {/* Printing needs JavaScript; without it the browser's own Print menu does the same. */}
        <Button type="button" onClick={() => window.print()}>
          {t("admin.orders.slips.print")}
        </Button>
      </div>
      {slips.map((slip, index) => (
        <PackingSlip
          key={slip.number}
          store={store}
          slip={slip}
          heading="h2"
          // One sheet each: a page break before every slip but the first; a line between them on screen.
          className={
            index > 0
              ? "border-t-4 border-dashed border-gray-400 pt-8 print:break-before-page print:border-0 print:pt-0"
              : undefined
          }
        />
      ))}
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
