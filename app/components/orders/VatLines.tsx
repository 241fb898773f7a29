import { useTranslation } from "~/lib/use-translation";
import type { VatSummary } from "~/services/tax/contract";

/**
 * VAT in a totals list (issue 35): with prices that exclude it, a row per rate before the total;
 * `className` shows or hides the rows (the checkout's COD choice). Nothing when VAT is inside.
 */
export function VatAddedRows({ vat, className = "flex" }: { vat: VatSummary | null; className?: string }) {
  const { t } = useTranslation();
  if (!vat || vat.inclusive) return null;
  return vat.rates.map((rate) => (
    <div key={rate.rate} className={`${className} justify-between gap-4`} data-testid="vat-line">
      <dt>{t("tax.summary.line", { rate: rate.rate })}</dt>
      <dd>{rate.amount}</dd>
    </div>
  ));
}

/** Under the total, with prices that include VAT: "Includes VAT (15%): $13.04", per rate. */
export function VatIncludedNote({ vat, className = "" }: { vat: VatSummary | null; className?: string }) {
  const { t } = useTranslation();
  if (!vat || !vat.inclusive) return null;
  return vat.rates.map((rate) => (
    <p key={rate.rate} className={`text-sm text-muted ${className}`} data-testid="vat-included">
      {t("tax.summary.included", { rate: rate.rate, amount: rate.amount })}
    </p>
  ));
}
