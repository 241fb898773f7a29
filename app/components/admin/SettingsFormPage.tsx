import type { ReactNode } from "react";
import type { ZodTypeAny } from "zod";
import { PreviewedForm } from "~/components/admin/PreviewedForm";
import { SettingsPage } from "~/components/admin/SettingsPage";
import { Button } from "~/components/ui/Button";
import { useLiveValues } from "~/lib/use-live-values";
import type { FieldConstraint } from "~/lib/use-schema-form";
import { useSettingsForm } from "~/lib/use-settings-form";
import { useTranslation } from "~/lib/use-translation";

type Live = Record<string, string | string[]>;
type SettingsForm<Action> = ReturnType<typeof useSettingsForm<Action>>;

/**
 * The client half of a store-settings page with one form and a live preview (decision 052): the
 * action's answer, the schema form started from the loader's values, the fields named in `live`
 * followed for the preview, and the form ending in the "Save" button. The page gives its fields
 * and its preview; its loader and action stay in the route.
 */
export function SettingsFormPage<Action, L extends Live>({
  title,
  id,
  loadSchema,
  constraint,
  defaultValue,
  live: initialLive,
  multipart,
  className = "flex flex-col gap-4",
  fields,
  preview,
}: {
  title: string;
  /** The form's id (field ids derive from it). */
  id: string;
  loadSchema: () => Promise<ZodTypeAny>;
  constraint: Record<string, FieldConstraint>;
  defaultValue: Record<string, unknown>;
  /** What the preview follows, as the page was rendered. */
  live: L;
  /** An image field: the form posts multipart. */
  multipart?: boolean;
  className?: string;
  fields: (page: SettingsForm<Action> & { live: L }) => ReactNode;
  preview: (live: L) => ReactNode;
}) {
  const { t } = useTranslation();
  const page = useSettingsForm<Action>(loadSchema, { id, constraint, defaultValue });
  const [live, onInput] = useLiveValues(initialLive);
  return (
    <SettingsPage
      title={title}
      actionData={page.actionData}
      form={
        <PreviewedForm
          formProps={page.form.formProps}
          onPreviewInput={onInput}
          encType={multipart ? "multipart/form-data" : undefined}
          className={className}
        >
          {fields({ ...page, live })}
          <Button className="self-start" disabled={page.pending}>
            {t("admin.settings.save")}
          </Button>
        </PreviewedForm>
      }
      preview={preview(live)}
    />
  );
}
