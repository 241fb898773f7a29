/**
 * The product page loader: locale, images with srcset, sale price from the pricing service,
 * stock state, the shopper's own state, JSON-LD inputs, and the 404 for unknown, inactive and
 * other stores' products.
 */
import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images, productImages, products, sales, saleTargets } from "~/db/schema";
import { localeCookie } from "~/lib/i18n.server";
import { loader } from "~/routes/products.$slug";
import { productJsonLd } from "~/services/catalog/product-json-ld.server";
import type { ProductDetail } from "~/services/catalog/products.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { eventually } from "../helpers/eventually";
import { answer, contextFor } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let alphaCtx: AppLoadContext;
const A = "http://alpha.localhost:3000";
const imageId = uuidv7();

type PageData = { product: ProductDetail; signedIn: boolean; path: string };

function load(slug: string, init: RequestInit = {}, context = alphaCtx) {
  return answer<PageData>(() =>
    loader({ request: new Request(`${A}/products/${slug}`, init), context, params: { slug } }),
  );
}

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx } = await openTwoStores());
  await db.owner
    .update(products)
    .set({ descriptionEn: "A deep red.", descriptionAr: "أحمر عميق.", colorFamily: "Red" });
  await db.owner.insert(images).values({
    storeId: alpha.storeId,
    id: imageId,
    contentType: "image/png",
    bytes: Buffer.from("not really a png"),
    byteSize: 16,
    width: 800,
    height: 600,
    sha256: "0".repeat(64),
  });
  await db.owner.insert(productImages).values({
    storeId: alpha.storeId,
    productId: alpha.productId,
    imageId,
    altEn: "Red dye in a jar",
    altAr: "صبغة حمراء في برطمان",
  });
  await db.owner.insert(products).values({
    storeId: alpha.storeId,
    slug: "archived",
    nameEn: "Archived",
    nameAr: "مؤرشف",
    priceCents: 100,
    stock: 3,
    active: false,
  });
});
afterAll(async () => {
  await db.dispose();
});

describe("product page", () => {
  it("shows the product in English with its images, price and stock", async () => {
    const res = await load("alpha-product");
    expect(res.status).toBe(200);
    const { product, signedIn } = res.data;
    expect(signedIn).toBe(false);
    expect(product.name).toBe("alpha red dye");
    expect(product.description).toBe("A deep red.");
    expect(product.priceCents).toBe(1250);
    expect(product.salePriceCents).toBe(1250);
    expect(product.stockState).toEqual({ kind: "low", count: 5 });
    expect(product.viewer).toBeNull();
    expect(product.images).toHaveLength(1);
    const [image] = product.images;
    expect(image!.width).toBe(800);
    expect(image!.height).toBe(600);
    expect(image!.alt).toBe("Red dye in a jar");
    // Widths from the image route's list, never above the original's 800 px.
    expect(image!.srcSet).toBe(
      [64, 128, 256, 384, 480, 640]
        .map((w) => `/resources/image?url=/images/${imageId}&w=${w} ${w}w`)
        .join(", "),
    );
  });

  it("shows Arabic names with ?lng=ar or the language cookie", async () => {
    // The language is resolved once per request, into the load context (as server.ts builds it).
    const request = new Request(`${A}/products/alpha-product?lng=ar`);
    const arCtx = await contextFor(db, "alpha.localhost", { request });
    const byQuery = await answer<PageData>(() =>
      loader({ request, context: arCtx, params: { slug: "alpha-product" } }),
    );
    expect(byQuery.data.product.name).toBe("صبغة alpha");
    expect(byQuery.data.product.description).toBe("أحمر عميق.");
    const cookie = await localeCookie.serialize("ar");
    const withCookie = new Request(`${A}/products/alpha-product`, {
      headers: { Cookie: cookie.split(";")[0]! },
    });
    const byCookie = await load(
      "alpha-product",
      { headers: withCookie.headers },
      await contextFor(db, "alpha.localhost", { request: withCookie }),
    );
    expect(byCookie.data.product.images[0]!.alt).toBe("صبغة حمراء في برطمان");
  });

  it("applies the best running sale (struck-through original) and puts the sale price in JSON-LD", async () => {
    const now = Date.now();
    const [category, product] = [uuidv7(), uuidv7()];
    await db.owner.insert(sales).values([
      {
        storeId: alpha.storeId,
        id: category,
        nameEn: "Category 20%",
        nameAr: "فئة",
        kind: "percent",
        value: 20,
        scope: "categories",
        startsAt: new Date(now - 60_000),
        endsAt: new Date(now + 3_600_000),
      },
      {
        storeId: alpha.storeId,
        id: product,
        nameEn: "Product 1.00 off",
        nameAr: "منتج",
        kind: "fixed",
        value: 100,
        scope: "products",
        startsAt: new Date(now - 60_000),
        endsAt: new Date(now + 3_600_000),
      },
    ]);
    await db.owner.insert(saleTargets).values([
      // On the sub category: a category sale covers the product through it.
      { storeId: alpha.storeId, saleId: category, categoryId: alpha.subcategoryId },
      { storeId: alpha.storeId, saleId: product, productId: alpha.productId },
    ]);
    try {
      const { data } = await eventually(
        () => load("alpha-product"),
        (res) => res.data.product.salePriceCents < res.data.product.priceCents,
      );
      // 20% of 12.50 = 2.50 off beats 1.00 off.
      expect(data.product.priceCents).toBe(1250);
      expect(data.product.salePriceCents).toBe(1000);
      const [ld, crumbs] = productJsonLd(data.product, {
        origin: A,
        path: data.path,
        homeName: "Home",
        productsName: "All products",
      }) as unknown as [
        { "@type": string; offers: unknown; aggregateRating?: unknown },
        { itemListElement: { item: string }[] },
      ];
      expect(ld["@type"]).toBe("Product");
      expect(ld.offers).toMatchObject({
        price: "10.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
      });
      expect(ld.aggregateRating).toBeUndefined();
      expect(crumbs.itemListElement[2]!.item).toBe(`${A}/products/alpha-product`);
    } finally {
      await db.owner.delete(sales).where(eq(sales.storeId, alpha.storeId));
    }
    const after = await eventually(
      () => load("alpha-product"),
      (res) => res.data.product.salePriceCents === res.data.product.priceCents,
    );
    expect(after.data.product.salePriceCents).toBe(1250);
  });

  it("reads out of stock when stock is 0", async () => {
    await db.owner.update(products).set({ stock: 0 }).where(eq(products.id, alpha.productId));
    try {
      const { data } = await eventually(
        () => load("alpha-product"),
        (res) => res.data.product.stock === 0,
      );
      expect(data.product.stockState).toEqual({ kind: "out" });
    } finally {
      await db.owner.update(products).set({ stock: 5 }).where(eq(products.id, alpha.productId));
    }
  });

  it("tells a signed-in shopper about their wishlist and cart", async () => {
    const cookie = await userCookie(alpha.storeId, alpha.userId, A);
    const { data } = await load("alpha-product", { headers: { Cookie: cookie } });
    expect(data.signedIn).toBe(true);
    expect(data.product.viewer).toEqual({ inWishlist: false, cartQuantity: 0, ownReview: null });
  });

  it.each([
    ["an unknown slug", "nope"],
    ["an inactive product", "archived"],
    ["another store's product", "beta-product"],
    ["a very long slug", "x".repeat(5000)],
    ["a slug with odd characters", "%27%20or%201%3D1--"],
  ])("answers 404 for %s", async (_label, slug) => {
    const res = await load(slug);
    expect(res.status).toBe(404);
    expect(res.data).toEqual({ reason: "product-not-found" });
  });

  it("answers 404 for beta's product on alpha's host but shows it on beta's", async () => {
    expect((await load(beta.slug + "-product")).status).toBe(404);
    const betaCtx = await contextFor(db, "beta.localhost");
    const res = await load("beta-product", {}, betaCtx);
    expect(res.status).toBe(200);
    expect(res.data.product.id).toBe(beta.productId);
  });
});
