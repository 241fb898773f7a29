import { Form, Link, useLocation } from "@remix-run/react";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Button, buttonClass } from "~/components/ui/Button";
import { useHydrated } from "~/lib/use-hydrated";
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
  /**
   * The row's buttons (a column keyed "actions" is one too): on a phone they sit under the card's
   * other fields, without a label.
   */
  actions?: boolean;
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
  /**
   * A checkbox first in each row (the row's key as its value) for actions on several rows at once:
   * `form` is the id of the form they belong to, `label` names each box for screen readers.
   */
  selection?: { form: string; name: string; label: (row: Row) => string };
  /** Between the filters and the rows, when there are rows: the bar of actions on the chosen ones. */
  toolbar?: ReactNode;
}

/**
 * An admin list: a real <table> with sortable headers (links that keep the filters), a filter form,
 * and Previous/Next links from keyset cursors. Presentational only: the loader reads the same
 * parameters (table-links.ts), queries, and hands back rows and cursors. Every control is a link or
 * a GET form, so the list works before (and without) JavaScript; logical classes (text-start,
 * ms-…) keep it right in Arabic.
 *
 * Below 640 px the same table lays itself out as cards, by CSS alone (one DOM, so nothing is
 * rendered twice and it works without JavaScript): the row header is the card's title, every
 * other cell a label/value pair (the label is the column's header, drawn from `data-label`), the
 * actions a row of buttons; the sortable headers stay as a row of sort links above the cards.
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
  selection,
  toolbar,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const captionId = useId();
  const sortable = columns.some((column) => column.sortable);
  const allColumns = selection
    ? [selectionColumn(selection, rowKey, t("admin.table.select")), ...columns]
    : columns;
  return (
    <div className="flex flex-col gap-4">
      {filters ? <FilterForm names={filters.names}>{filters.fields}</FilterForm> : null}
      {rows.length > 0 ? toolbar : null}
      {rows.length === 0 ? (
        <div className="rounded-lg border border-line bg-card p-6 text-center text-muted">{empty}</div>
      ) : (
        // Wide tables scroll on their own; focusable so the keyboard can scroll them too. On a
        // phone nothing scrolls sideways: the rows are cards.
        <div
          role="region"
          aria-labelledby={captionId}
          tabIndex={0}
          className="sm:overflow-x-auto sm:rounded-lg sm:border sm:border-line"
        >
          <table className="w-full border-collapse text-start max-sm:block">
            <caption
              id={captionId}
              className={cn(
                "p-3 text-start text-lg font-bold max-sm:block max-sm:px-0",
                captionHidden && "sr-only",
              )}
            >
              {caption}
            </caption>
            <thead
              className={cn("bg-card max-sm:block max-sm:bg-transparent", !sortable && "max-sm:sr-only")}
            >
              <tr className="max-sm:flex max-sm:flex-wrap max-sm:gap-x-3 max-sm:pb-3">
                {allColumns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={column.sortable ? ariaSort(column.key, sort) : undefined}
                    className={cn(
                      "p-3 font-bold",
                      column.align === "end" ? "text-end" : "text-start",
                      // On a phone only the sort links show: the other headers label each card's values.
                      column.sortable ? "max-sm:p-0" : "max-sm:sr-only",
                    )}
                  >
                    {column.sortable ? (
                      <Link
                        to={sortHref(pathname, search, column.key, sort)}
                        className="inline-flex min-h-11 items-center gap-1 underline-offset-4 hover:underline max-sm:underline"
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
            <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
              {rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  className={cn(
                    "border-t border-line max-sm:flex max-sm:flex-col max-sm:rounded-lg max-sm:border max-sm:p-3",
                    // A chosen-rows checkbox sits in the card's top corner, beside its title.
                    selection && "max-sm:relative",
                    // A card's links and buttons are fingers' targets: 44 px tall at least.
                    "max-sm:[&_:is(a,button)]:inline-flex max-sm:[&_:is(a,button)]:min-h-11 max-sm:[&_:is(a,button)]:items-center",
                  )}
                >
                  {allColumns.map((column) => {
                    const isActions = column.actions ?? column.key === "actions";
                    const isSelect = selection !== undefined && column.key === SELECT_KEY;
                    const className = cn(
                      "p-3 align-top",
                      column.align === "end" ? "text-end" : "text-start",
                      // A phone's card: long words (e-mails, slugs) wrap instead of widening it.
                      "max-sm:min-w-0 max-sm:px-0 max-sm:py-1 max-sm:[overflow-wrap:anywhere] max-sm:*:min-w-0",
                      column.rowHeader
                        ? cn(
                            "max-sm:order-first max-sm:pt-0 max-sm:text-start max-sm:text-lg",
                            selection && "max-sm:pe-12",
                          )
                        : isSelect
                          ? "max-sm:absolute max-sm:end-2 max-sm:top-1 max-sm:p-0"
                          : isActions
                            ? "max-sm:mt-2 max-sm:block max-sm:border-t max-sm:border-line max-sm:pt-3 max-sm:empty:hidden"
                            : "max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:justify-between max-sm:gap-x-4 max-sm:text-end max-sm:before:font-bold max-sm:before:text-start max-sm:before:content-[attr(data-label)]",
                    );
                    return column.rowHeader ? (
                      <th key={column.key} scope="row" className={cn(className, "font-bold")}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td
                        key={column.key}
                        className={className}
                        data-label={isActions ? undefined : column.header}
                      >
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

/** The filter form's id: the phone's "Filters" link points at it before scripts run. */
export const LIST_FILTERS_ID = "list-filters";

/**
 * The list's filters as a GET form (it works without JavaScript) that keeps the order but not the
 * page. On a phone they wait behind a "Filters" control, which says how many are in use, so the
 * list starts at the top of the screen; from `sm` up they sit inline above the table. Before (or
 * without) scripts the control is a link to the form, shown as the URL's target; then a button.
 */
function FilterForm({ names, children }: { names: string[]; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const params = new URLSearchParams(search);
  const inUse = names.filter((name) => !["", "all"].includes(params.get(name)?.trim() ?? "")).length;
  const label = (
    <>
      {t("admin.table.filters")}
      {inUse > 0 ? (
        <span className="rounded-full bg-primary px-2 text-sm text-on-primary">{inUse}</span>
      ) : null}
    </>
  );
  const toggleClass = buttonClass({ variant: "secondary", className: "self-start sm:hidden" });
  return (
    <div className="flex flex-col gap-3">
      {hydrated ? (
        <button
          type="button"
          className={toggleClass}
          aria-expanded={open}
          aria-controls={LIST_FILTERS_ID}
          onClick={() => setOpen((was) => !was)}
        >
          {label}
        </button>
      ) : (
        <a href={`#${LIST_FILTERS_ID}`} className={toggleClass}>
          {label}
        </a>
      )}
      <Form
        id={LIST_FILTERS_ID}
        method="get"
        action={pathname}
        role="search"
        aria-label={t("admin.table.filters")}
        className={cn("flex-wrap items-end gap-3 target:flex sm:flex", open ? "flex" : "hidden")}
      >
        {keptParams(search, names).map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        {children}
        <Button variant="secondary">{t("admin.table.applyFilters")}</Button>
      </Form>
    </div>
  );
}

const SELECT_KEY = "select";

/** The first column of a list whose rows can be chosen for an action on several at once. */
function selectionColumn<Row>(
  selection: NonNullable<DataTableProps<Row>["selection"]>,
  rowKey: (row: Row) => string,
  header: string,
): DataColumn<Row> {
  return {
    key: SELECT_KEY,
    header,
    actions: true,
    cell: (row) => (
      <label className="inline-flex min-h-11 min-w-11 items-center justify-center">
        <input
          type="checkbox"
          form={selection.form}
          name={selection.name}
          value={rowKey(row)}
          aria-label={selection.label(row)}
          className="size-5 accent-primary"
        />
      </label>
    ),
  };
}

/** ▲/▼ on the ordered column, a faint ↕ on the others; the order itself is in aria-sort. */
function SortMark({ dir }: { dir: "asc" | "desc" | null }) {
  return (
    <span aria-hidden="true" className={cn("text-sm", !dir && "text-muted")}>
      {dir === "asc" ? "▲" : dir === "desc" ? "▼" : "↕"}
    </span>
  );
}
