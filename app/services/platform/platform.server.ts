/** Platform-wide reads for staff, through the SECURITY DEFINER functions of drizzle/0001_rls.sql. */
import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "~/db/client.server";

export interface PlatformStoreRow {
  id: string;
  slug: string;
  name: string;
  status: "active" | "suspended";
  customDomain: string | null;
  userCount: number;
  productCount: number;
  orderCount: number;
}

export async function listStores(): Promise<PlatformStoreRow[]> {
  const db = await getDb();
  const result = await db.withPlatform((tx) =>
    tx.execute(sql`select id, slug, name, status, custom_domain, user_count::int, product_count::int, order_count::int
      from platform_list_stores()`),
  );
  return rowsOf<{
    id: string;
    slug: string;
    name: string;
    status: "active" | "suspended";
    custom_domain: string | null;
    user_count: number;
    product_count: number;
    order_count: number;
  }>(result).map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    customDomain: row.custom_domain,
    userCount: row.user_count,
    productCount: row.product_count,
    orderCount: row.order_count,
  }));
}
