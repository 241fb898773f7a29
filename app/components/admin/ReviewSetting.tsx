import { Form } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";
import { useFormPending } from "~/lib/use-form-pending";

/** "New reviews: publish at once / hold for approval" (decision 024), above the list it governs. */
export function ReviewSetting({ moderation }: { moderation: "publish" | "hold" }) {
  const { t } = useTranslation();
  const saving = useFormPending({ method: "post", intent: "setting" });
  return (
    <Form method="post" className="rounded-lg border border-line bg-card p-4">
      <input type="hidden" name="intent" value="setting" />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-bold">{t("reviewModeration.settingLegend")}</legend>
        {(["publish", "hold"] as const).map((value) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="moderation"
              value={value}
              defaultChecked={moderation === value}
              className="size-5 accent-[var(--color-primary)]"
            />
            <span>{t(`reviewModeration.setting.${value}`)}</span>
          </label>
        ))}
        <p className="text-sm text-muted">{t("reviewModeration.linkRule")}</p>
      </fieldset>
      <Button variant="secondary" disabled={saving} className="mt-3">
        {t("reviewModeration.saveSetting")}
      </Button>
    </Form>
  );
}
