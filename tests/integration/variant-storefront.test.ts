/**
 * The storefront side of products in variants (issue 19, decision 023): the product page opened
 * with `?variant=` (or with the values the no-JavaScript "show" button sends) shows that variant,
 * an add by chosen values comes back to the variant added, listing cards say "From $x" when the
 * variants differ in price, the structured data is a ProductGroup, and every listing sorted by
 * price is in the order of the prices its cards show, sales running.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { TranslationProvider } from "~/lib/use-translation";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { uuidv7 } from "uuidv7";
import type { DocumentOnly } from "~/lib/document-only";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProductCard } from "~/components/ProductCard";
import { catalogChanged } from "~/services/catalog/catalog-cache.server";
import { productJsonLd } from "~/services/catalog/product-json-ld.server";
import {
  categories,
  images,
  productOptions,
  productOptionValues,
  products,
  productVariants,
  sales,
  saleTargets,
  wishlistItems,
} from "~/db/schema";
import type { ListingPageData } from "~/http/catalog-page.server";
import { getI18n, type Locale } from "~/lib/i18n";
import "~/lib/i18n.server";
import { formatMoney } from "~/lib/money";
import type { RootData } from "~/lib/shell";
import { action as cartAction } from "~/routes/cart";
import { loader as homeLoader } from "~/routes/_index";
import { loader as categoryLoader } from "~/routes/categories.$slug._index";
import { loader as subLoader } from "~/routes/categories.$slug.$sub";
import { loader as productLoader } from "~/routes/products.$slug";
import { loader as listingLoader } from "~/routes/products._index";
import { loader as mostSellingLoader } from "~/routes/products.most-selling";
import type { CatalogProduct } from "~/services/catalog/catalog.server";
import { getProductDetail, type ProductPageData } from "~/services/catalog/products.server";
import { getWishlist } from "~/services/commerce/wishlist.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer, contextFor, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let alphaCtx: AppLoadContext;
const A = "http://alpha.localhost:3000";

/** A dye in three sizes (250 g sold out, 1 kg with its own picture) and a two-option product. */
const dye = {
  id: uuidv7(),
  size: uuidv7(),
  small: uuidv7(),
  mid: uuidv7(),
  large: uuidv7(),
  midVariant: uuidv7(),
  largeVariant: uuidv7(),
  image: uuidv7(),
};
const two = {
  id: uuidv7(),
  size: uuidv7(),
  finish: uuidv7(),
  s: uuidv7(),
  l: uuidv7(),
  matte: uuidv7(),
  shimmer: uuidv7(),
  sShimmer: uuidv7(),
  lMatte: uuidv7(),
};

type PageData = { product: ProductPageData; choice: (string | null)[]; path: string };

/** The product as the catalogue reads it (SKUs included), what the structured data is made of. */
const detail = (slug: string) => getProductDetail(alpha.storeId, slug, { locale: "en", currency: "USD" });

function page(slug: string, query = "", context = alphaCtx) {
  return answer<PageData>(() =>
    productLoader({ request: new Request(`${A}/products/${slug}${query}`), context, params: { slug } }),
  );
}

/** Renders a component as a store page would: root data (locale, currency) and dictionaries. */
async function render(node: ReactElement, locale: Locale): Promise<string> {
  const root = { shell: { locale }, site: { kind: "store", currency: "USD" } } as unknown as RootData;
  const handler = createStaticHandler([{ id: "root", path: "/", loader: () => root, element: node }]);
  const context = await handler.query(new Request(`${A}/`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    createElement(
      TranslationProvider,
      { i18n: getI18n(locale) },
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    ),
  );
}

/** A card's price as a shopper reads it: without the struck-through original and hidden labels. */
async function shownPrice(card: CatalogProduct, locale: Locale = "en"): Promise<string> {
  const html = await render(createElement(ProductCard, { product: card }), locale);
  const price = /<p class="mt-1[^"]*" data-price="[^"]*">(.*?)<\/p>/.exec(html)?.[1] ?? "";
  return price
    .replace(/<s\b[^>]*>.*?<\/s>/g, "")
    .replace(/<span class="sr-only">.*?<\/span>/g, "")
    .replace(/<span[^>]*uppercase[^>]*>.*?<\/span>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .trim();
}

/** The amount in a shown price, in minor units (USD, Latin digits in both languages). */
const cents = (shown: string) =>
  Math.round(Number(/([\d,]+\.\d\d)/.exec(shown)![1]!.replace(/,/g, "")) * 100);

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx } = await openTwoStores());
  const { storeId, categoryId, subcategoryId } = alpha;
  const base = { storeId, categoryId, subcategoryId, nameAr: "منتج", shadeHex: "#AA0000" };
  await db.owner.insert(images).values({
    storeId,
    id: dye.image,
    contentType: "image/png",
    bytes: Buffer.from("not really a png"),
    byteSize: 16,
    width: 480,
    height: 480,
    sha256: "0".repeat(64),
  });
  await db.owner.insert(products).values([
    { ...base, id: dye.id, slug: "v-dye", nameEn: "Sized Dye", priceCents: 500, stock: 10 },
    { ...base, id: two.id, slug: "v-two", nameEn: "Two Options", priceCents: 900, stock: 4 },
  ]);
  await db.owner.insert(productOptions).values([
    { storeId, id: dye.size, productId: dye.id, position: 1, nameEn: "Size", nameAr: "الحجم" },
    { storeId, id: two.size, productId: two.id, position: 1, nameEn: "Size", nameAr: "الحجم" },
    { storeId, id: two.finish, productId: two.id, position: 2, nameEn: "Finish", nameAr: "اللمسة" },
  ]);
  await db.owner.insert(productOptionValues).values([
    { storeId, id: dye.small, optionId: dye.size, position: 0, valueEn: "50 g", valueAr: "50 غ" },
    { storeId, id: dye.mid, optionId: dye.size, position: 1, valueEn: "250 g", valueAr: "250 غ" },
    { storeId, id: dye.large, optionId: dye.size, position: 2, valueEn: "1 kg", valueAr: "1 كغ" },
    { storeId, id: two.s, optionId: two.size, position: 0, valueEn: "S", valueAr: "ص" },
    { storeId, id: two.l, optionId: two.size, position: 1, valueEn: "L", valueAr: "ك" },
    { storeId, id: two.matte, optionId: two.finish, position: 0, valueEn: "Matte", valueAr: "مطفأ" },
    { storeId, id: two.shimmer, optionId: two.finish, position: 1, valueEn: "Shimmer", valueAr: "لامع" },
  ]);
  // The default variants (made with the products) become the first combinations.
  await db.owner
    .update(productVariants)
    .set({ option1ValueId: dye.small, sku: "DYE-50G" })
    .where(eq(productVariants.id, dye.id));
  await db.owner
    .update(productVariants)
    .set({ option1ValueId: two.s, option2ValueId: two.matte, sku: "TWO-S-M" })
    .where(eq(productVariants.id, two.id));
  await db.owner.insert(productVariants).values([
    {
      storeId,
      id: dye.midVariant,
      productId: dye.id,
      option1ValueId: dye.mid,
      sku: "DYE-250G",
      priceCents: 1800,
      stock: 0,
      position: 1,
    },
    {
      storeId,
      id: dye.largeVariant,
      productId: dye.id,
      option1ValueId: dye.large,
      sku: "DYE-1KG",
      priceCents: 6000,
      stock: 3,
      position: 2,
      imageId: dye.image,
    },
    // Two Options: every combination at 9.00 but L + Shimmer, which it does not sell.
    {
      storeId,
      id: two.sShimmer,
      productId: two.id,
      option1ValueId: two.s,
      option2ValueId: two.shimmer,
      priceCents: 900,
      stock: 2,
      position: 1,
    },
    {
      storeId,
      id: two.lMatte,
      productId: two.id,
      option1ValueId: two.l,
      option2ValueId: two.matte,
      priceCents: 900,
      stock: 0,
      position: 2,
    },
  ]);

  // A second category, and enough products at various prices for listings of several pages.
  const other = uuidv7();
  await db.owner
    .insert(categories)
    .values({ storeId, id: other, slug: "alpha-other", nameEn: "Other", nameAr: "أخرى" });
  await db.owner.insert(products).values(
    Array.from({ length: 26 }, (_, i) => ({
      ...base,
      categoryId: i % 3 === 0 ? other : categoryId,
      subcategoryId: i % 3 === 0 ? null : subcategoryId,
      slug: `v-plain-${i}`,
      nameEn: `Plain dye ${i}`,
      priceCents: 300 + ((i * 379) % 2500),
      stock: 5,
    })),
  );
  // Sales running: 10 % off the category (so the sized dye's 5.00 shows 4.50), 3.00 off one
  // product of the other category, 30 % off another.
  const now = Date.now();
  const window = { startsAt: new Date(now - 60_000), endsAt: new Date(now + 3_600_000) };
  const [onCategory, fixed, percent] = [uuidv7(), uuidv7(), uuidv7()];
  await db.owner.insert(sales).values([
    {
      storeId,
      id: onCategory,
      nameEn: "Cat",
      nameAr: "فئة",
      kind: "percent",
      value: 10,
      scope: "categories",
      ...window,
    },
    {
      storeId,
      id: fixed,
      nameEn: "Fixed",
      nameAr: "ثابت",
      kind: "fixed",
      value: 300,
      scope: "products",
      ...window,
    },
    {
      storeId,
      id: percent,
      nameEn: "Deep",
      nameAr: "كبير",
      kind: "percent",
      value: 30,
      scope: "products",
      ...window,
    },
  ]);
  const [plain0] = await db.owner
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, "v-plain-0"));
  const [plain3] = await db.owner
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, "v-plain-3"));
  await db.owner.insert(saleTargets).values([
    { storeId, saleId: onCategory, categoryId },
    { storeId, saleId: fixed, productId: plain0!.id },
    { storeId, saleId: percent, productId: plain3!.id },
  ]);
  await db.owner.insert(wishlistItems).values([
    { storeId, userId: alpha.userId, productId: dye.id, quantity: 1 },
    { storeId, userId: alpha.userId, productId: alpha.productId, quantity: 1 },
  ]);
});
afterAll(() => db.dispose());

describe("the product page's variant", () => {
  it("starts at the first variant in stock, with each variant's price (sale included), stock and picture", async () => {
    const res = await page("v-dye");
    expect(res.status).toBe(200);
    const { product, choice } = res.data;
    expect(choice).toEqual([dye.small]);
    expect(product.variants.map((v) => [v.priceCents, v.salePriceCents, v.stock])).toEqual([
      [500, 450, 10],
      [1800, 1620, 0],
      [6000, 5400, 3],
    ]);
    // The page does not show SKUs (its structured data does): its data does not carry them, and
    // each variant's values stop at the product's one option (issue 19: less to encode).
    for (const variant of product.variants) expect(variant).not.toHaveProperty("sku");
    expect(product.variants.map((v) => v.valueIds)).toEqual([[dye.small], [dye.mid], [dye.large]]);
    // Only the 1 kg has its own picture, through the image route like the product's.
    expect(product.variants.map((v) => v.image?.src ?? null)).toEqual([
      null,
      null,
      `/resources/image?url=/images/${dye.image}&w=480`,
    ]);
    expect(product.variants[2]!.image).toMatchObject({ width: 480, height: 480, alt: "Sized Dye (1 kg)" });
    // A size no variant has in stock is sold out (the page disables it and says so).
    expect(product.options[0]!.values.map((v) => [v.label, v.soldOut])).toEqual([
      ["50 g", false],
      ["250 g", true],
      ["1 kg", false],
    ]);
    expect(product.options[0]!.property).toBe("size");
  });

  it("opens at the variant ?variant= names, and ignores one that is not this product's", async () => {
    expect((await page("v-dye", `?variant=${dye.largeVariant}`)).data.choice).toEqual([dye.large]);
    // A sold-out variant is shown as it is (the page says it is out of stock).
    expect((await page("v-dye", `?variant=${dye.midVariant}`)).data.choice).toEqual([dye.mid]);
    // Another product's variant, another store's (its product's default variant), and junk.
    for (const wrong of [two.sShimmer, beta.productId, "nope", "", "%00"]) {
      const res = await page("v-dye", `?variant=${encodeURIComponent(wrong)}`);
      expect(res.status, wrong).toBe(200);
      expect(res.data.choice, wrong).toEqual([dye.small]);
    }
    // A product without options has one variant, always the one shown.
    const plain = await page("alpha-product", `?variant=${dye.largeVariant}`);
    expect(plain.data.choice).toEqual([]);
    expect(plain.data.product.variants).toHaveLength(1);
  });

  it("turns the values the no-JavaScript button sends into the variant's own address", async () => {
    // As the form sends them: every field of the add-to-cart form, by GET.
    const sent = new URLSearchParams({
      intent: "add",
      productId: two.id,
      option1: two.s,
      option2: two.shimmer,
      redirectTo: "/products/v-two",
      quantity: "1",
    });
    const found = await page("v-two", `?${sent}`);
    expect(found.status).toBe(302);
    expect(found.headers.get("Location")).toBe(`/products/v-two?variant=${two.sShimmer}`);
    // A combination the product does not sell: shown as chosen, no variant (the page says so).
    const missing = await page("v-two", `?option1=${two.l}&option2=${two.shimmer}`);
    expect(missing.status).toBe(200);
    expect(missing.data.choice).toEqual([two.l, two.shimmer]);
    // Values that are not this product's count as not chosen.
    const foreign = await page("v-two", `?option1=${dye.large}&option2=junk`);
    expect(foreign.status).toBe(200);
    expect(foreign.data.choice).toEqual([null, null]);
  });

  it("comes back to the variant added, whether chosen by values or named", async () => {
    const cookie = await userCookie(alpha.storeId, alpha.userId);
    const add = (fields: Record<string, string>) =>
      answer(() =>
        cartAction({
          request: postForm(`${A}/cart`, { intent: "add", quantity: "1", ...fields }, cookie),
          context: alphaCtx,
          params: {},
        }),
      );
    const byValues = await add({ productId: dye.id, option1: dye.large, redirectTo: "/products/v-dye" });
    expect(byValues.status).toBe(302);
    expect(byValues.headers.get("Location")).toBe(`/products/v-dye?variant=${dye.largeVariant}`);
    // A variant already in the address is replaced by the one added.
    const replaced = await add({
      productId: two.id,
      option1: two.s,
      option2: two.shimmer,
      redirectTo: `/products/v-two?variant=${two.id}`,
    });
    expect(replaced.headers.get("Location")).toBe(`/products/v-two?variant=${two.sShimmer}`);
    // A product without options goes back where it came from, unchanged.
    const plain = await add({
      productId: alpha.productId,
      variantId: alpha.productId,
      redirectTo: "/products/alpha-product",
    });
    expect(plain.headers.get("Location")).toBe("/products/alpha-product");
    // Sold out and not sold: refused, nothing added.
    expect((await add({ productId: dye.id, option1: dye.mid, redirectTo: "/products/v-dye" })).status).toBe(
      409,
    );
    expect(
      (await add({ productId: two.id, option1: two.l, option2: two.shimmer, redirectTo: "/products/v-two" }))
        .status,
    ).toBe(409);
  });
});

describe("the product page's variants data", () => {
  it("is made once per read of the product, and follows a change to a price, a stock or a sale", async () => {
    const variantOf = async () =>
      (await page("v-two")).data.product.variants.find((variant) => variant.id === two.sShimmer)!;
    const first = (await page("v-two")).data.product.variants;
    // The same array again: made once per catalogue entry, not per request.
    expect((await page("v-two")).data.product.variants).toBe(first);
    expect(await variantOf()).toMatchObject({ priceCents: 900, salePriceCents: 810 });
    const [sale] = await db.owner
      .select({ id: sales.id })
      .from(sales)
      .where(and(eq(sales.storeId, alpha.storeId), eq(sales.nameEn, "Cat")));
    const [before] = await db.owner
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, two.sShimmer));
    const change = async (run: () => Promise<unknown>) => {
      await run();
      await catalogChanged(alpha.storeId);
    };
    try {
      await change(() =>
        db.owner.update(productVariants).set({ priceCents: 950 }).where(eq(productVariants.id, two.sShimmer)),
      );
      expect(await variantOf()).toMatchObject({ priceCents: 950, salePriceCents: 855 });
      await change(() =>
        db.owner.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, two.sShimmer)),
      );
      expect((await variantOf()).stock).toBe(1);
      await change(() => db.owner.update(sales).set({ value: 20 }).where(eq(sales.id, sale!.id)));
      expect(await variantOf()).toMatchObject({ priceCents: 950, salePriceCents: 760 });
      expect((await page("v-two")).data.product.variants).not.toBe(first);
    } finally {
      await change(() => db.owner.update(sales).set({ value: 10 }).where(eq(sales.id, sale!.id)));
      await change(() =>
        db.owner
          .update(productVariants)
          .set({ priceCents: 900, stock: before!.stock })
          .where(eq(productVariants.id, two.sShimmer)),
      );
    }
    expect(await variantOf()).toMatchObject({ priceCents: 900, salePriceCents: 810 });
  });
});

describe("structured data", () => {
  const ld = async ({ slug }: { slug: string }) =>
    productJsonLd((await detail(slug))!, {
      origin: A,
      path: `/products/${slug}`,
      homeName: "Home",
      productsName: "All",
    })[0];

  it("is built for a document request only: a client navigation's .data request is spared it", async () => {
    const forDocument = await contextFor(db, "alpha.localhost", {
      request: new Request(`${A}/products/v-dye`),
    });
    const forData = await contextFor(db, "alpha.localhost", {
      request: new Request(`${A}/products/v-dye.data`),
    });
    expect(forData.documentOnly).toBeUndefined();
    const navigation = await page("v-dye", "", forData);
    const document = await page("v-dye", "", forDocument);
    // The same loader data either way; the structured data only where there is HTML to put it in.
    expect(navigation.data).toEqual(document.data);
    expect(forData.documentOnly).toBeUndefined();
    expect(JSON.parse(forDocument.documentOnly!.productJsonLd!)).toMatchObject([
      { "@type": "ProductGroup", productGroupID: "v-dye" },
      { "@type": "BreadcrumbList" },
    ]);
  });

  it("is a ProductGroup with a Product offer per variant when there are several", async () => {
    const documentOnly: DocumentOnly = {};
    const res = await page("v-dye", "", { ...alphaCtx, documentOnly });
    const group = await ld(res.data.product);
    // The page's script carries exactly this, made by the loader for the page's own address,
    // for the HTML only: the loader data (sent again for hydration and navigations) has none.
    expect(res.data).not.toHaveProperty("jsonLd");
    expect(JSON.parse(documentOnly.productJsonLd!)).toEqual(
      JSON.parse(
        JSON.stringify(
          productJsonLd((await detail("v-dye"))!, {
            origin: A,
            path: "/products/v-dye",
            homeName: "Home",
            productsName: "All products",
          }),
        ),
      ),
    );
    expect(group).toMatchObject({
      "@type": "ProductGroup",
      name: "Sized Dye",
      productGroupID: "v-dye",
      url: `${A}/products/v-dye`,
      variesBy: ["https://schema.org/size"],
    });
    expect(group).not.toHaveProperty("offers");
    expect(group.hasVariant).toEqual([
      expect.objectContaining({
        "@type": "Product",
        name: "Sized Dye (50 g)",
        sku: "DYE-50G",
        size: "50 g",
        url: `${A}/products/v-dye?variant=${dye.id}`,
        offers: {
          "@type": "Offer",
          url: `${A}/products/v-dye?variant=${dye.id}`,
          price: "4.50",
          priceCurrency: "USD",
          availability: "https://schema.org/InStock",
        },
      }),
      expect.objectContaining({
        sku: "DYE-250G",
        size: "250 g",
        offers: expect.objectContaining({ price: "16.20", availability: "https://schema.org/OutOfStock" }),
      }),
      expect.objectContaining({
        sku: "DYE-1KG",
        size: "1 kg",
        image: `${A}/resources/image?url=/images/${dye.image}&w=480`,
        offers: expect.objectContaining({ price: "54.00", availability: "https://schema.org/InStock" }),
      }),
    ]);
  });

  it("names an option schema.org does not know as a property of each variant", async () => {
    const group = await ld((await page("v-two")).data.product);
    expect(group.variesBy).toEqual(["https://schema.org/size", "Finish"]);
    expect((group.hasVariant as unknown[])[1]).toMatchObject({
      name: "Two Options (S, Shimmer)",
      size: "S",
      additionalProperty: [{ "@type": "PropertyValue", name: "Finish", value: "Shimmer" }],
    });
  });

  it("is made once per read of the product, and follows a change to it", async () => {
    const open = async () => {
      const documentOnly: DocumentOnly = {};
      const res = await page("v-two", "", { ...alphaCtx, documentOnly });
      return { product: res.data.product, text: documentOnly.productJsonLd! };
    };
    const offerOf = (text: string, variantId: string) =>
      (JSON.parse(text)[0].hasVariant as { url: string; offers: { price: string } }[]).find((variant) =>
        variant.url.endsWith(`?variant=${variantId}`),
      )!.offers.price;
    const first = await open();
    // The same text again (the same object: made once, not per request).
    expect((await open()).text).toBe(first.text);
    const price = async (priceCents: number) => {
      await db.owner.update(productVariants).set({ priceCents }).where(eq(productVariants.id, two.sShimmer));
      await catalogChanged(alpha.storeId);
    };
    await price(950);
    try {
      const changed = await open();
      // 9.50 less the category's 10 %: the new price, as the page's own data says.
      expect(offerOf(changed.text, two.sShimmer)).toBe("8.55");
      expect(offerOf(first.text, two.sShimmer)).toBe("8.10");
      expect(JSON.parse(changed.text)).toEqual(
        JSON.parse(
          JSON.stringify(
            productJsonLd((await detail("v-two"))!, {
              origin: A,
              path: "/products/v-two",
              homeName: "Home",
              productsName: "All products",
            }),
          ),
        ),
      );
    } finally {
      await price(900);
    }
  });

  it("stays a Product with one offer for a product with one variant", async () => {
    const single = await ld((await page("alpha-product")).data.product);
    expect(single["@type"]).toBe("Product");
    expect(single).not.toHaveProperty("hasVariant");
    expect(single.offers).toMatchObject({ price: "11.25", availability: "https://schema.org/InStock" });
  });
});

type ListingAnswer = ListingPageData;

async function listing(
  loader: typeof listingLoader,
  path: string,
  params: Record<string, string> = {},
): Promise<ListingAnswer> {
  const res = await answer<ListingAnswer>(() =>
    loader({ request: new Request(`${A}${path}`), context: alphaCtx, params }),
  );
  expect(res.status, path).toBe(200);
  return res.data;
}

/** Every card of a listing, page after page. */
async function allCards(
  loader: typeof listingLoader,
  path: string,
  params: Record<string, string> = {},
): Promise<CatalogProduct[]> {
  const cards: CatalogProduct[] = [];
  let next: string | null = path;
  while (next) {
    const data = await listing(loader, next, params);
    cards.push(...data.listing.products);
    const cursor = data.listing.nextCursor;
    next = cursor ? `${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}` : null;
  }
  return cards;
}

describe("listing cards", () => {
  it("say 'From' the lowest price a shopper pays now when the variants differ, in English and Arabic", async () => {
    const cards = await allCards(listingLoader, "/products?sort=price-asc");
    const sized = cards.find((card) => card.slug === "v-dye")!;
    const same = cards.find((card) => card.slug === "v-two")!;
    expect(sized).toMatchObject({ priceVaries: true, priceCents: 500, salePriceCents: 450 });
    // Every variant at one price: no "From".
    expect(same).toMatchObject({ priceVaries: false });
    expect(await shownPrice(sized)).toBe(getI18n("en").t("variantPicker.from", { price: "$4.50" }));
    expect(await shownPrice(sized)).toBe("From $4.50");
    expect(await shownPrice(sized, "ar")).toBe(
      getI18n("ar").t("variantPicker.from", { price: formatMoney(450, "USD", "ar") }),
    );
    expect(await shownPrice(sized, "ar")).toMatch(/^ابتداءً من /);
    expect(await shownPrice(same)).toBe("$8.10");
  });

  it("say it on the home page, the category pages and most selling, and on the wishlist", async () => {
    const home = await answer<{
      products: CatalogProduct[];
      newArrivals: CatalogProduct[];
      onSale: CatalogProduct[];
    }>(() => homeLoader({ request: new Request(`${A}/`), context: alphaCtx, params: {} }));
    const homeCards = [...home.data.newArrivals, ...home.data.products, ...home.data.onSale];
    const varies = (cards: CatalogProduct[]) =>
      Object.fromEntries(
        cards.filter((c) => c.slug === "v-dye" || c.slug === "v-two").map((c) => [c.slug, c.priceVaries]),
      );
    expect(homeCards.length).toBeGreaterThan(0);
    for (const card of homeCards) expect(card.priceVaries).toBe(card.slug === "v-dye");
    const pages = [
      await allCards(categoryLoader, "/categories/alpha-cat", { slug: "alpha-cat" }),
      await allCards(subLoader, "/categories/alpha-cat/alpha-sub", { slug: "alpha-cat", sub: "alpha-sub" }),
      await allCards(mostSellingLoader, "/products/most-selling"),
      await allCards(listingLoader, "/products?q=options"),
    ];
    expect(varies(pages[0]!)).toEqual({ "v-dye": true, "v-two": false });
    expect(varies(pages[1]!)).toEqual({ "v-dye": true, "v-two": false });
    expect(varies(pages[2]!)).toEqual({ "v-dye": true, "v-two": false });
    expect(varies(pages[3]!)).toEqual({ "v-two": false });
    const wishlist = await getWishlist(alpha.storeId, alpha.userId, { locale: "en", currency: "USD" });
    expect(wishlist.map((line) => [line.slug, line.priceVaries, line.salePriceCents])).toEqual(
      expect.arrayContaining([
        ["v-dye", true, 450],
        ["alpha-product", false, 1125],
      ]),
    );
  });
});

describe("every listing sorted by price, sales running", () => {
  const listings: [string, typeof listingLoader, string, Record<string, string>][] = [
    ["all products", listingLoader, "/products", {}],
    ["a search", listingLoader, "/products?q=dye", {}],
    ["a category", categoryLoader, "/categories/alpha-cat", { slug: "alpha-cat" }],
    ["a sub category", subLoader, "/categories/alpha-cat/alpha-sub", { slug: "alpha-cat", sub: "alpha-sub" }],
    ["a category by the filter", listingLoader, "/products?category=alpha-other", {}],
  ];

  it.each(listings)("%s is in the order of the prices its cards show", async (_, loader, path, params) => {
    const join = path.includes("?") ? "&" : "?";
    const up = await allCards(loader, `${path}${join}sort=price-asc`, params);
    const down = await allCards(loader, `${path}${join}sort=price-desc`, params);
    expect(up.length).toBeGreaterThan(3);
    const upShown = await Promise.all(up.map(async (card) => cents(await shownPrice(card))));
    const downShown = await Promise.all(down.map(async (card) => cents(await shownPrice(card))));
    expect(upShown).toEqual([...upShown].sort((x, y) => x - y));
    expect(downShown).toEqual([...downShown].sort((x, y) => y - x));
    // Some card is on sale, so the sale price is what was sorted by.
    expect(up.some((card) => card.salePriceCents < card.priceCents)).toBe(true);
  });

  it.each(listings)(
    "%s filtered by price keeps exactly the cards shown in range",
    async (_, loader, path, params) => {
      const join = path.includes("?") ? "&" : "?";
      const all = await allCards(loader, path, params);
      const shown = new Map(
        await Promise.all(all.map(async (card) => [card.slug, cents(await shownPrice(card))] as const)),
      );
      for (const [min, max] of [
        [4.5, 10],
        [0, 4.5],
        [10, 20],
      ] as const) {
        const kept = await allCards(loader, `${path}${join}min=${min}&max=${max}&sort=price-desc`, params);
        const expected = [...shown].filter(([, c]) => c >= min * 100 && c <= max * 100).map(([slug]) => slug);
        expect(kept.map((card) => card.slug).sort(), `${path} ${min}–${max}`).toEqual(expected.sort());
        for (const card of kept) {
          const c = cents(await shownPrice(card));
          expect(c).toBeGreaterThanOrEqual(min * 100);
          expect(c).toBeLessThanOrEqual(max * 100);
        }
      }
      // The sized dye, listed at 4.50 (its 50 g on sale), is in a range that excludes its list price.
      if (shown.has("v-dye")) {
        const low = await allCards(loader, `${path}${join}min=4&max=4.5`, params);
        expect(low.map((card) => card.slug)).toContain("v-dye");
      }
    },
  );
});
