import { Form } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";
import { CheckRow } from "~/components/ui/Checkbox";
import { Field, FieldError } from "~/components/ui/Field";
import { NumberField } from "~/components/ui/NumberField";
import { Notice } from "~/components/ui/Notice";
import { useFormPending } from "~/lib/use-form-pending";
import { useSchemaForm, type SchemaFormProps } from "~/lib/use-schema-form";
import { CONTROL_CLASS } from "~/components/ui/Input";

const loadSchema = () => import("~/lib/validation/packages").then((m) => m.packageSchema);

const TEXTAREA = `${CONTROL_CLASS} py-2`;

/** Staff's form for one plan: new (no `defaultValue.id`) or an existing one. */
export function PackageForm({
  defaultValue,
  constraint,
  result,
  notice,
}: SchemaFormProps & {
  defaultValue: Record<string, string | boolean>;
}) {
  const { t } = useTranslation();
  const pending = useFormPending({ method: "post" });
  const form = useSchemaForm(loadSchema, result, { id: "package", constraint, defaultValue });
  const active = result?.initialValue ? result.initialValue.active === "on" : defaultValue.active === true;
  const allowsCustomDomain = result?.initialValue
    ? result.initialValue.allowsCustomDomain === "on"
    : defaultValue.allowsCustomDomain === true;
  return (
    <Form method="post" {...form.formProps} className="flex max-w-2xl flex-col gap-3">
      {notice ? <Notice>{String(t(notice.key, notice.params))}</Notice> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field field={form.field("nameEn")} label={t("packages.nameEn")} />
        <Field field={form.field("nameAr")} label={t("packages.nameAr")} dir="rtl" lang="ar" />
        <NumberField
          field={form.field("price")}
          label={t("packages.price")}
          hint={t("packages.priceHint")}
          decimal
        />
        <Field
          field={form.field("stripePriceId")}
          label={t("packages.stripePriceId")}
          hint={t("packages.stripePriceHint")}
          dir="ltr"
        />
      </div>
      {(["descriptionEn", "descriptionAr"] as const).map((name) => {
        const field = form.field(name);
        return (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={field.id} className="font-bold">
              {t(`packages.${name}`)}
            </label>
            <textarea
              id={field.id}
              name={field.input.name}
              defaultValue={field.input.defaultValue}
              maxLength={field.input.maxLength}
              aria-invalid={field.input["aria-invalid"]}
              aria-describedby={field.errorId}
              dir={name === "descriptionAr" ? "rtl" : "ltr"}
              lang={name === "descriptionAr" ? "ar" : "en"}
              rows={3}
              className={TEXTAREA}
            />
            <FieldError id={field.errorId} errors={field.errors} />
          </div>
        );
      })}
      <CheckRow name="active" defaultChecked={active} label={t("packages.activeLabel")} />
      <fieldset className="flex flex-col gap-1">
        <legend className="font-bold">{t("planEntitlements.legend")}</legend>
        <CheckRow
          name="allowsCustomDomain"
          defaultChecked={allowsCustomDomain}
          label={t("planEntitlements.customDomain")}
        />
      </fieldset>
      <Button className="self-start" disabled={pending}>
        {t("packages.save")}
      </Button>
    </Form>
  );
}
