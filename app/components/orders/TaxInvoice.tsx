import { Fragment } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Button, buttonClass } from "~/components/ui/Button";
import type { InvoiceView } from "~/services/tax/contract";

/** A4 with a modest margin; only while this page is printed (the style is the page's own). */
const PRINT_CSS = "@page { size: A4; margin: 12mm; }";

/**
 * The printable tax invoice (issue 35, decision 043), the shopper's and the admin's page alike:
 * seller, buyer, lines with VAT rate and VAT, net, VAT per rate and total, and a Saudi seller's
 * ZATCA QR. A table from 640 px and on paper; stacked cards on a phone.
 */
export function TaxInvoice({
  invoice,
  pdfHref,
  creditNoteOf,
}: {
  invoice: InvoiceView;
  /** The same document as a PDF (decision 049); a credit note has none yet. */
  pdfHref?: string;
  /** A credit note (decision 048): headed "Credit Note", naming the invoice it refers to. */
  creditNoteOf?: number;
}) {
  const { t } = useTranslation();
  const credit = creditNoteOf !== undefined;
  const heading = credit
    ? t("refunds.creditNote.heading")
    : invoice.simplified
      ? t("invoice.headingSimplified")
      : t("invoice.heading");
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-6 bg-white p-4 text-black sm:p-8 print:max-w-none print:p-0">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap justify-end gap-2 print:hidden">
        {/* The same invoice as a PDF file (decision 049), in the page's language. */}
        {pdfHref ? (
          <a href={pdfHref} download className={buttonClass({ variant: "secondary" })}>
            {t("invoicePdf.download")}
          </a>
        ) : null}
        {/* Printing needs JavaScript; without it the browser's own Print menu does the same. */}
        <Button type="button" onClick={() => window.print()}>
          {t("invoice.print")}
        </Button>
      </div>
      <article className="flex flex-col gap-6" aria-labelledby="invoice-heading">
        <header className="flex flex-col gap-4 border-b-2 border-black pb-4 sm:flex-row sm:justify-between print:flex-row print:justify-between">
          <div className="min-w-0">
            <h1 id="invoice-heading" className="text-2xl font-extrabold sm:text-3xl">
              {heading}
            </h1>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="font-bold">{credit ? t("refunds.creditNote.number") : t("invoice.number")}</dt>
              <dd data-testid="invoice-number">
                <bdi>{invoice.number}</bdi>
              </dd>
              {credit ? (
                <>
                  <dt className="font-bold">{t("refunds.creditNote.refersTo")}</dt>
                  <dd data-testid="credit-note-invoice">
                    <bdi>{creditNoteOf}</bdi>
                  </dd>
                </>
              ) : null}
              <dt className="font-bold">{t("invoice.date")}</dt>
              <dd>
                <time dateTime={invoice.dateTime}>{invoice.date}</time>
              </dd>
              <dt className="font-bold">{t("invoice.order")}</dt>
              <dd>
                <bdi>#{invoice.orderNumber}</bdi>
              </dd>
            </dl>
          </div>
          {invoice.qrImage ? (
            <figure className="shrink-0 self-start">
              <img
                src={invoice.qrImage}
                alt={t("invoice.qr")}
                width={144}
                height={144}
                className="size-36"
                data-testid="invoice-qr"
              />
            </figure>
          ) : null}
        </header>

        <div className="grid gap-6 sm:grid-cols-2 print:grid-cols-2">
          <section aria-labelledby="invoice-seller">
            <h2 id="invoice-seller" className="text-lg font-bold">
              {t("invoice.seller")}
            </h2>
            {/* Names and addresses in either script keep the page's alignment (bdi, not dir=auto). */}
            <p className="font-bold">
              <bdi data-testid="invoice-seller-name">{invoice.seller.name}</bdi>
            </p>
            {invoice.seller.otherName ? (
              <p>
                <bdi>{invoice.seller.otherName}</bdi>
              </p>
            ) : null}
            {invoice.seller.address ? (
              <p className="break-words">
                <bdi>{invoice.seller.address}</bdi>
              </p>
            ) : null}
            <p>
              {t("invoice.vatNumber")}: <bdi data-testid="invoice-vat-number">{invoice.seller.vatNumber}</bdi>
            </p>
          </section>
          <section aria-labelledby="invoice-buyer">
            <h2 id="invoice-buyer" className="text-lg font-bold">
              {t("invoice.buyer")}
            </h2>
            <p className="font-bold">
              <bdi>{invoice.buyer.name}</bdi>
            </p>
            <p className="break-words">
              <bdi>{invoice.buyer.address}</bdi>
            </p>
            {invoice.buyer.country ? <p>{invoice.buyer.country}</p> : null}
          </section>
        </div>

        <section aria-labelledby="invoice-lines">
          <h2 id="invoice-lines" className="sr-only">
            {t("invoice.lines")}
          </h2>
          <table className="hidden w-full border-collapse sm:table print:table">
            <thead>
              <tr className="border-b-2 border-black">
                <th scope="col" className="py-2 pe-3 text-start">
                  {t("invoice.item")}
                </th>
                <th scope="col" className="py-2 pe-3 text-end">
                  {t("invoice.quantity")}
                </th>
                <th scope="col" className="py-2 pe-3 text-end">
                  {t("invoice.unitPrice")}
                </th>
                <th scope="col" className="py-2 pe-3 text-end">
                  {t("invoice.vatRate")}
                </th>
                <th scope="col" className="py-2 pe-3 text-end">
                  {t("invoice.vat")}
                </th>
                <th scope="col" className="py-2 text-end">
                  {t("invoice.lineTotal")}
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line) => (
                <tr key={line.key} className="border-b border-gray-400 break-inside-avoid">
                  <td className="py-2 pe-3 break-words" dir="auto">
                    {line.name}
                  </td>
                  <td className="py-2 pe-3 text-end">{line.quantity}</td>
                  <td className="py-2 pe-3 text-end whitespace-nowrap">{line.unitPrice}</td>
                  <td className="py-2 pe-3 text-end whitespace-nowrap">{line.rate}</td>
                  <td className="py-2 pe-3 text-end whitespace-nowrap">{line.vat}</td>
                  <td className="py-2 text-end whitespace-nowrap">{line.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="flex flex-col gap-3 sm:hidden print:hidden">
            {invoice.lines.map((line) => (
              <li key={line.key} className="rounded border border-gray-400 p-3">
                <p className="font-bold break-words" dir="auto">
                  {line.name}
                </p>
                <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  <dt>{t("invoice.quantity")}</dt>
                  <dd className="text-end">{line.quantity}</dd>
                  <dt>{t("invoice.unitPrice")}</dt>
                  <dd className="text-end">{line.unitPrice}</dd>
                  <dt>{t("invoice.vatRate")}</dt>
                  <dd className="text-end">{line.rate}</dd>
                  <dt>{t("invoice.vat")}</dt>
                  <dd className="text-end">{line.vat}</dd>
                  <dt className="font-bold">{t("invoice.lineTotal")}</dt>
                  <dd className="text-end font-bold">{line.total}</dd>
                </dl>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm">
            {invoice.inclusive ? t("invoice.pricesInclude") : t("invoice.pricesExclude")}
          </p>
        </section>

        <dl className="ms-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-y-1 break-inside-avoid [&>dd]:ps-4">
          {invoice.shipping ? (
            <>
              <dt>{t("invoice.shipping")}</dt>
              <dd className="text-end whitespace-nowrap">{invoice.shipping}</dd>
            </>
          ) : null}
          {invoice.codFee ? (
            <>
              <dt>{t("invoice.codFee")}</dt>
              <dd className="text-end whitespace-nowrap">{invoice.codFee}</dd>
            </>
          ) : null}
          {invoice.discount ? (
            <>
              <dt>{t("invoice.discount")}</dt>
              <dd className="text-end whitespace-nowrap">{invoice.discount}</dd>
            </>
          ) : null}
          <dt className="border-t border-black pt-1">{t("invoice.net")}</dt>
          <dd className="border-t border-black pt-1 text-end whitespace-nowrap" data-testid="invoice-net">
            {invoice.totals.net}
          </dd>
          {invoice.totals.byRate.map((rate) => (
            <Fragment key={rate.rate}>
              <dt>{t("invoice.vatAt", { rate: rate.rate, net: rate.net })}</dt>
              <dd className="text-end whitespace-nowrap" data-testid="invoice-vat-rate">
                {rate.vat}
              </dd>
            </Fragment>
          ))}
          <dt className="font-bold">{t("invoice.vatTotal")}</dt>
          <dd className="text-end font-bold whitespace-nowrap" data-testid="invoice-vat">
            {invoice.totals.vat}
          </dd>
          <dt className="border-t-2 border-black pt-1 text-lg font-extrabold">{t("invoice.total")}</dt>
          <dd
            className="border-t-2 border-black pt-1 text-end text-lg font-extrabold whitespace-nowrap"
            data-testid="invoice-total"
          >
            {invoice.totals.total}
          </dd>
        </dl>
        <p className="text-xs break-all text-gray-700">
          {credit ? t("refunds.creditNote.uuid") : t("invoice.uuid")}: <bdi>{invoice.uuid}</bdi>
        </p>
      </article>
    </main>
  );
}
