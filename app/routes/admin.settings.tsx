/**
 * /admin/settings (SPEC §2 Settings): the store's name, currency, default language, time zone,
 * shipping fee and free-shipping threshold. Amounts are typed in major units and stored in minor
 * units; checkout reads them from the settings row. The time zone is a list of the runtime's IANA
 * names grouped by area (decision 018, addendum); every date and time of the store is shown in it.
 */
import { PreviewedForm } from "~/components/admin/PreviewedForm";
import type { MetaFunction } from "@remix-run/node";
import { Fragment } from "react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { SettingsPage } from "~/components/admin/SettingsPage";
import { PreviewPane } from "~/components/ui/BilingualPreview";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/FormFields";
import { adminLoader } from "~/http/handlers.server";
import { schemaFormAction } from "~/http/schema-form.server";
import { isolate } from "~/lib/bidi";
import { formConstraint } from "~/lib/form-constraint.server";
import { formatMoney } from "~/lib/money";
import { seo } from "~/lib/seo";
import { currentTimeZoneGroups } from "~/lib/time-zone";
import { useFormPending } from "~/lib/use-form-pending";
import { useLiveValues } from "~/lib/use-live-values";
import { useSchemaForm } from "~/lib/use-schema-form";
import {
  generalSettingsSchema,
  majorToMinor,
  minorToMajor,
  STORE_CURRENCIES,
  STORE_LOCALES,
} from "~/lib/validation/admin-settings";
import { getStoreSettings, saveGeneralSettings } from "~/services/store/settings-admin.server";

const PATH = "/admin/settings";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.settings.title") });

export const loader = adminLoader("settings.edit", async ({ store }) => {
  const settings = await getStoreSettings(store.id);
  return {
    values: {
      storeName: store.name,
      currency: store.currency,
      defaultLocale: store.defaultLocale,
      timeZone: store.timeZone,
      shippingFee: minorToMajor(settings.shippingFeeCents),
      freeShippingThreshold: minorToMajor(settings.freeShippingThresholdCents),
    },
    timeZones: currentTimeZoneGroups(),
    constraint: formConstraint(generalSettingsSchema),
  };
});

export const action = schemaFormAction("settings.edit", {
  schema: generalSettingsSchema,
  save: (value, { store }) => saveGeneralSettings(store.id, value),
  success: { path: PATH },
});

const loadSchema = () => import("~/lib/validation/admin-settings").then((m) => m.generalSettingsSchema);

/** A typed amount as minor units for the preview; null while it is not an amount yet. */
function previewMinor(value: string): number | null {
  return /^\d{1,7}(?:\.\d{1,2})?$/.test(value.trim()) ? majorToMinor(value.trim()) : null;
}

export default function AdminSettings() {
  const { values, timeZones, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const pending = useFormPending({ method: "post" });
  const form = useSchemaForm(loadSchema, actionData?.result, {
    id: "settings",
    constraint,
    defaultValue: values,
  });
  const [live, onInput] = useLiveValues(values);
  const currency = (STORE_CURRENCIES as readonly string[]).includes(live.currency)
    ? live.currency
    : values.currency;
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
            <Field
              field={form.field("shippingFee")}
              label={t("admin.settings.shippingFee")}
              hint={t("admin.settings.shippingFeeHint")}
              inputMode="decimal"
              dir="ltr"
            />
            <Field
              field={form.field("freeShippingThreshold")}
              label={t("admin.settings.freeShippingThreshold")}
              hint={t("admin.settings.freeShippingThresholdHint")}
              inputMode="decimal"
              dir="ltr"
            />
          </div>
          <Button className="self-start" disabled={pending}>
            {t("admin.settings.save")}
          </Button>
        </PreviewedForm>
      }
      preview={
        <PreviewPane label={t("checkout.title")}>
          <ShippingPreview
            storeName={live.storeName}
            currency={currency}
            fee={previewMinor(live.shippingFee)}
            threshold={previewMinor(live.freeShippingThreshold)}
          />
        </PreviewPane>
      }
    />
  );
}

/** The store's name as its header shows it, and the shipping lines of checkout's summary. */
function ShippingPreview({
  storeName,
  currency,
  fee,
  threshold,
}: {
  storeName: string;
  currency: string;
  fee: number | null;
  threshold: number | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === "ar" ? "ar" : "en";
  const money = (minor: number) => formatMoney(minor, currency, locale);
  return (
    <div className="flex flex-col gap-2 p-4">
      {/* As the header writes it: the name keeps its own direction, lined up with the page's start. */}
      <p className="text-lg font-extrabold" data-testid="store-name-preview">
        <bdi>{storeName}</bdi>
      </p>
      {fee === null ? null : (
        <dl className="flex justify-between gap-4">
          <dt>{t("checkout.shipping")}</dt>
          <dd>{fee === 0 ? t("checkout.shippingFree") : money(fee)}</dd>
        </dl>
      )}
      {fee && threshold ? (
        <p className="text-sm text-muted">
          {t("checkout.freeShippingFrom", { amount: isolate(money(threshold)) })}
        </p>
      ) : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
