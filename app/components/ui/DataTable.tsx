import { Form, Link, useLocation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/Button";
import { cn } from "~/lib/cn";
import { ariaSort, cursorHref, keptParams, sortHref, type TableSort } from "~/lib/table-links";

export interface DataColumn<Row> {
  /** The sort key sent as ?sort= (for a sortable column) and React's key. */
  key: string;
  /** The header's text, already translated. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Whether the header links to this column's order (the loader must allow the key). */
  sortable?: boolean;
  /** Numbers and amounts line up at the end (the left in Arabic). */
  align?: "start" | "end";
  /** The column that names the row (a product's name): a row header for screen readers. */
  rowHeader?: boolean;
}

export interface DataTableProps<Row> {
  /** Names the table for screen readers (and on screen unless `captionHidden`). */
  caption: string;
  captionHidden?: boolean;
  columns: DataColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The order the loader applied (readTableSort), so the header shows it. */
  sort?: TableSort | null;
  /** Filter fields, sent as a GET form (works without JavaScript); `names` are their field names. */
  filters?: { names: string[]; fields: ReactNode };
  /** Opaque keyset cursors from the loader; no cursor, no link. */
  prevCursor?: string | null;
  nextCursor?: string | null;
  /** What an empty list says (no rows at all, or none matching the filters). */
  empty: ReactNode;
}

/**
 * An admin list: a real <table> with sortable headers (links that keep the filters), a filter form,
 * and Previous/Next links from keyset cursors. Presentational only: the loader reads the same
 * parameters (table-links.ts), queries, and hands back rows and cursors. Every control is a link or
 * a GET form, so the list works before (and without) JavaScript; logical classes (text-start,
 * ms-…) keep it right in Arabic.
 */
export function DataTable<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  sort = null,
  filters,
  prevCursor,
  nextCursor,
  empty,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const captionId = useId();
  return (
    <div className="flex flex-col gap-4">
      {filters ? (
        <Form
          method="get"
          action={pathname}
          role="search"
          aria-label={t("admin.table.filters")}
          className="flex flex-wrap items-end gap-3"
        >
          {keptParams(search, filters.names).map(([name, value]) => (
            <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
          ))}
          {filters.fields}
          <Button variant="secondary">{t("admin.table.applyFilters")}</Button>
        </Form>
      ) : null}
      {rows.length === 0 ? (
        <div className="rounded-lg border border-line bg-card p-6 text-center text-muted">{empty}</div>
      ) : (
        // Wide tables scroll on their own; focusable so the keyboard can scroll them too.
        <div
          role="region"
          aria-labelledby={captionId}
          tabIndex={0}
          className="overflow-x-auto rounded-lg border border-line"
        >
          <table className="w-full border-collapse text-start">
            <caption
              id={captionId}
              className={cn("p-3 text-start text-lg font-bold", captionHidden && "sr-only")}
            >
              {caption}
            </caption>
            <thead className="bg-card">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={column.sortable ? ariaSort(column.key, sort) : undefined}
                    className={cn("p-3 font-bold", column.align === "end" ? "text-end" : "text-start")}
                  >
                    {column.sortable ? (
                      <Link
                        to={sortHref(pathname, search, column.key, sort)}
                        className="inline-flex min-h-11 items-center gap-1 underline-offset-4 hover:underline"
                      >
                        {column.header}
                        <SortMark dir={sort?.key === column.key ? sort.dir : null} />
                      </Link>
                    ) : (
                      column.header
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} className="border-t border-line">
                  {columns.map((column) => {
                    const className = cn("p-3 align-top", column.align === "end" ? "text-end" : "text-start");
                    return column.rowHeader ? (
                      <th key={column.key} scope="row" className={cn(className, "font-bold")}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.key} className={className}>
                        {column.cell(row)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {prevCursor || nextCursor ? (
        <nav aria-label={t("admin.table.pages")} className="flex justify-between gap-4">
          {prevCursor ? (
            <Button to={cursorHref(pathname, search, prevCursor)} rel="prev" variant="secondary">
              <span aria-hidden="true" className="inline-block rtl:rotate-180">
                ←
              </span>
              {t("pagination.previous")}
            </Button>
          ) : (
            <span />
          )}
          {nextCursor ? (
            <Button to={cursorHref(pathname, search, nextCursor)} rel="next" variant="secondary">
              {t("pagination.next")}
              <span aria-hidden="true" className="inline-block rtl:rotate-180">
                →
              </span>
            </Button>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/** ▲/▼ on the ordered column, a faint ↕ on the others; the order itself is in aria-sort. */
function SortMark({ dir }: { dir: "asc" | "desc" | null }) {
  return (
    <span aria-hidden="true" className={cn("text-sm", !dir && "text-muted")}>
      {dir === "asc" ? "▲" : dir === "desc" ? "▼" : "↕"}
    </span>
  );
}
