import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import type { FieldState } from "~/lib/use-schema-form";

/** The checkout's shipping address, with its own "save the address" button. */
export function ShippingFields({
  field,
  disabled,
}: {
  field: (name: string) => FieldState;
  disabled: boolean;
}) {
  const { t } = useTranslation();
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
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field field={field("zipCode")} label={t("checkout.zipCode")} autoComplete="postal-code" dir="auto" />
        <Field field={field("city")} label={t("checkout.city")} autoComplete="address-level2" dir="auto" />
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
