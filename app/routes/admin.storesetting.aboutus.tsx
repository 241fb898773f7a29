/**
 * /admin/storesetting/aboutus (SPEC §2 About Us): the about page in English and Arabic, with the
 * page as shoppers will read it beside the form. /about reads the text on every request.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { TextSettingsPage } from "~/components/admin/TextSettingsPage";
import { adminLoader } from "~/http/handlers.server";
import { schemaFormAction } from "~/http/schema-form.server";
import { textSettingsPage } from "~/http/text-settings.server";
import { seo } from "~/lib/seo";
import { aboutSchema } from "~/lib/validation/admin-settings";
import { saveAbout } from "~/services/store/settings-admin.server";

const page = textSettingsPage(aboutSchema, saveAbout, "/admin/storesetting/aboutus");

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.settings.aboutTitle") });

export const loader = adminLoader("settings.edit", page.load);

export const action = schemaFormAction("settings.edit", page.form);

const loadSchema = () => import("~/lib/validation/admin-settings").then((m) => m.aboutSchema);

export default function AboutUsSettings() {
  const { values, constraint } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <TextSettingsPage<typeof action>
      title={t("admin.settings.aboutTitle")}
      id="about"
      loadSchema={loadSchema}
      constraint={constraint}
      values={values}
      rows={10}
      fields={[
        { name: "aboutEn", label: t("admin.settings.aboutEn"), hint: t("admin.settings.textHint") },
        { name: "aboutAr", label: t("admin.settings.aboutAr"), lang: "ar" },
      ]}
      sections={[
        { title: t("content.aboutTitle"), en: "aboutEn", ar: "aboutAr", empty: t("notFound.aboutUs") },
      ]}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
