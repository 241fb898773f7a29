/**
 * The printable pages of an order's tax documents (issue 35, decisions 043 and 048), the admin's
 * and the shopper's alike: the order of the path in the store, its invoice or one of its credit
 * notes, as the page shows it. The shopper's pages pass their own id, so another shopper's order,
 * like another store's or a missing document, is the same 404 (`ORDER_PATH`).
 */
import { entityFromPath, ORDER_PATH, pathKey } from "~/http/entity.server";
import type { StoreArgs } from "~/http/handlers.server";
import { creditNoteView } from "~/services/tax/credit-note-view.server";
import { findCreditNote } from "~/services/tax/credit-notes.server";
import { invoiceView } from "~/services/tax/invoice-view.server";
import { findInvoice } from "~/services/tax/invoices.server";

/** The invoice of the order `params.number` of the store (and of `userId`, when given). */
export async function invoicePage({ store, params, locale }: StoreArgs, userId?: string) {
  const document = await entityFromPath(
    params.number,
    (number) => findInvoice(store.id, number, userId),
    ORDER_PATH,
  );
  return { invoice: await invoiceView(document, locale, store.timeZone) };
}

/** The credit note `params.n` of the order `params.number` of the store (and of `userId`). */
export async function creditNotePage({ store, params, locale }: StoreArgs, userId?: string) {
  const note = pathKey(params.n, ORDER_PATH);
  const document = await entityFromPath(
    params.number,
    (number) => findCreditNote(store.id, number, note, userId),
    ORDER_PATH,
  );
  return { note: creditNoteView(document, locale, store.timeZone) };
}
