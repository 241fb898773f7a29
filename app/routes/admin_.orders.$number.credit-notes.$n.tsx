import { useLoaderData } from "@remix-run/react";
import { TaxInvoice } from "~/components/orders/TaxInvoice";
import { adminLoader } from "~/http/handlers.server";
import { creditNoteMeta } from "~/lib/tax-document-meta";
import type { ShellHandle } from "~/root";
import { creditNotePage } from "~/http/tax-document-page.server";

/**
 * A credit note of one of the store's orders (issue 35 item 6, decision 048), printable outside
 * the admin layout like the invoice. Another store's order or no such note: 404.
 */
export const handle: ShellHandle = { chrome: false };

export const meta = creditNoteMeta;

export const loader = adminLoader("orders.view", (args) => creditNotePage(args));

export default function AdminCreditNotePage() {
  const { note } = useLoaderData<typeof loader>();
  return <TaxInvoice invoice={note} creditNoteOf={note.refersTo} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
