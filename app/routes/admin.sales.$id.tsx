/**
 * /admin/sales/new and /admin/sales/:id: one form for a sales campaign (names in English and
 * Arabic, percent or fixed amount, the whole store / categories with their sub categories /
 * chosen products, start and end in the store's time zone), and deleting it. The same zod schema
 * checks the form in the action and in the browser (saleSchema, made for the store's currency and
 * zone).
 *
 * The product picker works without JavaScript: "Search products" submits the whole form as a GET
 * to this page (a `__intent__` submit, which the browser's checks let through), whose loader
 * takes the values typed so far as the form's start values and lists the products matching
 * `productQ` next to the ones already chosen.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { TargetedEditPage } from "~/components/admin/TargetedEditPage";
import { SalesTabs } from "~/components/admin/SalesTabs";
import { BilingualFields } from "~/components/ui/BilingualFields";
import { loadAppliesToForm, submitAppliesToForm } from "~/http/applies-to.server";
import { entityOrNewFromPath, notFoundPage } from "~/http/entity.server";
import { NEW_PATH } from "~/lib/entity-path";
import { adminLoader, type AdminArgs } from "~/http/handlers.server";
import { intentAction, SCHEMA_FORM } from "~/http/intent-action.server";
import { badRequest } from "~/http/refusal.server";
import { localeName } from "~/lib/localized-name";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { MAX_SALE_TARGETS, saleDeleteSchema, saleSchema } from "~/lib/validation/admin-sales";
import { SALE_TEXT_FIELDS, saleFormValues } from "~/services/discounts/sale-form.server";
import { deleteSale, getSale, saveSale } from "~/services/discounts/sales.server";

export const meta: MetaFunction = (args) =>
  seo({
    ...args,
    page: (t) => t(args.params.id === NEW_PATH ? "admin.sales.newTitle" : "admin.sales.editTitle"),
  });

/** The sale of the page's path; null on the new sale's page, where only "save" means anything. */
const saleOf = ({ store, params }: AdminArgs) =>
  entityOrNewFromPath(params.id, (id) => getSale(store.id, id));

const SALE_FORM = { textFields: SALE_TEXT_FIELDS, maxTargets: MAX_SALE_TARGETS, schema: saleSchema };

export const loader = adminLoader("sales.edit", async (args) => {
  const sale = await saleOf(args);
  // "Search products" sent the form as it stood: it is what the page starts from.
  const form = await loadAppliesToForm(args, {
    ...SALE_FORM,
    startOf: (digits, timeZone) => saleFormValues(sale, digits, timeZone),
  });
  return { sale: sale && { id: sale.id, nameEn: sale.nameEn, nameAr: sale.nameAr }, ...form };
});

// The form itself sends no intent: it is "save"; the delete dialog's form says "delete".
export const action = intentAction(
  "sales.edit",
  {
    delete: [
      saleDeleteSchema,
      async ({ saleId }, args) => {
        const sale = await saleOf(args);
        if (!sale || saleId.toLowerCase() !== sale.id) throw badRequest();
        if (!(await deleteSale(args.store.id, sale.id))) throw notFoundPage();
        return redirectWithToast("/admin/sales", { key: "admin.sales.deleted" });
      },
    ],
    save: [
      SCHEMA_FORM,
      async (_, args) => {
        const sale = await saleOf(args);
        return submitAppliesToForm(args, SALE_FORM, {
          save: (value) => saveSale(args.store.id, value, { id: sale?.id }),
          refuse: (result) =>
            result.ok
              ? null
              : result.error === "not-found"
                ? notFoundPage()
                : {
                    field: result.error === "category-not-found" ? "categoryIds" : "productIds",
                    message: "validation.choiceInvalid",
                  },
          success: {
            path: "/admin/sales",
            toast: { key: sale ? "toast.updateSuccess" : "admin.sales.created" },
          },
        });
      },
    ],
  },
  { whenNoIntent: "save" },
);

export default function AdminSale() {
  const { sale, ...data } = useLoaderData<typeof loader>();
  const { i18n } = useTranslation();
  return (
    <TargetedEditPage<typeof action>
      formId="sale"
      data={data}
      editing={sale !== null}
      top={<SalesTabs />}
      remove={sale && { titleParams: { name: localeName(sale, i18n.language) }, fields: { saleId: sale.id } }}
    >
      {({ form, parts }) => (
        <>
          <BilingualFields form={form} name="name" label="admin.sales.name" />
          {parts.kindAndValue}
          {parts.dates}
          {parts.picker}
        </>
      )}
    </TargetedEditPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
