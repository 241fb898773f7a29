import { useTranslation } from "~/lib/use-translation";
import { DiscountCodeForm, type CodeFormReply } from "~/components/discounts/DiscountCodeForm";
import { LineImage } from "~/components/cart/LineImage";
import { VatAddedRows, VatIncludedNote } from "~/components/orders/VatLines";
import type { CheckoutSummaryView } from "~/services/orders/contract";

/**
 * Where the Cash On Delivery fee shows (decision 030): on every render when COD is the only
 * method, or only while its radio (`#pay-cod`, PaymentChoice) is checked: a CSS `:has()` on the
 * page's `group/checkout`, so it follows the choice with or without JavaScript.
 */
export type CodFeeShown = "always" | "when-chosen" | null;

const WHEN_COD = "hidden group-has-[#pay-cod:checked]/checkout:flex";
const UNLESS_COD = "group-has-[#pay-cod:checked]/checkout:hidden";

/** The order summary, all computed on the server: lines, subtotal, sale discount, shipping, total. */
export function CheckoutSummary({
  summary,
  codFee = null,
  codeReply,
}: {
  summary: CheckoutSummaryView;
  codFee?: CodFeeShown;
  codeReply?: CodeFormReply | null;
}) {
  const cod = summary.codFee ? codFee : null;
  const { t } = useTranslation();
  return (
    <section aria-labelledby="checkout-summary" className="rounded-lg border border-line bg-card p-4">
      <h2 id="checkout-summary" className="text-xl font-bold">
        {t("checkout.summary")}
      </h2>
      <ul className="mt-3 flex flex-col divide-y divide-line">
        {summary.lines.map((line) => (
          <li key={line.productId} className="flex justify-between gap-4 py-2">
            <LineImage imageId={line.imageId} size={48} />
            <div className="min-w-0 grow">
              <p className="font-bold break-words">{line.name}</p>
              <p className="text-sm text-muted">
                {t("checkout.quantity", { count: line.quantity })}
                {" · "}
                {line.unitSalePrice ? (
                  <>
                    <s>{line.unitPrice}</s> {line.unitSalePrice}
                  </>
                ) : (
                  line.unitPrice
                )}
              </p>
              {!line.available ? (
                <p className="text-sm font-bold text-red-700 dark:text-red-400">{t("cart.unavailable")}</p>
              ) : null}
            </div>
            <p className="shrink-0 font-bold">{line.lineTotal}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 flex flex-col gap-2 border-t border-line pt-3">
        <div className="flex justify-between gap-4">
          <dt>{t("checkout.subtotal")}</dt>
          <dd>{summary.subtotal}</dd>
        </div>
        {summary.discount ? (
          <div className="flex justify-between gap-4 text-red-800 dark:text-red-300">
            <dt>{t("checkout.discount")}</dt>
            <dd>−{summary.discount}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt>{t("checkout.shipping")}</dt>
          <dd>{summary.shipping ?? t("checkout.shippingFree")}</dd>
        </div>
        {summary.code && summary.codeDiscount ? (
          <div className="flex justify-between gap-4 text-red-800 dark:text-red-300">
            <dt>{t("discounts.summaryLine", { code: summary.code.code })}</dt>
            <dd data-testid="code-discount">−{summary.codeDiscount}</dd>
          </div>
        ) : null}
        {cod ? (
          <div
            className={`justify-between gap-4 ${cod === "always" ? "flex" : WHEN_COD}`}
            data-testid="checkout-cod-fee"
          >
            <dt>{t("codControls.feeLine")}</dt>
            <dd>{summary.codFee}</dd>
          </div>
        ) : null}
        {cod === "always" ? (
          <VatAddedRows vat={summary.codVat} />
        ) : cod === "when-chosen" ? (
          <>
            <VatAddedRows vat={summary.vat} className={`flex ${UNLESS_COD}`} />
            <VatAddedRows vat={summary.codVat} className={WHEN_COD} />
          </>
        ) : (
          <VatAddedRows vat={summary.vat} />
        )}
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-lg font-extrabold">
          <dt>{t("checkout.total")}</dt>
          <dd data-testid="checkout-total">
            {cod === "always" ? (
              summary.codTotal
            ) : cod === "when-chosen" ? (
              <>
                <span className={UNLESS_COD}>{summary.total}</span>
                <span className={`${WHEN_COD} justify-end`}>{summary.codTotal}</span>
              </>
            ) : (
              summary.total
            )}
          </dd>
        </div>
      </dl>
      {summary.freeShippingFrom ? (
        <p className="mt-2 text-sm text-muted">
          {t("checkout.freeShippingFrom", { amount: summary.freeShippingFrom })}
        </p>
      ) : null}
      {cod === "always" ? (
        <VatIncludedNote vat={summary.codVat} className="mt-1" />
      ) : cod === "when-chosen" ? (
        <>
          <VatIncludedNote vat={summary.vat} className={`mt-1 ${UNLESS_COD}`} />
          <VatIncludedNote
            vat={summary.codVat}
            className={`mt-1 hidden group-has-[#pay-cod:checked]/checkout:block`}
          />
        </>
      ) : (
        <VatIncludedNote vat={summary.vat} className="mt-1" />
      )}
      {summary.vat ? null : <p className="mt-1 text-sm text-muted">{t("checkout.taxIncluded")}</p>}
      <DiscountCodeForm action="/checkout" applied={summary.code} reply={codeReply} />
    </section>
  );
}
