import { adminLoader, resourceRoute } from "~/http/handlers.server";
import { exportProductsCsv } from "~/services/catalog/products-csv.server";

/**
 * The store's catalogue as a CSV download (UTF-8 with a byte order mark, so spreadsheets read
 * the Arabic columns), the same columns the import reads. Never cached: it is the admin's data.
 */
export const loader = resourceRoute(
  adminLoader("products.edit", async ({ store }) => {
    const csv = await exportProductsCsv(store.id, store.currency);
    const date = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${store.slug}-products-${date}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  }),
);
