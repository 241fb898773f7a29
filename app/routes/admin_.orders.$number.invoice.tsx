import { useLoaderData } from "@remix-run/react";
import { TaxInvoice } from "~/components/orders/TaxInvoice";
import { adminLoader } from "~/http/handlers.server";
import { invoiceMeta } from "~/lib/tax-document-meta";
import type { ShellHandle } from "~/root";
import { invoicePage } from "~/http/tax-document-page.server";

/**
 * The tax invoice of one of the store's orders (issue 35, decision 043), printable: outside the
 * admin layout (`admin_`) and the store's chrome, as the packing slip. Another store's order, or
 * one without an invoice: 404.
 */
export const handle: ShellHandle = { chrome: false };

export const meta = invoiceMeta;

export const loader = adminLoader("orders.view", (args) => invoicePage(args));

export default function AdminInvoicePage() {
  const { invoice } = useLoaderData<typeof loader>();
  return <TaxInvoice invoice={invoice} pdfHref={`/admin/orders/${invoice.orderNumber}/invoice.pdf`} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
