import { resourceRoute, shopperLoader } from "~/http/handlers.server";
import { entityFromPath, ORDER_PATH } from "~/http/entity.server";
import { invoicePdfResponse } from "~/http/invoice-pdf.server";
import { findInvoice } from "~/services/tax/invoices.server";

/**
 * The tax invoice of the signed-in shopper's order as a PDF download (issue 35 item 4, decision
 * 049): the printable page's guard and 404 (not their order, another store's, no invoice).
 */
export const loader = resourceRoute(
  shopperLoader(async ({ store, user, params, locale }) => {
    const document = await entityFromPath(
      params.number,
      (number) => findInvoice(store.id, number, user.id),
      ORDER_PATH,
    );
    return invoicePdfResponse(document, locale, store.timeZone);
  }),
);
