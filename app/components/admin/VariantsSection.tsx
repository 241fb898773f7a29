import { Form } from "@remix-run/react";
import { RowSubmitButton } from "~/components/admin/RowActions";
import { TitledSection } from "~/components/admin/TitledSection";
import { useTranslation } from "~/lib/use-translation";
import { OptionsFields } from "~/components/admin/OptionsFields";
import { Button } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { DataTable, type DataColumn } from "~/components/ui/DataTable";
import { FieldError } from "~/components/ui/Field";
import { Notice } from "~/components/ui/Notice";
import { cn } from "~/lib/cn";
import { valueAt } from "~/lib/form-value";
import { localized } from "~/lib/localized-name";
import type { FormNotice } from "~/lib/notice";
import { useFormPending } from "~/lib/use-form-pending";
import { useSchemaForm, type FormReply } from "~/lib/use-schema-form";
import { CONTROL_CLASS } from "~/components/ui/Input";

export interface VariantsSectionOption {
  id: string;
  nameEn: string;
  nameAr: string;
  values: { id: string; valueEn: string; valueAr: string }[];
}

export interface VariantsSectionVariant {
  id: string;
  active: boolean;
  ordered: boolean;
  valueIds: (string | null)[];
}

export interface VariantsSectionProps {
  options: VariantsSectionOption[];
  variants: VariantsSectionVariant[];
  /** How many variants the options make (the product of their value counts). */
  combinations: number;
  /** The product's images, in order: a variant shows one of them. */
  images: { imageId: string }[];
  currency: string;
  currencyDigits: number;
  /** The forms' start values from the loader (nested, as conform names the fields). */
  optionsValue: Record<string, unknown>;
  variantsValue: Record<string, unknown>;
  /** The action's answer to one of this section's forms, if it was one of them. */
  answer: {
    form: "options" | "variants" | "bulk" | "variant";
    result?: FormReply | null;
    notice?: FormNotice | null;
  } | null;
  /** The store's default weight in grams (a variant without one counts as it). */
  defaultWeightGrams?: number;
}

const INPUT = `min-h-11 w-full ${CONTROL_CLASS}`;

/**
 * The edit page's "Options and variants" (issue 19): the options form (the whole list, saved at
 * once), "Generate variants" for the combinations without one, the bulk price/stock form and
 * the variants table, whose inputs belong to the variants form by their `form` attribute (the
 * table sits outside every form, so each row's own Delete or Deactivate form is not nested in
 * it). Every control is a plain form posting an intent: it all works without JavaScript; with
 * it, the forms check their schema as the kit's forms do. Below 640 px the table is cards.
 */
export function VariantsSection({
  options,
  variants,
  combinations,
  images,
  currency,
  currencyDigits,
  optionsValue,
  variantsValue,
  answer,
  defaultWeightGrams = 0,
}: VariantsSectionProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === "ar" ? "ar" : "en";
  const reply = (form: NonNullable<VariantsSectionProps["answer"]>["form"]) =>
    answer?.form === form ? answer.result : undefined;
  const optionsForm = useSchemaForm(
    () => import("~/lib/validation/variants-admin").then((m) => m.optionsFormSchema),
    reply("options"),
    { id: "variant-options", defaultValue: optionsValue },
  );
  const variantsForm = useSchemaForm(
    () => import("~/lib/validation/variants-admin").then((m) => m.variantsFormSchema(currencyDigits)),
    reply("variants"),
    { id: "variants-table", defaultValue: variantsValue },
  );
  const bulkForm = useSchemaForm(
    () => import("~/lib/validation/variants-admin").then((m) => m.bulkVariantsSchema(currencyDigits)),
    reply("bulk"),
    { id: "variants-bulk", defaultValue: { scope: "all" } },
  );
  const optionsPending = useFormPending({ method: "post", intent: "save-options" });
  const variantsPending = useFormPending({ method: "post", intent: "save-variants" });
  const generatePending = useFormPending({ method: "post", intent: "generate-variants" });
  const shownOptions =
    answer?.form === "options" && answer.result?.initialValue ? answer.result.initialValue : optionsValue;
  const shownVariants = reply("variants")?.initialValue ?? variantsValue;
  const notice = answer?.notice ?? null;
  const missing = options.length > 0 ? Math.max(combinations - variants.length, 0) : 0;

  const valueLabel = new Map(
    options.flatMap((option) =>
      option.values.map((value) => [value.id, localized(value.valueEn, value.valueAr, locale)]),
    ),
  );
  const labelOf = (variant: VariantsSectionVariant) =>
    variant.valueIds
      .slice(0, options.length)
      .map((id) => valueLabel.get(id ?? "") ?? "?")
      .join(" / ");
  const rows = variants.map((variant, index) => ({ ...variant, index, label: labelOf(variant) }));
  type Row = (typeof rows)[number];
  const tableForm = variantsForm.formProps.id;
  const bulkId = bulkForm.formProps.id;
  const named = (field: string, row: Row) => t("adminVariants.fieldFor", { field, variant: row.label });
  const input = (
    row: Row,
    name: string,
    label: string,
    extra: { inputMode?: "decimal" | "numeric" } = {},
  ) => {
    const field = variantsForm.field(`variants[${row.index}].${name}`);
    return (
      <div className="flex w-full flex-col items-stretch gap-1 max-sm:max-w-48 sm:w-24">
        <input
          {...field.input}
          form={tableForm}
          aria-label={named(label, row)}
          dir="ltr"
          className={INPUT}
          {...extra}
        />
        <FieldError id={field.errorId} errors={field.errors} />
      </div>
    );
  };

  const columns: DataColumn<Row>[] = [
    {
      key: "select",
      header: t("adminVariants.select"),
      cell: (row) => (
        <input
          type="checkbox"
          name="variantIds"
          value={row.id}
          form={bulkId}
          aria-label={t("adminVariants.selectVariant", { variant: row.label })}
          className="size-5 accent-[var(--color-primary)]"
        />
      ),
    },
    {
      key: "variant",
      header: t("adminVariants.variant"),
      rowHeader: true,
      cell: (row) => (
        <span className="flex min-w-20 flex-col gap-1">
          <span dir="auto">{row.label}</span>
          <input type="hidden" name={`variants[${row.index}].id`} value={row.id} form={tableForm} />
          {row.active ? null : (
            <span className="w-fit rounded-full bg-card px-2 py-0.5 text-sm font-bold text-muted">
              {t("adminVariants.inactive")}
            </span>
          )}
          {row.ordered ? (
            <span className="text-sm font-normal text-muted">{t("adminVariants.inOrders")}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: "sku",
      header: t("adminVariants.sku"),
      cell: (row) => (
        <div className="flex w-full flex-col gap-1 max-sm:max-w-48 sm:w-32">
          {(() => {
            const field = variantsForm.field(`variants[${row.index}].sku`);
            return (
              <>
                <input
                  {...field.input}
                  form={tableForm}
                  aria-label={named(t("adminVariants.sku"), row)}
                  dir="ltr"
                  maxLength={64}
                  autoCapitalize="characters"
                  spellCheck={false}
                  className={INPUT}
                />
                <FieldError id={field.errorId} errors={field.errors} />
              </>
            );
          })()}
        </div>
      ),
    },
    {
      key: "price",
      header: t("adminVariants.price", { currency }),
      cell: (row) =>
        input(row, "price", t("adminVariants.price", { currency }), {
          inputMode: currencyDigits > 0 ? "decimal" : "numeric",
        }),
    },
    {
      key: "stock",
      header: t("adminVariants.stock"),
      cell: (row) => input(row, "stock", t("adminVariants.stock"), { inputMode: "numeric" }),
    },
    {
      key: "weight",
      header: t("shippingAdmin.variantWeight"),
      cell: (row) => input(row, "weightGrams", t("shippingAdmin.variantWeight"), { inputMode: "numeric" }),
    },
    {
      key: "image",
      header: t("adminVariants.image"),
      cell: (row) => {
        const field = variantsForm.field(`variants[${row.index}].imageId`);
        const chosen = field.input.defaultValue ?? "";
        return (
          <div className="flex items-center gap-2 max-sm:max-w-48 sm:w-40">
            {chosen ? (
              <img
                src={`/resources/image?url=/images/${chosen}&w=128`}
                alt=""
                width={40}
                height={40}
                loading="lazy"
                className="size-10 shrink-0 rounded object-cover"
              />
            ) : null}
            <select
              id={field.id}
              name={field.input.name}
              form={tableForm}
              defaultValue={chosen}
              aria-label={named(t("adminVariants.image"), row)}
              aria-invalid={field.input["aria-invalid"]}
              aria-describedby={field.errorId}
              className={cn(INPUT, "min-w-0")}
            >
              <option value="">{t("adminVariants.noImage")}</option>
              {images.map((image, n) => (
                <option key={image.imageId} value={image.imageId}>
                  {t("adminVariants.imageNumber", { n: n + 1 })}
                </option>
              ))}
            </select>
            <FieldError id={field.errorId} errors={field.errors} />
          </div>
        );
      },
    },
    {
      key: "active",
      header: t("adminVariants.active"),
      cell: (row) => {
        const name = `variants[${row.index}].active`;
        const field = variantsForm.field(name);
        return (
          <input
            type="checkbox"
            {...variantsForm.fieldProps(name, field.errorId)}
            form={tableForm}
            defaultChecked={field.input.defaultValue === "on"}
            aria-label={named(t("adminVariants.active"), row)}
            className="size-5 accent-[var(--color-primary)]"
          />
        );
      },
    },
    {
      key: "actions",
      header: t("adminVariants.actions"),
      actions: true,
      cell: (row) =>
        row.ordered ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="variantId" value={row.id} />
            <RowSubmitButton
              value={row.active ? "variant-deactivate" : "variant-activate"}
              label={t(row.active ? "adminVariants.deactivate" : "adminVariants.activate")}
              name={row.label}
            />
          </Form>
        ) : variants.length > 1 ? (
          <ConfirmDialog
            id={`delete-variant-${row.id}`}
            trigger={t("adminVariants.delete")}
            triggerLabel={`${t("adminVariants.delete")}: ${row.label}`}
            size="sm"
            title={t("adminVariants.deleteTitle")}
            description={t("adminVariants.deleteDescription", { variant: row.label })}
            fields={{ intent: "variant-delete", variantId: row.id }}
          />
        ) : null,
    },
  ];

  return (
    <TitledSection
      headingId="variants-heading"
      title={t("adminVariants.section")}
      id="variants"
      className="flex flex-col gap-5 rounded-lg border border-line p-4 sm:p-6"
    >
      {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}

      {/* Parts of one section, not landmarks of their own (the table is one, named alike). */}
      <div className="flex flex-col gap-3">
        <h3 id="options-heading" className="font-extrabold">
          {t("adminVariants.optionsTitle")}
        </h3>
        <p className="text-muted">
          {options.length === 0 ? t("adminVariants.intro") : t("adminVariants.optionsHint")}
        </p>
        <Form method="post" preventScrollReset {...optionsForm.formProps} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="save-options" />
          <OptionsFields form={optionsForm} values={shownOptions} />
          <FieldError id="variant-options-form-error" errors={optionsForm.formErrors} />
          <div>
            <Button disabled={optionsPending}>{t("adminVariants.saveOptions")}</Button>
          </div>
        </Form>
      </div>

      {options.length > 0 ? (
        <div className="flex flex-col gap-4">
          <h3 id="variants-table-heading" className="font-extrabold">
            {t("adminVariants.variantsTitle")}
          </h3>
          {missing > 0 ? (
            <Form
              method="post"
              preventScrollReset
              className="flex flex-col items-start gap-2 rounded-md bg-card p-3"
            >
              <input type="hidden" name="intent" value="generate-variants" />
              <p className="font-bold">{t("adminVariants.missing", { count: missing })}</p>
              <p className="text-sm text-muted">{t("adminVariants.generateHint")}</p>
              <Button disabled={generatePending}>{t("adminVariants.generate")}</Button>
            </Form>
          ) : null}

          <Form
            method="post"
            preventScrollReset
            {...bulkForm.formProps}
            className="flex flex-col gap-3 rounded-md border border-line p-3"
          >
            <fieldset className="flex min-w-0 flex-col gap-3">
              <legend className="font-bold">{t("adminVariants.bulkTitle")}</legend>
              <fieldset
                aria-describedby={bulkForm.field("scope").errorId}
                className="flex flex-wrap items-center gap-x-4 gap-y-1"
              >
                <legend className="sr-only">{t("adminVariants.bulkScope")}</legend>
                <span aria-hidden="true" className="text-sm font-bold">
                  {t("adminVariants.bulkScope")}
                </span>
                {(["all", "selected"] as const).map((scope) => (
                  <label key={scope} className="flex min-h-11 items-center gap-2">
                    <input
                      type="radio"
                      name="scope"
                      value={scope}
                      defaultChecked={(bulkForm.field("scope").input.defaultValue ?? "all") === scope}
                      className="size-5 accent-[var(--color-primary)]"
                    />
                    {t(scope === "all" ? "adminVariants.bulkAll" : "adminVariants.bulkSelected")}
                  </label>
                ))}
              </fieldset>
              <FieldError id={bulkForm.field("scope").errorId} errors={bulkForm.field("scope").errors} />
              <div className="flex flex-wrap items-start gap-4">
                {(
                  [
                    [
                      "price",
                      t("adminVariants.price", { currency }),
                      "bulk-price",
                      t("adminVariants.setPrice"),
                    ],
                    ["stock", t("adminVariants.stock"), "bulk-stock", t("adminVariants.setStock")],
                  ] as const
                ).map(([name, label, intent, action]) => {
                  const field = bulkForm.field(name);
                  return (
                    <div key={name} className="flex flex-wrap items-end gap-2">
                      <div className="flex flex-col gap-1">
                        <label htmlFor={field.id} className="text-sm font-bold">
                          {label}
                        </label>
                        <input
                          {...field.input}
                          dir="ltr"
                          inputMode={name === "price" && currencyDigits > 0 ? "decimal" : "numeric"}
                          className={cn(INPUT, "w-32")}
                        />
                      </div>
                      <Button variant="secondary" name="intent" value={intent}>
                        {action}
                      </Button>
                      <div className="basis-full">
                        <FieldError id={field.errorId} errors={field.errors} />
                      </div>
                    </div>
                  );
                })}
              </div>
            </fieldset>
          </Form>

          {/* The rows' inputs post with the variants form below (their `form` attribute); the
              wrapper checks them as they are typed, as a form does its own fields. */}
          <div
            onFocus={variantsForm.formProps.onFocus}
            onBlur={variantsForm.formProps.onBlur}
            onInput={variantsForm.formProps.onInput}
            className="flex flex-col gap-3"
          >
            <p className="text-sm text-muted">
              {t("shippingAdmin.variantWeightHint", { grams: defaultWeightGrams })}
            </p>
            <DataTable
              caption={t("adminVariants.variantsTitle")}
              captionHidden
              columns={columns}
              rows={rows}
              // A row starts again from its values when they change (a bulk set, a refused save).
              rowKey={(row) =>
                `${row.id}:${JSON.stringify(valueAt(shownVariants, `variants[${row.index}]`) ?? null)}`
              }
              empty={t("adminVariants.nothingToGenerate")}
            />
            <Form
              method="post"
              preventScrollReset
              {...variantsForm.formProps}
              onFocus={undefined}
              onBlur={undefined}
              onInput={undefined}
            >
              <input type="hidden" name="intent" value="save-variants" />
              <FieldError id="variants-table-form-error" errors={variantsForm.formErrors} />
              <Button disabled={variantsPending}>{t("adminVariants.saveVariants")}</Button>
            </Form>
          </div>
        </div>
      ) : null}
    </TitledSection>
  );
}
