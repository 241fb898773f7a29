import { useLoaderData } from "@remix-run/react";
import { TaxInvoice } from "~/components/orders/TaxInvoice";
import { OrderErrorBoundary } from "~/components/orders/OrderNotFound";
import { shopperLoader } from "~/http/handlers.server";
import { creditNoteMeta } from "~/lib/tax-document-meta";
import type { ShellHandle } from "~/root";
import { creditNotePage } from "~/http/tax-document-page.server";

/**
 * A credit note of the signed-in shopper's order (issue 35 item 6, decision 048), printable like
 * its invoice. Not their order, another store's, or no such note: the same 'Order Not Found' 404.
 */
export const handle: ShellHandle = { chrome: false };

export const meta = creditNoteMeta;

export const loader = shopperLoader((args) => creditNotePage(args, args.user.id));

export default function ShopperCreditNotePage() {
  const { note } = useLoaderData<typeof loader>();
  return <TaxInvoice invoice={note} creditNoteOf={note.refersTo} />;
}

export const ErrorBoundary = OrderErrorBoundary;

export { headers } from "~/http/headers";
