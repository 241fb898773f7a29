/**
 * The titles of an order's printable tax documents (decisions 043 and 048), the admin's page and
 * the shopper's alike.
 */
import type { MetaFunction } from "@remix-run/node";
import { seo } from "~/lib/seo";

/** "Invoice <number> of order <order>"; the invoice's number comes from the loader. */
export const invoiceMeta: MetaFunction<() => Promise<{ invoice: { number: string } }>> = (args) =>
  seo({
    ...args,
    page: (t) =>
      t("invoice.title", { number: args.data?.invoice.number ?? "", order: args.params.number ?? "" }),
  });

/** "Credit note <n> of order <order>", both from the path. */
export const creditNoteMeta: MetaFunction = (args) =>
  seo({
    ...args,
    page: (t) =>
      t("refunds.creditNote.title", { number: args.params.n ?? "", order: args.params.number ?? "" }),
  });
