/**
 * /admin/storesetting/terms&privacy (SPEC §2 Terms & Privacy): the terms and the privacy policy
 * in English and Arabic, shown on /terms and /privacy. The `&` is part of the path as SPEC writes
 * it; links to it are written the same way (a browser sends it unencoded).
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { TextSettingsPage } from "~/components/admin/TextSettingsPage";
import { adminLoader } from "~/http/handlers.server";
import { schemaFormAction } from "~/http/schema-form.server";
import { textSettingsPage } from "~/http/text-settings.server";
import { seo } from "~/lib/seo";
import { legalSchema } from "~/lib/validation/admin-settings";
import { saveLegal } from "~/services/store/settings-admin.server";

const page = textSettingsPage(legalSchema, saveLegal, "/admin/storesetting/terms&privacy");

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.settings.legalTitle") });

export const loader = adminLoader("settings.edit", page.load);

export const action = schemaFormAction("settings.edit", page.form);

const loadSchema = () => import("~/lib/validation/admin-settings").then((m) => m.legalSchema);

export default function TermsAndPrivacySettings() {
  const { values, constraint } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <TextSettingsPage<typeof action>
      title={t("admin.settings.legalTitle")}
      id="legal"
      loadSchema={loadSchema}
      constraint={constraint}
      values={values}
      rows={8}
      fields={[
        { name: "termsEn", label: t("admin.settings.termsEn"), hint: t("admin.settings.textHint") },
        { name: "termsAr", label: t("admin.settings.termsAr"), lang: "ar" },
        { name: "privacyEn", label: t("admin.settings.privacyEn") },
        { name: "privacyAr", label: t("admin.settings.privacyAr"), lang: "ar" },
      ]}
      sections={[
        { title: t("content.termsTitle"), en: "termsEn", ar: "termsAr", empty: t("content.termsEmpty") },
        {
          title: t("content.privacyTitle"),
          en: "privacyEn",
          ar: "privacyAr",
          empty: t("content.privacyEmpty"),
        },
      ]}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
