import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import type { FieldState } from "~/lib/use-schema-form";

/** A place the address form offers: countries (server-named) and the country's known cities. */
export interface AddressPlaces {
  country: string;
  countries: { code: string; name: string }[];
  cities: string[];
}

/**
 * The checkout's shipping address, with its own "save the address" button. The country is a
 * select named in the shopper's language; the city is typed, with the store's known cities of
 * that country offered (any spelling of them is matched on the server, issue 33).
 */
export function ShippingFields({
  field,
  disabled,
  places,
}: {
  field: (name: string) => FieldState;
  disabled: boolean;
  places: AddressPlaces;
}) {
  const { t } = useTranslation();
  const country = field("country");
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-2 text-xl font-bold">{t("checkout.shippingHeading")}</legend>
      <Field field={field("fullName")} label={t("checkout.fullName")} autoComplete="name" dir="auto" />
      <Field
        field={field("streetAddress")}
        label={t("checkout.streetAddress")}
        autoComplete="street-address"
        dir="auto"
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={country.id} className="font-bold">
          {t("shipping.country")}
        </label>
        <select
          id={country.id}
          name="country"
          defaultValue={places.country}
          autoComplete="country"
          className="min-h-11 rounded-md border border-line bg-card px-3"
        >
          {places.countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        <p className="min-h-5 text-sm text-muted">{t("shipping.countryHint")}</p>
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field field={field("zipCode")} label={t("checkout.zipCode")} autoComplete="postal-code" dir="auto" />
        <Field
          field={field("city")}
          label={t("checkout.city")}
          autoComplete="address-level2"
          dir="auto"
          list={places.cities.length ? "checkout-cities" : undefined}
        />
        {places.cities.length ? (
          <datalist id="checkout-cities">
            {places.cities.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        ) : null}
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field field={field("email")} type="email" label={t("checkout.email")} autoComplete="email" />
        <Field field={field("mobile")} type="tel" label={t("checkout.mobile")} autoComplete="tel" dir="ltr" />
      </div>
      <Button variant="secondary" name="intent" value="save" className="self-start" disabled={disabled}>
        {t("checkout.saveAddress")}
      </Button>
    </fieldset>
  );
}
