/**
 * /admin/storesetting/terms&privacy (SPEC §2 Terms & Privacy): the terms and the privacy policy
 * in English and Arabic, shown on /terms and /privacy. The `&` is part of the path as SPEC writes
 * it; links to it are written the same way (a browser sends it unencoded).
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
import { legalSchema } from "~/lib/validation/admin-settings";
import { getStoreSettings, saveLegal } from "~/services/store/settings-admin.server";

const PATH = "/admin/storesetting/terms&privacy";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.settings.legalTitle") });

export const loader = adminLoader("settings.edit", async ({ store }) => {
  const settings = await getStoreSettings(store.id);
  return {
    values: {
      termsEn: settings.termsEn,
      termsAr: settings.termsAr,
      privacyEn: settings.privacyEn,
      privacyAr: settings.privacyAr,
    },
    constraint: formConstraint(legalSchema),
  };
});

export const action = schemaFormAction("settings.edit", {
  schema: legalSchema,
  save: (value, { store }) => saveLegal(store.id, value),
  success: { path: PATH },
});

const loadSchema = () => import("~/lib/validation/admin-settings").then((m) => m.legalSchema);

export default function TermsAndPrivacySettings() {
  const { values, constraint } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { actionData, pending, form } = useSettingsForm<typeof action>(loadSchema, {
    id: "legal",
    constraint,
    defaultValue: values,
  });
  const [live, onInput] = useLiveValues(values);
  return (
    <SettingsPage
      title={t("admin.settings.legalTitle")}
      actionData={actionData}
      form={
        <PreviewedForm formProps={form.formProps} onPreviewInput={onInput} className="flex flex-col gap-4">
          <TextAreaField
            field={form.field("termsEn")}
            label={t("admin.settings.termsEn")}
            hint={t("admin.settings.textHint")}
            rows={8}
          />
          <TextAreaField
            field={form.field("termsAr")}
            label={t("admin.settings.termsAr")}
            rows={8}
            lang="ar"
          />
          <TextAreaField field={form.field("privacyEn")} label={t("admin.settings.privacyEn")} rows={8} />
          <TextAreaField
            field={form.field("privacyAr")}
            label={t("admin.settings.privacyAr")}
            rows={8}
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
            <>
              <TextPreview
                title={t("content.termsTitle")}
                body={localized(live.termsEn, live.termsAr, lang)}
                empty={t("content.termsEmpty")}
              />
              <div className="border-t border-line">
                <TextPreview
                  title={t("content.privacyTitle")}
                  body={localized(live.privacyEn, live.privacyAr, lang)}
                  empty={t("content.privacyEmpty")}
                />
              </div>
            </>
          )}
        </BilingualPreview>
      }
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
