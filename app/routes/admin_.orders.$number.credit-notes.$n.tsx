import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TaxInvoice } from "~/components/orders/TaxInvoice";
import { adminLoader } from "~/http/handlers.server";
import { entityFromPath, ORDER_PATH, pathKey } from "~/http/entity.server";
import { seo } from "~/lib/seo";
import type { ShellHandle } from "~/root";
import { creditNoteView } from "~/services/tax/credit-note-view.server";
import { findCreditNote } from "~/services/tax/credit-notes.server";

/**
 * A credit note of one of the store's orders (issue 35 item 6, decision 048), printable outside
 * the admin layout like the invoice. Another store's order or no such note: 404.
 */
export const handle: ShellHandle = { chrome: false };

export const meta: MetaFunction<typeof loader> = (args) =>
  seo({
    ...args,
    page: (t) =>
      t("refunds.creditNote.title", { number: args.params.n ?? "", order: args.params.number ?? "" }),
  });

export const loader = adminLoader("orders.view", async ({ store, params, locale }) => {
  const note = pathKey(params.n, ORDER_PATH);
  const document = await entityFromPath(
    params.number,
    (number) => findCreditNote(store.id, number, note),
    ORDER_PATH,
  );
  return { note: creditNoteView(document, locale, store.timeZone) };
});

export default function AdminCreditNotePage() {
  const { note } = useLoaderData<typeof loader>();
  return <TaxInvoice invoice={note} creditNoteOf={note.refersTo} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
