/**
 * The catalogue cache on a real database: pages are answered from memory, and a change made
 * behind this instance's back (another instance, an admin script: here the owner connection)
 * reaches the next page through the `catalog_changed` notification; a sale that starts changes
 * prices without any row changing.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { categories, products, sales } from "~/db/schema";
import { loader as listingLoader } from "~/routes/products._index";
import { loader as productLoader } from "~/routes/products.$slug";
import type { ListingPageData } from "~/http/catalog-page.server";
import type { ProductDetail } from "~/services/catalog/products.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer } from "../helpers/routes";
import { SETTLES } from "../helpers/eventually";

let db: TestDb;
let alpha: StoreFixture;
let alphaCtx: AppLoadContext;
let betaCtx: AppLoadContext;

const product = async (slug: string, context = alphaCtx) =>
  (
    await answer<{ product: ProductDetail }>(() =>
      productLoader({
        request: new Request(`http://${slug.split("-")[0]}.localhost/products/${slug}`),
        context,
        params: { slug },
      }),
    )
  ).data?.product ?? null;

const listing = async (context = alphaCtx, host = "alpha") =>
  (
    await answer<ListingPageData>(() =>
      listingLoader({ request: new Request(`http://${host}.localhost/products`), context, params: {} }),
    )
  ).data;

/** Notifications travel asynchronously on PostgreSQL: give them a moment. */

beforeAll(async () => {
  ({ db, alpha, alphaCtx, betaCtx } = await openTwoStores());
});
afterAll(() => db.dispose());

describe("catalogue cache", () => {
  it("answers a repeated page without touching the database", async () => {
    expect((await product("alpha-product"))?.priceCents).toBe(1250);
    const spy = vi.spyOn(db, "withStore");
    expect((await product("alpha-product"))?.priceCents).toBe(1250);
    expect((await listing()).listing.products.map((p) => p.slug)).toEqual(["alpha-product"]);
    await listing();
    // Only the listing's first read; the product page came from memory.
    expect(spy.mock.calls.length).toBeLessThanOrEqual(2);
    spy.mockRestore();
  });

  it("shows a price changed elsewhere on the next page", async () => {
    await product("alpha-product");
    await db.owner
      .update(products)
      .set({ priceCents: 1999 })
      .where(and(eq(products.storeId, alpha.storeId), eq(products.id, alpha.productId)));
    await expect.poll(async () => (await product("alpha-product"))?.priceCents, SETTLES).toBe(1999);
    await expect.poll(async () => (await listing()).listing.products[0]?.priceCents, SETTLES).toBe(1999);
  });

  it("shows a renamed category and drops a deactivated product", async () => {
    await listing();
    await db.owner
      .update(categories)
      .set({ nameEn: "Renamed" })
      .where(and(eq(categories.storeId, alpha.storeId), eq(categories.id, alpha.categoryId)));
    await expect
      .poll(async () => (await listing()).categories.map((c) => c.name), SETTLES)
      .toContain("Renamed");

    await db.owner
      .update(products)
      .set({ active: false })
      .where(and(eq(products.storeId, alpha.storeId), eq(products.id, alpha.productId)));
    await expect.poll(() => product("alpha-product"), SETTLES).toBeNull();
    await expect.poll(async () => (await listing()).listing.total, SETTLES).toBe(0);
    await db.owner
      .update(products)
      .set({ active: true })
      .where(and(eq(products.storeId, alpha.storeId), eq(products.id, alpha.productId)));
    await expect.poll(async () => (await listing()).listing.total, SETTLES).toBe(1);
  });

  it("keeps each store's entries to itself", async () => {
    const betaBefore = await product("beta-product", betaCtx);
    expect(betaBefore?.name).toBe("beta red dye");
    // Store A's slug on store B's host is B's 404, cached or not.
    expect(await product("alpha-product", betaCtx)).toBeNull();
    await db.owner
      .update(products)
      .set({ nameEn: "alpha renamed" })
      .where(and(eq(products.storeId, alpha.storeId), eq(products.id, alpha.productId)));
    await expect.poll(async () => (await product("alpha-product"))?.name, SETTLES).toBe("alpha renamed");
    expect((await product("beta-product", betaCtx))?.name).toBe("beta red dye");
    expect((await listing(betaCtx, "beta")).listing.products.map((p) => p.name)).toEqual(["beta red dye"]);
  });

  it("shows a sale's price from the moment it starts, with no row changing then", async () => {
    const startsAt = new Date(Date.now() + 1_500);
    await db.owner.insert(sales).values({
      storeId: alpha.storeId,
      id: uuidv7(),
      nameEn: "Flash",
      nameAr: "خاطف",
      kind: "fixed",
      value: 500,
      scope: "store",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60 * 1000),
    });
    // The insert itself is a change: the page is read afresh, still at full price.
    await expect.poll(async () => (await product("alpha-product"))?.salePriceCents, SETTLES).toBe(1999);
    expect(Date.now()).toBeLessThan(startsAt.getTime());
    await expect
      .poll(async () => (await product("alpha-product"))?.salePriceCents, { timeout: 6_000, interval: 100 })
      .toBe(1499);
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime());
  });
});
