import { useTranslation } from "~/lib/use-translation";
import { Price } from "~/components/Price";
import { DataTable, type DataColumn } from "~/components/ui/DataTable";
import { Notice } from "~/components/ui/Notice";
import { variantLabel } from "~/lib/variants";
import type { ImportRowReport, MissingVariants } from "~/services/catalog/contract";

export interface ImportCounts {
  rows: number;
  create: number;
  update: number;
  unchanged: number;
  invalid: number;
  /** What happens to variants the file leaves out (issue 39: deleted only when asked). */
  missing: MissingVariants;
}

/**
 * The products import's preview (decision 027): one row per row of the file, that is per variant,
 * with what it would do and what is wrong with it; what a product undergoes besides its rows
 * (variants deleted or deactivated, options removed) is said on its first row.
 */
export function ImportPreview({ rows, counts }: { rows: ImportRowReport[]; counts: ImportCounts }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === "ar" ? "ar" : "en";
  const { invalid, create, update, unchanged, missing } = counts;
  const action = {
    create: "admin.products.import.create",
    update: "admin.products.import.update",
    unchanged: "variantCsv.unchanged",
  };
  const columns: DataColumn<ImportRowReport>[] = [
    { key: "line", header: t("admin.products.import.line"), align: "end", cell: (row) => row.line },
    {
      key: "name",
      header: t("admin.products.name"),
      rowHeader: true,
      cell: (row) => (
        <span className="flex min-w-40 flex-col">
          <span dir="auto">{row.nameEn || "—"}</span>
          <span dir="auto" className="font-normal">
            {row.nameAr}
          </span>
          <span className="text-sm font-normal text-muted">
            {t("admin.products.import.slug")}:{" "}
            <span dir="ltr" className="break-words">
              {row.slug || "—"}
            </span>
          </span>
        </span>
      ),
    },
    {
      key: "options",
      header: t("variantCsv.options"),
      cell: (row) => (
        <span className="flex flex-col max-sm:ms-auto max-sm:items-end sm:min-w-36">
          {row.options.length === 0 ? (
            <span className="text-muted">{t("variantCsv.noOptions")}</span>
          ) : (
            <span dir="auto">{variantLabel(row.options, locale)}</span>
          )}
          {row.sku ? (
            <span className="text-sm text-muted">
              {t("variantCsv.sku")}:{" "}
              <span dir="ltr" className="break-words">
                {row.sku}
              </span>
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: "price",
      header: t("admin.products.price"),
      align: "end",
      cell: (row) => (row.priceCents === null ? "—" : <Price minor={row.priceCents} />),
    },
    { key: "stock", header: t("admin.products.stock"), align: "end", cell: (row) => row.stock ?? "—" },
    { key: "action", header: t("admin.products.import.action"), cell: (row) => t(action[row.action]) },
    {
      key: "problems",
      header: t("admin.products.import.problems"),
      cell: (row) => (
        <div className="flex flex-col gap-2 sm:min-w-56">
          {row.errors.length === 0 ? (
            <span className="font-bold text-green-800 dark:text-green-300">
              {t("admin.products.import.ok")}
            </span>
          ) : (
            <ul className="flex flex-col gap-1 text-red-700 dark:text-red-400">
              {row.errors.map((error) => (
                <li key={`${error.column}-${error.key}`}>
                  {error.column ? (
                    <>
                      <span dir="ltr" className="font-bold">
                        {error.column}
                      </span>
                      {": "}
                    </>
                  ) : null}
                  {t(error.key, error.params)}
                </li>
              ))}
            </ul>
          )}
          {row.notes.map((note) => (
            <p key={note.key} className="text-sm">
              {t(note.key, { count: note.count })}{" "}
              <span dir="auto">
                {note.items
                  .map((item) => item[locale] || t("variantCsv.noOptions"))
                  .join(locale === "ar" ? "؛ " : "; ")}
              </span>
            </p>
          ))}
        </div>
      ),
    },
  ];
  // Not a named region: the preview table is one already, by the same name (axe landmark-unique).
  return (
    <section className="flex flex-col gap-3">
      <h2 id="preview-heading" className="text-xl font-extrabold">
        {t("admin.products.import.previewTitle")}
      </h2>
      {invalid > 0 ? (
        <Notice>{t("admin.products.import.summaryErrors", { count: invalid, rows: counts.rows })}</Notice>
      ) : create + update === 0 ? (
        <Notice tone="info">{t("variantCsv.nothingChanges", { count: counts.rows })}</Notice>
      ) : (
        <Notice tone="info">
          {t("variantCsv.summary", { count: counts.rows, create, update, unchanged })}
        </Notice>
      )}
      {invalid === 0 && missing.deleted + missing.deactivated > 0 ? (
        <p data-testid="import-deletes" className="font-bold text-red-700 dark:text-red-400">
          {[
            missing.deleted > 0 ? t("variantCsv.willDelete", { count: missing.deleted }) : "",
            missing.deactivated > 0 ? t("variantCsv.willDeactivate", { count: missing.deactivated }) : "",
          ]
            .filter(Boolean)
            .join(" ")}
        </p>
      ) : null}
      {invalid === 0 && missing.untouched > 0 ? (
        <p className="text-muted">{t("variantCsv.untouched", { count: missing.untouched })}</p>
      ) : null}
      {rows.length < counts.rows ? (
        <p className="text-muted">
          {t("admin.products.import.shown", { shown: rows.length, rows: counts.rows })}
        </p>
      ) : null}
      <DataTable
        caption={t("admin.products.import.previewTitle")}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.line)}
        empty={t("admin.products.import.empty")}
      />
    </section>
  );
}
