/**
 * The getting-started checklist a new store's dashboard shows (issue 12): the four things an
 * owner does before a store can sell, each ticked once the store shows it done.
 */
import { eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { products, stores, storeSettings } from "~/db/schema";
import { BRAND_SETTINGS_COLUMNS } from "~/services/store/settings.server";
import { DEFAULT_PRIMARY, DEFAULT_SECONDARY } from "~/lib/brand";
import { onLivePlan } from "./subscription-gate.server";

export type GettingStartedKey = "product" | "colours" | "plan" | "payments";

export interface GettingStartedStep {
  key: GettingStartedKey;
  /** The admin page where it is done. */
  to: string;
  done: boolean;
}

export async function gettingStarted(storeId: string): Promise<GettingStartedStep[]> {
  const db = await getDb();
  const row = await db.withStore(storeId, async (tx) => {
    const [found] = await tx
      .select({
        hasProduct: sql<boolean>`exists (select 1 from ${products} where ${products.storeId} = ${stores.id})`,
        packageId: stores.packageId,
        status: stores.subscriptionStatus,
        periodEnd: stores.subscriptionCurrentPeriodEnd,
        accountId: stores.stripeAccountId,
        ...BRAND_SETTINGS_COLUMNS,
      })
      .from(stores)
      .leftJoin(storeSettings, eq(storeSettings.storeId, stores.id))
      .where(eq(stores.id, storeId));
    return found;
  });
  const branded =
    Boolean(row?.logoImageId) ||
    (row?.primaryColor ?? DEFAULT_PRIMARY).toUpperCase() !== DEFAULT_PRIMARY ||
    (row?.secondaryColor ?? DEFAULT_SECONDARY).toUpperCase() !== DEFAULT_SECONDARY;
  return [
    { key: "product", to: "/admin/products", done: Boolean(row?.hasProduct) },
    { key: "colours", to: "/admin/storesetting/logoAndColors", done: branded },
    // The billing page's own reading, so the two never disagree (decision 026).
    { key: "plan", to: "/admin/billing", done: onLivePlan(row) },
    { key: "payments", to: "/admin/storesetting/paymentOptions", done: Boolean(row?.accountId) },
  ];
}
