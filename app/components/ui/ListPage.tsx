import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Notice } from "~/components/ui/Notice";
import { isolate } from "~/lib/bidi";
import type { TableSort } from "~/lib/table-links";
import { useTranslation } from "~/lib/use-translation";
import { DataTable, type DataColumn, type DataTableProps } from "./DataTable";

/** One page of a keyset list, as the list services hand it back. */
export interface ListPageData<Row> {
  rows: Row[];
  prevCursor: string | null;
  nextCursor: string | null;
}

export interface ListPageProps<Row> {
  /**
   * The translation keys' prefix of the list's texts: `title` names the table for screen readers
   * (the page's heading says it on screen); the empty list says `emptyNone` when nothing is
   * filtered (none yet), `emptySearch` (with `q`) when a search found nothing, `emptyFiltered`
   * when other filters did; `filterProblems.<name>` says a filter value the loader ignored.
   */
  texts: string;
  page: ListPageData<Row>;
  columns: DataColumn<Row>[];
  /** Defaults to the row's `id`. */
  rowKey?: (row: Row) => string;
  sort?: TableSort | null;
  filters?: { names: string[]; fields: ReactNode };
  /** Filters whose value the loader could not use (ignored): each is said above the list. */
  ignored?: readonly string[];
  selection?: DataTableProps<Row>["selection"];
  /** The bar of actions on the chosen rows (BulkBar), above the rows. */
  toolbar?: DataTableProps<Row>["toolbar"];
}

/**
 * The admin lists' one page body: the notices of ignored filters, the filter form (behind a
 * "Filters" button on a phone), the table (cards on a phone), the keyset pager, and an empty
 * state that tells "nothing matches what you asked" from "there is nothing yet".
 */
export function ListPage<Row extends { id: string }>({
  texts,
  page,
  columns,
  rowKey = (row) => row.id,
  sort = null,
  filters,
  ignored = [],
  selection,
  toolbar,
}: ListPageProps<Row>) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { q, filtered } = listFiltering(search, filters?.names ?? [], ignored);
  const empty = q
    ? t(`${texts}.emptySearch`, { q: isolate(q) })
    : t(filtered ? `${texts}.emptyFiltered` : `${texts}.emptyNone`);
  return (
    <>
      {ignored.map((name) => (
        <Notice key={name} tone="info">
          {t(`${texts}.filterProblems.${name}`)}
        </Notice>
      ))}
      <DataTable
        caption={t(`${texts}.title`)}
        captionHidden
        columns={columns}
        rows={page.rows}
        rowKey={rowKey}
        sort={sort}
        prevCursor={page.prevCursor}
        nextCursor={page.nextCursor}
        filters={filters}
        empty={empty}
        selection={selection}
        toolbar={toolbar}
      />
    </>
  );
}

/**
 * The search and whether any other filter is in use, read from the address as the loader read it:
 * "" and "all" are no filter, and a value the loader ignored does not count.
 */
export function listFiltering(
  search: string,
  names: readonly string[],
  ignored: readonly string[],
): { q: string; filtered: boolean } {
  const params = new URLSearchParams(search);
  const used = (name: string) =>
    !ignored.includes(name) && !["", "all"].includes(params.get(name)?.trim() ?? "");
  return {
    q: names.includes("q") ? (params.get("q") ?? "").trim().slice(0, 200) : "",
    filtered: names.some((name) => name !== "q" && used(name)),
  };
}
