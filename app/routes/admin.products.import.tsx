import { data, type MetaFunction } from "@remix-run/node";
import { TitledSection } from "~/components/admin/TitledSection";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { BackButton } from "~/components/admin/BackButton";
import { ImportApply } from "~/components/admin/ImportApply";
import { ImportPreview } from "~/components/admin/ImportPreview";
import { Button } from "~/components/ui/Button";
import { CheckRow } from "~/components/ui/Checkbox";
import { FieldError } from "~/components/ui/Field";
import { adminLoader } from "~/http/handlers.server";
import { INTENT_ONLY, intentAction } from "~/http/intent-action.server";
import { decodeCarriedCsv, encodeCarriedCsv, readPostedCsv } from "~/http/posted-csv.server";
import { useFormPending } from "~/lib/use-form-pending";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { MAX_CSV_ROWS, REQUIRED_CSV_COLUMNS } from "~/lib/validation/products-admin";
import {
  applyProductImport,
  CSV_HEADER,
  previewProductImport,
  type ImportCheck,
  type ImportOptions,
} from "~/services/catalog/products-csv.server";
import { FileInput } from "~/components/ui/Input";
import type { FormNotice } from "~/lib/notice";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("admin.products.import.title") });

// The file's rules travel as data, so the page's JavaScript does not carry the schema module (zod).
export const loader = adminLoader("products.edit", ({ store }) => ({
  currency: store.currency,
  columns: CSV_HEADER.join(", "),
  required: REQUIRED_CSV_COLUMNS.join(", "),
  maxRows: MAX_CSV_ROWS,
}));

/** Rows a preview lists: the ones with problems first; the counts cover the whole file. */
const PREVIEW_ROWS = 200;

/** The upload form's checkbox: delete the variants of a named product the file leaves out. */
const DELETE_MISSING = "deleteMissing";
const readOptions = (form: FormData): ImportOptions => ({ deleteMissing: form.get(DELETE_MISSING) === "on" });
/**
 * Apply's proof that the merchant agreed to remove variants (the dialog, or the checkbox without
 * JavaScript): the browser's `required` alone does not stop a scripted POST.
 */
const CONFIRM_DELETE = "confirmDelete";
const removals = (check: ImportCheck) => (check.ok ? check.missing.deleted + check.missing.deactivated : 0);

/**
 * The answer a preview (or a refused apply) shows: the check, and the file (and the choice to
 * delete variants it leaves out) to carry to "apply".
 */
function previewAnswer(
  check: ImportCheck,
  csv: string,
  options: ImportOptions,
  status: number,
  notice: FormNotice | null = null,
) {
  const count = (action: string) => (check.ok ? check.rows.filter((row) => row.action === action).length : 0);
  const counts = check.ok
    ? {
        rows: check.rows.length,
        create: count("create"),
        update: count("update"),
        unchanged: count("unchanged"),
        invalid: check.invalid,
        missing: check.missing,
      }
    : null;
  const shown = check.ok
    ? {
        ...check,
        rows: [
          ...check.rows.filter((row) => row.errors.length > 0),
          ...check.rows.filter((row) => row.errors.length === 0),
        ]
          .slice(0, PREVIEW_ROWS)
          .sort((a, b) => a.line - b.line),
      }
    : check;
  return data(
    {
      preview: shown,
      counts,
      csv: check.ok && check.invalid === 0 ? encodeCarriedCsv(csv) : null,
      deleteMissing: options.deleteMissing,
      notice,
    },
    { status },
  );
}

/**
 * Two steps, told apart by `intent`. "preview": the uploaded file, checked row by row with the
 * product form's rules; nothing is written. "apply": the same file carried back from the preview,
 * checked again and written in one transaction, all rows or none (422 with the preview when any
 * row is wrong now). Both read `deleteMissing`: without it, variants a named product has and the
 * file leaves out stay as they are (issue 39); the preview counts what it would delete, and an
 * apply that would delete or deactivate any needs `confirmDelete` too (400 and nothing written).
 */
export const action = intentAction("products.edit", {
  preview: [
    INTENT_ONLY,
    async (_, { store, form }) => {
      const options = readOptions(form);
      const csv = await readPostedCsv(form, "file");
      const check = await previewProductImport(store.id, csv, store.currency, options);
      return previewAnswer(check, csv, options, check.ok ? 200 : 422);
    },
  ],
  apply: [
    INTENT_ONLY,
    async (_, { store, form }) => {
      const options = readOptions(form);
      const csv = decodeCarriedCsv(form.get("csv"));
      if (options.deleteMissing && form.get(CONFIRM_DELETE) !== "on") {
        // Unconfirmed: refused, with the preview again, when the file would remove anything.
        const check = await previewProductImport(store.id, csv, store.currency, options);
        if (removals(check) > 0) {
          return previewAnswer(check, csv, options, 400, { key: "variantCsv.confirmRequired" });
        }
      }
      const result = await applyProductImport(store.id, csv, store.currency, options);
      if (!result.ok) return previewAnswer(result.check, csv, options, result.check.ok ? 422 : 409);
      return redirectWithToast("/admin/products", {
        key: "admin.products.import.imported",
        params: { created: result.created, updated: result.updated },
      });
    },
  ],
});

export default function ImportProducts() {
  const { currency, columns, required, maxRows } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const preview = actionData && "preview" in actionData ? actionData : null;
  const check = preview?.preview ?? null;
  const previewPending = useFormPending({ method: "post", intent: "preview" });
  const fileError = check && !check.ok ? String(t(check.fileError.key, check.fileError.params)) : null;
  return (
    <AdminPage title={t("admin.products.import.title")}>
      <div>
        <BackButton to="/admin/products" label={t("admin.products.backToList")} />
      </div>
      <ActionNotice data={actionData} />
      <TitledSection
        headingId="upload-heading"
        title={t("admin.products.import.uploadTitle")}
        className="flex flex-col gap-3 rounded-lg border border-line p-4 sm:p-6"
      >
        <p>{t("variantCsv.intro")}</p>
        <dl className="flex flex-col gap-1 text-sm text-muted">
          <dt className="font-bold">{t("admin.products.import.columns")}</dt>
          <dd>
            <code dir="ltr" className="inline-block break-words">
              {columns}
            </code>
          </dd>
          <dt className="font-bold">{t("admin.products.import.required")}</dt>
          <dd>
            <code dir="ltr" className="inline-block">
              {required}
            </code>
          </dd>
        </dl>
        <p className="text-sm text-muted">{t("variantCsv.format", { currency })}</p>
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="preview" />
          <div className="flex flex-col gap-1">
            <label htmlFor="import-file" className="font-bold">
              {t("admin.products.import.file")}
            </label>
            <p id="import-file-hint" className="text-sm text-muted">
              {t("admin.products.import.fileHint", { max: maxRows })}
            </p>
            <FileInput
              id="import-file"
              name="file"
              required
              accept=".csv,text/csv"
              aria-describedby="import-file-hint import-file-error"
              aria-invalid={fileError ? true : undefined}
            />
            <FieldError id="import-file-error" errors={fileError ? [fileError] : undefined} />
          </div>
          <div className="flex flex-col gap-1">
            <CheckRow
              name="deleteMissing"
              className="font-bold"
              defaultChecked={preview?.deleteMissing ?? false}
              aria-describedby="delete-missing-hint"
              label={t("variantCsv.deleteMissing")}
            />
            <p id="delete-missing-hint" className="text-sm text-muted">
              {t("variantCsv.deleteMissingHint")}
            </p>
          </div>
          <div>
            <Button variant="secondary" disabled={previewPending}>
              {t("admin.products.import.preview")}
            </Button>
          </div>
        </Form>
      </TitledSection>
      {check?.ok && preview?.counts ? <ImportPreview rows={check.rows} counts={preview.counts} /> : null}
      {check?.ok && preview?.csv && preview.counts ? (
        <ImportApply
          csv={preview.csv}
          deleteMissing={preview.deleteMissing}
          missing={preview.counts.missing}
        />
      ) : null}
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
