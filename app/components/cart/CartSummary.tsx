import { Button } from "~/components/ui/Button";
import { DiscountCodeForm, type CodeFormReply } from "~/components/discounts/DiscountCodeForm";
import { formatRate } from "~/lib/percent";
import { useTranslation } from "~/lib/use-translation";
import { Price } from "../Price";
import type { Cart } from "~/services/commerce/contract";

/** Subtotal, discount from running sales, total (all computed on the server) and checkout. */
export function CartSummary({ cart, codeReply }: { cart: Cart; codeReply?: CodeFormReply | null }) {
  const { t, i18n } = useTranslation();
  // VAT on the goods (issue 35): a row before the total when prices exclude it, a note when inside.
  // No row when nothing in the cart is taxed (zero-rated or exempt products only).
  const vat = cart.vat && cart.vat.rateBp > 0 && cart.vat.vatCents > 0 ? cart.vat : null;
  const rate = vat ? formatRate(vat.rateBp, i18n.language) : "";
  return (
    <section aria-labelledby="cart-summary" className="rounded-lg border border-line bg-card p-4">
      <h2 id="cart-summary" className="text-xl font-bold">
        {t("cart.summary")}
      </h2>
      <dl className="mt-3 flex flex-col gap-2">
        <div className="flex justify-between gap-4">
          <dt>{t("cart.subtotal")}</dt>
          <dd>
            <Price minor={cart.subtotalCents} />
          </dd>
        </div>
        {cart.discountCents > 0 ? (
          <div className="flex justify-between gap-4 text-red-800 dark:text-red-300">
            <dt>{t("cart.discount")}</dt>
            <dd>
              −<Price minor={cart.discountCents} />
            </dd>
          </div>
        ) : null}
        {cart.code && !cart.code.refusal ? (
          <div className="flex justify-between gap-4 text-red-800 dark:text-red-300">
            <dt>{t("discounts.summaryLine", { code: cart.code.code })}</dt>
            <dd>
              {cart.code.kind === "free_shipping" ? (
                t("discounts.freeShipping")
              ) : (
                <>
                  −<Price minor={cart.codeDiscountCents} />
                </>
              )}
            </dd>
          </div>
        ) : null}
        {vat && !vat.inclusive ? (
          <div className="flex justify-between gap-4" data-testid="vat-line">
            <dt>{t("tax.summary.line", { rate })}</dt>
            <dd>
              <Price minor={vat.vatCents} />
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-lg font-extrabold">
          <dt>{t("cart.total")}</dt>
          <dd>
            <Price minor={cart.totalCents} />
          </dd>
        </div>
      </dl>
      {vat?.inclusive ? (
        <p className="mt-1 text-sm text-muted" data-testid="vat-included">
          {t("tax.summary.includedLabel", { rate })}: <Price minor={vat.vatCents} />
        </p>
      ) : null}
      <DiscountCodeForm action="/cart" applied={cart.code} reply={codeReply} />
      <p className="mt-1 text-sm text-muted">{t("cart.itemsLabel", { count: cart.itemCount })}</p>
      <p className="mt-1 text-sm text-muted">{t("looseEnds.shippingAtCheckout")}</p>
      <Button to="/checkout" className="mt-4 w-full">
        {t("cart.checkout")}
      </Button>
    </section>
  );
}
