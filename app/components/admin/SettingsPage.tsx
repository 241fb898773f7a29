import type { ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { AdminPage } from "~/components/admin/AdminPage";
import { ActionNotice } from "~/components/admin/ActionNotice";

/**
 * A store-setting page: its form, and beside it (below it on a phone) a preview of what shoppers
 * will see, which follows the form as the owner types.
 */
export function SettingsPage({
  title,
  actionData,
  form,
  preview,
}: {
  title: string;
  /** The action's answer: a refusal's notice shows above the form. */
  actionData: unknown;
  form: ReactNode;
  preview: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AdminPage title={title}>
      <ActionNotice data={actionData} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 rounded-lg border border-line p-4 sm:p-6">{form}</div>
        <aside aria-labelledby="settings-preview" className="min-w-0 lg:sticky lg:top-4">
          <h2 id="settings-preview" className="text-xl font-extrabold">
            {t("admin.settings.preview")}
          </h2>
          <p className="mb-3 text-sm text-muted">{t("admin.settings.livePreview")}</p>
          <div className="flex flex-col gap-4">{preview}</div>
        </aside>
      </div>
    </AdminPage>
  );
}
