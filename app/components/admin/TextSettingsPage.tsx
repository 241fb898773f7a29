import { Fragment } from "react";
import type { ZodTypeAny } from "zod";
import { SettingsFormPage } from "~/components/admin/SettingsFormPage";
import { TextPreview } from "~/components/admin/TextPreview";
import { BilingualPreview } from "~/components/ui/BilingualPreview";
import { TextAreaField } from "~/components/ui/FormFields";
import { localized } from "~/lib/localized-name";
import type { FieldConstraint } from "~/lib/use-schema-form";

/** One text area of the form: its field, label, optional hint, and Arabic text laid out as such. */
export interface TextSetting {
  name: string;
  label: string;
  hint?: string;
  lang?: "ar";
}

/** One page shoppers read, previewed in both languages from its English and Arabic fields. */
export interface TextSection {
  title: string;
  en: string;
  ar: string;
  /** What the page says while both texts are empty. */
  empty: string;
}

/**
 * A store-settings page made only of bilingual text areas (About Us, Terms & Privacy): the
 * fields and the pages they fill, declared as data (decision 052). Sections after the first are
 * divided by a rule, as the storefront shows them.
 */
export function TextSettingsPage<Action>({
  title,
  id,
  loadSchema,
  constraint,
  values,
  rows,
  fields,
  sections,
}: {
  title: string;
  id: string;
  loadSchema: () => Promise<ZodTypeAny>;
  constraint: Record<string, FieldConstraint>;
  values: Record<string, string>;
  rows: number;
  fields: TextSetting[];
  sections: TextSection[];
}) {
  return (
    <SettingsFormPage<Action, Record<string, string>>
      title={title}
      id={id}
      loadSchema={loadSchema}
      constraint={constraint}
      defaultValue={values}
      live={values}
      fields={({ form }) =>
        fields.map(({ name, label, hint, lang }) => (
          <TextAreaField
            key={name}
            field={form.field(name)}
            label={label}
            hint={hint}
            rows={rows}
            lang={lang}
          />
        ))
      }
      preview={(live) => (
        <BilingualPreview>
          {(lang) =>
            sections.map((section, index) => {
              const preview = (
                <TextPreview
                  title={section.title}
                  body={localized(live[section.en] ?? "", live[section.ar] ?? "", lang)}
                  empty={section.empty}
                />
              );
              return (
                <Fragment key={section.en}>
                  {index === 0 ? preview : <div className="border-t border-line">{preview}</div>}
                </Fragment>
              );
            })
          }
        </BilingualPreview>
      )}
    />
  );
}
