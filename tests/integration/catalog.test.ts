/**
 * The catalogue listing on a real database: every filter, search in both languages, each sort,
 * keyset pages walked forwards and back and compared with the database's own ORDER BY, sale
 * prices on cards, bad input, and store isolation through the route loaders.
 */
import { rowsOf } from "~/db/client.server";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { categories, images, productImages, products, sales, saleTargets, stores } from "~/db/schema";
import {
  listCategories,
  listProducts,
  getCategoryBySlug,
  PAGE_SIZE,
} from "~/services/catalog/catalog.server";
import {
  DEFAULT_QUERY,
  parseCatalogQuery,
  type CatalogQuery,
  type CatalogSort,
} from "~/lib/validation/catalog";
import { loader as productsLoader } from "~/routes/products._index";
import { loader as mostSellingLoader } from "~/routes/products.most-selling";
import { loader as categoriesLoader } from "~/routes/categories._index";
import { loader as categoryLoader } from "~/routes/categories.$slug._index";
import { loader as subLoader } from "~/routes/categories.$slug.$sub";
import { createTestDb, type TestDb } from "../helpers/db";
import { answer, contextFor } from "../helpers/routes";

let db: TestDb;
const alpha = uuidv7();
const beta = uuidv7();
const paints = uuidv7();
const matte = uuidv7();
const gloss = uuidv7();
const inks = uuidv7();
const betaCat = uuidv7();
const betaSub = uuidv7();
const format = { locale: "en" as const, currency: "USD" };

const COLOURS = ["Red", "Blue", "Green", "Yellow", "Black", "White", "Pink"];
const COLOURS_AR: Record<string, string> = {
  Red: "أحمر",
  Blue: "أزرق",
  Green: "أخضر",
  Yellow: "أصفر",
  Black: "أسود",
  White: "أبيض",
  Pink: "وردي",
};

interface Seeded {
  id: string;
  slug: string;
  priceCents: number;
  unitsSold: number;
  unitsSold7d: number;
  categoryId: string;
  subcategoryId: string | null;
  active: boolean;
  nameEn: string;
}
const seeded: Seeded[] = [];
let saleProductSlug = "";
let imageId = "";

beforeAll(async () => {
  db = await createTestDb();
  await db.owner.insert(stores).values([
    { id: alpha, slug: "alpha", name: "Alpha" },
    { id: beta, slug: "beta", name: "Beta" },
  ]);
  await db.owner.insert(categories).values([
    { storeId: alpha, id: paints, slug: "paints", nameEn: "Paints", nameAr: "دهانات", sortOrder: 0 },
    { storeId: alpha, id: matte, parentId: paints, slug: "matte", nameEn: "Matte", nameAr: "مطفي" },
    {
      storeId: alpha,
      id: gloss,
      parentId: paints,
      slug: "gloss",
      nameEn: "Gloss",
      nameAr: "لامع",
      sortOrder: 1,
    },
    { storeId: alpha, id: inks, slug: "inks", nameEn: "Inks", nameAr: "أحبار", sortOrder: 1 },
    { storeId: beta, id: betaCat, slug: "beta-only", nameEn: "Beta Cat", nameAr: "فئة بيتا" },
    {
      storeId: beta,
      id: betaSub,
      parentId: betaCat,
      slug: "beta-sub",
      nameEn: "Beta Sub",
      nameAr: "فرعية بيتا",
    },
  ]);
  // 43 products in alpha, with ties in every sort key so the id tie-breaker matters.
  for (let i = 0; i < 43; i++) {
    const colour = COLOURS[i % COLOURS.length]!;
    const inPaints = i % 3 !== 0;
    seeded.push({
      id: uuidv7(),
      slug: `p-${i}`,
      nameEn: `${colour} ${inPaints ? "Paint" : "Ink"} ${i}`,
      priceCents: 100 + (i % 9) * 250,
      unitsSold: (i * 7) % 5,
      unitsSold7d: (i * 3) % 4,
      categoryId: inPaints ? paints : inks,
      subcategoryId: inPaints ? (i % 2 ? matte : gloss) : null,
      active: i !== 5,
    });
  }
  await db.owner.insert(products).values(
    seeded.map((p, i) => ({
      storeId: alpha,
      id: p.id,
      slug: p.slug,
      nameEn: p.nameEn,
      nameAr: `${COLOURS_AR[COLOURS[i % COLOURS.length]!]} ${i}`,
      descriptionEn: i === 4 ? "Contains 50% pigment_base" : "",
      priceCents: p.priceCents,
      unitsSold: p.unitsSold,
      unitsSold7d: p.unitsSold7d,
      stock: i % 4,
      categoryId: p.categoryId,
      subcategoryId: p.subcategoryId,
      active: p.active,
      shadeHex: "#112233",
    })),
  );
  await db.owner.insert(products).values({
    storeId: beta,
    slug: "beta-red",
    nameEn: "Beta Red Paint",
    nameAr: "أحمر بيتا",
    priceCents: 500,
    categoryId: betaCat,
    subcategoryId: betaSub,
  });
  // One image on the first product; a 10 % sale on the "inks" category; 300 off one product.
  imageId = uuidv7();
  await db.owner.insert(images).values({
    storeId: alpha,
    id: imageId,
    contentType: "image/png",
    bytes: Buffer.from([1]),
    byteSize: 1,
    width: 1,
    height: 1,
    sha256: "x",
  });
  await db.owner
    .insert(productImages)
    .values({ storeId: alpha, productId: seeded[0]!.id, imageId, position: 0 });
  const now = Date.now();
  const percent = uuidv7();
  const fixed = uuidv7();
  await db.owner.insert(sales).values([
    {
      storeId: alpha,
      id: percent,
      nameEn: "Ink week",
      nameAr: "أسبوع الحبر",
      kind: "percent",
      value: 10,
      scope: "categories",
      startsAt: new Date(now - 86_400_000),
      endsAt: new Date(now + 86_400_000),
    },
    {
      storeId: alpha,
      id: fixed,
      nameEn: "Three off",
      nameAr: "خصم",
      kind: "fixed",
      value: 300,
      scope: "products",
      startsAt: new Date(now - 86_400_000),
      endsAt: new Date(now + 86_400_000),
    },
  ]);
  saleProductSlug = seeded[8]!.slug; // a paint at 100 + 8*250 = 2100
  await db.owner.insert(saleTargets).values([
    { storeId: alpha, saleId: percent, categoryId: inks },
    { storeId: alpha, saleId: fixed, productId: seeded[8]!.id },
  ]);
});
afterAll(() => db.dispose());

const query = (over: Partial<CatalogQuery> = {}): CatalogQuery => ({ ...DEFAULT_QUERY, ...over });

async function list(over: Partial<CatalogQuery> = {}) {
  const result = await listProducts(alpha, query(over), format);
  if (result.kind !== "ok") throw new Error(`listing answered ${result.kind}`);
  return result;
}

/** Every page forwards, then every page back again; returns the slugs in display order. */
async function walk(over: Partial<CatalogQuery>) {
  const forward: string[][] = [];
  let page = await list(over);
  const total = page.total;
  forward.push(page.products.map((p) => p.slug));
  expect(page.prevCursor).toBeNull();
  while (page.nextCursor) {
    page = await list({ ...over, cursor: page.nextCursor });
    forward.push(page.products.map((p) => p.slug));
  }
  const backward: string[][] = [forward.at(-1)!];
  while (page.prevCursor) {
    page = await list({ ...over, cursor: page.prevCursor });
    backward.unshift(page.products.map((p) => p.slug));
  }
  return { forward, backward, total };
}

const ORDER_BY: Record<CatalogSort, string> = {
  "best-seller": "units_sold desc, id asc",
  trending: "units_sold_7d desc, id asc",
  "price-asc": "display_price_cents asc, id asc",
  "price-desc": "display_price_cents desc, id desc",
};

async function expected(where: string, sort: CatalogSort): Promise<string[]> {
  const result = await db.owner.execute(
    sql.raw(
      `select slug from products where store_id = '${alpha}' and active and ${where} order by ${ORDER_BY[sort]}`,
    ),
  );
  return rowsOf<{ slug: string }>(result).map((row) => row.slug);
}

describe("listProducts: sorts and keyset pages", () => {
  for (const sort of ["best-seller", "trending", "price-asc", "price-desc"] as const) {
    it(`${sort}: pages forwards and back match the database's ORDER BY`, async () => {
      const { forward, backward, total } = await walk({ sort });
      const want = await expected("true", sort);
      expect(total).toBe(want.length);
      expect(forward.flat()).toEqual(want);
      expect(backward).toEqual(forward);
      expect(forward.slice(0, -1).every((p) => p.length === PAGE_SIZE)).toBe(true);
    });
  }

  it("a search's matches (one statement for page and count) page and count as its conditions alone, a sale running", async () => {
    // "in": every Paint and every Ink, the 10 % sale on inks and the 3.00 off one paint included.
    for (const sort of ["best-seller", "trending", "price-asc", "price-desc"] as const) {
      for (const over of [{ q: "in" }, { q: "IN", min: 2, max: 20 }]) {
        const { forward, backward, total } = await walk({ ...over, sort });
        const price = "min" in over ? " and display_price_cents between 200 and 2000" : "";
        const want = await expected(`search_text like '%in%'${price}`, sort);
        expect(want.length, `${sort} ${over.q}`).toBeGreaterThan(PAGE_SIZE);
        expect(total, `${sort} ${over.q}`).toBe(want.length);
        expect(forward.flat(), `${sort} ${over.q}`).toEqual(want);
        expect(backward, `${sort} ${over.q}`).toEqual(forward);
      }
    }
  });

  it("with filters too (category and price range, price high to low)", async () => {
    const over = { category: "paints", min: 3, max: 20, sort: "price-desc" as const };
    const { forward, backward, total } = await walk(over);
    const want = await expected(
      `category_id = '${paints}' and display_price_cents between 300 and 2000`,
      "price-desc",
    );
    expect(want.length).toBeGreaterThan(PAGE_SIZE);
    expect(total).toBe(want.length);
    expect(forward.flat()).toEqual(want);
    expect(backward).toEqual(forward);
  });
});

describe("listProducts: filters and search", () => {
  it("lists only active products of the store", async () => {
    const { total } = await list();
    expect(total).toBe(42);
  });

  it("filters by category, by sub category, and by price range", async () => {
    expect((await list({ category: "inks" })).total).toBe(
      await expected(`category_id = '${inks}'`, "trending").then((r) => r.length),
    );
    const matteList = await list({ category: "paints", sub: "matte" });
    expect(matteList.subcategory?.slug).toBe("matte");
    expect(matteList.total).toBe((await expected(`subcategory_id = '${matte}'`, "trending")).length);
    // A sub alone implies its category.
    expect((await list({ sub: "gloss" })).category?.slug).toBe("paints");
    const priced = await list({ min: 5, max: 10, sort: "price-asc" });
    expect(priced.products.every((p) => p.priceCents >= 500 && p.priceCents <= 1000)).toBe(true);
    expect(priced.total).toBe(
      (await expected("display_price_cents between 500 and 1000", "trending")).length,
    );
  });

  it("searches English and Arabic names, case-insensitively, every word", async () => {
    const red = await list({ q: "RED" });
    expect(red.total).toBe(7);
    expect(red.products.every((p) => p.name.startsWith("Red"))).toBe(true);
    const arabic = await listProducts(alpha, query({ q: "أحمر" }), { ...format, locale: "ar" });
    expect(arabic.kind === "ok" && arabic.total).toBe(7);
    expect(arabic.kind === "ok" && arabic.products.every((p) => p.name.startsWith("أحمر"))).toBe(true);
    expect((await list({ q: "red ink" })).products.map((p) => p.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Red Ink/)]),
    );
    expect((await list({ q: "red ink" })).products.every((p) => /^Red Ink/.test(p.name))).toBe(true);
  });

  it("finds exactly what ILIKE finds in the names and descriptions, though it matches with LIKE", async () => {
    const text = "(name_en || ' ' || name_ar || ' ' || description_en || ' ' || description_ar)";
    for (const q of ["red", "RED Ink", "Paint 1", "أحمر", "أحمر 1"]) {
      const words = q.split(" ").map((word) => `${text} ilike '%${word}%'`);
      const slugs = await expected(words.join(" and "), "trending");
      expect(slugs.length, q).toBeGreaterThan(0);
      expect((await list({ q })).total, q).toBe(slugs.length);
    }
  });

  it("treats % and _ in a search literally", async () => {
    expect((await list({ q: "50%" })).total).toBe(1);
    expect((await list({ q: "pigment_base" })).total).toBe(1);
    expect((await list({ q: "%" })).total).toBe(1);
    expect((await list({ q: "_" })).total).toBe(1);
    expect((await list({ q: "\\" })).total).toBe(0);
  });

  it("shows sale prices: 10 % off the inks category, 3.00 off one product", async () => {
    const ink = (await list({ category: "inks", sort: "price-asc" })).products[0]!;
    expect(ink.priceCents).toBe(100);
    expect(ink.salePriceCents).toBe(90);
    const fixed = (await list({ q: "Blue Paint 8" })).products.find((p) => p.slug === saleProductSlug)!;
    expect(fixed).toMatchObject({
      priceCents: 2100,
      salePriceCents: 1800,
    });
    const full = (await list({ category: "paints", sub: "gloss" })).products.find(
      (p) => p.slug !== saleProductSlug,
    )!;
    expect(full.salePriceCents).toBe(full.priceCents);
  });

  it("sorts and filters by the prices the cards show, sales included (decision 023)", async () => {
    const cards = async (over: Partial<CatalogQuery>) => {
      const all: { slug: string; salePriceCents: number }[] = [];
      let page = await list(over);
      all.push(...page.products);
      while (page.nextCursor) {
        page = await list({ ...over, cursor: page.nextCursor });
        all.push(...page.products);
      }
      return all.map((card) => card.salePriceCents);
    };
    const up = await cards({ sort: "price-asc" });
    const down = await cards({ sort: "price-desc" });
    expect(up.length).toBe(42);
    // The sale cards (inks at 10 % off, one paint 3.00 off) are where their shown price puts them.
    expect(up).toEqual([...up].sort((x, y) => x - y));
    expect(down).toEqual([...down].sort((x, y) => y - x));
    // The fixed-sale product lists at 18.00 (its card) although its price is 21.00.
    const ranged = await cards({ min: 18, max: 18, sort: "price-asc" });
    expect(ranged.length).toBeGreaterThan(0);
    expect(ranged.every((cents) => cents === 1800)).toBe(true);
    const inRange = await cards({ min: 1, max: 5, sort: "price-desc" });
    expect(inRange.length).toBeGreaterThan(0);
    expect(inRange.every((cents) => cents >= 100 && cents <= 500)).toBe(true);
  });

  it("gives the first image of a product for its card", async () => {
    const all = await walk({});
    expect(all.total).toBe(42);
    const first = (await list({ q: seeded[0]!.nameEn })).products.find((p) => p.slug === "p-0");
    expect(first?.imageId).toBe(imageId);
    expect((await list({ q: seeded[1]!.nameEn })).products[0]?.imageId).toBeNull();
  });

  it("answers unknown category and sub slugs, and a sub of another category", async () => {
    expect((await listProducts(alpha, query({ category: "nope" }), format)).kind).toBe("category-not-found");
    expect((await listProducts(alpha, query({ sub: "nope" }), format)).kind).toBe("sub-not-found");
    const strict = await listProducts(alpha, query({ category: "inks", sub: "matte" }), {
      ...format,
      strictSub: true,
    });
    expect(strict.kind).toBe("sub-not-found");
    const lenient = await list({ category: "inks", sub: "matte" });
    expect(lenient.subIgnored).toBe(true);
    expect(lenient.category?.slug).toBe("inks");
    // Another store's slugs do not exist here.
    expect((await listProducts(alpha, query({ category: "beta-only" }), format)).kind).toBe(
      "category-not-found",
    );
  });

  it("ignores a cursor of another sort or a forged one, and starts at the first page", async () => {
    const first = await list({ sort: "price-asc" });
    const other = await list({ sort: "trending", cursor: first.nextCursor });
    expect(other.cursorIgnored).toBe(true);
    expect(other.products).toEqual((await list({ sort: "trending" })).products);
    for (const cursor of ["garbage", Buffer.from('["best-seller",-1,"x","n"]').toString("base64url")]) {
      const page = await list({ cursor });
      expect(page.cursorIgnored).toBe(true);
      expect(page.prevCursor).toBeNull();
    }
  });
});

describe("categories", () => {
  it("lists top-level categories with their subs, in order, in the locale", async () => {
    const tree = await listCategories(alpha, "ar");
    expect(tree.map((c) => c.name)).toEqual(["دهانات", "أحبار"]);
    expect(tree[0]!.subcategories.map((s) => s.slug)).toEqual(["matte", "gloss"]);
    expect((await getCategoryBySlug(alpha, "inks", "en"))?.name).toBe("Inks");
    expect(await getCategoryBySlug(alpha, "beta-only", "en")).toBeNull();
    expect(await getCategoryBySlug(alpha, "matte", "en")).toBeNull();
  });
});

describe("parseCatalogQuery", () => {
  const parse = (qs: string) => parseCatalogQuery(new URLSearchParams(qs));
  it("defaults", () => {
    expect(parse("")).toEqual({ query: DEFAULT_QUERY, problems: [] });
  });
  it("reports and repairs bad values", () => {
    expect(parse("sort=cheapest")).toMatchObject({ query: { sort: "best-seller" }, problems: ["sort"] });
    expect(parse("min=-5&max=99999")).toMatchObject({ query: { min: 0, max: 10000 }, problems: ["price"] });
    expect(parse("min=abc")).toMatchObject({ query: { min: 0 }, problems: ["price"] });
    expect(parse("min=50&max=10")).toMatchObject({ query: { min: 10, max: 50 }, problems: ["priceOrder"] });
    const long = parse(`q=${"a".repeat(10_000)}`);
    expect(long.query.q).toHaveLength(100);
    expect(long.problems).toEqual(["search"]);
    expect(parse("cursor=%00%01").problems).toEqual(["cursor"]);
    expect(parse("category=..%2F..").query.category).toBe("-");
  });
});

// ───────────────────────────── route loaders ─────────────────────────────

type LoaderArgs = {
  request: Request;
  context: Awaited<ReturnType<typeof contextFor>>;
  params: Record<string, string>;
};
async function call<T>(
  loader: (args: LoaderArgs) => Promise<unknown>,
  host: string,
  path: string,
  params: Record<string, string> = {},
) {
  const context = await contextFor(db, host);
  const request = new Request(`http://${host}${path}`);
  return answer<T>(() => loader({ request, context, params }));
}

type ListingData = {
  listing: { products: { slug: string }[]; total: number };
  problems: string[];
};

describe("route loaders", () => {
  it("/products lists with the query, 400 with the repaired listing on bad input", async () => {
    const ok = await call<ListingData>(
      productsLoader,
      "alpha.localhost",
      "/products?category=inks&sort=price-asc",
    );
    expect(ok.status).toBe(200);
    expect(ok.data.listing.total).toBe((await expected(`category_id = '${inks}'`, "trending")).length);
    for (const bad of [
      "sort=zzz",
      "min=-1",
      "min=9&max=2",
      "min=abc",
      "cursor=%25%25",
      `q=${"x".repeat(10_240)}`,
    ]) {
      const answered = await call<ListingData>(productsLoader, "alpha.localhost", `/products?${bad}`);
      expect(answered.status, bad).toBe(400);
      expect(answered.data.problems.length, bad).toBeGreaterThan(0);
      expect(Array.isArray(answered.data.listing.products), bad).toBe(true);
    }
    const garbageCursor = await call<ListingData>(productsLoader, "alpha.localhost", "/products?cursor=abc");
    expect(garbageCursor.status).toBe(400);
    expect(garbageCursor.data.listing.products).toHaveLength(PAGE_SIZE);
  });

  it("/products/most-selling lists best sellers", async () => {
    const answered = await call<ListingData>(mostSellingLoader, "alpha.localhost", "/products/most-selling");
    expect(answered.status).toBe(200);
    expect(answered.data.listing.products.map((p) => p.slug)).toEqual(
      (await expected("true", "best-seller")).slice(0, PAGE_SIZE),
    );
  });

  it("/categories lists the store's own categories", async () => {
    const answered = await call<{ categories: { slug: string }[] }>(
      categoriesLoader,
      "alpha.localhost",
      "/categories",
    );
    expect(answered.data.categories.map((c) => c.slug)).toEqual(["paints", "inks"]);
    const other = await call<{ categories: { slug: string }[] }>(
      categoriesLoader,
      "beta.localhost",
      "/categories",
    );
    expect(other.data.categories.map((c) => c.slug)).toEqual(["beta-only"]);
  });

  it("/categories/:slug and /categories/:slug/:sub list, or 404", async () => {
    const cat = await call<ListingData>(categoryLoader, "alpha.localhost", "/categories/paints", {
      slug: "paints",
    });
    expect(cat.status).toBe(200);
    expect(cat.data.listing.total).toBe((await expected(`category_id = '${paints}'`, "trending")).length);
    const sub = await call<ListingData>(subLoader, "alpha.localhost", "/categories/paints/matte", {
      slug: "paints",
      sub: "matte",
    });
    expect(sub.status).toBe(200);
    expect(sub.data.listing.total).toBe((await expected(`subcategory_id = '${matte}'`, "trending")).length);
    const missing = await call(categoryLoader, "alpha.localhost", "/categories/nope", { slug: "nope" });
    expect(missing.status).toBe(404);
    const wrongParent = await call(subLoader, "alpha.localhost", "/categories/inks/matte", {
      slug: "inks",
      sub: "matte",
    });
    expect(wrongParent.status).toBe(404);
    const missingSub = await call(subLoader, "alpha.localhost", "/categories/paints/nope", {
      slug: "paints",
      sub: "nope",
    });
    expect(missingSub.status).toBe(404);
  });

  it("store A's host with store B's slugs answers 404 everywhere", async () => {
    expect(
      (await call(categoryLoader, "alpha.localhost", "/categories/beta-only", { slug: "beta-only" })).status,
    ).toBe(404);
    expect(
      (
        await call(subLoader, "alpha.localhost", "/categories/beta-only/beta-sub", {
          slug: "beta-only",
          sub: "beta-sub",
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(subLoader, "alpha.localhost", "/categories/paints/beta-sub", {
          slug: "paints",
          sub: "beta-sub",
        })
      ).status,
    ).toBe(404);
    expect((await call(productsLoader, "alpha.localhost", "/products?category=beta-only")).status).toBe(404);
    expect((await call(productsLoader, "alpha.localhost", "/products?sub=beta-sub")).status).toBe(404);
    // And B's products never show on A, even when searched for by name.
    const search = await call<ListingData>(productsLoader, "alpha.localhost", "/products?q=beta");
    expect(search.data.listing.total).toBe(0);
    const bestOnBeta = await call<ListingData>(mostSellingLoader, "beta.localhost", "/products/most-selling");
    expect(bestOnBeta.data.listing.products.map((p) => p.slug)).toEqual(["beta-red"]);
    // A cursor made on one store names a row the other store cannot see: it just pages nothing.
    const alphaPage = await call<ListingData & { listing: { nextCursor: string } }>(
      productsLoader,
      "alpha.localhost",
      "/products",
    );
    const crossed = await call<ListingData>(
      productsLoader,
      "beta.localhost",
      `/products?cursor=${alphaPage.data.listing.nextCursor}`,
    );
    expect(crossed.data.listing.products.every((p) => p.slug.startsWith("beta"))).toBe(true);
    const onBeta = await call<ListingData>(productsLoader, "beta.localhost", "/products?category=beta-only");
    expect(onBeta.data.listing.products.map((p) => p.slug)).toEqual(["beta-red"]);
  });

  it("the platform host has no catalogue", async () => {
    expect((await call(productsLoader, "localhost", "/products")).status).toBe(404);
  });
});
