/**
 * Review moderation (issue 23): /admin/reviews lists, filters, hides, publishes and answers; what
 * the product page, its average, its count and its JSON-LD show for each state; the shopper's own
 * held or hidden review (theirs alone); the "new reviews" setting; the link rule; the emails to
 * the store's admins; who may act, another store's review ids (404) and bad input (400), nothing
 * changed on a refusal.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productJsonLd } from "~/services/catalog/product-json-ld.server";
import { emailOutbox, products, reviews, storeSettings, users } from "~/db/schema";
import { containsLink } from "~/lib/review-links";
import { action as adminAction, loader as adminLoader } from "~/routes/admin.reviews";
import { loader as layoutLoader } from "~/routes/admin";
import { action as productAction, loader as productLoader } from "~/routes/products.$slug";
import type { AdminReviewRow } from "~/services/catalog/reviews-admin.server";
import type { ProductDetail } from "~/services/catalog/products.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: AppLoadContext;
const A = "http://alpha.localhost:3000";
const SLUG = "alpha-product";
const cookies: Record<"admin" | "sara" | "omar" | "lina", string> = {
  admin: "",
  sara: "",
  omar: "",
  lina: "",
};
let betaReviewId: string;

type AdminPage = { rows: AdminReviewRow[]; moderation: string; problems: string[] };

function review(who: "sara" | "omar" | "lina", fields: Record<string, string>) {
  return answer(() =>
    productAction({
      request: postForm(`${A}/products/${SLUG}`, { intent: "review", ...fields }, cookies[who]),
      context: ctx,
      params: { slug: SLUG },
    }),
  );
}

async function productPage(who?: "sara" | "omar" | "lina") {
  const res = await answer<{ product: ProductDetail }>(() =>
    productLoader({
      request: new Request(`${A}/products/${SLUG}`, { headers: who ? { Cookie: cookies[who] } : {} }),
      context: ctx,
      params: { slug: SLUG },
    }),
  );
  const product = res.data.product;
  const [ld] = productJsonLd(product, {
    origin: A,
    path: `/products/${SLUG}`,
    homeName: "H",
    productsName: "P",
  });
  return { product, rating: ld!.aggregateRating, titles: product.reviews.map((r) => r.title) };
}

function moderate(fields: Record<string, string>, cookie = cookies.admin, query = "") {
  return answer<{ notice?: { key: string } }>(() =>
    adminAction({
      request: postForm(`${A}/admin/reviews${query}`, fields, cookie),
      context: ctx,
      params: {},
    }),
  );
}

function list(query = "", cookie = cookies.admin) {
  return answer<AdminPage>(() =>
    adminLoader({
      request: new Request(`${A}/admin/reviews${query}`, { headers: { Cookie: cookie } }),
      context: ctx,
      params: {},
    }),
  );
}

async function idOf(title: string) {
  const [row] = await db.owner.select({ id: reviews.id }).from(reviews).where(eq(reviews.title, title));
  return row!.id;
}

async function counters() {
  const [row] = await db.owner
    .select({ count: products.ratingCount, sum: products.ratingSum })
    .from(products)
    .where(eq(products.id, alpha.productId));
  return row!;
}

async function snapshot() {
  return {
    reviews: await db.owner.select().from(reviews).orderBy(reviews.id),
    counters: await counters(),
  };
}

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores());
  const ids = { admin: uuidv7(), omar: uuidv7(), lina: uuidv7() };
  await db.owner.insert(users).values([
    {
      storeId: alpha.storeId,
      id: ids.admin,
      email: "admin@alpha.test",
      name: "Admin",
      isAdmin: true,
      locale: "ar",
    },
    { storeId: alpha.storeId, id: ids.omar, email: "omar@alpha.test", name: "Omar" },
    { storeId: alpha.storeId, id: ids.lina, email: "lina@alpha.test", name: "Lina" },
  ]);
  cookies.admin = await userCookie(alpha.storeId, ids.admin, A);
  cookies.sara = await userCookie(alpha.storeId, alpha.userId, A);
  cookies.omar = await userCookie(alpha.storeId, ids.omar, A);
  cookies.lina = await userCookie(alpha.storeId, ids.lina, A);
  betaReviewId = uuidv7();
  await db.owner.insert(reviews).values({
    storeId: beta.storeId,
    id: betaReviewId,
    productId: beta.productId,
    userId: beta.userId,
    rating: 5,
    title: "Beta's review",
    comment: "Only in beta",
  });
});
afterAll(async () => {
  await db.dispose();
});

describe("the link rule", () => {
  it.each([
    ["http://spam.example", true],
    ["see https://x.y/z", true],
    ["visit www.cheap-dyes.shop now", true],
    ["cheap-dyes.shop has it cheaper", true],
    ["اشترِ من dyes-outlet.com", true],
    ["Lovely red. Dyed a scarf with it.", false],
    ["Took 2.5 hours, ok...fine", false],
    ["mail me at sara@example", false],
  ])("%j contains a link: %s", (text, expected) => {
    expect(containsLink(text)).toBe(expected);
  });
});

describe("review moderation", () => {
  it("publishes at once by default: shown, counted, in JSON-LD", async () => {
    expect(
      (await review("sara", { rating: "4", title: "Lovely red", comment: "Dyed a scarf." })).status,
    ).toBe(302);
    expect(
      (await review("omar", { rating: "2", title: "Faded", comment: "Faded after a wash." })).status,
    ).toBe(302);
    const page = await productPage();
    expect(page.titles).toEqual(["Faded", "Lovely red"]);
    expect(page.rating).toMatchObject({ ratingValue: 3, reviewCount: 2 });
    expect(await counters()).toEqual({ count: 2, sum: 6 });
    const admin = await list();
    expect(admin.status).toBe(200);
    expect(admin.data.moderation).toBe("publish");
    expect(admin.data.rows.map((r) => [r.title, r.status, r.shopper, r.productName])).toEqual([
      ["Faded", "published", "Omar", "alpha red dye"],
      ["Lovely red", "published", "Shopper", "alpha red dye"],
    ]);
  });

  it("always holds a review with a link: not shown, not counted, marked for its writer alone, admins emailed", async () => {
    const res = await review("lina", {
      rating: "1",
      title: "Cheaper here",
      comment: "Buy it at www.cheap-dye-outlet.shop instead",
    });
    expect(res.status).toBe(302);
    const anonymous = await productPage();
    expect(anonymous.titles).toEqual(["Faded", "Lovely red"]);
    expect(anonymous.rating).toMatchObject({ ratingValue: 3, reviewCount: 2 });
    expect(anonymous.product.summary.distribution.find((d) => d.stars === 1)?.count).toBe(0);
    const lina = await productPage("lina");
    expect(lina.titles).not.toContain("Cheaper here");
    expect(lina.product.viewer?.ownReview).toMatchObject({ title: "Cheaper here", status: "held" });
    const sara = await productPage("sara");
    expect(sara.product.viewer?.ownReview).toMatchObject({ title: "Lovely red", status: "published" });
    expect(JSON.stringify(sara.product)).not.toContain("Cheaper here");
    const mails = await db.owner
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.storeId, alpha.storeId), eq(emailOutbox.kind, "review-held")));
    expect(mails.map((m) => [m.to, m.locale])).toEqual([["admin@alpha.test", "ar"]]);
    expect(mails[0]!.subject).toContain("تقييم بانتظار موافقتك");
    expect(mails[0]!.text).toContain("/admin/reviews?status=held");
    // The menu's count and the held filter.
    const layout = await answer<{ navCounts: { heldReviews: number } }>(() =>
      layoutLoader({
        request: new Request(`${A}/admin/reviews`, { headers: { Cookie: cookies.admin } }),
        context: ctx,
        params: {},
      }),
    );
    expect(layout.data.navCounts.heldReviews).toBe(1);
    expect((await list("?status=held")).data.rows.map((r) => r.title)).toEqual(["Cheaper here"]);
  });

  it("publishes a held review: shown and counted", async () => {
    const id = await idOf("Cheaper here");
    const res = await moderate({ intent: "publish", reviewId: id }, cookies.admin, "?status=held");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/reviews?status=held");
    const page = await productPage();
    expect(page.titles).toEqual(["Cheaper here", "Faded", "Lovely red"]);
    expect(page.rating).toMatchObject({ ratingValue: 2.3, reviewCount: 3 });
    expect(await counters()).toEqual({ count: 3, sum: 7 });
  });

  it("puts a published review back on hold: off the page and the counts, listed as held, until published again", async () => {
    const id = await idOf("Cheaper here");
    const held = await moderate({ intent: "hold", reviewId: id });
    expect(held.status).toBe(302);
    expect((await productPage()).titles).toEqual(["Faded", "Lovely red"]);
    expect(await counters()).toEqual({ count: 2, sum: 6 });
    expect((await list("?status=held")).data.rows.map((r) => r.title)).toEqual(["Cheaper here"]);
    expect((await productPage("lina")).product.viewer?.ownReview).toMatchObject({ status: "held" });
    expect((await moderate({ intent: "publish", reviewId: id })).status).toBe(302);
    expect(await counters()).toEqual({ count: 3, sum: 7 });
  });

  it("hides a review: gone from the page, the average, the count and JSON-LD; its writer sees it marked", async () => {
    const id = await idOf("Faded");
    expect((await moderate({ intent: "hide", reviewId: id })).status).toBe(302);
    const page = await productPage();
    expect(page.titles).toEqual(["Cheaper here", "Lovely red"]);
    expect(page.rating).toMatchObject({ ratingValue: 2.5, reviewCount: 2 });
    expect(page.product.summary.distribution.find((d) => d.stars === 2)?.count).toBe(0);
    expect(await counters()).toEqual({ count: 2, sum: 5 });
    const omar = await productPage("omar");
    expect(omar.product.viewer?.ownReview).toMatchObject({ title: "Faded", status: "hidden" });
    // Hiding twice changes nothing more.
    expect((await moderate({ intent: "hide", reviewId: id })).status).toBe(302);
    expect(await counters()).toEqual({ count: 2, sum: 5 });
    // An edit by its writer keeps it hidden and uncounted.
    await review("omar", { rating: "5", title: "Faded but ok", comment: "Still faded." });
    expect(await counters()).toEqual({ count: 2, sum: 5 });
    expect((await productPage("omar")).product.viewer?.ownReview).toMatchObject({
      status: "hidden",
      rating: 5,
    });
  });

  it("answers a review in the store's name, edits and removes the answer", async () => {
    const id = await idOf("Lovely red");
    expect((await moderate({ intent: "reply", reviewId: id, reply: "Thank you, Sara!" })).status).toBe(302);
    let page = await productPage();
    expect(page.product.reviews.find((r) => r.title === "Lovely red")?.reply).toBe("Thank you, Sara!");
    expect((await moderate({ intent: "reply", reviewId: id, reply: "Thanks again" })).status).toBe(302);
    page = await productPage();
    expect(page.product.reviews.find((r) => r.title === "Lovely red")?.reply).toBe("Thanks again");
    expect((await moderate({ intent: "remove-reply", reviewId: id })).status).toBe(302);
    page = await productPage();
    expect(page.product.reviews.find((r) => r.title === "Lovely red")?.reply).toBeNull();
  });

  it("holds every new review once the store says so, and edits of published ones too", async () => {
    expect((await moderate({ intent: "setting", moderation: "hold" })).status).toBe(302);
    const [settings] = await db.owner
      .select({ moderation: storeSettings.reviewModeration })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, alpha.storeId));
    expect(settings!.moderation).toBe("hold");
    expect((await list()).data.moderation).toBe("hold");
    await review("sara", { rating: "3", title: "Lovely red, edited", comment: "Plain text." });
    const page = await productPage();
    expect(page.titles).toEqual(["Cheaper here"]);
    expect(page.rating).toMatchObject({ ratingValue: 1, reviewCount: 1 });
    expect((await productPage("sara")).product.viewer?.ownReview).toMatchObject({ status: "held" });
    // Back to publishing at once: a plain review shows again on its next edit.
    expect((await moderate({ intent: "setting", moderation: "publish" })).status).toBe(302);
    await review("sara", { rating: "3", title: "Lovely red, again", comment: "Plain text." });
    expect((await productPage()).titles).toEqual(["Cheaper here", "Lovely red, again"]);
  });

  it("filters by state, rating, product and a search; ignores and names a filter it cannot use", async () => {
    const titles = async (query: string) => (await list(query)).data.rows.map((r) => r.title);
    expect(await titles("?status=hidden")).toEqual(["Faded but ok"]);
    expect(await titles("?rating=1")).toEqual(["Cheaper here"]);
    expect(await titles(`?product=${alpha.productId}&q=LOVELY`)).toEqual(["Lovely red, again"]);
    expect(await titles("?q=omar")).toEqual(["Faded but ok"]);
    expect(await titles(`?product=${beta.productId}`)).toEqual([]);
    const bad = await list("?status=gone&rating=9&product=x");
    expect(bad.status).toBe(200);
    expect(bad.data.problems).toEqual(["status", "rating", "product"]);
    expect(bad.data.rows).toHaveLength(3);
    expect(JSON.stringify(bad.data)).not.toContain("Beta's review");
  });
});

describe("refusals change nothing", () => {
  it.each([
    ["another store's review", { intent: "hide", reviewId: "BETA" }, 404],
    ["another store's review (publish)", { intent: "publish", reviewId: "BETA" }, 404],
    ["another store's review (hold)", { intent: "hold", reviewId: "BETA" }, 404],
    ["another store's review (reply)", { intent: "reply", reviewId: "BETA", reply: "Hi" }, 404],
    ["another store's review (remove reply)", { intent: "remove-reply", reviewId: "BETA" }, 404],
    ["an unknown review", { intent: "hide", reviewId: "UNKNOWN" }, 404],
    ["a malformed id", { intent: "hide", reviewId: "1; drop table reviews" }, 400],
    ["an unknown intent", { intent: "delete", reviewId: "OWN" }, 400],
    ["an empty reply", { intent: "reply", reviewId: "OWN", reply: "   " }, 400],
    ["a reply too long", { intent: "reply", reviewId: "OWN", reply: "x".repeat(2001) }, 400],
    ["an unknown setting", { intent: "setting", moderation: "later" }, 400],
  ])("refuses %s", async (_label, fields, status) => {
    const own = await idOf("Cheaper here");
    const values = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [
        k,
        v === "BETA" ? betaReviewId : v === "UNKNOWN" ? uuidv7() : v === "OWN" ? own : v,
      ]),
    );
    const before = await snapshot();
    const [betaBefore] = await db.owner.select().from(reviews).where(eq(reviews.id, betaReviewId));
    const res = await moderate(values);
    expect(res.status).toBe(status);
    expect(await snapshot()).toEqual(before);
    const [betaAfter] = await db.owner.select().from(reviews).where(eq(reviews.id, betaReviewId));
    expect(betaAfter).toEqual(betaBefore);
    if (fields.intent === "reply" && status === 400)
      expect(res.data.notice?.key).toMatch(/^reviewModeration\.reply/);
  });

  it("refuses a shopper (403) and an anonymous visitor (login)", async () => {
    const own = await idOf("Cheaper here");
    const before = await snapshot();
    expect((await moderate({ intent: "hide", reviewId: own }, cookies.sara)).status).toBe(403);
    const anonymous = await moderate({ intent: "hide", reviewId: own }, "");
    expect([302, 401, 403]).toContain(anonymous.status);
    expect((await list("", cookies.sara)).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
