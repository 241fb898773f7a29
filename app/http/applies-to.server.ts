/**
 * The server half of the "applies to" picker (sales and discount codes): the form as it stood
 * when "Search products" sent it as a GET (the page starts from it), the product search, and the
 * chosen products a refused submit lists again so they stay checked.
 */
import type { ZodTypeAny } from "zod";
import type { StoreArgs, WithForm } from "~/http/handlers.server";
import { submitSchemaForm, type SchemaFormOptions } from "~/http/schema-form.server";
import { SEARCH_PRODUCTS } from "~/lib/applies-to";
import { formConstraint } from "~/lib/form-constraint.server";
import { INTENT_FIELD } from "~/lib/form-value";
import type { Locale } from "~/lib/i18n";
import { currencyDigits } from "~/lib/money";
import { UUID_PATTERN } from "~/lib/uuid";
import { listCategoryOptions } from "~/services/catalog/products-admin.server";
import { listProductChoices, type ProductChoice } from "~/services/discounts/sales.server";

/** Ids from repeated checkboxes, well-formed only, lower-cased, at most `max`. */
export const idsOf = (values: unknown, max: number): string[] =>
  (Array.isArray(values) ? values : values === undefined ? [] : [values])
    .filter((value): value is string => typeof value === "string" && UUID_PATTERN.test(value))
    .map((value) => value.toLowerCase())
    .slice(0, max);

/**
 * The picker's query: the draft form (its text fields and chosen ids) when "Search products" sent
 * it, else null; and the product search, trimmed.
 */
export function readAppliesToQuery(request: Request, textFields: readonly string[], maxTargets: number) {
  const search = new URL(request.url).searchParams;
  const draft =
    search.get(INTENT_FIELD) === SEARCH_PRODUCTS
      ? {
          ...Object.fromEntries(textFields.map((name) => [name, (search.get(name) ?? "").slice(0, 200)])),
          categoryIds: idsOf(search.getAll("categoryIds"), maxTargets),
          productIds: idsOf(search.getAll("productIds"), maxTargets),
        }
      : null;
  return { draft, productQ: (search.get("productQ") ?? "").trim().slice(0, 200) };
}

/** The products a posted form had checked, so a refused submit keeps them listed. */
export async function postedProductChoices(
  storeId: string,
  form: FormData,
  maxTargets: number,
  locale: Locale,
): Promise<ProductChoice[]> {
  const chosenIds = idsOf(form.getAll("productIds"), maxTargets);
  return (await listProductChoices(storeId, { q: "", chosenIds, locale })).chosen;
}

/**
 * What a sale's or a discount code's page loads besides the entity: the form's start values (the
 * draft "Search products" sent, else `startOf` the saved one), the categories, the products to
 * list, and what the browser needs to check the form as the action does.
 */
export async function loadAppliesToForm(
  {
    request,
    store,
    locale,
  }: { request: Request; store: { id: string; currency: string; timeZone: string }; locale: Locale },
  form: {
    textFields: readonly string[];
    maxTargets: number;
    startOf: (digits: number, timeZone: string) => Record<string, unknown>;
    schema: (digits: number, timeZone: string) => ZodTypeAny;
  },
) {
  const digits = currencyDigits(store.currency);
  const { draft, productQ } = readAppliesToQuery(request, form.textFields, form.maxTargets);
  const start = draft ?? form.startOf(digits, store.timeZone);
  const [categories, products] = await Promise.all([
    listCategoryOptions(store.id, locale),
    listProductChoices(store.id, { q: productQ, chosenIds: start.productIds as string[], locale }),
  ]);
  return {
    start,
    productQ,
    categories,
    products,
    currency: store.currency,
    digits,
    timeZone: store.timeZone,
    constraint: formConstraint(form.schema(digits, store.timeZone)),
  };
}

/** What a form that applies to categories or products declares once, for its loader and its save. */
export interface AppliesToForm<Schema extends ZodTypeAny> {
  textFields: readonly string[];
  maxTargets: number;
  schema: (digits: number, timeZone: string) => Schema;
}

/**
 * The save of a form that applies to categories or products (a sale, a discount code):
 * `submitSchemaForm` with the schema made for the store's currency and time zone, whose refused
 * submit answers with the products it had checked (`chosen`), so they stay listed.
 */
export function submitAppliesToForm<Args extends StoreArgs & WithForm, Schema extends ZodTypeAny, Result>(
  args: Args,
  form: AppliesToForm<Schema>,
  options: Pick<
    SchemaFormOptions<Args, Schema, Result, { chosen: ProductChoice[] }>,
    "save" | "refuse" | "success"
  >,
) {
  const { store, locale } = args;
  return submitSchemaForm(args, {
    schema: form.schema(currencyDigits(store.currency), store.timeZone),
    extra: async () => ({ chosen: await postedProductChoices(store.id, args.form, form.maxTargets, locale) }),
    ...options,
  });
}
