import { useTranslation } from "~/lib/use-translation";
import { RowSubmitButton } from "~/components/admin/RowActions";
import { Button } from "~/components/ui/Button";
import { BilingualFields } from "~/components/ui/BilingualFields";
import { FieldError } from "~/components/ui/Field";
import { INTENT_FIELD, listIntent, valueAt } from "~/lib/form-value";
import type { useSchemaForm } from "~/lib/use-schema-form";
import { MAX_OPTIONS } from "~/lib/validation/variants-admin";

type SchemaForm = ReturnType<typeof useSchemaForm>;

/**
 * A product's options as list fields of `form` (ADR 012): up to three options, each with a name
 * in English and Arabic and its values in order. Adding, removing and moving an option or a
 * value is a submit button carrying conform's list intent: the server answers with the list
 * changed and every typed value kept, so it works without JavaScript (and, with it, by the same
 * round trip). Saving is the form's own submit. Rows remount when their values change (a move),
 * so each input starts from its row's new value.
 */
export function OptionsFields({ form, values }: { form: SchemaForm; values: Record<string, unknown> }) {
  const { t } = useTranslation();
  const options = form.list("options");
  const listErrors = form.errors.options;
  return (
    <div className="flex flex-col gap-4">
      {options.map((row, index) => {
        const n = index + 1;
        const id = form.field(`${row}.id`).input.defaultValue;
        const valueRows = form.list(`${row}.values`, 1);
        const valuesError = form.errors[`${row}.values`];
        return (
          <fieldset
            key={`${row}:${JSON.stringify(valueAt(values, row) ?? null)}`}
            className="flex min-w-0 flex-col gap-3 rounded-md border border-line p-3 sm:p-4"
          >
            <legend className="px-1 font-extrabold">{t("adminVariants.option", { n })}</legend>
            {id ? <input type="hidden" name={`${row}.id`} value={id} /> : null}
            <div className="grid gap-3 md:grid-cols-2">
              <BilingualFields
                form={form}
                name={`${row}.name`}
                label="adminVariants.optionName"
                en={{ placeholder: t("adminVariants.optionNamePlaceholderEn") }}
                maxLength={40}
              />
            </div>
            <h4 id={`${form.field(row).id}-values`} className="font-bold">
              {t("adminVariants.valuesTitle", { n })}
            </h4>
            <ol aria-labelledby={`${form.field(row).id}-values`} className="flex flex-col gap-3">
              {valueRows.map((valueRow, position) => {
                const valueId = form.field(`${valueRow}.id`).input.defaultValue;
                const v = position + 1;
                const name = `${row}.values`;
                const label = t("adminVariants.valueEn", { n: v });
                return (
                  <li
                    key={`${valueRow}:${JSON.stringify(valueAt(values, valueRow) ?? null)}`}
                    className="flex flex-col gap-2 rounded-md bg-card p-3 lg:flex-row lg:items-start"
                  >
                    {valueId ? <input type="hidden" name={`${valueRow}.id`} value={valueId} /> : null}
                    <div className="grid grow gap-3 sm:grid-cols-2">
                      <BilingualFields
                        form={form}
                        name={`${valueRow}.value`}
                        label="adminVariants.value"
                        labelParams={{ n: v }}
                        maxLength={40}
                      />
                    </div>
                    <div className="flex flex-wrap gap-2 lg:mt-7">
                      <RowSubmitButton
                        field={INTENT_FIELD}
                        value={listIntent.reorder(name, position, position - 1)}
                        label={t("adminVariants.moveUp")}
                        name={label}
                        disabled={position === 0}
                      />
                      <RowSubmitButton
                        field={INTENT_FIELD}
                        value={listIntent.reorder(name, position, position + 1)}
                        label={t("adminVariants.moveDown")}
                        name={label}
                        disabled={position === valueRows.length - 1}
                      />
                      <RowSubmitButton
                        field={INTENT_FIELD}
                        value={listIntent.remove(name, position)}
                        label={t("adminVariants.removeValue")}
                        name={label}
                      />
                    </div>
                  </li>
                );
              })}
            </ol>
            <FieldError id={`${form.field(row).id}-values-error`} errors={valuesError} />
            <div className="flex flex-wrap gap-2">
              <RowSubmitButton
                field={INTENT_FIELD}
                value={listIntent.insert(`${row}.values`)}
                label={t("adminVariants.addValue")}
                name={t("adminVariants.option", { n })}
              />
              <RowSubmitButton
                field={INTENT_FIELD}
                value={listIntent.reorder("options", index, index - 1)}
                label={t("adminVariants.optionUp")}
                name={t("adminVariants.option", { n })}
                disabled={index === 0}
              />
              <RowSubmitButton
                field={INTENT_FIELD}
                value={listIntent.reorder("options", index, index + 1)}
                label={t("adminVariants.optionDown")}
                name={t("adminVariants.option", { n })}
                disabled={index === options.length - 1}
              />
              <RowSubmitButton
                field={INTENT_FIELD}
                value={listIntent.remove("options", index)}
                label={t("adminVariants.removeOption")}
                name={t("adminVariants.option", { n })}
                variant="danger"
              />
            </div>
          </fieldset>
        );
      })}
      <FieldError id={`${form.formProps.id}-options-error`} errors={listErrors} />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          name={INTENT_FIELD}
          value={listIntent.insert("options")}
          disabled={options.length >= MAX_OPTIONS}
        >
          {t("adminVariants.addOption")}
        </Button>
        {options.length >= MAX_OPTIONS ? (
          <p className="text-sm text-muted">{t("adminVariants.maxOptions")}</p>
        ) : null}
      </div>
    </div>
  );
}
