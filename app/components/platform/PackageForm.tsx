import { Form } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { BilingualFields } from "~/components/ui/BilingualFields";
import { Button } from "~/components/ui/Button";
import { CheckRow } from "~/components/ui/Checkbox";
import { Field } from "~/components/ui/Field";
import { NumberField } from "~/components/ui/NumberField";
import { Notice } from "~/components/ui/Notice";
import { useFormPending } from "~/lib/use-form-pending";
import { useSchemaForm, type SchemaFormProps } from "~/lib/use-schema-form";

const loadSchema = () => import("~/lib/validation/packages").then((m) => m.packageSchema);

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
        <BilingualFields form={form} name="name" label="packages.name" />
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
      <BilingualFields form={form} name="description" label="packages.description" multiline rows={3} />
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
