/**
 * What a sale or a discount code applies to: the whole store, categories (a top category with
 * its sub categories under it) or chosen products (found with "Search products", which submits
 * the whole form as a GET, so it works without JavaScript). The radios and checkboxes start from
 * `values`: a refused submit's values, else the loader's.
 */
import type { ReactNode } from "react";
import { useMoney } from "~/components/Price";
import { Button } from "~/components/ui/Button";
import { FieldError } from "~/components/ui/Field";
import { FilterField } from "~/components/ui/FilterField";
import { Input } from "~/components/ui/Input";
import { APPLIES_TO_SCOPES, SEARCH_PRODUCTS } from "~/lib/applies-to";
import { INTENT_FIELD } from "~/lib/form-value";
import { useTranslation } from "~/lib/use-translation";

/** A checkbox or radio row: a 44 px touch target, highlighted on hover. */
export const CHECK_ROW = "flex min-h-11 items-center gap-3 rounded-md px-2 hover:bg-card";
const GROUP = "flex flex-col gap-2 rounded-lg border border-line p-4 md:col-span-2";

interface Choice {
  id: string;
  name: string;
}

export function AppliesToPicker({
  formId,
  labels,
  values,
  errors,
  categories,
  productRows,
  productQ,
}: {
  /** The form's id: the fields' hint and error ids start with it. */
  formId: string;
  /** The locale key prefix of the page's own labels ("admin.sales", "discounts.admin"). */
  labels: "admin.sales" | "discounts.admin";
  values: Record<string, unknown>;
  errors: Record<string, string[] | null | undefined>;
  categories: (Choice & { parentId: string | null })[];
  /** The chosen products first, then the search's matches. */
  productRows: (Choice & { priceCents: number })[];
  productQ: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const listOf = (name: string) => {
    const value = values[name];
    return new Set(Array.isArray(value) ? (value as string[]) : typeof value === "string" ? [value] : []);
  };
  const chosenCategories = listOf("categoryIds");
  const chosenProducts = listOf("productIds");
  const scope = typeof values.scope === "string" ? values.scope : "store";
  const id = (name: string, part: "hint" | "error") => `${formId}-${name}-${part}`;
  return (
    <>
      <fieldset className={GROUP} aria-describedby={id("scope", "error")}>
        <legend className="px-1 font-bold">{t(`${labels}.appliesTo`)}</legend>
        {APPLIES_TO_SCOPES.map((value) => (
          <label key={value} className={CHECK_ROW}>
            <input
              type="radio"
              name="scope"
              value={value}
              defaultChecked={scope === value}
              className="size-5"
            />
            {t(`${labels}.scopes.${value}`)}
          </label>
        ))}
        <FieldError id={id("scope", "error")} errors={errors.scope} />
      </fieldset>
      <ChoiceGroup
        id={(part) => id("categoryIds", part)}
        legend={t(`${labels}.categories`)}
        hint={t(`${labels}.categoriesHint`)}
        errors={errors.categoryIds}
      >
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
      </ChoiceGroup>
      <ChoiceGroup
        id={(part) => id("productIds", part)}
        legend={t(`${labels}.products`)}
        hint={t(`${labels}.productsHint`)}
        errors={errors.productIds}
      >
        <div className="flex flex-wrap items-end gap-2">
          <FilterField label={t("admin.sales.productSearch")}>
            <Input type="search" name="productQ" defaultValue={productQ} maxLength={200} />
          </FilterField>
          <Button
            type="submit"
            variant="secondary"
            name={INTENT_FIELD}
            value={SEARCH_PRODUCTS}
            formMethod="get"
          >
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
      </ChoiceGroup>
    </>
  );
}

/** A group of checkboxes with its legend, hint and error, tied together for screen readers. */
function ChoiceGroup({
  id,
  legend,
  hint,
  errors,
  children,
}: {
  id: (part: "hint" | "error") => string;
  legend: string;
  hint: string;
  errors: string[] | null | undefined;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={GROUP}
      aria-describedby={`${id("hint")} ${id("error")}`}
      aria-invalid={errors?.length ? true : undefined}
    >
      <legend className="px-1 font-bold">{legend}</legend>
      <p id={id("hint")} className="text-sm text-muted">
        {hint}
      </p>
      {children}
      <FieldError id={id("error")} errors={errors} />
    </fieldset>
  );
}

/** The picker's product rows: the chosen ones (a refused submit's, else the loader's), then the matches. */
export function pickerProductRows<T extends { id: string }>(chosen: T[], matches: T[]): T[] {
  return [...chosen, ...matches.filter((row) => !chosen.some((c) => c.id === row.id))];
}
