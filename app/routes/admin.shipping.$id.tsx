/**
 * /admin/shipping/new and /admin/shipping/:id (issue 33, decision 039): one zone's form (its
 * name and where it delivers: everywhere, countries, cities of one country, or postal patterns in
 * one country) and, for a saved zone, its rates (added, edited and deleted from here). Cities are
 * typed one per line in English or Arabic or a common spelling ("Jiddah", "جدة"); the server finds
 * each in the platform's city list or refuses the form naming the ones it does not know.
 */
import { CountryOptions } from "~/components/admin/CountryOptions";
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { EditPage } from "~/components/admin/EditPage";
import { useShippingListColumns } from "~/components/admin/ShippingListColumns";
import { Button } from "~/components/ui/Button";
import { Field, FieldError } from "~/components/ui/Field";
import { SelectField, TextAreaField } from "~/components/ui/FormFields";
import { CONTROL_CLASS } from "~/components/ui/Input";
import { ListPage } from "~/components/ui/ListPage";
import { Notice } from "~/components/ui/Notice";
import { entityOrNewFromPath, notFoundPage } from "~/http/entity.server";
import { adminLoader, type AdminArgs } from "~/http/handlers.server";
import { intentAction, SCHEMA_FORM } from "~/http/intent-action.server";
import { badRequest } from "~/http/refusal.server";
import { submitSchemaForm } from "~/http/schema-form.server";
import { CITY_LIST } from "~/lib/city-list";
import { formConstraint } from "~/lib/form-constraint.server";
import { getServerT } from "~/lib/i18n.server";
import { NEW_PATH } from "~/lib/entity-path";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useHydrated } from "~/lib/use-hydrated";
import { useSettingsForm } from "~/lib/use-settings-form";
import { useTranslation } from "~/lib/use-translation";
import {
  shippingMoveSchema,
  shippingRowSchema,
  type ShippingMove,
  ZONE_PLACE_KINDS,
  zoneSchema,
} from "~/lib/validation/admin-shipping";
import { countryOptions } from "~/services/shipping/countries.server";
import {
  deleteShippingRate,
  deleteShippingZone,
  getShippingZone,
  saveShippingZone,
  moveShippingRate,
} from "~/services/shipping/admin.server";
import { rateName, ratePrice, zoneFormValues } from "~/services/shipping/admin-view.server";
import { storeCountryOf } from "~/services/store/settings-admin.server";

export const meta: MetaFunction = (args) =>
  seo({
    ...args,
    page: (t) =>
      t(args.params.id === NEW_PATH ? "shippingAdmin.newZoneTitle" : "shippingAdmin.editZoneTitle"),
  });

export const loader = adminLoader("settings.edit", async ({ store, params, locale }) => {
  const zone = await entityOrNewFromPath(params.id, (id) => getShippingZone(store.id, id));
  const t = getServerT(locale) as unknown as (key: string, params?: Record<string, unknown>) => string;
  const lang = locale === "ar" ? "ar" : "en";
  const cities: Record<string, string[]> = {};
  for (const city of CITY_LIST) (cities[city.country] ??= []).push(lang === "ar" ? city.nameAr : city.nameEn);
  return {
    zone: zone && {
      id: zone.id,
      name: zone.name,
      rates: zone.rates.map((rate) => ({
        id: rate.id,
        name: rateName(rate, locale),
        price: ratePrice(rate, store.currency, locale, t),
        estimate: lang === "ar" ? rate.estimateAr || rate.estimateEn : rate.estimateEn || rate.estimateAr,
      })),
    },
    start: zoneFormValues(zone, await storeCountryOf(store.id), locale),
    countries: countryOptions(lang),
    cities,
    constraint: formConstraint(zoneSchema),
  };
});

/** The zone of the page's path; null on the new zone's page, where only "save" means anything. */
const zoneOf = ({ store, params }: AdminArgs) =>
  entityOrNewFromPath(params.id, (id) => getShippingZone(store.id, id));

const moveRate = async ({ intent, id }: ShippingMove, args: AdminArgs) => {
  const zone = await zoneOf(args);
  if (!zone) throw badRequest();
  const direction = intent === "rate-up" ? "up" : "down";
  if (!(await moveShippingRate(args.store.id, zone.id, id.toLowerCase(), direction))) throw notFoundPage();
  return redirectWithToast(`/admin/shipping/${zone.id}`, { key: "shippingAdmin.rateMoved" });
};

export const action = intentAction(
  "settings.edit",
  {
    "rate-up": [shippingMoveSchema, moveRate],
    "rate-down": [shippingMoveSchema, moveRate],
    delete: [
      shippingRowSchema,
      async ({ id }, args) => {
        const zone = await zoneOf(args);
        if (!zone || id.toLowerCase() !== zone.id) throw badRequest();
        if (!(await deleteShippingZone(args.store.id, zone.id))) throw notFoundPage();
        return redirectWithToast("/admin/shipping", { key: "shippingAdmin.zoneDeleted" });
      },
    ],
    "delete-rate": [
      shippingRowSchema,
      async ({ id }, args) => {
        const zone = await zoneOf(args);
        if (!zone) throw badRequest();
        if (!(await deleteShippingRate(args.store.id, zone.id, id.toLowerCase()))) throw notFoundPage();
        return redirectWithToast(`/admin/shipping/${zone.id}`, { key: "shippingAdmin.rateDeleted" });
      },
    ],
    save: [
      SCHEMA_FORM,
      async (_, args) => {
        const { store } = args;
        const zone = await zoneOf(args);
        return submitSchemaForm(args, {
          schema: zoneSchema,
          extra: () => ({ unknownCities: [] as string[] }),
          save: (value) => saveShippingZone(store.id, value, { id: zone?.id }),
          refuse: (result) =>
            result.ok
              ? null
              : result.error === "not-found"
                ? notFoundPage()
                : result.error === "country-unknown"
                  ? { field: result.field, message: "shippingAdmin.errors.countryInvalid" }
                  : {
                      status: 400,
                      fieldErrors: { cities: ["shippingAdmin.errors.cityUnknown"] },
                      data: { unknownCities: result.names },
                    },
          success: {
            path: (_args, result) => (result.ok ? `/admin/shipping/${result.id}` : "/admin/shipping"),
            toast: { key: zone ? "toast.updateSuccess" : "shippingAdmin.zoneCreated" },
          },
        });
      },
    ],
  },
  // The zone form of before the intents still saves.
  { whenNoIntent: "save" },
);

export default function AdminShippingZone() {
  const { zone, start, countries, cities, constraint } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { actionData, reply, pending, form, values } = useSettingsForm<typeof action>(
    () => import("~/lib/validation/admin-shipping").then((m) => m.zoneSchema),
    { id: "zone", constraint, defaultValue: start },
  );
  const [kind, setKind] = useState(String(values.placeKind ?? "countries"));
  const [country, setCountry] = useState(String(values.country ?? ""));
  const chosen = ([] as unknown[]).concat(values.countries ?? []).map(String);
  const shows = (which: string) => !hydrated || kind === which;
  const countriesField = form.field("countries");
  const title = t(zone ? "shippingAdmin.editZoneTitle" : "shippingAdmin.newZoneTitle");
  const known = cities[country] ?? [];
  const unknownCities = reply && actionData && "unknownCities" in actionData ? actionData.unknownCities : [];
  const rateColumns = useShippingListColumns(
    "rate",
    zone?.rates ?? [],
    (row) => `/admin/shipping/${zone?.id}/rates/${row.id}`,
    [
      { key: "price", header: t("shippingAdmin.ratePrice"), cell: (row) => row.price },
      { key: "estimate", header: t("shippingAdmin.rateEstimate"), cell: (row) => row.estimate || "—" },
    ],
  );
  return (
    <EditPage
      title={title}
      back={{ to: "/admin/shipping", label: t("shippingAdmin.back") }}
      actionData={actionData}
      formProps={form.formProps}
      intent="save"
      save={{ label: t("shippingAdmin.saveZone"), busy: pending }}
      after={
        zone ? (
          <section className="flex flex-col gap-3" aria-labelledby="rates-heading">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="rates-heading" className="text-2xl font-extrabold">
                {t("shippingAdmin.ratesHeading")}
              </h2>
              <Button to={`/admin/shipping/${zone.id}/rates/new`}>{t("shippingAdmin.newRate")}</Button>
            </div>
            {zone.rates.length === 0 ? <Notice tone="info">{t("shippingAdmin.noRatesNote")}</Notice> : null}
            {zone.rates.length > 1 ? (
              <p className="text-sm text-muted">{t("shippingAdmin.rateOrderHint")}</p>
            ) : null}
            <ListPage
              texts="shippingAdmin.rateList"
              page={{ rows: zone.rates, prevCursor: null, nextCursor: null }}
              columns={rateColumns}
            />
          </section>
        ) : null
      }
      remove={
        zone && {
          id: "delete-zone",
          trigger: t("shippingAdmin.deleteZone"),
          title: t("shippingAdmin.deleteZoneTitle", { name: zone.name }),
          description: t("shippingAdmin.deleteZoneDescription"),
          fields: { intent: "delete", id: zone.id },
        }
      }
    >
      <Field field={form.field("name")} label={t("shippingAdmin.zoneName")} dir="auto" maxLength={80} />
      <SelectField
        field={form.field("placeKind")}
        label={t("shippingAdmin.placeKind")}
        onChange={(event) => setKind(event.currentTarget.value)}
      >
        {ZONE_PLACE_KINDS.map((value) => (
          <option key={value} value={value}>
            {t(`shippingAdmin.placeKinds.${value}`)}
          </option>
        ))}
      </SelectField>
      {shows("everywhere") && kind === "everywhere" ? (
        <p className="text-sm text-muted md:col-span-2">{t("shippingAdmin.everywhereHint")}</p>
      ) : null}
      <div className={shows("countries") ? "flex min-w-0 flex-col gap-1 md:col-span-2" : "hidden"}>
        <label htmlFor={countriesField.id} className="font-bold">
          {t("shippingAdmin.countries")}
        </label>
        <p id={`${countriesField.id}-hint`} className="text-sm text-muted">
          {t("shippingAdmin.countriesHint")}
        </p>
        <select
          id={countriesField.id}
          name="countries"
          multiple
          size={8}
          defaultValue={chosen}
          aria-invalid={countriesField.input["aria-invalid"]}
          aria-describedby={`${countriesField.errorId} ${countriesField.id}-hint`}
          className={`${CONTROL_CLASS} py-2`}
        >
          <CountryOptions countries={countries} />
        </select>
        <FieldError id={countriesField.errorId} errors={countriesField.errors} />
      </div>
      <div className={shows("cities") || shows("postal") ? "min-w-0" : "hidden"}>
        <SelectField
          field={form.field("country")}
          label={t("shippingAdmin.country")}
          hint={t("shippingAdmin.countryHint")}
          onChange={(event) => setCountry(event.currentTarget.value)}
        >
          <CountryOptions countries={countries} />
        </SelectField>
      </div>
      <div className={shows("cities") ? "min-w-0" : "hidden"}>
        <TextAreaField
          field={form.field("cities")}
          label={t("shippingAdmin.cities")}
          hint={
            known.length > 0
              ? t("shippingAdmin.citiesHint", { cities: known.join("، ") })
              : t("shippingAdmin.citiesNone")
          }
          rows={4}
        />
        {unknownCities.length > 0 ? (
          <p className="text-sm font-bold text-red-700 dark:text-red-400" dir="auto">
            {t("shippingAdmin.errors.cityUnknownNames", { names: unknownCities.join(", ") })}
          </p>
        ) : null}
      </div>
      <div className={shows("postal") ? "min-w-0" : "hidden"}>
        <TextAreaField
          field={form.field("postalPatterns")}
          label={t("shippingAdmin.postalPatterns")}
          hint={t("shippingAdmin.postalHint")}
          rows={4}
          dir="ltr"
        />
      </div>
    </EditPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
