/**
 * The home page rows: featured categories, most selling, new arrivals and on sale, from one
 * transaction, each only of the store's own active products, with sale prices.
 */
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { categories, products, sales, saleTargets, stores } from "~/db/schema";
import { loader as indexLoader } from "~/routes/_index";
import { loadHome } from "~/services/catalog/storefront.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { answer, contextFor } from "../helpers/routes";

let db: TestDb;
const alpha = uuidv7();
const beta = uuidv7();
const dyes = uuidv7();
const inks = uuidv7();
const format = { locale: "en" as const, currency: "USD" };

beforeAll(async () => {
  db = await createTestDb();
  await db.owner.insert(stores).values([
    { id: alpha, slug: "alpha", name: "Alpha" },
    { id: beta, slug: "beta", name: "Beta" },
  ]);
  await db.owner.insert(categories).values([
    { storeId: alpha, id: dyes, slug: "dyes", nameEn: "Dyes", nameAr: "صبغات", sortOrder: 0 },
    { storeId: alpha, id: inks, slug: "inks", nameEn: "Inks", nameAr: "أحبار", sortOrder: 1 },
    { storeId: alpha, parentId: dyes, slug: "sub", nameEn: "Sub", nameAr: "فرعية" },
    { storeId: beta, slug: "beta-cat", nameEn: "Beta", nameAr: "بيتا" },
  ]);
  const day = 86_400_000;
  await db.owner.insert(products).values(
    Array.from({ length: 8 }, (_, i) => ({
      storeId: alpha,
      slug: `p${i}`,
      nameEn: `Product ${i}`,
      nameAr: `منتج ${i}`,
      priceCents: 1000,
      unitsSold: i * 10,
      categoryId: i < 2 ? inks : dyes,
      active: i !== 7,
      createdAt: new Date(Date.now() - (10 - i) * day),
    })),
  );
  await db.owner
    .insert(products)
    .values({ storeId: beta, slug: "b", nameEn: "Beta", nameAr: "ب", priceCents: 1 });
  const sale = uuidv7();
  await db.owner.insert(sales).values({
    storeId: alpha,
    id: sale,
    nameEn: "Inks",
    nameAr: "أحبار",
    kind: "percent",
    value: 25,
    scope: "categories",
    startsAt: new Date(Date.now() - day),
    endsAt: new Date(Date.now() + day),
  });
  await db.owner.insert(saleTargets).values({ storeId: alpha, saleId: sale, categoryId: inks });
});
afterAll(() => db.dispose());

describe("loadHome", () => {
  it("fills every row from one transaction, then from the catalogue cache", async () => {
    const spy = vi.spyOn(db, "withStore");
    const home = await loadHome(alpha, format);
    // The rows, and the store's next sale boundary (looked up once per catalogue change).
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockClear();
    expect(await loadHome(alpha, format)).toEqual(home);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(home.categories.map((c) => c.slug)).toEqual(["dyes", "inks"]);
    expect(home.mostSelling.map((p) => p.slug)).toEqual(["p6", "p5", "p4", "p3"]);
    expect(home.newArrivals.map((p) => p.slug)).toEqual(["p6", "p5", "p4", "p3"]);
    expect(home.onSale.map((p) => p.slug)).toEqual(["p1", "p0"]);
    expect(home.onSale[0]).toMatchObject({ priceCents: 1000, salePriceCents: 750 });
    expect(home.mostSelling[0]!.salePriceCents).toBe(home.mostSelling[0]!.priceCents);
  });

  it("shows nothing of another store, and no sale row without sales", async () => {
    const home = await loadHome(beta, { locale: "ar", currency: "USD" });
    expect(home.categories.map((c) => c.name)).toEqual(["بيتا"]);
    expect(home.mostSelling.map((p) => p.slug)).toEqual(["b"]);
    expect(home.onSale).toEqual([]);
  });

  it("reaches the page through the home loader", async () => {
    const context = await contextFor(db, "alpha.localhost");
    const result = await answer<{ kind: string; products: unknown[]; onSale: unknown[] }>(() =>
      indexLoader({ request: new Request("http://alpha.localhost/"), context, params: {} }),
    );
    expect(result.data.kind).toBe("store");
    expect(result.data.products).toHaveLength(4);
    expect(result.data.onSale).toHaveLength(2);
  });
});
