/**
 * /admin/storesetting/aboutus (SPEC §2 About Us): the about page in English and Arabic, with the
 * page as shoppers will read it beside the form. /about reads the text on every request.
 */
import { localized } from "~/lib/localized-name";
import { PreviewedForm } from "~/components/admin/PreviewedForm";
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { SettingsPage } from "~/components/admin/SettingsPage";
import { BilingualPreview } from "~/components/ui/BilingualPreview";
import { TextPreview } from "~/components/admin/TextPreview";
import { Button } from "~/components/ui/Button";
import { TextAreaField } from "~/components/ui/FormFields";
import { adminLoader } from "~/http/handlers.server";
import { schemaFormAction } from "~/http/schema-form.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { seo } from "~/lib/seo";
import { useLiveValues } from "~/lib/use-live-values";
import { useSettingsForm } from "~/lib/use-settings-form";
import { aboutSchema } from "~/lib/validation/admin-settings";
import { getStoreSettings, saveAbout } from "~/services/store/settings-admin.server";

const PATH = "/admin/storesetting/aboutus";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.settings.aboutTitle") });

export const loader = adminLoader("settings.edit", async ({ store }) => {
  const settings = await getStoreSettings(store.id);
  return {
    values: { aboutEn: settings.aboutEn, aboutAr: settings.aboutAr },
    constraint: formConstraint(aboutSchema),
  };
});

export const action = schemaFormAction("settings.edit", {
  schema: aboutSchema,
  save: (value, { store }) => saveAbout(store.id, value),
  success: { path: PATH },
});

const loadSchema = () => import("~/lib/validation/admin-settings").then((m) => m.aboutSchema);

export default function AboutUsSettings() {
  const { values, constraint } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { actionData, pending, form } = useSettingsForm<typeof action>(loadSchema, {
    id: "about",
    constraint,
    defaultValue: values,
  });
  const [live, onInput] = useLiveValues(values);
  return (
    <SettingsPage
      title={t("admin.settings.aboutTitle")}
      actionData={actionData}
      form={
        <PreviewedForm formProps={form.formProps} onPreviewInput={onInput} className="flex flex-col gap-4">
          <TextAreaField
            field={form.field("aboutEn")}
            label={t("admin.settings.aboutEn")}
            hint={t("admin.settings.textHint")}
            rows={10}
          />
          <TextAreaField
            field={form.field("aboutAr")}
            label={t("admin.settings.aboutAr")}
            rows={10}
            lang="ar"
          />
          <Button className="self-start" disabled={pending}>
            {t("admin.settings.save")}
          </Button>
        </PreviewedForm>
      }
      preview={
        <BilingualPreview>
          {(lang) => (
            <TextPreview
              title={t("content.aboutTitle")}
              body={localized(live.aboutEn, live.aboutAr, lang)}
              empty={t("notFound.aboutUs")}
            />
          )}
        </BilingualPreview>
      }
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
