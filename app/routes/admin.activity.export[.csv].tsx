import { adminLoader, resourceRoute } from "~/http/handlers.server";
import { readAuditFilters } from "~/http/audit-filters.server";
import { toCsv } from "~/lib/csv";
import { todayIn } from "~/lib/validation/report-range";
import { exportAudit } from "~/services/audit/audit.server";

/**
 * The activity log as a CSV download with the page's filters (decision 041): UTF-8 with a byte
 * order mark, formula-like cells guarded (app/lib/csv.ts). Never cached.
 */
export const loader = resourceRoute(
  adminLoader("activity.view", async ({ request, store }) => {
    const { filters } = readAuditFilters(request, store.timeZone);
    const rows = await exportAudit(store.id, filters);
    const csv = toCsv([
      ["when", "person", "email", "action", "entity_type", "entity_id", "entity", "changes", "ip"],
      ...rows.map((row) => [
        row.createdAt.toISOString(),
        row.actorName,
        row.actorEmail,
        row.action,
        row.entityType,
        row.entityId,
        row.entityLabel,
        JSON.stringify(row.changes),
        row.ip,
      ]),
    ]);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${store.slug}-activity-${todayIn(store.timeZone)}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  }),
);
