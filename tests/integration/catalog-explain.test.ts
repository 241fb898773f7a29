/**
 * The listing's query plans at scale (DESIGN §9): 20,000 products in one store plus others in a
 * second store, analysed, then every listing query (each sort, with a category, a sub category,
 * a price range, a search, deep in the keyset) is EXPLAIN ANALYZEd exactly as the app runs it,
 * inside the store's row-level-secured transaction. No plan may read products sequentially, and
 * no sort may spill to disk.
 */
import { sql, type SQL } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, stores } from "~/db/schema";
import { rowsOf, type Tx } from "~/db/client.server";
import { encodeCursor } from "~/services/catalog-cursor.server";
import { countQuery, filterConditions, pageQuery, type ListingFilter } from "~/services/catalog.server";
import { SORTS, type CatalogSort } from "~/lib/validation/catalog";
import { createTestDb, type TestDb } from "../helpers/db";

const BIG = 20_000;
/**
 * Other stores' products. A store is one tenant among many (DESIGN §9 budgets 2,000,000 products
 * over 1,000 stores); with the measured store holding nearly the whole table, a sequential scan
 * would be the honest best plan for a rare search and the test would measure nothing useful.
 */
const OTHERS = 100_000;
let db: TestDb;
const big = uuidv7();
const small = uuidv7();
const tops = Array.from({ length: 7 }, () => uuidv7());
const subs = tops.flatMap(() => [uuidv7(), uuidv7()]);
const smallCategory = uuidv7();

const uuidArray = (ids: string[]) => `array[${ids.map((id) => `'${id}'::uuid`).join(",")}]`;

/** Products g = 1..count for a store, spread over the categories, with varied sort keys. */
function bulkInsert(storeId: string, count: number, topIds: string[], subIds: string[]): SQL {
  return sql.raw(`
    insert into products (store_id, id, slug, name_en, name_ar, description_en, description_ar,
      price_cents, stock, category_id, subcategory_id, shade_hex, color_family, active,
      units_sold, units_sold_7d)
    select '${storeId}', gen_random_uuid(), 'bulk-' || g,
      (array['Red','Blue','Green','Yellow','Black','White','Pink'])[1 + g % 7] || ' Dye ' || g,
      'صبغة ' || (array['حمراء','زرقاء','خضراء','صفراء','سوداء','بيضاء','وردية'])[1 + g % 7] || ' ' || g,
      'A dye for everything', 'صبغة لكل شيء',
      100 + (g * 7919) % 999900, g % 60,
      (${uuidArray(topIds)})[1 + g % ${topIds.length}],
      (${uuidArray(subIds)})[1 + (g % ${topIds.length}) * 2 + (g / 7) % 2],
      '#112233', 'red', g % 50 <> 0,
      (g * 31) % 5000, (g * 17) % 300
    from generate_series(1, ${count}) g`);
}

beforeAll(async () => {
  db = await createTestDb();
  await db.owner.insert(stores).values([
    { id: big, slug: "big", name: "Big" },
    { id: small, slug: "small", name: "Small" },
  ]);
  await db.owner.insert(categories).values([
    ...tops.map((id, i) => ({ storeId: big, id, slug: `top-${i}`, nameEn: `Top ${i}`, nameAr: `فئة ${i}` })),
    ...subs.map((id, i) => ({
      storeId: big,
      id,
      parentId: tops[Math.floor(i / 2)]!,
      slug: `sub-${i}`,
      nameEn: `Sub ${i}`,
      nameAr: `فرعية ${i}`,
    })),
    { storeId: small, id: smallCategory, slug: "small-cat", nameEn: "Small", nameAr: "صغيرة" },
  ]);
  await db.owner.execute(bulkInsert(big, BIG, tops, subs));
  const started = Date.now();
  await db.owner.execute(bulkInsert(small, OTHERS, [smallCategory], [smallCategory, smallCategory]));
  console.log(`catalog-explain: ${OTHERS} products for the other store in ${Date.now() - started} ms`);
  // As autovacuum would have: statistics, and the visibility map for index-only scans.
  await db.owner.execute(sql`vacuum (analyze) products`);
  await db.owner.execute(sql`analyze categories`);
}, 120_000);
afterAll(() => db.dispose());

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Sort Method"?: string;
  "Sort Space Type"?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

function summary(plan: PlanNode, depth = 0): string {
  const line = `${"  ".repeat(depth)}${plan["Node Type"]}${plan["Relation Name"] ? ` on ${plan["Relation Name"]}` : ""}${plan["Sort Method"] ? ` (${plan["Sort Method"]}, ${plan["Sort Space Type"]})` : ""}`;
  return [line, ...(plan.Plans ?? []).map((child) => summary(child, depth + 1))].join("\n");
}

/** EXPLAIN ANALYZE of a query inside the store's transaction, as the app role. */
async function explain(build: (tx: Tx) => SQL | { getSQL(): SQL }): Promise<PlanNode> {
  return db.withStore(big, async (tx) => {
    const query = build(tx);
    const result = await tx.execute(sql`explain (analyze, format json) ${query}`);
    const row = rowsOf<Record<string, unknown>>(result)[0]!;
    const json = Object.values(row)[0];
    const parsed = (typeof json === "string" ? JSON.parse(json) : json) as { Plan: PlanNode }[];
    return parsed[0]!.Plan;
  });
}

function expectIndexedPlan(plan: PlanNode, label: string) {
  const all = nodes(plan);
  const seq = all.filter((node) => node["Node Type"] === "Seq Scan" && node["Relation Name"] === "products");
  expect(seq, `${label}: sequential scan of products\n${summary(plan)}`).toEqual([]);
  const spilled = all.filter(
    (node) => node["Sort Method"]?.startsWith("external") || node["Sort Space Type"] === "Disk",
  );
  expect(spilled, `${label}: sort spilled to disk\n${summary(plan)}`).toEqual([]);
}

const NO_FILTER: ListingFilter = { categoryId: null, subcategoryId: null, min: 0, max: 10_000, q: "" };
const FILTERS: Record<string, ListingFilter> = {
  "no filter": NO_FILTER,
  category: { ...NO_FILTER, categoryId: tops[2]! },
  "sub category": { ...NO_FILTER, subcategoryId: subs[5]! },
  "price range": { ...NO_FILTER, min: 50, max: 120 },
  "category and price": { ...NO_FILTER, categoryId: tops[3]!, min: 10, max: 5000 },
  "search (en)": { ...NO_FILTER, q: "red" },
  "search (ar)": { ...NO_FILTER, q: "حمراء" },
};

describe("listing query plans at 20,000 products", () => {
  for (const sort of SORTS as readonly CatalogSort[]) {
    it(`${sort}: every filter, first page and deep in the keyset, uses an index`, async () => {
      for (const [name, filter] of Object.entries(FILTERS)) {
        const conditions = filterConditions(big, filter, "USD");
        expectIndexedPlan(await explain((tx) => pageQuery(tx, conditions, sort, null)), `${sort}, ${name}`);
        // Deep: a cursor near the end of the order, both directions.
        for (const dir of ["next", "prev"] as const) {
          const cursor = { sort, key: sort.startsWith("price") ? 900_000 : 10, id: uuidv7(), dir };
          expectIndexedPlan(
            await explain((tx) => pageQuery(tx, conditions, sort, cursor)),
            `${sort}, ${name}, deep ${dir} (${encodeCursor(cursor)})`,
          );
        }
      }
    });
  }

  it("the result count uses an index too", async () => {
    for (const [name, filter] of Object.entries(FILTERS)) {
      const conditions = filterConditions(big, filter, "USD");
      expectIndexedPlan(await explain((tx) => countQuery(tx, conditions)), `count, ${name}`);
    }
  });
});
