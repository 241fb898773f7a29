/** Platform-wide reads for staff, through the SECURITY DEFINER functions of drizzle/0001_rls.sql. */
import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "~/db/client.server";
import { decodeKeyset, pageOf } from "~/lib/keyset.server";
import { storeClosure } from "~/services/store/subscription-gate.server";
import { STORE_FILTERS, type StoreFilter } from "./store-filters";

export { STORE_FILTERS, type StoreFilter };
export const STORE_PAGE_SIZE = 25;

export interface TenantListRow {
  id: string;
  slug: string;
  name: string;
  status: "active" | "suspended";
  /** What staff call it: suspended, behind the subscription gate (expired), or open (active). */
  state: StoreFilter;
  customDomain: string | null;
  customDomainVerified: boolean;
  plan: string | null;
  subscriptionStatus: string | null;
  /** ISO timestamps. */
  periodEnd: string | null;
  createdAt: string;
  productCount: number;
  orderCount: number;
}

type SearchRow = {
  id: string;
  slug: string;
  name: string;
  status: "active" | "suspended";
  custom_domain: string | null;
  custom_domain_verified: boolean;
  package_name: string | null;
  subscription_status: string | null;
  subscription_current_period_end: string | Date | null;
  created_at: string | Date;
  created_key: string;
  product_count: number | string;
  order_count: number | string;
};

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function tenantRow(row: SearchRow, now = new Date()): TenantListRow {
  const end = row.subscription_current_period_end;
  const closure = storeClosure(
    { status: row.status, subscriptionCurrentPeriodEnd: end ? new Date(end) : null },
    now,
  );
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    state: closure === "suspended" ? "suspended" : closure === "expired" ? "expired" : "active",
    customDomain: row.custom_domain,
    customDomainVerified: row.custom_domain_verified,
    plan: row.package_name,
    subscriptionStatus: row.subscription_status,
    periodEnd: iso(row.subscription_current_period_end),
    createdAt: iso(row.created_at)!,
    productCount: Number(row.product_count),
    orderCount: Number(row.order_count),
  };
}

/** `%`, `_` and `\` typed into the search are literal characters, not patterns. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Staff's tenant list (issue 12): newest first, 25 a page (keyset: constant time at any depth),
 * searched by name, address or domain, filtered by state (open, expired, suspended).
 */
export async function searchStores(options: {
  q?: string;
  filter?: StoreFilter | null;
  cursor?: string | null;
}): Promise<{ rows: TenantListRow[]; prevCursor: string | null; nextCursor: string | null }> {
  const keyset = decodeKeyset(options.cursor ?? null);
  const q = options.q?.trim() ? likeLiteral(options.q.trim().slice(0, 200)) : null;
  const db = await getDb();
  const result = await db.withPlatform((tx) =>
    tx.execute(sql`select * from platform_search_stores(
      ${q}, ${options.filter ?? null}, ${keyset?.value ?? null}, ${keyset?.id ?? null},
      ${keyset?.side === "before"}, ${STORE_PAGE_SIZE + 1})`),
  );
  const fetched = rowsOf<SearchRow>(result);
  const page = pageOf(fetched, STORE_PAGE_SIZE, keyset, (row) => ({ value: row.created_key, id: row.id }));
  return { ...page, rows: page.rows.map((row) => tenantRow(row)) };
}

export interface TenantDetail extends TenantListRow {
  stripeCustomerId: string | null;
  userCount: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getStoreDetail(storeId: string): Promise<TenantDetail | null> {
  if (!UUID.test(storeId)) return null;
  const db = await getDb();
  const result = await db.withPlatform((tx) =>
    tx.execute(sql`select * from platform_store_detail(${storeId})`),
  );
  const row = rowsOf<SearchRow & { stripe_customer_id: string | null; user_count: number | string }>(
    result,
  )[0];
  if (!row) return null;
  return {
    ...tenantRow({ ...row, created_key: "" }),
    stripeCustomerId: row.stripe_customer_id,
    userCount: Number(row.user_count),
  };
}

/** Suspends or reactivates a store; false when there is no such store. Every instance hears of it. */
export async function setStoreStatus(storeId: string, status: "active" | "suspended"): Promise<boolean> {
  if (!UUID.test(storeId)) return false;
  const db = await getDb();
  const result = await db.withPlatform((tx) =>
    tx.execute(sql`select platform_set_store_status(${storeId}, ${status}) as changed`),
  );
  return rowsOf<{ changed: boolean }>(result)[0]?.changed === true;
}
