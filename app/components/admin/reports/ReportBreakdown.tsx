import { Button } from "~/components/ui/Button";
import { DataTable, type DataColumn } from "~/components/ui/DataTable";

export interface ReportBreakdownProps<Row> {
  /** The heading's id and the section's `data-testid` ("report-vat"). */
  id: string;
  heading: string;
  /** What the figures count, under the heading. */
  definition: string;
  caption: string;
  columns: DataColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: string;
  /** The sum under the table ("Total: …"). */
  total: string;
  /** The same breakdown as a CSV file, when there is one. */
  csv?: { href: string; label: string };
}

/**
 * One breakdown of the sales report (VAT by rate, shipping by rate, refunds by reason): a heading,
 * what it counts, the table, its total and its CSV. Nothing at all for a range without rows.
 */
export function ReportBreakdown<Row>({
  id,
  heading,
  definition,
  caption,
  columns,
  rows,
  rowKey,
  empty,
  total,
  csv,
}: ReportBreakdownProps<Row>) {
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3" data-testid={id}>
      <h2 id={id} className="text-xl font-extrabold">
        {heading}
      </h2>
      <p className="text-sm text-muted">{definition}</p>
      <DataTable caption={caption} columns={columns} rows={rows} rowKey={rowKey} empty={empty} />
      <p className="font-bold">{total}</p>
      {csv ? (
        <div>
          <Button to={csv.href} reloadDocument variant="secondary">
            {csv.label}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
