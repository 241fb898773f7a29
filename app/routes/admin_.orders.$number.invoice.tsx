import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TaxInvoice } from "~/components/orders/TaxInvoice";
import { adminLoader } from "~/http/handlers.server";
import { entityFromPath, ORDER_PATH } from "~/http/entity.server";
import { seo } from "~/lib/seo";
import type { ShellHandle } from "~/root";
import { invoiceView } from "~/services/tax/invoice-view.server";
import { findInvoice } from "~/services/tax/invoices.server";

/**
 * The tax invoice of one of the store's orders (issue 35, decision 043), printable: outside the
 * admin layout (`admin_`) and the store's chrome, as the packing slip. Another store's order, or
 * one without an invoice: 404.
 */
export const handle: ShellHandle = { chrome: false };

export const meta: MetaFunction<typeof loader> = (args) =>
  seo({
    ...args,
    page: (t) =>
      t("invoice.title", { number: args.data?.invoice.number ?? "", order: args.params.number ?? "" }),
  });

export const loader = adminLoader("orders.view", async ({ store, params, locale }) => {
  const document = await entityFromPath(params.number, (number) => findInvoice(store.id, number), ORDER_PATH);
  return { invoice: await invoiceView(document, locale, store.timeZone) };
});

export default function AdminInvoicePage() {
  const { invoice } = useLoaderData<typeof loader>();
  return <TaxInvoice invoice={invoice} pdfHref={`/admin/orders/${invoice.orderNumber}/invoice.pdf`} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
