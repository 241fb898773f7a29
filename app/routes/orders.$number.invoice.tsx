import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TaxInvoice } from "~/components/orders/TaxInvoice";
import { OrderErrorBoundary } from "~/components/orders/OrderNotFound";
import { shopperLoader } from "~/http/handlers.server";
import { entityFromPath, ORDER_PATH } from "~/http/entity.server";
import { seo } from "~/lib/seo";
import type { ShellHandle } from "~/root";
import { invoiceView } from "~/services/tax/invoice-view.server";
import { findInvoice } from "~/services/tax/invoices.server";

/**
 * The tax invoice of the signed-in shopper's order (issue 35, decision 043), printable: without
 * the store's header and footer. Not their order, another store's, or no invoice issued: the
 * same 'Order Not Found' 404.
 */
export const handle: ShellHandle = { chrome: false };

export const meta: MetaFunction<typeof loader> = (args) =>
  seo({
    ...args,
    page: (t) =>
      t("invoice.title", { number: args.data?.invoice.number ?? "", order: args.params.number ?? "" }),
  });

export const loader = shopperLoader(async ({ store, user, params, locale }) => {
  const document = await entityFromPath(
    params.number,
    (number) => findInvoice(store.id, number, user.id),
    ORDER_PATH,
  );
  return { invoice: await invoiceView(document, locale, store.timeZone) };
});

export default function ShopperInvoicePage() {
  const { invoice } = useLoaderData<typeof loader>();
  return <TaxInvoice invoice={invoice} pdfHref={`/orders/${invoice.orderNumber}/invoice.pdf`} />;
}

export const ErrorBoundary = OrderErrorBoundary;

export { headers } from "~/http/headers";
