import { Form } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import type { AddressPlaces } from "~/components/checkout/ShippingFields";
import type { DeliveryRateView } from "~/components/checkout/DeliveryChoice";

/**
 * The cart's "Estimate shipping" (issue 33): a country and a city sent as a GET form; the server
 * answers with the rates that apply to this cart there, cheapest first, or that the store does not
 * deliver there. No client code beyond the form.
 */
export function ShippingEstimate({
  places,
  city,
  delivery,
}: {
  places: AddressPlaces;
  city: string;
  delivery: { place: string; undeliverable: boolean; rates: DeliveryRateView[] };
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="estimate-heading"
      className="mt-6 rounded-lg border border-line bg-card p-4"
      data-testid="shipping-estimate"
    >
      <h2 id="estimate-heading" className="text-lg font-bold">
        {t("shipping.estimateHeading")}
      </h2>
      <Form method="get" action="/cart" preventScrollReset className="mt-2 flex flex-col gap-2">
        <label htmlFor="estimate-country" className="font-bold">
          {t("shipping.country")}
        </label>
        <select
          id="estimate-country"
          name="country"
          defaultValue={places.country}
          className="min-h-11 rounded-md border border-line bg-card px-3"
        >
          {places.countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        <label htmlFor="estimate-city" className="font-bold">
          {t("checkout.city")}
        </label>
        <input
          id="estimate-city"
          name="city"
          defaultValue={city}
          maxLength={80}
          dir="auto"
          list={places.cities.length ? "estimate-cities" : undefined}
          className="min-h-11 rounded-md border border-line bg-card px-3"
        />
        {places.cities.length ? (
          <datalist id="estimate-cities">
            {places.cities.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        ) : null}
        <button type="submit" className="min-h-11 self-start rounded-md border border-line px-4 font-bold">
          {t("shipping.estimate")}
        </button>
      </Form>
      {delivery.undeliverable ? (
        <p className="mt-3" data-testid="estimate-undeliverable">
          {t("shipping.undeliverable", { place: delivery.place })}
        </p>
      ) : (
        <ul
          className="mt-3 flex flex-col gap-2"
          aria-label={t("shipping.deliveryTo", { place: delivery.place })}
        >
          {delivery.rates.map((rate) => (
            <li key={rate.id} className="flex justify-between gap-2" data-testid="estimate-rate">
              <span>
                <span className="block font-semibold">{rate.name}</span>
                {rate.estimate ? <span className="block text-sm text-muted">{rate.estimate}</span> : null}
                {!rate.cod ? (
                  <span className="block text-sm text-muted">{t("shipping.noCodWithRate")}</span>
                ) : null}
              </span>
              <span className="font-bold">{rate.price ?? t("checkout.shippingFree")}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
