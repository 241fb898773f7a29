import type { ReactNode } from "react";
import type { ZodTypeAny } from "zod";
import { AppliesToPicker, pickerProductRows } from "~/components/admin/AppliesToPicker";
import { DateTimeField } from "~/components/admin/DateTimeField";
import { EditPage } from "~/components/admin/EditPage";
import { SelectField } from "~/components/ui/FormFields";
import { NumberField } from "~/components/ui/NumberField";
import { isolate } from "~/lib/bidi";
import type { FieldConstraint, useSchemaForm } from "~/lib/use-schema-form";
import { useSettingsForm } from "~/lib/use-settings-form";
import { useTranslation } from "~/lib/use-translation";
import { minorToAmount } from "~/lib/validation/admin-sales";

interface Choice {
  id: string;
  name: string;
}
type ProductRow = Choice & { priceCents: number };

/** What the loader of a record with targets sends (loadAppliesToForm's answer). */
export interface TargetedFormData {
  start: Record<string, unknown>;
  productQ: string;
  categories: (Choice & { parentId: string | null })[];
  products: { chosen: ProductRow[]; matches: ProductRow[] };
  currency: string;
  digits: number;
  timeZone: string;
  constraint: Record<string, FieldConstraint>;
}

/** A date field's label and optional hint, as locale keys (the label names the store's zone). */
interface DateLabels {
  label: string;
  hint?: string;
}

/** What differs between the two targeted forms besides their own fields. */
const KINDS = {
  sale: {
    labels: "admin.sales",
    list: "/admin/sales",
    loadSchema: (digits: number, timeZone: string) =>
      import("~/lib/validation/admin-sales").then((m) => m.saleSchema(digits, timeZone)),
    kinds: ["percent", "fixed"],
    dates: {
      starts: { label: "timeZone.saleStarts", hint: "timeZone.saleStartHint" },
      ends: { label: "timeZone.saleEnds", hint: "timeZone.saleEndHint" },
    },
  },
  discount: {
    labels: "discounts.admin",
    list: "/admin/discounts",
    loadSchema: (digits: number, timeZone: string) =>
      import("~/lib/validation/admin-discounts").then((m) => m.discountCodeSchema(digits, timeZone)),
    kinds: ["percentage", "fixed", "free_shipping"],
    dates: {
      starts: { label: "discounts.admin.startsAt" },
      ends: { label: "discounts.admin.endsAt", hint: "discounts.admin.endsHint" },
    },
  },
} as const satisfies Record<
  string,
  {
    labels: "admin.sales" | "discounts.admin";
    list: string;
    loadSchema: (digits: number, timeZone: string) => Promise<ZodTypeAny>;
    kinds: readonly string[];
    dates: { starts: DateLabels; ends: DateLabels };
  }
>;

/** The fields every targeted form has, rendered for the page to place among its own. */
export interface TargetedParts {
  /** The discount's type and its value (an amount with an example in the store's currency). */
  kindAndValue: ReactNode;
  /** Start and end, in the store's time zone. */
  dates: ReactNode;
  /** What it applies to: the whole store, categories or chosen products. */
  picker: ReactNode;
}

/**
 * The edit page of a record that applies to categories or products (a sale, a discount code):
 * its schema form from the loader's values, the EditPage frame with labels under the form's
 * locale prefix (`editTitle`/`newTitle`, `back`, `save`, `delete`, `deleteTitle`,
 * `deleteDescription`), and the shared fields (type and value, start and end, the picker), which
 * the page places among its own. What differs between the two forms is in `KINDS`; the route
 * keeps its loader, action and own fields. A refused save keeps the products it had checked
 * listed.
 */
export function TargetedEditPage<Action>({
  formId,
  data,
  editing,
  top,
  notes,
  remove,
  children,
}: {
  /** The form's id, and which form it is; the delete dialog's id is `delete-<formId>`. */
  formId: keyof typeof KINDS;
  data: TargetedFormData;
  /** An existing record (else the new one's page). */
  editing: boolean;
  top?: ReactNode;
  notes?: ReactNode;
  /** The delete confirmation's title parameters and the fields it posts after its intent. */
  remove?: { titleParams: Record<string, string>; fields: Record<string, string> } | null;
  children: (page: {
    form: ReturnType<typeof useSchemaForm>;
    values: Record<string, unknown>;
    parts: TargetedParts;
  }) => ReactNode;
}) {
  const { start, productQ, categories, products, currency, digits, timeZone, constraint } = data;
  const { labels, list, loadSchema, kinds, dates } = KINDS[formId];
  const { t } = useTranslation();
  const { actionData, reply, pending, form, values } = useSettingsForm<Action>(
    () => loadSchema(digits, timeZone),
    { id: formId, constraint, defaultValue: start },
  );
  const chosenRows: ProductRow[] =
    reply && actionData && typeof actionData === "object" && "chosen" in actionData
      ? (actionData.chosen as ProductRow[])
      : products.chosen;
  const zone = { timeZone: isolate(timeZone) };
  const dateField = (name: string, { label, hint }: DateLabels) => (
    <DateTimeField field={form.field(name)} label={t(label, zone)} hint={hint ? t(hint) : undefined} />
  );
  const parts: TargetedParts = {
    kindAndValue: (
      <>
        <SelectField field={form.field("kind")} label={t(`${labels}.kind`)}>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`${labels}.kinds.${kind}`, { currency })}
            </option>
          ))}
        </SelectField>
        <NumberField
          field={form.field("value")}
          label={t(`${labels}.value`)}
          hint={t(`${labels}.valueHint`, { currency, example: minorToAmount(5 * 10 ** digits, digits) })}
          decimal
        />
      </>
    ),
    dates: (
      <>
        {dateField("startsAt", dates.starts)}
        {dateField("endsAt", dates.ends)}
      </>
    ),
    picker: (
      <AppliesToPicker
        formId={formId}
        labels={labels}
        values={values}
        errors={form.errors}
        categories={categories}
        productRows={pickerProductRows(chosenRows, products.matches)}
        productQ={productQ}
      />
    ),
  };
  return (
    <EditPage
      title={t(`${labels}.${editing ? "editTitle" : "newTitle"}`)}
      top={top}
      back={{ to: list, label: t(`${labels}.back`) }}
      actionData={actionData}
      notes={notes}
      formProps={form.formProps}
      save={{ label: t(`${labels}.save`), busy: pending }}
      remove={
        remove && {
          id: `delete-${formId}`,
          trigger: t(`${labels}.delete`),
          title: t(`${labels}.deleteTitle`, remove.titleParams),
          description: t(`${labels}.deleteDescription`),
          fields: { intent: "delete", ...remove.fields },
        }
      }
    >
      {children({ form, values, parts })}
    </EditPage>
  );
}
