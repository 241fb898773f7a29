/**
 * /admin/discounts/new and /admin/discounts/:id (issue 20): one form for a discount code (the
 * code, percentage / fixed amount / free shipping, a minimum, start and optional end in the
 * store's time zone, total and per-shopper limits, the whole store / categories with their sub
 * categories / chosen products, active), and deleting it when no order used it. The same zod
 * schema checks the form in the action and in the browser (discountCodeSchema, made for the
 * store's currency and zone).
 *
 * The product picker works without JavaScript, as the sale form's: "Search" submits the whole form
 * as a GET to this page, whose loader starts the form from the values typed so far.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { useMoney } from "~/components/Price";
import { Button } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { Field, FieldError } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/FormFields";
import { Notice } from "~/components/ui/Notice";
import { adminAction, adminLoader } from "~/http/handlers.server";
import { badRequest, Refusal } from "~/http/refusal.server";
import { isolate } from "~/lib/bidi";
import { formConstraint } from "~/lib/form-constraint.server";
import { INTENT_FIELD } from "~/lib/form-value";
import { currencyDigits } from "~/lib/money";
import { seo } from "~/lib/seo";
import { toZonedDateTimeValue } from "~/lib/time-zone";
import { redirectWithToast } from "~/lib/toast.server";
import { useFormPending } from "~/lib/use-form-pending";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useTranslation } from "~/lib/use-translation";
import {
  discountCodeSchema,
  discountRowSchema,
  MAX_DISCOUNT_TARGETS,
} from "~/lib/validation/admin-discounts";
import { minorToAmount } from "~/lib/validation/admin-sales";
import { listProductChoices, type ProductChoice } from "~/services/admin/sales.server";
import { listCategoryOptions } from "~/services/catalog/products-admin.server";
import {
  deleteDiscountCode,
  getDiscountCode,
  saveDiscountCode,
  type SaveDiscountResult,
} from "~/services/discounts/admin.server";

const NEW = "new";
const SEARCH = "search-products";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TEXT_FIELDS = [
  "code",
  "kind",
  "value",
  "minSubtotal",
  "startsAt",
  "endsAt",
  "usageLimit",
  "perShopperLimit",
  "scope",
  "active",
] as const;

export const meta: MetaFunction = (args) =>
  seo({
    ...args,
    page: (t) => t(args.params.id === NEW ? "discounts.admin.newTitle" : "discounts.admin.editTitle"),
  });

const notFound = () => new Refusal(404, { key: "notFound.page" });

/** The code the path names: none for /new, this store's code, or 404. */
async function codeOfPath(storeId: string, id: string | undefined) {
  if (id === NEW) return null;
  if (!id || !UUID.test(id)) throw notFound();
  const code = await getDiscountCode(storeId, id.toLowerCase());
  if (!code) throw notFound();
  return code;
}

/** Ids from repeated checkboxes, well-formed only, as many as a code may name. */
const idsOf = (values: unknown): string[] =>
  (Array.isArray(values) ? values : values === undefined ? [] : [values])
    .filter((value): value is string => typeof value === "string" && UUID.test(value))
    .map((value) => value.toLowerCase())
    .slice(0, MAX_DISCOUNT_TARGETS);

export const loader = adminLoader(async ({ request, store, params, locale }) => {
  const code = await codeOfPath(store.id, params.id);
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
  const saved = code && {
    code: code.code,
    kind: code.kind,
    value:
      code.kind === "percentage"
        ? String(code.value)
        : code.kind === "fixed"
          ? minorToAmount(code.value, digits)
          : "",
    minSubtotal: code.minSubtotalCents > 0 ? minorToAmount(code.minSubtotalCents, digits) : "",
    startsAt: toZonedDateTimeValue(code.startsAt, store.timeZone),
    endsAt: code.endsAt ? toZonedDateTimeValue(code.endsAt, store.timeZone) : "",
    usageLimit: code.usageLimit === null ? "" : String(code.usageLimit),
    perShopperLimit: code.perShopperLimit === null ? "" : String(code.perShopperLimit),
    scope: code.scope,
    active: code.active ? "on" : "",
    categoryIds: code.categoryIds,
    productIds: code.productIds,
  };
  const productQ = (search.get("productQ") ?? "").trim().slice(0, 200);
  // A new code starts now, on, for the whole store.
  const start = draft ??
    saved ?? {
      kind: "percentage",
      scope: "store",
      active: "on",
      startsAt: toZonedDateTimeValue(new Date(), store.timeZone),
      categoryIds: [],
      productIds: [],
    };
  const [categories, products] = await Promise.all([
    listCategoryOptions(store.id, locale),
    listProductChoices(store.id, { q: productQ, chosenIds: start.productIds as string[], locale }),
  ]);
  return {
    code: code && { id: code.id, code: code.code, uses: code.uses },
    start,
    productQ,
    categories,
    products,
    currency: store.currency,
    digits,
    timeZone: store.timeZone,
    constraint: formConstraint(discountCodeSchema(digits, store.timeZone)),
  };
});

const FIELD_ERRORS: Record<Extract<SaveDiscountResult, { ok: false }>["error"], [string, string] | null> = {
  "not-found": null,
  "code-taken": ["code", "discounts.admin.errors.codeTaken"],
  "category-not-found": ["categoryIds", "validation.choiceInvalid"],
  "product-not-found": ["productIds", "validation.choiceInvalid"],
};

export const action = adminAction(async ({ store, params, form, locale }) => {
  const code = await codeOfPath(store.id, params.id);
  if (form.get("intent") === "delete") {
    const parsed = discountRowSchema.safeParse(Object.fromEntries(form));
    if (!code || !parsed.success || parsed.data.discountId.toLowerCase() !== code.id) throw badRequest();
    const deleted = await deleteDiscountCode(store.id, code.id);
    if (!deleted.ok && deleted.error === "not-found") throw notFound();
    if (!deleted.ok)
      throw new Refusal(409, { key: "discounts.admin.deleteUsed", params: { count: deleted.orders } });
    return redirectWithToast("/admin/discounts", { key: "discounts.admin.deleted" });
  }
  const submission = parseWithZod(form, {
    schema: discountCodeSchema(currencyDigits(store.currency), store.timeZone),
  });
  // The products the answer's form shows checked, so a refused submit keeps them listed.
  const chosen = async () =>
    (await listProductChoices(store.id, { q: "", chosenIds: idsOf(form.getAll("productIds")), locale }))
      .chosen;
  if (submission.status !== "success") {
    return data({ result: submission.reply(), chosen: await chosen() }, { status: 400 });
  }
  const result = await saveDiscountCode(store.id, submission.value, { id: code?.id });
  if (!result.ok) {
    const field = FIELD_ERRORS[result.error];
    if (!field) throw notFound();
    return data(
      { result: submission.reply({ fieldErrors: { [field[0]]: [field[1]] } }), chosen: await chosen() },
      { status: result.error === "code-taken" ? 409 : 400 },
    );
  }
  return redirectWithToast("/admin/discounts", {
    key: code ? "toast.updateSuccess" : "discounts.admin.created",
  });
});

const CHECK_ROW = "flex min-h-11 items-center gap-3 rounded-md px-2 hover:bg-card";
const GROUP = "flex flex-col gap-2 rounded-lg border border-line p-4";

export default function AdminDiscount() {
  const { code, start, productQ, categories, products, currency, digits, timeZone, constraint } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const money = useMoney();
  const pending = useFormPending({ method: "post" });
  const answered = actionData && "result" in actionData && actionData.result ? actionData : null;
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const form = useSchemaForm(
    () => import("~/lib/validation/admin-discounts").then((m) => m.discountCodeSchema(digits, timeZone)),
    answered?.result,
    { id: "discount", constraint, defaultValue: start },
  );
  // What the radios and checkboxes start from: the refused submit's values, else the loader's.
  const values = (answered?.result?.initialValue ?? start) as Record<string, unknown>;
  const listOf = (name: string) => {
    const value = values[name];
    return new Set(Array.isArray(value) ? (value as string[]) : typeof value === "string" ? [value] : []);
  };
  const chosenCategories = listOf("categoryIds");
  const chosenProducts = listOf("productIds");
  const scope = typeof values.scope === "string" ? values.scope : "store";
  const active = values.active === "on" || values.active === true;
  const chosenRows: ProductChoice[] = answered?.chosen ?? products.chosen;
  const productRows = [
    ...chosenRows,
    ...products.matches.filter((row) => !chosenRows.some((c) => c.id === row.id)),
  ];
  const title = t(code ? "discounts.admin.editTitle" : "discounts.admin.newTitle");
  const errorOf = (name: string) => form.errors[name];
  const example = minorToAmount(5 * 10 ** digits, digits);
  return (
    <AdminPage title={title}>
      <p>
        <Link to="/admin/discounts" className="font-bold text-primary-ink underline underline-offset-4">
          {t("discounts.admin.back")}
        </Link>
      </p>
      {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
      {code && code.uses > 0 ? (
        <Notice tone="info">{t("discounts.admin.usedNote", { count: code.uses })}</Notice>
      ) : null}
      <Form
        method="post"
        {...form.formProps}
        className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-line p-4 sm:p-6 md:grid-cols-2"
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
        <Field
          field={form.field("value")}
          label={t("discounts.admin.value")}
          hint={t("discounts.admin.valueHint", { currency, example })}
          inputMode="decimal"
          dir="ltr"
        />
        <Field
          field={form.field("minSubtotal")}
          label={t("discounts.admin.minSubtotal", { currency })}
          hint={t("discounts.admin.minSubtotalHint")}
          inputMode="decimal"
          dir="ltr"
        />
        <Field
          field={form.field("startsAt")}
          type="datetime-local"
          label={t("discounts.admin.startsAt", { timeZone: isolate(timeZone) })}
          dir="ltr"
        />
        <Field
          field={form.field("endsAt")}
          type="datetime-local"
          label={t("discounts.admin.endsAt", { timeZone: isolate(timeZone) })}
          hint={t("discounts.admin.endsHint")}
          dir="ltr"
        />
        <Field
          field={form.field("usageLimit")}
          label={t("discounts.admin.usageLimit")}
          hint={t("discounts.admin.usageLimitHint")}
          inputMode="numeric"
          dir="ltr"
        />
        <Field
          field={form.field("perShopperLimit")}
          label={t("discounts.admin.perShopperLimit")}
          hint={t("discounts.admin.perShopperLimitHint")}
          inputMode="numeric"
          dir="ltr"
        />
        <fieldset className={`${GROUP} md:col-span-2`} aria-describedby="discount-scope-error">
          <legend className="px-1 font-bold">{t("discounts.admin.appliesTo")}</legend>
          {(["store", "categories", "products"] as const).map((value) => (
            <label key={value} className={CHECK_ROW}>
              <input
                type="radio"
                name="scope"
                value={value}
                defaultChecked={scope === value}
                className="size-5"
              />
              {t(`discounts.admin.scopes.${value}`)}
            </label>
          ))}
          <FieldError id="discount-scope-error" errors={errorOf("scope")} />
        </fieldset>
        <fieldset
          className={`${GROUP} md:col-span-2`}
          aria-describedby="discount-categoryIds-hint discount-categoryIds-error"
          aria-invalid={errorOf("categoryIds")?.length ? true : undefined}
        >
          <legend className="px-1 font-bold">{t("discounts.admin.categories")}</legend>
          <p id="discount-categoryIds-hint" className="text-sm text-muted">
            {t("discounts.admin.categoriesHint")}
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
          <FieldError id="discount-categoryIds-error" errors={errorOf("categoryIds")} />
        </fieldset>
        <fieldset
          className={`${GROUP} md:col-span-2`}
          aria-describedby="discount-productIds-hint discount-productIds-error"
          aria-invalid={errorOf("productIds")?.length ? true : undefined}
        >
          <legend className="px-1 font-bold">{t("discounts.admin.products")}</legend>
          <p id="discount-productIds-hint" className="text-sm text-muted">
            {t("discounts.admin.productsHint")}
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
          <FieldError id="discount-productIds-error" errors={errorOf("productIds")} />
        </fieldset>
        <div className="flex flex-col gap-1 md:col-span-2">
          <label className={CHECK_ROW}>
            <input
              type="checkbox"
              name="active"
              defaultChecked={active}
              className="size-5 shrink-0"
              aria-describedby="discount-active-error"
            />
            {t("discounts.admin.active")}
          </label>
          <FieldError id="discount-active-error" errors={errorOf("active")} />
        </div>
        <div className="flex flex-wrap items-center gap-4 md:col-span-2">
          <Button disabled={pending}>{t("discounts.admin.save")}</Button>
        </div>
      </Form>
      {code ? (
        <div>
          <ConfirmDialog
            id="delete-discount"
            trigger={t("discounts.admin.delete")}
            title={t("discounts.admin.deleteTitle", { code: code.code })}
            description={t("discounts.admin.deleteDescription")}
            fields={{ intent: "delete", discountId: code.id }}
          />
        </div>
      ) : null}
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
