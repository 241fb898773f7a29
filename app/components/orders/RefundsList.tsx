/**
 * An order's refunds (issue 37): what is left to refund, then each refund — when, who (admin
 * only), what (units, shipping, fee, amount), how much, why, how, its state and its credit note.
 * The admin's order page and the shopper's use it; the shopper sees only refunds that succeeded.
 */
import { useTranslation } from "~/lib/use-translation";
import type { OrderRefunds } from "~/services/orders/contract";

export function RefundsList({
  data,
  creditNoteHref,
  admin = false,
}: {
  data: OrderRefunds;
  creditNoteHref: (number: number) => string;
  admin?: boolean;
}) {
  const { t } = useTranslation();
  if (data.refunds.length === 0 && !admin) return null;
  return (
    <section
      aria-labelledby="order-refunds"
      className="rounded-lg border border-line bg-card p-4"
      data-testid="refunds"
    >
      <h2 id="order-refunds" className="font-bold">
        {t("refunds.listTitle")}
      </h2>
      {admin && data.remaining !== null ? (
        <p className="mt-1 text-sm" data-testid="refunds-remaining">
          {t("refunds.remaining", { amount: data.remaining })}
        </p>
      ) : null}
      {data.refunds.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t("refunds.none")}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-3">
          {data.refunds.map((refund) => (
            <li key={refund.id} className="border-t border-line pt-2 first:border-t-0 first:pt-0">
              <p className="flex flex-wrap justify-between gap-2 font-bold">
                <span>{refund.amount}</span>
                <span
                  className={refund.status === "failed" ? "text-red-700 dark:text-red-400" : "text-muted"}
                >
                  {t(`refunds.statuses.${refund.status}`)}
                </span>
              </p>
              <p className="text-sm text-muted">
                {admin && refund.by ? t("refunds.when", { date: refund.date, name: refund.by }) : refund.date}
              </p>
              <ul className="text-sm">
                {refund.parts.map((part, index) => (
                  <li key={index} className="break-words">
                    {part.kind === "line"
                      ? t("refunds.partLine", {
                          quantity: part.quantity,
                          name: part.name,
                          amount: part.amount,
                        })
                      : t(`refunds.parts.${part.kind}`, { amount: part.amount })}
                  </li>
                ))}
              </ul>
              <p className="text-sm">
                {t(`refunds.reasons.${refund.reasonCode}`)}
                {refund.reasonText ? <span dir="auto">{` — ${refund.reasonText}`}</span> : null}
              </p>
              {admin ? (
                <p className="text-sm text-muted">
                  {t(`refunds.methods.${refund.method}`)}
                  {refund.reference ? <span dir="auto">{` · ${refund.reference}`}</span> : null}
                </p>
              ) : null}
              {refund.note ? (
                <p className="text-sm break-words" dir="auto">
                  {refund.note}
                </p>
              ) : null}
              {admin && refund.failure ? (
                <p className="text-sm break-words text-red-700 dark:text-red-400">{refund.failure}</p>
              ) : null}
              {refund.creditNote !== null ? (
                <a
                  href={creditNoteHref(refund.creditNote)}
                  target="_blank"
                  rel="noreferrer"
                  className="text-sm font-bold text-primary-ink underline underline-offset-4"
                >
                  {t("refunds.creditNote.link", { number: refund.creditNote })}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
