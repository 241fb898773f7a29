/**
 * Reviews through the product page's action: required fields with their messages, rating
 * bounds, one review per shopper (a second submit edits it), rating_count/rating_sum kept in
 * step, verified buyers, the 'Login First' redirect, bad bodies and other stores' products.
 */
import { readFileSync } from "node:fs";
import type { AppLoadContext } from "@remix-run/node";
import { and, count, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products, reviews, users } from "~/db/schema";
import { getToast } from "~/lib/toast.server";
import { productJsonLd } from "~/services/catalog/product-json-ld.server";
import { action, loader } from "~/routes/products.$slug";
import type { ProductDetail } from "~/services/catalog/products.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer, cookiesFrom, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

const en = JSON.parse(readFileSync("app/locales/en.json", "utf8"));
const ar = JSON.parse(readFileSync("app/locales/ar.json", "utf8"));
const lookup = (dict: Record<string, unknown>, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let alphaCtx: AppLoadContext;
let sara: string;
let omar: string;
let saraCookie: string;
let omarCookie: string;
const A = "http://alpha.localhost:3000";
const SLUG = "alpha-product";

function submit(fields: Record<string, string>, cookie?: string, slug = SLUG, context = alphaCtx) {
  return answer<{ result?: { error?: Record<string, string[]> } }>(() =>
    action({ request: postForm(`${A}/products/${slug}`, fields, cookie), context, params: { slug } }),
  );
}

async function page(cookie?: string) {
  const res = await answer<{ product: ProductDetail }>(() =>
    loader({
      request: new Request(`${A}/products/${SLUG}`, { headers: cookie ? { Cookie: cookie } : {} }),
      context: alphaCtx,
      params: { slug: SLUG },
    }),
  );
  return res.data.product;
}

async function counters(productId = alpha.productId) {
  const [row] = await db.owner
    .select({ count: products.ratingCount, sum: products.ratingSum })
    .from(products)
    .where(eq(products.id, productId));
  return row!;
}

async function reviewCount() {
  const [row] = await db.owner.select({ n: count() }).from(reviews);
  return row!.n;
}

const valid = { intent: "review", rating: "4", title: "Lovely red", comment: "Dyed a scarf with it." };

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx } = await openTwoStores());
  sara = alpha.userId;
  omar = uuidv7();
  await db.owner
    .insert(users)
    .values({ storeId: alpha.storeId, id: omar, email: "omar@alpha.test", name: "Omar" });
  saraCookie = await userCookie(alpha.storeId, sara, A);
  omarCookie = await userCookie(alpha.storeId, omar, A);
});
afterAll(async () => {
  await db.dispose();
});

describe("review validation", () => {
  it.each([
    ["rating", { ...valid, rating: "" }, "reviews.ratingRequired", "Rating is required."],
    ["rating", { ...valid, rating: "0" }, "reviews.ratingInvalid", null],
    ["rating", { ...valid, rating: "6" }, "reviews.ratingInvalid", null],
    ["rating", { ...valid, rating: "x" }, "reviews.ratingInvalid", null],
    ["rating", { ...valid, rating: "4.5" }, "reviews.ratingInvalid", null],
    ["rating", { ...valid, rating: "-1" }, "reviews.ratingInvalid", null],
    ["title", { ...valid, title: "   " }, "reviews.titleRequired", "Title is required."],
    ["title", { ...valid, title: "x".repeat(121) }, "reviews.titleTooLong", null],
    ["comment", { ...valid, comment: "" }, "reviews.commentRequired", "Comment is required."],
    ["comment", { ...valid, comment: "x".repeat(4001) }, "reviews.commentTooLong", null],
    ["comment", { ...valid, comment: "bidi \u202e trick" }, "reviews.textInvalid", null],
  ])("refuses a bad %s with 400 and writes nothing (%j)", async (field, fields, key, english) => {
    const before = await reviewCount();
    const res = await submit(fields, saraCookie);
    expect(res.status).toBe(400);
    expect(res.data.result?.error?.[field]).toEqual([key]);
    if (english) expect(lookup(en, key)).toBe(english);
    expect(lookup(ar, key)).toMatch(/[\u0600-\u06FF]/);
    expect(await reviewCount()).toBe(before);
    expect(await counters()).toEqual({ count: 0, sum: 0 });
  });

  it("refuses a missing field entirely", async () => {
    const res = await submit({ intent: "review", title: "t", comment: "c" }, saraCookie);
    expect(res.status).toBe(400);
    expect(res.data.result?.error?.rating).toEqual(["reviews.ratingRequired"]);
  });

  it("answers a body that is not a form with 400", async () => {
    const request = new Request(`${A}/products/${SLUG}`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=nope", Cookie: saraCookie },
      body: "garbage",
    });
    const res = await answer(() => action({ request, context: alphaCtx, params: { slug: SLUG } }));
    expect(res.status).toBe(400);
    expect(await reviewCount()).toBe(0);
  });
});

describe("writing reviews", () => {
  it("sends an anonymous shopper to log in with 'Login First', back to the product", async () => {
    const res = await submit(valid);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/products/${SLUG}`)}`);
    const { toast } = await getToast(new Request(A, { headers: { Cookie: cookiesFrom(res.headers) } }));
    expect(toast?.key).toBe("toast.loginFirst");
    expect(en.toast.loginFirst).toBe("Login First");
    expect(await reviewCount()).toBe(0);
  });

  it("saves a review with the toast and counts it", async () => {
    const res = await submit(valid, saraCookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/products/${SLUG}`);
    const { toast } = await getToast(new Request(A, { headers: { Cookie: cookiesFrom(res.headers) } }));
    expect(toast?.key).toBe("toast.reviewSubmitted");
    expect(en.toast.reviewSubmitted).toBe("your review submited");
    expect(await counters()).toEqual({ count: 1, sum: 4 });
    const product = await page(saraCookie);
    expect(product.reviews).toHaveLength(1);
    expect(product.reviews[0]).toMatchObject({
      reviewer: "Shopper",
      rating: 4,
      title: "Lovely red",
      verifiedBuyer: false,
    });
    expect(product.summary.average).toBe(4);
    expect(product.viewer?.ownReview).toMatchObject({
      rating: 4,
      title: "Lovely red",
      comment: "Dyed a scarf with it.",
      status: "published",
    });
  });

  it("edits the first review on a second submit: still one, counters follow", async () => {
    const res = await submit(
      { ...valid, rating: "2", title: "Faded", comment: "Faded after a wash." },
      saraCookie,
    );
    expect(res.status).toBe(302);
    expect(await reviewCount()).toBe(1);
    expect(await counters()).toEqual({ count: 1, sum: 2 });
    const [row] = await db.owner.select().from(reviews).where(eq(reviews.userId, sara));
    expect(row).toMatchObject({ rating: 2, title: "Faded", comment: "Faded after a wash." });
  });

  it("counts another shopper's review, newest first, with the distribution", async () => {
    await submit({ ...valid, rating: "5", title: "Great" }, omarCookie);
    expect(await counters()).toEqual({ count: 2, sum: 7 });
    const product = await page();
    expect(product.reviews.map((r) => r.title)).toEqual(["Great", "Faded"]);
    expect(product.summary.average).toBe(3.5);
    expect(product.summary.distribution).toEqual([
      { stars: 5, count: 1 },
      { stars: 4, count: 0 },
      { stars: 3, count: 0 },
      { stars: 2, count: 1 },
      { stars: 1, count: 0 },
    ]);
    const [ld] = productJsonLd(product, {
      origin: A,
      path: `/products/${SLUG}`,
      homeName: "Home",
      productsName: "All",
    });
    expect(ld!.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 3.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it("marks a verified buyer only for a non-cancelled order containing the product", async () => {
    const orderId = uuidv7();
    await db.owner.insert(orders).values({
      storeId: alpha.storeId,
      id: orderId,
      number: 1001,
      userId: omar,
      status: "cancelled",
      paymentMethod: "cod",
      currency: "USD",
      subtotalCents: 1250,
      totalCents: 1250,
      totalQuantity: 1,
      shipFullName: "Omar",
      shipStreetAddress: "1 St",
      shipZipCode: "1",
      shipCity: "City",
      shipEmail: "omar@alpha.test",
      shipMobile: "1",
    });
    await db.owner.insert(orderItems).values({
      storeId: alpha.storeId,
      orderId,
      productId: alpha.productId,
      nameEn: "x",
      nameAr: "x",
      unitPriceCents: 1250,
      quantity: 1,
      lineTotalCents: 1250,
    });
    const verified = async () =>
      Object.fromEntries((await page()).reviews.map((r) => [r.reviewer, r.verifiedBuyer]));
    expect(await verified()).toEqual({ Omar: false, Shopper: false });
    // A change made elsewhere (here: the owner connection) reaches this instance's catalogue
    // cache by notification, asynchronously on PostgreSQL.
    await db.owner.update(orders).set({ status: "delivered" }).where(eq(orders.id, orderId));
    await expect.poll(verified, { timeout: 5_000, interval: 50 }).toEqual({ Omar: true, Shopper: false });
  });

  it("answers 404 for another store's product slug on this host and writes nothing", async () => {
    const before = await reviewCount();
    const res = await submit(valid, saraCookie, "beta-product");
    expect(res.status).toBe(404);
    expect(await reviewCount()).toBe(before);
    expect(await counters(beta.productId)).toEqual({ count: 0, sum: 0 });
  });

  it("answers 404 for an unknown or inactive product", async () => {
    expect((await submit(valid, saraCookie, "nope")).status).toBe(404);
    await db.owner.update(products).set({ active: false }).where(eq(products.id, alpha.productId));
    try {
      expect((await submit(valid, saraCookie)).status).toBe(404);
    } finally {
      await db.owner.update(products).set({ active: true }).where(eq(products.id, alpha.productId));
    }
  });

  it("does not accept beta's session cookie on alpha's host", async () => {
    const betaCookie = await userCookie(beta.storeId, beta.userId, A);
    const res = await submit(valid, betaCookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login\?/);
    const [row] = await db.owner
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.storeId, alpha.storeId), eq(reviews.userId, beta.userId)));
    expect(row!.n).toBe(0);
  });
});
