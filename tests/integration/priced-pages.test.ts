/**
 * One pricing core (decision 011), seen as a shopper sees it: the amounts the product pages
 * show, times the quantities in the cart, add up to the total the cart page shows, in English
 * and in Arabic. The page components are rendered with the data the services hand them.
 */
import { eq } from "drizzle-orm";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { TranslationProvider } from "~/lib/use-translation";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CartSummary } from "~/components/cart/CartSummary";
import { PriceTag } from "~/components/product/PriceTag";
import { products, sales, saleTargets } from "~/db/schema";
import { getI18n, type Locale } from "~/lib/i18n";
import "~/lib/i18n.server";
import { formatMoney } from "~/lib/money";
import type { RootData } from "~/lib/shell";
import { getProductDetail } from "~/services/catalog/products.server";
import { addToCart, getCart } from "~/services/commerce/cart.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";

let db: TestDb;
let alpha: StoreFixture;

/** Renders a component as a store page would: root data (locale, currency) and dictionaries. */
async function render(node: ReactElement, locale: Locale): Promise<string> {
  const root = { shell: { locale }, site: { kind: "store", currency: "USD" } } as unknown as RootData;
  const routes = [{ id: "root", path: "/", loader: () => root, element: node }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://alpha.localhost/"));
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

/** What a reader sees (screen-reader-only labels and markup removed). */
const visible = (html: string) =>
  html
    .replace(/<span class="sr-only">.*?<\/span>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .trim();

/** The shown amount as minor units: its Latin digits (USD has two decimals in both locales). */
const cents = (shown: string) => Number(shown.replace(/[^0-9]/g, ""));

const slugs = { red: "alpha-product", blue: "alpha-blue", cheap: "alpha-cheap" };

beforeAll(async () => {
  db = await createTestDb();
  alpha = await createStoreFixture(db, "alpha");
  const blueId = uuidv7();
  const cheapId = uuidv7();
  await db.owner.insert(products).values([
    {
      storeId: alpha.storeId,
      id: blueId,
      slug: slugs.blue,
      nameEn: "Blue",
      nameAr: "أزرق",
      priceCents: 999,
      stock: 20,
    },
    {
      storeId: alpha.storeId,
      id: cheapId,
      slug: slugs.cheap,
      nameEn: "Cheap",
      nameAr: "رخيص",
      priceCents: 333,
      stock: 20,
    },
  ]);
  const now = Date.now();
  const window = { startsAt: new Date(now - 60_000), endsAt: new Date(now + 3_600_000) };
  const onCategory = uuidv7();
  const onProduct = uuidv7();
  await db.owner.insert(sales).values([
    // 25 % of 12.50 is 3.125 off: rounded per unit to 3.13, so three units cost 3 × 9.37.
    {
      storeId: alpha.storeId,
      id: onCategory,
      nameEn: "Cat",
      nameAr: "فئة",
      kind: "percent",
      value: 25,
      scope: "categories",
      ...window,
    },
    {
      storeId: alpha.storeId,
      id: onProduct,
      nameEn: "One",
      nameAr: "واحد",
      kind: "fixed",
      value: 100,
      scope: "products",
      ...window,
    },
  ]);
  await db.owner.insert(saleTargets).values([
    { storeId: alpha.storeId, saleId: onCategory, categoryId: alpha.subcategoryId },
    { storeId: alpha.storeId, saleId: onProduct, productId: cheapId },
  ]);
  expect((await addToCart(alpha.storeId, alpha.userId, alpha.productId, 3)).ok).toBe(true);
  expect((await addToCart(alpha.storeId, alpha.userId, blueId, 2)).ok).toBe(true);
  expect((await addToCart(alpha.storeId, alpha.userId, cheapId, 7)).ok).toBe(true);
});
afterAll(() => db.dispose());

describe.each(["en", "ar"] as const)("in %s", (locale) => {
  it("the cart total is the sum of the product pages' prices × quantities, to the minor unit", async () => {
    const cart = await getCart(alpha.storeId, alpha.userId, { locale, currency: "USD" });
    expect(cart.lines).toHaveLength(3);
    let sumShown = 0;
    let sumCents = 0;
    for (const line of cart.lines) {
      const product = (await getProductDetail(alpha.storeId, line.slug, { locale, currency: "USD" }))!;
      const html = await render(
        createElement(PriceTag, { priceCents: product.priceCents, salePriceCents: product.salePriceCents }),
        locale,
      );
      // What the shopper pays: the page without the struck-through original price.
      const shownUnit = visible(html.replace(/<s\b[^>]*>.*?<\/s>/g, ""));
      expect(shownUnit).toBe(formatMoney(product.salePriceCents, "USD", locale));
      if (product.salePriceCents < product.priceCents) {
        expect(visible(html)).toContain(formatMoney(product.priceCents, "USD", locale));
      }
      sumShown += cents(shownUnit) * line.quantity;
      sumCents += product.salePriceCents * line.quantity;
      expect(line.unitSalePriceCents).toBe(product.salePriceCents);
    }
    const summary = visible(await render(createElement(CartSummary, { cart }), locale));
    const shownTotal = formatMoney(cart.totalCents, "USD", locale);
    expect(summary).toContain(shownTotal);
    expect(cart.totalCents).toBe(sumCents);
    expect(cents(shownTotal)).toBe(sumShown);
    // 3 × 9.37 + 2 × 9.99 + 7 × 2.33
    expect(cart.totalCents).toBe(3 * 937 + 2 * 999 + 7 * 233);
    expect(cart.discountCents).toBe(3 * 313 + 7 * 100);
  });
});

describe("a sale that ends", () => {
  it("leaves the product page and the cart at full price together", async () => {
    await db.owner.delete(sales).where(eq(sales.storeId, alpha.storeId));
    const cart = await getCart(alpha.storeId, alpha.userId, { locale: "en", currency: "USD" });
    expect(cart.totalCents).toBe(3 * 1250 + 2 * 999 + 7 * 333);
    expect(cart.discountCents).toBe(0);
  });
});
