import { Form } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { NewImagesField } from "~/components/admin/NewImagesField";
import { OptionsFields } from "~/components/admin/OptionsFields";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/Checkbox";
import { BilingualFields } from "~/components/ui/BilingualFields";
import { Field, FieldError } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/FormFields";
import { NumberField } from "~/components/ui/NumberField";
import { Swatch } from "~/components/ui/Swatch";
import { suggestSlug } from "~/lib/slug";
import { useFormPending } from "~/lib/use-form-pending";
import { useHydrated } from "~/lib/use-hydrated";
import { useSchemaForm, type FieldConstraint, type FormReply } from "~/lib/use-schema-form";

export interface ProductCategoryOption {
  id: string;
  parentId: string | null;
  name: string;
}

export interface ProductFormProps {
  id: string;
  /** The store currency's code and its decimals (the price is typed in major units). */
  currency: string;
  currencyDigits: number;
  constraint: Record<string, FieldConstraint>;
  defaultValue: Record<string, unknown>;
  reply: FormReply | null | undefined;
  /** An upload refused by the server (a locale key), shown under the file input. */
  imagesError: string | null;
  /** An option's button sent chosen images without saving them (shown when the page reloaded). */
  imagesDropped?: boolean;
  categories: ProductCategoryOption[];
  colorFamilies: string[];
  submitLabel: string;
  /**
   * `new`: a new product, with its options if any (every variant starts at the form's price and
   * stock); `simple`: a product without options, priced here; `variants`: a product with
   * options, priced per variant in its variants table (the form has no price or stock then).
   */
  mode: "new" | "simple" | "variants";
  /** The store's default weight in grams, what a product without its own weight counts as. */
  defaultWeightGrams: number;
}

/**
 * The product form of /admin/products/new and /admin/products/:id: names and descriptions in both
 * languages, slug, price and stock, category and sub category, shade, active, and new images.
 * One schema (productFormSchema) checks it in the action and, after the first focus, as you type.
 * Without JavaScript the sub category list shows every category's; the server refuses a sub
 * category of another category. With it, only the chosen category's are offered.
 */
export function ProductForm({
  id,
  currency,
  currencyDigits,
  constraint,
  defaultValue,
  reply,
  imagesError,
  imagesDropped = false,
  categories,
  colorFamilies,
  submitLabel,
  mode,
  defaultWeightGrams,
}: ProductFormProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const form = useSchemaForm(
    mode === "new"
      ? () => import("~/lib/validation/variants-admin").then((m) => m.newProductFormSchema(currencyDigits))
      : () =>
          import("~/lib/validation/products-admin").then((m) =>
            m.productFormSchema(currencyDigits, { pricing: mode === "simple" }),
          ),
    reply,
    { id, constraint, defaultValue },
  );
  const pending = useFormPending({ method: "post", intent: "save" });
  const values = reply?.initialValue ?? defaultValue;
  const [categoryId, setCategoryId] = useState(String(values.categoryId ?? ""));
  // What an empty slug becomes, shown in the slug field as the English name is typed.
  const [slugSuggestion, setSlugSuggestion] = useState(suggestSlug(String(values.nameEn ?? "")));
  const tops = categories.filter((category) => category.parentId === null);
  const shade = String(values.shadeHex ?? "");
  const active = values.active === "on" || values.active === true;
  const familiesId = `${id}-families`;

  return (
    <Form method="post" encType="multipart/form-data" {...form.formProps} className="flex flex-col gap-6">
      <input type="hidden" name="intent" value="save" />
      <Section title={t("admin.products.sections.names")}>
        <div className="grid gap-4 md:grid-cols-2">
          <BilingualFields
            form={form}
            name="name"
            label="admin.products.fields.name"
            en={{ onChange: (event) => setSlugSuggestion(suggestSlug(event.target.value)) }}
          />
          <BilingualFields
            form={form}
            name="description"
            label="admin.products.fields.description"
            multiline
          />
        </div>
        <Field
          field={form.field("slug")}
          label={t("admin.products.fields.slug")}
          hint={t("admin.products.fields.slugHint")}
          dir="ltr"
          placeholder={slugSuggestion || undefined}
          autoCapitalize="none"
          spellCheck={false}
        />
      </Section>

      <Section title={t("admin.products.sections.pricing")}>
        {mode === "variants" ? (
          <p>
            {t("adminVariants.pricingMoved")}{" "}
            <a href="#variants" className="font-bold text-primary-ink underline underline-offset-4">
              {t("adminVariants.toVariants")}
            </a>
          </p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField
              field={form.field("price")}
              label={t("admin.products.fields.price", { currency })}
              hint={t("admin.products.fields.priceHint", { currency })}
              decimal={currencyDigits > 0}
            />
            <NumberField field={form.field("stock")} label={t("admin.products.fields.stock")} />
            <NumberField
              field={form.field("weightGrams")}
              label={t("shippingAdmin.variantWeight")}
              hint={t("shippingAdmin.variantWeightHint", { grams: defaultWeightGrams })}
            />
          </div>
        )}
      </Section>

      <Section title={t("admin.products.sections.placement")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            field={form.field("categoryId")}
            label={t("admin.products.fields.category")}
            onChange={(event) => setCategoryId(event.currentTarget.value)}
          >
            <option value="">{t("admin.products.fields.noCategory")}</option>
            {tops.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </SelectField>
          <SelectField field={form.field("subcategoryId")} label={t("admin.products.fields.subcategory")}>
            <option value="">{t("admin.products.fields.noSubcategory")}</option>
            {tops
              .filter((top) => !hydrated || top.id === categoryId)
              .map((top) => (
                <optgroup key={top.id} label={top.name}>
                  {categories
                    .filter((category) => category.parentId === top.id)
                    .map((sub) => (
                      <option key={sub.id} value={sub.id}>
                        {sub.name}
                      </option>
                    ))}
                </optgroup>
              ))}
          </SelectField>
        </div>
        <SelectField
          field={form.field("taxClass")}
          label={t("admin.products.fields.taxClass")}
          hint={t("admin.products.fields.taxClassHint")}
        >
          <option value="standard">{t("admin.products.fields.taxClassStandard")}</option>
          <option value="zero-rated">{t("admin.products.fields.taxClassZeroRated")}</option>
          <option value="exempt">{t("admin.products.fields.taxClassExempt")}</option>
        </SelectField>
        <CheckboxField
          field={form.field("active")}
          label={t("admin.products.fields.active")}
          defaultChecked={active}
          className="font-bold"
        />
      </Section>

      <Section title={t("admin.products.sections.shade")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex items-start gap-3">
            <div className="grow">
              <Field
                field={form.field("shadeHex")}
                label={t("admin.products.fields.shadeHex")}
                hint={t("admin.products.fields.shadeHint")}
                dir="ltr"
                placeholder="#RRGGBB"
              />
            </div>
            {/^#[0-9A-Fa-f]{6}$/.test(shade) ? (
              <Swatch hex={shade} label={shade} className="mt-8 size-11 shrink-0 rounded-md" />
            ) : null}
          </div>
          <Field
            field={form.field("colorFamily")}
            label={t("admin.products.fields.colorFamily")}
            hint={t("admin.products.fields.colorFamilyHint")}
            list={familiesId}
          />
          <datalist id={familiesId}>
            {colorFamilies.map((family) => (
              <option key={family} value={family} />
            ))}
          </datalist>
        </div>
      </Section>

      {mode === "new" ? (
        // On the edit page the images are a panel of their own, each change saved by its button.
        <Section title={t("admin.products.sections.images")}>
          <NewImagesField id={id} error={imagesError}>
            {imagesDropped && !hydrated ? (
              <p role="status" className="text-sm font-bold">
                {t("admin.products.fields.chooseImagesAgain")}
              </p>
            ) : null}
          </NewImagesField>
        </Section>
      ) : null}

      {mode === "new" ? (
        <Section title={t("adminVariants.section")}>
          <p className="text-muted">{t("adminVariants.newIntro")}</p>
          <OptionsFields form={form} values={values} />
        </Section>
      ) : null}

      {form.formErrors ? <FieldError id={`${id}-form-error`} errors={form.formErrors} /> : null}
      <div>
        <Button disabled={pending}>{submitLabel}</Button>
      </div>
    </Form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border border-line p-4 sm:p-6">
      <legend className="px-1 text-lg font-extrabold">{title}</legend>
      {children}
    </fieldset>
  );
}
