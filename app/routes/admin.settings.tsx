/**
 * /admin/settings (SPEC §2 Settings): the store's name, currency, default language, time zone,
 * where it ships from and the default weight of a product without one (issue 33). Shipping fees
 * are per zone at /admin/shipping (decision 039), linked from here. The time zone is a list of the
 * runtime's IANA names grouped by area (decision 018, addendum); every date and time of the store
 * is shown in it.
 */
import { CountryOptions } from "~/components/admin/CountryOptions";
import { PreviewedForm } from "~/components/admin/PreviewedForm";
import type { MetaFunction } from "@remix-run/node";
import { Fragment } from "react";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { SettingsPage } from "~/components/admin/SettingsPage";
import { PreviewPane } from "~/components/ui/BilingualPreview";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { NumberField } from "~/components/ui/NumberField";
import { SelectField } from "~/components/ui/FormFields";
import { adminLoader } from "~/http/handlers.server";
import { schemaFormAction } from "~/http/schema-form.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { seo } from "~/lib/seo";
import { currentTimeZoneGroups } from "~/lib/time-zone";
import { useLiveValues } from "~/lib/use-live-values";
import { useSettingsForm } from "~/lib/use-settings-form";
import { generalSettingsSchema, STORE_CURRENCIES, STORE_LOCALES } from "~/lib/validation/admin-settings";
import { countryOptions, isCountryCode } from "~/services/shipping/countries.server";
import { getStoreSettings, saveGeneralSettings } from "~/services/store/settings-admin.server";

const PATH = "/admin/settings";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.settings.title") });

export const loader = adminLoader("settings.edit", async ({ store, locale }) => {
  const settings = await getStoreSettings(store.id);
  return {
    values: {
      storeName: store.name,
      currency: store.currency,
      defaultLocale: store.defaultLocale,
      timeZone: store.timeZone,
      country: settings.country,
      defaultWeightGrams: String(settings.defaultWeightGrams),
    },
    countries: countryOptions(locale === "ar" ? "ar" : "en"),
    timeZones: currentTimeZoneGroups(),
    constraint: formConstraint(generalSettingsSchema),
  };
});

export const action = schemaFormAction("settings.edit", {
  schema: generalSettingsSchema,
  save: async (value, { store }) => {
    if (!isCountryCode(value.country)) return { ok: false as const };
    await saveGeneralSettings(store.id, value);
    return { ok: true as const };
  },
  refuse: (result) => (result.ok ? null : { field: "country", message: "validation.choiceInvalid" }),
  success: { path: PATH },
});

const loadSchema = () => import("~/lib/validation/admin-settings").then((m) => m.generalSettingsSchema);

export default function AdminSettings() {
  const { values, timeZones, countries, constraint } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { actionData, pending, form } = useSettingsForm<typeof action>(loadSchema, {
    id: "settings",
    constraint,
    defaultValue: values,
  });
  const [live, onInput] = useLiveValues(values);
  return (
    <SettingsPage
      title={t("admin.settings.title")}
      actionData={actionData}
      form={
        <PreviewedForm formProps={form.formProps} onPreviewInput={onInput} className="flex flex-col gap-3">
          <Field field={form.field("storeName")} label={t("admin.settings.storeName")} dir="auto" />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              field={form.field("currency")}
              label={t("admin.settings.currency")}
              hint={t("admin.settings.currencyHint")}
            >
              {STORE_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </SelectField>
            <SelectField field={form.field("defaultLocale")} label={t("admin.settings.defaultLanguage")}>
              {STORE_LOCALES.map((locale) => (
                <option key={locale} value={locale} lang={locale}>
                  {t(`admin.settings.languages.${locale}`)}
                </option>
              ))}
            </SelectField>
            {/* min-w-0: the longest zone's name must not widen the column past a phone's screen. */}
            <div className="min-w-0 sm:col-span-2">
              <SelectField
                field={form.field("timeZone")}
                label={t("timeZone.label")}
                hint={t("timeZone.hint")}
                dir="ltr"
              >
                {timeZones.map((group) => {
                  const options = group.zones.map((zone) => (
                    <option key={zone.value} value={zone.value}>
                      {zone.label}
                    </option>
                  ));
                  return group.region === "" ? (
                    <Fragment key="">{options}</Fragment>
                  ) : (
                    <optgroup
                      key={group.region}
                      label={t(`timeZone.regions.${group.region}`, { defaultValue: group.region })}
                    >
                      {options}
                    </optgroup>
                  );
                })}
              </SelectField>
            </div>
          </div>
          <fieldset className="flex flex-col gap-3 border-t border-line pt-3">
            <legend className="text-lg font-extrabold">{t("shippingAdmin.settings.heading")}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="min-w-0">
                <SelectField
                  field={form.field("country")}
                  label={t("shippingAdmin.settings.country")}
                  hint={t("shippingAdmin.settings.countryHint")}
                >
                  <CountryOptions countries={countries} />
                </SelectField>
              </div>
              <NumberField
                field={form.field("defaultWeightGrams")}
                label={t("shippingAdmin.settings.defaultWeight")}
                hint={t("shippingAdmin.settings.defaultWeightHint")}
              />
            </div>
            <p className="text-sm">
              {t("shippingAdmin.settings.zonesNote")}{" "}
              <Link to="/admin/shipping" className="font-bold text-primary-ink underline underline-offset-4">
                {t("shippingAdmin.settings.zonesLink")}
              </Link>
            </p>
          </fieldset>
          <Button className="self-start" disabled={pending}>
            {t("admin.settings.save")}
          </Button>
        </PreviewedForm>
      }
      preview={
        <PreviewPane label={t("admin.settings.storeName")}>
          <NamePreview storeName={live.storeName} />
        </PreviewPane>
      }
    />
  );
}

/** The store's name as its header shows it. */
function NamePreview({ storeName }: { storeName: string }) {
  return (
    <div className="flex flex-col gap-2 p-4">
      {/* As the header writes it: the name keeps its own direction, lined up with the page's start. */}
      <p className="text-lg font-extrabold" data-testid="store-name-preview">
        <bdi>{storeName}</bdi>
      </p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
