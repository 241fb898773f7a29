/**
 * /admin/discounts/new and /admin/discounts/:id (issue 20): one form for a discount code (the
 * code, percentage / fixed amount / free shipping, a minimum, start and optional end in the
 * store's time zone, total and per-shopper limits, the whole store / categories with their sub
 * categories / chosen products, active), and deleting it when no order used it. The same zod
 * schema checks the form in the action and in the browser (discountCodeSchema, made for the
 * store's currency and zone).
 *
 * The product picker (AppliesToPicker, shared with the sale form) works without JavaScript.
 */
import { DateTimeField } from "~/components/admin/DateTimeField";
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EditPage } from "~/components/admin/EditPage";
import { AppliesToPicker, pickerProductRows } from "~/components/admin/AppliesToPicker";
import { CheckboxField } from "~/components/ui/Checkbox";
import { Field } from "~/components/ui/Field";
import { NumberField } from "~/components/ui/NumberField";
import { SelectField } from "~/components/ui/FormFields";
import { Notice } from "~/components/ui/Notice";
import { loadAppliesToForm, submitAppliesToForm } from "~/http/applies-to.server";
import { entityOrNewFromPath, notFoundPage } from "~/http/entity.server";
import { NEW_PATH } from "~/lib/entity-path";
import { adminLoader, type AdminArgs } from "~/http/handlers.server";
import { intentAction, SCHEMA_FORM } from "~/http/intent-action.server";
import { badRequest, Refusal } from "~/http/refusal.server";
import { isolate } from "~/lib/bidi";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useSettingsForm } from "~/lib/use-settings-form";
import { useTranslation } from "~/lib/use-translation";
import {
  discountCodeSchema,
  discountRowSchema,
  MAX_DISCOUNT_TARGETS,
} from "~/lib/validation/admin-discounts";
import { minorToAmount } from "~/lib/validation/admin-sales";
import type { ProductChoice } from "~/services/discounts/sales.server";
import { DISCOUNT_TEXT_FIELDS, discountFormValues } from "~/services/discounts/code-form.server";
import { deleteDiscountCode, getDiscountCode, saveDiscountCode } from "~/services/discounts/admin.server";

export const meta: MetaFunction = (args) =>
  seo({
    ...args,
    page: (t) => t(args.params.id === NEW_PATH ? "discounts.admin.newTitle" : "discounts.admin.editTitle"),
  });

/** The discount of the page's path; null on the new code's page, where only "save" means anything. */
const codeOf = ({ store, params }: AdminArgs) =>
  entityOrNewFromPath(params.id, (id) => getDiscountCode(store.id, id));

const CODE_FORM = {
  textFields: DISCOUNT_TEXT_FIELDS,
  maxTargets: MAX_DISCOUNT_TARGETS,
  schema: discountCodeSchema,
};

export const loader = adminLoader("discounts.edit", async (args) => {
  const code = await codeOf(args);
  // "Search products" sent the form as it stood: it is what the page starts from.
  const form = await loadAppliesToForm(args, {
    ...CODE_FORM,
    startOf: (digits, timeZone) => discountFormValues(code, digits, timeZone),
  });
  return { code: code && { id: code.id, code: code.code, uses: code.uses }, ...form };
});

/** A refused save: the field it names and its message (not-found is the page's 404). */
const FIELD_ERRORS = {
  "code-taken": { field: "code", message: "discounts.admin.errors.codeTaken", status: 409 },
  "category-not-found": { field: "categoryIds", message: "validation.choiceInvalid" },
  "product-not-found": { field: "productIds", message: "validation.choiceInvalid" },
} as const;

// The form itself sends no intent: it is "save"; the delete dialog's form says "delete".
export const action = intentAction(
  "discounts.edit",
  {
    delete: [
      discountRowSchema,
      async ({ discountId }, args) => {
        const code = await codeOf(args);
        if (!code || discountId.toLowerCase() !== code.id) throw badRequest();
        const deleted = await deleteDiscountCode(args.store.id, code.id);
        if (!deleted.ok && deleted.error === "not-found") throw notFoundPage();
        if (!deleted.ok)
          throw new Refusal(409, { key: "discounts.admin.deleteUsed", params: { count: deleted.orders } });
        return redirectWithToast("/admin/discounts", { key: "discounts.admin.deleted" });
      },
    ],
    save: [
      SCHEMA_FORM,
      async (_, args) => {
        const code = await codeOf(args);
        return submitAppliesToForm(args, CODE_FORM, {
          save: (value) => saveDiscountCode(args.store.id, value, { id: code?.id }),
          refuse: (result) =>
            result.ok ? null : result.error === "not-found" ? notFoundPage() : FIELD_ERRORS[result.error],
          success: {
            path: "/admin/discounts",
            toast: { key: code ? "toast.updateSuccess" : "discounts.admin.created" },
          },
        });
      },
    ],
  },
  { whenNoIntent: "save" },
);

export default function AdminDiscount() {
  const { code, start, productQ, categories, products, currency, digits, timeZone, constraint } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { actionData, reply, pending, form, values } = useSettingsForm<typeof action>(
    () => import("~/lib/validation/admin-discounts").then((m) => m.discountCodeSchema(digits, timeZone)),
    { id: "discount", constraint, defaultValue: start },
  );
  const active = values.active === "on" || values.active === true;
  const chosenRows: ProductChoice[] =
    reply && actionData && "chosen" in actionData ? actionData.chosen : products.chosen;
  const example = minorToAmount(5 * 10 ** digits, digits);
  return (
    <EditPage
      title={t(code ? "discounts.admin.editTitle" : "discounts.admin.newTitle")}
      back={{ to: "/admin/discounts", label: t("discounts.admin.back") }}
      actionData={actionData}
      notes={
        code && code.uses > 0 ? (
          <Notice tone="info">{t("discounts.admin.usedNote", { count: code.uses })}</Notice>
        ) : null
      }
      formProps={form.formProps}
      save={{ label: t("discounts.admin.save"), busy: pending }}
      remove={
        code && {
          id: "delete-discount",
          trigger: t("discounts.admin.delete"),
          title: t("discounts.admin.deleteTitle", { code: code.code }),
          description: t("discounts.admin.deleteDescription"),
          fields: { intent: "delete", discountId: code.id },
        }
      }
    >
      <Field
        field={form.field("code")}
        label={t("discounts.admin.code")}
        hint={t("discounts.admin.codeHint")}
        dir="ltr"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
      />
      <SelectField field={form.field("kind")} label={t("discounts.admin.kind")}>
        <option value="percentage">{t("discounts.admin.kinds.percentage")}</option>
        <option value="fixed">{t("discounts.admin.kinds.fixed", { currency })}</option>
        <option value="free_shipping">{t("discounts.admin.kinds.free_shipping")}</option>
      </SelectField>
      <NumberField
        field={form.field("value")}
        label={t("discounts.admin.value")}
        hint={t("discounts.admin.valueHint", { currency, example })}
        decimal
      />
      <NumberField
        field={form.field("minSubtotal")}
        label={t("discounts.admin.minSubtotal", { currency })}
        hint={t("discounts.admin.minSubtotalHint")}
        decimal
      />
      <DateTimeField
        field={form.field("startsAt")}
        label={t("discounts.admin.startsAt", { timeZone: isolate(timeZone) })}
      />
      <DateTimeField
        field={form.field("endsAt")}
        label={t("discounts.admin.endsAt", { timeZone: isolate(timeZone) })}
        hint={t("discounts.admin.endsHint")}
      />
      <NumberField
        field={form.field("usageLimit")}
        label={t("discounts.admin.usageLimit")}
        hint={t("discounts.admin.usageLimitHint")}
      />
      <NumberField
        field={form.field("perShopperLimit")}
        label={t("discounts.admin.perShopperLimit")}
        hint={t("discounts.admin.perShopperLimitHint")}
      />
      <AppliesToPicker
        formId="discount"
        labels="discounts.admin"
        values={values}
        errors={form.errors}
        categories={categories}
        productRows={pickerProductRows(chosenRows, products.matches)}
        productQ={productQ}
      />
      <CheckboxField
        field={form.field("active")}
        label={t("discounts.admin.active")}
        defaultChecked={active}
        className="md:col-span-2"
      />
    </EditPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
