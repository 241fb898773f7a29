import { adminLoader, resourceRoute } from "~/http/handlers.server";
import { getServerT } from "~/lib/i18n.server";
import { readReportRange } from "~/lib/validation/report-range";
import { REPORT_CSV_SHAPES, salesReportCsv, type ReportCsvShape } from "~/services/reports/report-csv.server";
import { reportTimeZone, salesReport } from "~/services/reports/reports.server";

/**
 * The sales report for a range as a CSV download, by day (`?by=day`, the default) or by product.
 * A bad range or shape is a 400 with its reason as text, in the admin's language: a download
 * never falls back to another range. The refusal is answered here, not thrown: Remix hands a
 * resource route's thrown refusal on as `{"message":"Unexpected Server Error"}` (issue 42 D10).
 */
export const loader = resourceRoute(
  adminLoader("reports.view", async ({ request, store, locale }) => {
    const t = getServerT(locale);
    const search = new URL(request.url).searchParams;
    const by = (search.get("by") ?? "day") as ReportCsvShape;
    if (!REPORT_CSV_SHAPES.includes(by)) return refused(t("reports.download.unknownShape"));
    const timeZone = await reportTimeZone(store.id);
    const { range, notice } = readReportRange(search, timeZone);
    // The report page's notices say it shows the default range instead; a download makes no file.
    if (notice) return refused(t(notice.key.replace("reports.range.", "reports.download."), notice.params));
    const csv = salesReportCsv(await salesReport(store.id, range, timeZone), by, store.currency);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${store.slug}-sales-by-${by}-${range.start}-${range.end}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  }),
);

function refused(reason: string): Response {
  return new Response(reason, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
