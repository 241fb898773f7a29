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
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TargetedEditPage } from "~/components/admin/TargetedEditPage";
import { CheckboxField } from "~/components/ui/Checkbox";
import { Field } from "~/components/ui/Field";
import { NumberField } from "~/components/ui/NumberField";
import { Notice } from "~/components/ui/Notice";
import { loadAppliesToForm, submitAppliesToForm } from "~/http/applies-to.server";
import { entityOrNewFromPath, notFoundPage } from "~/http/entity.server";
import { NEW_PATH } from "~/lib/entity-path";
import { adminLoader, type AdminArgs } from "~/http/handlers.server";
import { intentAction, SCHEMA_FORM } from "~/http/intent-action.server";
import { badRequest, Refusal } from "~/http/refusal.server";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/use-translation";
import {
  discountCodeSchema,
  discountRowSchema,
  MAX_DISCOUNT_TARGETS,
} from "~/lib/validation/admin-discounts";
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
  const { code, ...data } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <TargetedEditPage<typeof action>
      formId="discount"
      data={data}
      editing={code !== null}
      notes={
        code && code.uses > 0 ? (
          <Notice tone="info">{t("discounts.admin.usedNote", { count: code.uses })}</Notice>
        ) : null
      }
      remove={code && { titleParams: { code: code.code }, fields: { discountId: code.id } }}
    >
      {({ form, values, parts }) => (
        <>
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
          {parts.kindAndValue}
          <NumberField
            field={form.field("minSubtotal")}
            label={t("discounts.admin.minSubtotal", { currency: data.currency })}
            hint={t("discounts.admin.minSubtotalHint")}
            decimal
          />
          {parts.dates}
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
          {parts.picker}
          <CheckboxField
            field={form.field("active")}
            label={t("discounts.admin.active")}
            defaultChecked={values.active === "on" || values.active === true}
            className="md:col-span-2"
          />
        </>
      )}
    </TargetedEditPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
