import { adminLoader } from "~/http/handlers.server";
import { badRequest, Refusal } from "~/http/refusal.server";
import { readReportRange } from "~/lib/validation/report-range";
import { REPORT_CSV_SHAPES, salesReportCsv, type ReportCsvShape } from "~/services/reports/report-csv.server";
import { reportTimeZone, salesReport } from "~/services/reports/reports.server";

/**
 * The sales report for a range as a CSV download, by day (`?by=day`, the default) or by product.
 * A bad range or shape is a 400 with its message: a download never falls back to another range.
 */
export const loader = adminLoader(async ({ request, store }) => {
  const search = new URL(request.url).searchParams;
  const by = (search.get("by") ?? "day") as ReportCsvShape;
  if (!REPORT_CSV_SHAPES.includes(by)) throw badRequest();
  const timeZone = await reportTimeZone(store.id);
  const { range, notice } = readReportRange(search, timeZone);
  if (notice) throw new Refusal(400, notice);
  const csv = salesReportCsv(await salesReport(store.id, range, timeZone), by, store.currency);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${store.slug}-sales-by-${by}-${range.start}-${range.end}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
});
