/**
 * /admin/shipping/:id/rates/new and /admin/shipping/:id/rates/:rateId (issue 33, decision 039):
 * one rate of a zone: flat, by weight bands (grams), by subtotal bands, or a pickup place with its
 * hours; names and estimates in English and Arabic; a free-from threshold (compared with the goods
 * after sales and codes); whether Cash On Delivery comes with it and its own COD fee. The rate
 * schema is made for the store's currency and checks the form here and in the browser.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { EditPage } from "~/components/admin/EditPage";
import { CheckboxField } from "~/components/ui/Checkbox";
import { BilingualFields } from "~/components/ui/BilingualFields";
import { NumberField } from "~/components/ui/NumberField";
import { SelectField, TextAreaField } from "~/components/ui/FormFields";
import { entityFromPath, entityOrNewFromPath, notFoundPage } from "~/http/entity.server";
import { adminLoader } from "~/http/handlers.server";
import { intentAction, SCHEMA_FORM } from "~/http/intent-action.server";
import { badRequest } from "~/http/refusal.server";
import { submitSchemaForm } from "~/http/schema-form.server";
import { NEW_PATH } from "~/lib/entity-path";
import { formConstraint } from "~/lib/form-constraint.server";
import { currencyDigits } from "~/lib/money";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useHydrated } from "~/lib/use-hydrated";
import { useSettingsForm } from "~/lib/use-settings-form";
import { useTranslation } from "~/lib/use-translation";
import { RATE_KINDS, rateSchema, shippingRowSchema } from "~/lib/validation/admin-shipping";
import { deleteShippingRate, getShippingZone, saveShippingRate } from "~/services/shipping/admin.server";
import { rateFormValues } from "~/services/shipping/admin-view.server";

export const meta: MetaFunction = (args) =>
  seo({
    ...args,
    page: (t) =>
      t(args.params.rateId === NEW_PATH ? "shippingAdmin.newRateTitle" : "shippingAdmin.editRateTitle"),
  });

/** The zone the path names and its rate (null for `new`); another store's ids are the 404. */
async function zoneAndRate(storeId: string, params: { id?: string; rateId?: string }) {
  const zone = await entityFromPath(params.id, (id) => getShippingZone(storeId, id));
  const rate = await entityOrNewFromPath(params.rateId, async (id) => zone.rates.find((r) => r.id === id));
  return { zone, rate };
}

export const loader = adminLoader("settings.edit", async ({ store, params }) => {
  const { zone, rate } = await zoneAndRate(store.id, params);
  const digits = currencyDigits(store.currency);
  return {
    zone: { id: zone.id, name: zone.name },
    rate: rate && { id: rate.id, name: rate.nameEn },
    start: rateFormValues(rate, store.currency),
    currency: store.currency,
    digits,
    constraint: formConstraint(rateSchema(digits)),
  };
});

export const action = intentAction("settings.edit", {
  "delete-rate": [
    shippingRowSchema,
    async ({ id }, { store, params }) => {
      const { zone, rate } = await zoneAndRate(store.id, params);
      if (!rate || id.toLowerCase() !== rate.id) throw badRequest();
      if (!(await deleteShippingRate(store.id, zone.id, rate.id))) throw notFoundPage();
      return redirectWithToast(`/admin/shipping/${zone.id}`, { key: "shippingAdmin.rateDeleted" });
    },
  ],
  save: [
    SCHEMA_FORM,
    async (_, args) => {
      const { store, params } = args;
      const { zone, rate } = await zoneAndRate(store.id, params);
      return submitSchemaForm(args, {
        schema: rateSchema(currencyDigits(store.currency)),
        save: (value) => saveShippingRate(store.id, zone.id, value, { id: rate?.id }),
        refuse: (result) => (result.ok ? null : notFoundPage()),
        success: {
          path: `/admin/shipping/${zone.id}`,
          toast: { key: rate ? "toast.updateSuccess" : "shippingAdmin.rateCreated" },
        },
      });
    },
  ],
});

export default function AdminShippingRate() {
  const { zone, rate, start, currency, digits, constraint } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { actionData, pending, form, values } = useSettingsForm<typeof action>(
    () => import("~/lib/validation/admin-shipping").then((m) => m.rateSchema(digits)),
    { id: "rate", constraint, defaultValue: start },
  );
  const [kind, setKind] = useState(String(values.kind ?? "flat"));
  const banded = kind === "weight" || kind === "subtotal";
  const shows = (visible: boolean) => (!hydrated || visible ? "min-w-0" : "hidden");
  const unit = kind === "subtotal" ? currency : t("shippingAdmin.grams");
  const title = t(rate ? "shippingAdmin.editRateTitle" : "shippingAdmin.newRateTitle");
  return (
    <EditPage
      title={title}
      back={{ to: `/admin/shipping/${zone.id}`, label: t("shippingAdmin.backToZone", { name: zone.name }) }}
      actionData={actionData}
      formProps={form.formProps}
      intent="save"
      save={{ label: t("shippingAdmin.saveRate"), busy: pending }}
      remove={
        rate && {
          id: "delete-rate",
          trigger: t("shippingAdmin.deleteRate"),
          title: t("shippingAdmin.deleteRateTitle", { name: rate.name }),
          description: t("shippingAdmin.deleteRateDescription"),
          fields: { intent: "delete-rate", id: rate.id },
        }
      }
    >
      <SelectField
        field={form.field("kind")}
        label={t("shippingAdmin.rateKind")}
        onChange={(event) => setKind(event.currentTarget.value)}
      >
        {RATE_KINDS.map((value) => (
          <option key={value} value={value}>
            {t(`shippingAdmin.kinds.${value}`)}
          </option>
        ))}
      </SelectField>
      <div className="hidden md:block" />
      <BilingualFields
        form={form}
        name="name"
        label={kind === "pickup" ? "shippingAdmin.pickupPlace" : "shippingAdmin.rateName"}
        maxLength={80}
      />
      <BilingualFields
        form={form}
        name="estimate"
        label={kind === "pickup" ? "shippingAdmin.hours" : "shippingAdmin.estimate"}
        en={{ hint: t(kind === "pickup" ? "shippingAdmin.hoursHint" : "shippingAdmin.estimateHint") }}
        maxLength={80}
      />
      <div className={shows(!banded)}>
        <NumberField
          field={form.field("price")}
          label={t("shippingAdmin.price", { currency })}
          hint={t("shippingAdmin.priceHint")}
          decimal
        />
      </div>
      <div className={shows(banded) + " md:col-span-2"}>
        <TextAreaField
          field={form.field("bands")}
          label={t("shippingAdmin.bands", { unit })}
          hint={t(kind === "subtotal" ? "shippingAdmin.bandsHintSubtotal" : "shippingAdmin.bandsHintWeight")}
          rows={4}
          dir="ltr"
        />
      </div>
      <div className={shows(banded)}>
        <NumberField
          field={form.field("extraStep")}
          label={t("shippingAdmin.extraStep", { unit })}
          hint={t("shippingAdmin.extraHint")}
          decimal
        />
      </div>
      <div className={shows(banded)}>
        <NumberField
          field={form.field("extraPrice")}
          label={t("shippingAdmin.extraPrice", { currency })}
          decimal
        />
      </div>
      <NumberField
        field={form.field("freeFrom")}
        label={t("shippingAdmin.freeFrom", { currency })}
        hint={t("shippingAdmin.freeFromHint")}
        decimal
      />
      <NumberField
        field={form.field("codFee")}
        label={t("shippingAdmin.codFee", { currency })}
        hint={t("shippingAdmin.codFeeHint")}
        decimal
      />
      <CheckboxField
        field={form.field("codAllowed")}
        label={t("shippingAdmin.codAllowed")}
        hint={t("shippingAdmin.codAllowedHint")}
        defaultChecked={values.codAllowed === "on" || values.codAllowed === true}
        className="md:col-span-2"
      />
    </EditPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
