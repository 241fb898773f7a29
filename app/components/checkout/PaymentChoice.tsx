import { useTranslation } from "~/lib/use-translation";
import { FieldError } from "~/components/ui/Field";
import type { PaymentMethod } from "~/lib/validation/checkout";

/**
 * 'Cash On Delivery' and 'Pay With Stripe', each only when the store offers it (the first one
 * is chosen to start with, so the form is complete as it stands).
 */
export function PaymentChoice({
  methods,
  errors,
  errorId,
  chosen,
  codFee = null,
}: {
  methods: PaymentMethod[];
  errors?: string[];
  errorId: string;
  chosen?: string;
  /** The store's Cash On Delivery fee, formatted, named beside the choice (decision 030). */
  codFee?: string | null;
}) {
  const { t } = useTranslation();
  const selected = methods.includes(chosen as PaymentMethod) ? chosen : methods[0];
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={errorId}>
      <legend className="text-xl font-bold">{t("checkout.paymentHeading")}</legend>
      {methods.map((method) => (
        <label
          key={method}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-line px-3 has-[:checked]:border-primary has-[:checked]:bg-card"
        >
          <input
            type="radio"
            id={`pay-${method}`}
            name="paymentMethod"
            value={method}
            defaultChecked={method === selected}
            className="h-5 w-5 accent-[var(--color-primary)]"
          />
          <span className="font-bold">{t(method === "cod" ? "payment.cod" : "payment.stripe")}</span>
          {method === "cod" && codFee ? (
            <span className="ms-auto text-sm text-muted">{t("codControls.feeHint", { amount: codFee })}</span>
          ) : null}
        </label>
      ))}
      <FieldError id={errorId} errors={errors} />
    </fieldset>
  );
}
