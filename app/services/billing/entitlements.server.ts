/**
 * Plan entitlements (decision 026): what a store may use, read from its plan's row on `packages`
 * (staff edit them on /platform/packages). A store that has not chosen a plan yet (its trial) may
 * try everything; once on a plan, it has what that plan includes.
 */
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { packages, stores } from "~/db/schema";

export interface CustomDomainEntitlement {
  allowed: boolean;
  /** The store's plan, by name, when it has one. */
  plan: { nameEn: string; nameAr: string } | null;
  /** The plans on offer that include a custom domain (to name them, and link to billing). */
  plansWithIt: { nameEn: string; nameAr: string }[];
}

export async function customDomainEntitlement(storeId: string): Promise<CustomDomainEntitlement> {
  const db = await getDb();
  const [current] = await db.withStore(storeId, (tx) =>
    tx
      .select({ nameEn: packages.nameEn, nameAr: packages.nameAr, allows: packages.allowsCustomDomain })
      .from(stores)
      .innerJoin(packages, eq(packages.id, stores.packageId))
      .where(eq(stores.id, storeId)),
  );
  const plansWithIt = await db.withPlatform((tx) =>
    tx
      .select({ nameEn: packages.nameEn, nameAr: packages.nameAr })
      .from(packages)
      .where(and(eq(packages.active, true), eq(packages.allowsCustomDomain, true)))
      .orderBy(asc(packages.priceCents), asc(packages.sortOrder)),
  );
  return {
    allowed: current ? current.allows : true,
    plan: current ? { nameEn: current.nameEn, nameAr: current.nameAr } : null,
    plansWithIt,
  };
}
