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
import { parseWithZod } from "@conform-to/zod";
import { data, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { AdminPage } from "~/components/admin/AdminPage";
import { SalesTabs } from "~/components/admin/SalesTabs";
import { useMoney } from "~/components/Price";
import { Button } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { Field, FieldError } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/FormFields";
import { Notice } from "~/components/ui/Notice";
import { adminAction, adminLoader } from "~/http/handlers.server";
import { badRequest, Refusal } from "~/http/refusal.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { isolate } from "~/lib/bidi";
import { INTENT_FIELD } from "~/lib/form-value";
import { localeName } from "~/lib/localized-name";
import { currencyDigits } from "~/lib/money";
import { seo } from "~/lib/seo";
import { toZonedDateTimeValue } from "~/lib/time-zone";
import { redirectWithToast } from "~/lib/toast.server";
import { useFormPending } from "~/lib/use-form-pending";
import { useSchemaForm } from "~/lib/use-schema-form";
import { MAX_SALE_TARGETS, minorToAmount, saleDeleteSchema, saleSchema } from "~/lib/validation/admin-sales";
import {
  deleteSale,
  getSale,
  listProductChoices,
  saveSale,
  type ProductChoice,
  type SaveSaleResult,
} from "~/services/admin/sales.server";
import { listCategoryOptions } from "~/services/catalog/products-admin.server";

const NEW = "new";
const SEARCH = "search-products";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TEXT_FIELDS = ["nameEn", "nameAr", "kind", "value", "scope", "startsAt", "endsAt"] as const;

export const meta: MetaFunction = (args) =>
  seo({ ...args, page: (t) => t(args.params.id === NEW ? "admin.sales.newTitle" : "admin.sales.editTitle") });

const notFound = () => new Refusal(404, { key: "notFound.page" });

/** The sale the path names: none for /new, this store's sale, or 404. */
async function saleOfPath(storeId: string, id: string | undefined) {
  if (id === NEW) return null;
  if (!id || !UUID.test(id)) throw notFound();
  const sale = await getSale(storeId, id.toLowerCase());
  if (!sale) throw notFound();
  return sale;
}

/** Ids from repeated checkboxes, well-formed only, as many as a sale may name. */
const idsOf = (values: unknown): string[] =>
  (Array.isArray(values) ? values : values === undefined ? [] : [values])
    .filter((value): value is string => typeof value === "string" && UUID.test(value))
    .map((value) => value.toLowerCase())
    .slice(0, MAX_SALE_TARGETS);

export const loader = adminLoader(async ({ request, store, params, locale }) => {
  const sale = await saleOfPath(store.id, params.id);
  const search = new URL(request.url).searchParams;
  const digits = currencyDigits(store.currency);
  // "Search products" sent the form as it stood: it is what the page starts from.
  const draft =
    search.get(INTENT_FIELD) === SEARCH
      ? {
          ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, (search.get(name) ?? "").slice(0, 200)])),
          categoryIds: idsOf(search.getAll("categoryIds")),
          productIds: idsOf(search.getAll("productIds")),
        }
      : null;
  const saved = sale && {
    nameEn: sale.nameEn,
    nameAr: sale.nameAr,
    kind: sale.kind,
    value: sale.kind === "percent" ? String(sale.value) : minorToAmount(sale.value, digits),
    scope: sale.scope,
    startsAt: toZonedDateTimeValue(sale.startsAt, store.timeZone),
    endsAt: toZonedDateTimeValue(sale.endsAt, store.timeZone),
    categoryIds: sale.categoryIds,
    productIds: sale.productIds,
  };
  const productQ = (search.get("productQ") ?? "").trim().slice(0, 200);
  const start = draft ?? saved ?? { kind: "percent", scope: "store", categoryIds: [], productIds: [] };
  const [categories, products] = await Promise.all([
    listCategoryOptions(store.id, locale),
    listProductChoices(store.id, { q: productQ, chosenIds: start.productIds as string[], locale }),
  ]);
  return {
    sale: sale && { id: sale.id, nameEn: sale.nameEn, nameAr: sale.nameAr },
    start,
    productQ,
    categories,
    products,
    currency: store.currency,
    digits,
    timeZone: store.timeZone,
    constraint: formConstraint(saleSchema(digits, store.timeZone)),
  };
});

const TARGET_ERRORS: Partial<Record<Extract<SaveSaleResult, { ok: false }>["error"], string>> = {
  "category-not-found": "categoryIds",
  "product-not-found": "productIds",
};

export const action = adminAction(async ({ store, params, form, locale }) => {
  const sale = await saleOfPath(store.id, params.id);
  if (form.get("intent") === "delete") {
    const parsed = saleDeleteSchema.safeParse(Object.fromEntries(form));
    if (!sale || !parsed.success || parsed.data.saleId.toLowerCase() !== sale.id) throw badRequest();
    if (!(await deleteSale(store.id, sale.id))) throw notFound();
    return redirectWithToast("/admin/sales", { key: "admin.sales.deleted" });
  }
  const submission = parseWithZod(form, {
    schema: saleSchema(currencyDigits(store.currency), store.timeZone),
  });
  // The products the answer's form shows checked, so a refused submit keeps them listed.
  const chosen = async () =>
    (await listProductChoices(store.id, { q: "", chosenIds: idsOf(form.getAll("productIds")), locale }))
      .chosen;
  if (submission.status !== "success") {
    return data({ result: submission.reply(), chosen: await chosen() }, { status: 400 });
  }
  const result = await saveSale(store.id, submission.value, { id: sale?.id });
  if (!result.ok) {
    const name = TARGET_ERRORS[result.error];
    if (!name) throw notFound();
    return data(
      {
        result: submission.reply({ fieldErrors: { [name]: ["validation.choiceInvalid"] } }),
        chosen: await chosen(),
      },
      { status: 400 },
    );
  }
  return redirectWithToast("/admin/sales", { key: sale ? "toast.updateSuccess" : "admin.sales.created" });
});

const CHECK_ROW = "flex min-h-11 items-center gap-3 rounded-md px-2 hover:bg-card";
const GROUP = "flex flex-col gap-2 rounded-lg border border-line p-4";

export default function AdminSale() {
  const { sale, start, productQ, categories, products, currency, digits, timeZone, constraint } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const pending = useFormPending({ method: "post" });
  const answered = actionData && "result" in actionData && actionData.result ? actionData : null;
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const form = useSchemaForm(
    () => import("~/lib/validation/admin-sales").then((m) => m.saleSchema(digits, timeZone)),
    answered?.result,
    { id: "sale", constraint, defaultValue: start },
  );
  // What the checkboxes start from: the refused submit's values, else the loader's.
  const values = (answered?.result?.initialValue ?? start) as Record<string, unknown>;
  const listOf = (name: string) => {
    const value = values[name];
    return new Set(Array.isArray(value) ? (value as string[]) : typeof value === "string" ? [value] : []);
  };
  const chosenCategories = listOf("categoryIds");
  const chosenProducts = listOf("productIds");
  const scope = typeof values.scope === "string" ? values.scope : "store";
  const chosenRows: ProductChoice[] = answered?.chosen ?? products.chosen;
  const productRows = [
    ...chosenRows,
    ...products.matches.filter((row) => !chosenRows.some((c) => c.id === row.id)),
  ];
  const title = t(sale ? "admin.sales.editTitle" : "admin.sales.newTitle");
  const errorOf = (name: string) => form.errors[name];
  return (
    <AdminPage title={title}>
      <SalesTabs />
      <p>
        <Link to="/admin/sales" className="font-bold text-primary-ink underline underline-offset-4">
          {t("admin.sales.back")}
        </Link>
      </p>
      {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
      <Form
        method="post"
        {...form.formProps}
        className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-line p-4 sm:p-6 md:grid-cols-2"
      >
        <Field field={form.field("nameEn")} label={t("admin.sales.nameEn")} dir="ltr" />
        <Field field={form.field("nameAr")} label={t("admin.sales.nameAr")} dir="rtl" lang="ar" />
        <SelectField field={form.field("kind")} label={t("admin.sales.kind")}>
          <option value="percent">{t("admin.sales.kinds.percent")}</option>
          <option value="fixed">{t("admin.sales.kinds.fixed", { currency })}</option>
        </SelectField>
        <Field
          field={form.field("value")}
          label={t("admin.sales.value")}
          hint={t("admin.sales.valueHint", {
            currency,
            example: minorToAmount(5 * 10 ** digits, digits),
          })}
          inputMode="decimal"
          dir="ltr"
        />
        <Field
          field={form.field("startsAt")}
          type="datetime-local"
          label={t("timeZone.saleStarts", { timeZone: isolate(timeZone) })}
          hint={t("timeZone.saleStartHint")}
          dir="ltr"
        />
        <Field
          field={form.field("endsAt")}
          type="datetime-local"
          label={t("timeZone.saleEnds", { timeZone: isolate(timeZone) })}
          hint={t("timeZone.saleEndHint")}
          dir="ltr"
        />
        <fieldset className={`${GROUP} md:col-span-2`} aria-describedby="sale-scope-error">
          <legend className="px-1 font-bold">{t("admin.sales.appliesTo")}</legend>
          {(["store", "categories", "products"] as const).map((value) => (
            <label key={value} className={CHECK_ROW}>
              <input
                type="radio"
                name="scope"
                value={value}
                defaultChecked={scope === value}
                className="size-5"
              />
              {t(`admin.sales.scopes.${value}`)}
            </label>
          ))}
          <FieldError id="sale-scope-error" errors={errorOf("scope")} />
        </fieldset>
        <fieldset
          className={`${GROUP} md:col-span-2`}
          aria-describedby="sale-categoryIds-hint sale-categoryIds-error"
          aria-invalid={errorOf("categoryIds")?.length ? true : undefined}
        >
          <legend className="px-1 font-bold">{t("admin.sales.categories")}</legend>
          <p id="sale-categoryIds-hint" className="text-sm text-muted">
            {t("admin.sales.categoriesHint")}
          </p>
          {categories.length === 0 ? <p>{t("admin.sales.noCategories")}</p> : null}
          <div className="gap-4 sm:columns-2">
            {categories
              .filter((category) => category.parentId === null)
              .map((top) => (
                <div key={top.id} className="mb-2 break-inside-avoid">
                  {[top, ...categories.filter((category) => category.parentId === top.id)].map((category) => (
                    <label
                      key={category.id}
                      className={`${CHECK_ROW} ${category.parentId ? "ps-8" : "font-bold"}`}
                    >
                      <input
                        type="checkbox"
                        name="categoryIds"
                        value={category.id}
                        defaultChecked={chosenCategories.has(category.id)}
                        className="size-5 shrink-0"
                      />
                      <span dir="auto">{category.name}</span>
                    </label>
                  ))}
                </div>
              ))}
          </div>
          <FieldError id="sale-categoryIds-error" errors={errorOf("categoryIds")} />
        </fieldset>
        <fieldset
          className={`${GROUP} md:col-span-2`}
          aria-describedby="sale-productIds-hint sale-productIds-error"
          aria-invalid={errorOf("productIds")?.length ? true : undefined}
        >
          <legend className="px-1 font-bold">{t("admin.sales.products")}</legend>
          <p id="sale-productIds-hint" className="text-sm text-muted">
            {t("admin.sales.productsHint")}
          </p>
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex w-full flex-col gap-1 sm:w-auto">
              <span className="font-bold">{t("admin.sales.productSearch")}</span>
              <input
                type="search"
                name="productQ"
                defaultValue={productQ}
                maxLength={200}
                className="min-h-11 rounded-md border border-line bg-field px-3 text-ink"
              />
            </label>
            <Button type="submit" variant="secondary" name={INTENT_FIELD} value={SEARCH} formMethod="get">
              {t("admin.sales.searchProducts")}
            </Button>
          </div>
          {productRows.length === 0 ? <p>{t("admin.sales.noProducts")}</p> : null}
          <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
            {productRows.map((product) => (
              <label key={product.id} className={CHECK_ROW}>
                <input
                  type="checkbox"
                  name="productIds"
                  value={product.id}
                  defaultChecked={chosenProducts.has(product.id)}
                  className="size-5 shrink-0"
                />
                <span className="flex flex-col">
                  <span dir="auto">{product.name}</span>
                  <span className="text-sm text-muted">{money(product.priceCents)}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id="sale-productIds-error" errors={errorOf("productIds")} />
        </fieldset>
        <div className="flex flex-wrap items-center gap-4 md:col-span-2">
          <Button disabled={pending}>{t("admin.sales.save")}</Button>
        </div>
      </Form>
      {sale ? (
        <div>
          <ConfirmDialog
            id="delete-sale"
            trigger={t("admin.sales.delete")}
            title={t("admin.sales.deleteTitle", { name: localeName(sale, i18n.language) })}
            description={t("admin.sales.deleteDescription")}
            fields={{ intent: "delete", saleId: sale.id }}
          />
        </div>
      ) : null}
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
