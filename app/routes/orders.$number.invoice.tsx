import { useLoaderData } from "@remix-run/react";
import { TaxInvoice } from "~/components/orders/TaxInvoice";
import { OrderErrorBoundary } from "~/components/orders/OrderNotFound";
import { shopperLoader } from "~/http/handlers.server";
import { invoiceMeta } from "~/lib/tax-document-meta";
import type { ShellHandle } from "~/root";
import { invoicePage } from "~/http/tax-document-page.server";

/**
 * The tax invoice of the signed-in shopper's order (issue 35, decision 043), printable: without
 * the store's header and footer. Not their order, another store's, or no invoice issued: the
 * same 'Order Not Found' 404.
 */
export const handle: ShellHandle = { chrome: false };

export const meta = invoiceMeta;

export const loader = shopperLoader((args) => invoicePage(args, args.user.id));

export default function ShopperInvoicePage() {
  const { invoice } = useLoaderData<typeof loader>();
  return <TaxInvoice invoice={invoice} pdfHref={`/orders/${invoice.orderNumber}/invoice.pdf`} />;
}

export const ErrorBoundary = OrderErrorBoundary;

export { headers } from "~/http/headers";
