/**
 * The demo data: two stores (dyes, inks), their shoppers, reviews, sales and orders, the plans
 * and a platform staff account. Idempotent: stores are skipped by slug, packages and staff by
 * their unique keys, so seeding twice changes nothing. The catalogue is deterministic (seeded
 * PRNG); dates are relative to the moment of seeding.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { stores } from "~/db/schema";
import { planStore } from "./plan";
import { DEMO_STORES, type StoreDef } from "./stores";
import { writePlatform, writeStorePlan } from "./writers";

export {
  DEMO_ACCOUNTS,
  DEMO_API_TOKEN,
  DEMO_PASSWORDS,
  DEMO_WEBHOOK,
  PLATFORM_URL,
  type DemoAccount,
} from "./accounts";
export { DEMO_STORES } from "./stores";

export interface SeededStore {
  slug: string;
  name: string;
  /** False when the store already existed and was left as it was. */
  created: boolean;
  products: number;
  orders: number;
  users: number;
}

export interface SeedResult {
  stores: SeededStore[];
  elapsedMs: number;
}

export async function seedDemo(
  db: Db,
  options: { now?: Date; stores?: readonly StoreDef[] } = {},
): Promise<SeedResult> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const defs = options.stores ?? DEMO_STORES;
  const { packageIds } = await writePlatform(db.owner);

  const existing = new Set(
    (
      await db.owner
        .select({ slug: stores.slug })
        .from(stores)
        .where(
          inArray(
            stores.slug,
            defs.map((d) => d.slug),
          ),
        )
    ).map((row) => row.slug),
  );
  const missing = defs.filter((d) => !existing.has(d.slug));
  // Planning is CPU work (swatches, password hashes) off the main thread: overlap the stores.
  const plans = await Promise.all(missing.map((def) => planStore(def, packageIds, now)));

  const results: SeededStore[] = defs
    .filter((d) => existing.has(d.slug))
    .map((d) => ({ slug: d.slug, name: d.name, created: false, products: 0, orders: 0, users: 0 }));
  for (const plan of plans) {
    const created = await writeStorePlan(db.owner, plan);
    results.push({
      slug: plan.store.slug,
      name: plan.store.name,
      created,
      products: created ? plan.products.length : 0,
      orders: created ? plan.orders.length : 0,
      users: created ? plan.users.length : 0,
    });
  }
  results.sort((a, b) => defs.findIndex((d) => d.slug === a.slug) - defs.findIndex((d) => d.slug === b.slug));
  return { stores: results, elapsedMs: Math.round(performance.now() - started) };
}
