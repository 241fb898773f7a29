import { Form } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";

export interface DeliveryRateView {
  id: string;
  name: string;
  estimate: string;
  price: string | null;
  cod: boolean;
  chosen: boolean;
}

/**
 * The rates that apply to the saved address and the cart, cheapest first (issue 33). Choosing
 * one reloads the page priced with it (a GET form: `?rate=`), so the summary, the COD choice and
 * the total the order is checked against are the server's for that rate. The buttons sit in the
 * checkout form's flow but submit `DeliveryForm` (rendered outside it) through their `form` attribute.
 */
export function DeliveryChoice({
  rates,
  place,
  codOffered,
}: {
  rates: DeliveryRateView[];
  place: string;
  /** Whether the store offers Cash On Delivery at all (then a rate without it says so). */
  codOffered: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="delivery-heading" className="flex flex-col gap-2" data-testid="delivery-choice">
      <h2 id="delivery-heading" className="text-xl font-bold">
        {t("shipping.deliveryHeading")}
      </h2>
      <p className="text-sm text-muted">{t("shipping.deliveryTo", { place })}</p>
      <div className="flex flex-col gap-2">
        {rates.map((rate) => (
          <button
            key={rate.id}
            type="submit"
            form="delivery-form"
            name="rate"
            value={rate.id}
            aria-pressed={rate.chosen}
            data-testid="delivery-rate"
            className={`flex min-h-11 flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-start ${
              rate.chosen ? "border-2 border-primary bg-card font-bold" : "border-line bg-card"
            }`}
          >
            <span className="flex flex-col">
              <span>{rate.name}</span>
              {rate.estimate ? <span className="text-sm font-normal text-muted">{rate.estimate}</span> : null}
              {codOffered && !rate.cod ? (
                <span className="text-sm font-normal text-muted">{t("shipping.noCodWithRate")}</span>
              ) : null}
            </span>
            <span>{rate.price ?? t("checkout.shippingFree")}</span>
          </button>
        ))}
      </div>
    </section>
  );
}

/** The GET form the rate buttons submit (outside the checkout form: forms cannot nest). */
export function DeliveryForm() {
  return <Form id="delivery-form" method="get" action="/checkout" preventScrollReset />;
}
