import { adminLoader, resourceRoute } from "~/http/handlers.server";
import { entityFromPath, ORDER_PATH } from "~/http/entity.server";
import { invoicePdfResponse } from "~/http/invoice-pdf.server";
import { findInvoice } from "~/services/tax/invoices.server";

/**
 * The tax invoice of one of the store's orders as a PDF download (issue 35 item 4, decision
 * 049), `orders.view` as the printable page; another store's order or one without an invoice: 404.
 */
export const loader = resourceRoute(
  adminLoader("orders.view", async ({ store, params, locale }) => {
    const document = await entityFromPath(
      params.number,
      (number) => findInvoice(store.id, number),
      ORDER_PATH,
    );
    return invoicePdfResponse(document, locale, store.timeZone);
  }),
);
