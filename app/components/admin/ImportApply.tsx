import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { useFormPending } from "~/lib/use-form-pending";
import { useHydrated } from "~/lib/use-hydrated";
import { useTranslation } from "~/lib/use-translation";
import type { MissingVariants } from "~/services/catalog/contract";

/**
 * The import's Apply (issue 39). A file that deletes or deactivates variants it leaves out (the
 * merchant ticked "Also delete variants that are not in the file") asks first: a dialog with
 * JavaScript; without it, a checkbox the browser requires before the form goes (the dialog's
 * no-JavaScript link would reload the page and lose the preview, which lives in the answer).
 */
export function ImportApply({
  csv,
  deleteMissing,
  missing,
}: {
  csv: string;
  deleteMissing: boolean;
  missing: MissingVariants;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const pending = useFormPending({ method: "post", intent: "apply" });
  const fields: Record<string, string> = { intent: "apply", csv };
  if (deleteMissing) fields.deleteMissing = "on";
  const removing = missing.deleted + missing.deactivated;
  if (removing > 0 && hydrated) {
    // The dialog is the confirmation; the server refuses a removing apply without this field.
    fields.confirmDelete = "on";
    return (
      <div>
        <ConfirmDialog
          id="apply-import"
          trigger={t("admin.products.import.apply")}
          title={t("variantCsv.confirmTitle")}
          description={[
            missing.deleted > 0 ? t("variantCsv.willDelete", { count: missing.deleted }) : "",
            missing.deactivated > 0 ? t("variantCsv.willDeactivate", { count: missing.deactivated }) : "",
            missing.deleted > 0 ? t("variantCsv.confirmUndo") : "",
          ]
            .filter(Boolean)
            .join(" ")}
          confirmLabel={t("variantCsv.confirmApply")}
          fields={fields}
        />
      </div>
    );
  }
  return (
    <Form method="post" className="flex flex-col items-start gap-3">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {removing > 0 ? (
        <label className="flex min-h-11 items-center gap-2 font-bold">
          <input type="checkbox" name="confirmDelete" required className="size-5 shrink-0" />
          {t("variantCsv.confirmCheckbox", { count: removing })}
        </label>
      ) : null}
      <Button variant={removing > 0 ? "danger" : undefined} disabled={pending}>
        {t("admin.products.import.apply")}
      </Button>
    </Form>
  );
}
