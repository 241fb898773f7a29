import { adminLoader, resourceRoute } from "~/http/handlers.server";
import { todayIn } from "~/lib/validation/report-range";
import { hasSelection, selectionFromQuery } from "~/http/bulk-selection.server";
import { readOrderFilters } from "~/http/list-filters.server";
import { exportAdminOrdersCsv } from "~/services/orders/admin-orders.server";

/**
 * The order list as a CSV download, with the list's own filters (the Export link carries them):
 * UTF-8 with a byte order mark for spreadsheets, formula-like cells guarded (app/lib/csv.ts).
 * Filter values the list ignores are ignored here too. Never cached: it is the admin's data.
 * "Export selected" on the list sends the chosen orders as `?ids=…` (at most BULK_MAX; nothing
 * chosen or a malformed id is a 400 with its message; another store's ids are simply not there).
 */
export const loader = resourceRoute(
  adminLoader("orders.view", async ({ request, store, locale }) => {
    const { filters } = readOrderFilters(request);
    const ids = hasSelection(request) ? selectionFromQuery(request) : undefined;
    const csv = await exportAdminOrdersCsv(store.id, { ...filters, ids }, locale, store.timeZone);
    const date = todayIn(store.timeZone);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${store.slug}-orders-${date}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  }),
);
