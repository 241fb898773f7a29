/**
 * The platform's plans (DESIGN §5, issue 12). Staff list, create and edit them; store admins see
 * the active ones on /admin/billing. A platform table: no store scope.
 */
import { asc, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { getDb } from "~/db/client.server";
import { packages } from "~/db/schema";
import type { PackageInput } from "~/lib/validation/packages";

export interface PackageRow {
  id: string;
  code: string;
  nameEn: string;
  nameAr: string;
  priceCents: number;
  currency: string;
  interval: "month" | "year";
  stripePriceId: string | null;
  descriptionEn: string;
  descriptionAr: string;
  active: boolean;
  /** Entitlements (decision 026): what a store on this plan may use. */
  allowsCustomDomain: boolean;
}

const columns = {
  id: packages.id,
  code: packages.code,
  nameEn: packages.nameEn,
  nameAr: packages.nameAr,
  priceCents: packages.priceCents,
  currency: packages.currency,
  interval: packages.interval,
  stripePriceId: packages.stripePriceId,
  descriptionEn: packages.descriptionEn,
  descriptionAr: packages.descriptionAr,
  active: packages.active,
  allowsCustomDomain: packages.allowsCustomDomain,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every plan, cheapest first (staff), or only those on offer (a store's billing page). */
export async function listPackages(options: { activeOnly?: boolean } = {}): Promise<PackageRow[]> {
  const db = await getDb();
  const rows = await db.withPlatform((tx) =>
    tx
      .select(columns)
      .from(packages)
      .where(options.activeOnly ? eq(packages.active, true) : undefined)
      .orderBy(asc(packages.priceCents), asc(packages.sortOrder), asc(packages.id)),
  );
  return rows;
}

export async function getPackage(id: string): Promise<PackageRow | null> {
  if (!UUID.test(id)) return null;
  const db = await getDb();
  const [row] = await db.withPlatform((tx) => tx.select(columns).from(packages).where(eq(packages.id, id)));
  return row ?? null;
}

/** A code for a new plan from its English name ("Pro Plus" → "pro-plus-0190…"), unique by its id. */
function codeFor(name: string, id: string): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${base || "plan"}-${id.slice(-8)}`;
}

/** The columns the staff's form sets, on create and on edit alike. */
const storedFields = (input: PackageInput) => ({
  nameEn: input.nameEn,
  nameAr: input.nameAr,
  priceCents: input.price,
  stripePriceId: input.stripePriceId,
  descriptionEn: input.descriptionEn,
  descriptionAr: input.descriptionAr,
  active: input.active,
  allowsCustomDomain: input.allowsCustomDomain,
});

export async function createPackage(input: PackageInput): Promise<PackageRow> {
  const db = await getDb();
  const id = uuidv7();
  const [row] = await db.withPlatform((tx) =>
    tx
      .insert(packages)
      .values({
        id,
        code: codeFor(input.nameEn, id),
        ...storedFields(input),
      })
      .returning(columns),
  );
  return row!;
}

/** Null when there is no such plan. */
export async function updatePackage(id: string, input: PackageInput): Promise<PackageRow | null> {
  if (!UUID.test(id)) return null;
  const db = await getDb();
  const [row] = await db.withPlatform((tx) =>
    tx.update(packages).set(storedFields(input)).where(eq(packages.id, id)).returning(columns),
  );
  return row ?? null;
}
