/**
 * /admin/storesetting/tax (issue 35, decision 042): whether the store is registered for VAT, its
 * VAT number and the legal names its tax invoices carry, whether prices are typed with VAT in
 * them, whether shipping and the COD fee are taxed, and the rate for each country it ships to.
 * Beside the form, what a shopper's cart will say, in both languages.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PreviewedForm } from "~/components/admin/PreviewedForm";
import { SettingsPage } from "~/components/admin/SettingsPage";
import { BilingualPreview } from "~/components/ui/BilingualPreview";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/Checkbox";
import { BilingualFields } from "~/components/ui/BilingualFields";
import { Field } from "~/components/ui/Field";
import { NumberField } from "~/components/ui/NumberField";
import { SelectField } from "~/components/ui/FormFields";
import { adminAction, adminLoader } from "~/http/handlers.server";
import { submitSchemaForm } from "~/http/schema-form.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { formatMoney } from "~/lib/money";
import { seo } from "~/lib/seo";
import { useLiveValues } from "~/lib/use-live-values";
import { useSettingsForm } from "~/lib/use-settings-form";
import { useTranslation } from "~/lib/use-translation";
import { basisPointsToPercent, percentToBasisPoints, taxSettingsSchema } from "~/lib/validation/tax-settings";
import { countryOptions } from "~/services/shipping/countries.server";
import { vatInGross, vatOnNet } from "~/lib/vat-math";
import { getTaxSettings, saveTaxSettings } from "~/services/tax/settings.server";

const PATH = "/admin/storesetting/tax";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("tax.title") });

export const loader = adminLoader("settings.edit", async ({ store, locale }) => {
  const settings = await getTaxSettings(store.id);
  return {
    country: settings.country,
    currency: store.currency,
    destinations: settings.destinations.map((code) => ({
      code,
      name: countryOptions(locale).find((option) => option.code === code)?.name ?? code,
    })),
    values: {
      vatRegistered: settings.registered ? "on" : "",
      vatNumber: settings.vatNumber ?? "",
      legalNameEn: settings.legalNameEn,
      legalNameAr: settings.legalNameAr,
      pricesIncludeVat: settings.pricesIncludeVat ? "inclusive" : "exclusive",
      vatOnShipping: settings.vatOnShipping ? "on" : "",
      vatOnCodFee: settings.vatOnCodFee ? "on" : "",
      rates: Object.fromEntries(
        settings.destinations.map((code) => [code, basisPointsToPercent(settings.rates[code] ?? 0)]),
      ),
    },
    constraint: formConstraint(taxSettingsSchema(settings.country, settings.destinations)),
  };
});

export const action = adminAction("settings.edit", async (args) => {
  // The form's rate fields are the destinations the page listed: read them again to check it.
  const settings = await getTaxSettings(args.store.id);
  return submitSchemaForm(args, {
    schema: taxSettingsSchema(settings.country, settings.destinations),
    save: (value) => saveTaxSettings(args.store.id, value),
    success: { path: PATH },
  });
});

export default function TaxSettings() {
  const { country, currency, destinations, values, constraint } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const codes = destinations.map((destination) => destination.code);
  const { actionData, reply, pending, form } = useSettingsForm<typeof action>(
    () => import("~/lib/validation/tax-settings").then((m) => m.taxSettingsSchema(country, codes)),
    { id: "tax", constraint, defaultValue: values },
  );
  const sent = reply?.initialValue;
  const ticked = (name: "vatRegistered" | "vatOnShipping" | "vatOnCodFee") =>
    (sent ? sent[name] : values[name]) === "on";
  const [live, onInput] = useLiveValues<Record<string, string>>({
    pricesIncludeVat: values.pricesIncludeVat,
    [`rates.${country}`]: values.rates[country] ?? "0",
  });
  const liveRate = /^\d{1,3}(\.\d{1,2})?$/.test(live[`rates.${country}`] ?? "")
    ? Math.min(percentToBasisPoints(live[`rates.${country}`]!), 10_000)
    : 0;
  return (
    <SettingsPage
      title={t("tax.title")}
      actionData={actionData}
      form={
        <PreviewedForm formProps={form.formProps} onPreviewInput={onInput} className="flex flex-col gap-5">
          <fieldset className="flex min-w-0 flex-col gap-3">
            <legend className="mb-2 text-lg font-extrabold">{t("tax.registration")}</legend>
            <CheckboxField
              field={form.field("vatRegistered")}
              label={t("tax.registered")}
              hint={t("tax.registeredHint")}
              defaultChecked={ticked("vatRegistered")}
            />
            <Field
              field={form.field("vatNumber")}
              label={t("tax.vatNumber")}
              hint={t(`tax.vatNumberHint.${country === "SA" || country === "AE" ? country : "other"}`)}
              inputMode={country === "SA" || country === "AE" ? "numeric" : undefined}
              dir="ltr"
            />
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <BilingualFields form={form} name="legalName" label="tax.legalName" />
            </div>
          </fieldset>
          <fieldset className="flex min-w-0 flex-col gap-3">
            <legend className="mb-2 text-lg font-extrabold">{t("tax.pricing")}</legend>
            <SelectField
              field={form.field("pricesIncludeVat")}
              label={t("tax.pricesLabel")}
              hint={t("tax.pricesHint")}
            >
              <option value="inclusive">{t("tax.pricesInclusive")}</option>
              <option value="exclusive">{t("tax.pricesExclusive")}</option>
            </SelectField>
            <CheckboxField
              field={form.field("vatOnShipping")}
              label={t("tax.onShipping")}
              defaultChecked={ticked("vatOnShipping")}
            />
            <CheckboxField
              field={form.field("vatOnCodFee")}
              label={t("tax.onCodFee")}
              defaultChecked={ticked("vatOnCodFee")}
            />
          </fieldset>
          <fieldset className="flex min-w-0 flex-col gap-3">
            <legend className="mb-2 text-lg font-extrabold">{t("tax.rates")}</legend>
            <p className="text-sm text-muted">{t("tax.ratesHint")}</p>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              {destinations.map((destination) => (
                <NumberField
                  key={destination.code}
                  field={form.field(`rates.${destination.code}`)}
                  label={t("tax.rateFor", { country: destination.name })}
                  decimal
                />
              ))}
            </div>
          </fieldset>
          <Button className="self-start" disabled={pending}>
            {t("tax.save")}
          </Button>
        </PreviewedForm>
      }
      preview={
        <BilingualPreview>
          {(lang) => (
            <CartTotalPreview
              lang={lang}
              currency={currency}
              inclusive={live.pricesIncludeVat !== "exclusive"}
              rateBp={liveRate}
            />
          )}
        </BilingualPreview>
      }
    />
  );
}

/** A 100.00 cart's total as the shopper will see it: VAT inside the price, or added on top. */
function CartTotalPreview({
  lang,
  currency,
  inclusive,
  rateBp,
}: {
  lang: "en" | "ar";
  currency: string;
  inclusive: boolean;
  rateBp: number;
}) {
  const { t } = useTranslation();
  const goods = 10_000;
  const vat = inclusive ? vatInGross(goods, rateBp) : vatOnNet(goods, rateBp);
  const total = inclusive ? goods : goods + vat;
  const money = (minor: number) => formatMoney(minor, currency, lang);
  const rate = `${basisPointsToPercent(rateBp)} %`;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg border border-line bg-card p-4 text-sm">
      <dt>{t("tax.preview.subtotal")}</dt>
      <dd dir="ltr">{money(goods)}</dd>
      {inclusive ? null : (
        <>
          <dt>{t("tax.preview.vatLine", { rate })}</dt>
          <dd dir="ltr">{money(vat)}</dd>
        </>
      )}
      <dt className="font-extrabold">{t("tax.preview.total")}</dt>
      <dd dir="ltr" className="font-extrabold">
        {money(total)}
      </dd>
      {inclusive ? (
        <dd className="col-span-2 text-muted">{t("tax.preview.included", { rate, amount: money(vat) })}</dd>
      ) : null}
    </dl>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
