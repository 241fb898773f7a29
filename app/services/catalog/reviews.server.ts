/**
 * Product reviews: one per shopper per product (a second submit edits the first), newest first,
 * "verified buyer" when the reviewer has a non-cancelled order containing the product. Only
 * published reviews are shown and counted (decision 024): the product's rating_count /
 * rating_sum hold the published ones and move in the same transaction as the review itself.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { orderItems, orders, products, reviews, storeSettings, users } from "~/db/schema";
import { containsLink } from "~/lib/review-links";
import type { ReviewStatus } from "~/lib/review-states";
import type { ReviewInput } from "~/lib/validation/review";
import { catalogChanged } from "~/services/catalog/catalog-cache.server";
import type { ReviewView, ReviewSummary } from "./contract";
import { inStore, storeJoin } from "~/db/store-scope";

export type { ReviewView, ReviewSummary };

export type { ReviewStatus };

/** How many reviews the product page lists. */
export const REVIEWS_SHOWN = 50;

/** "Verified buyer": the reviewer has a non-cancelled order containing the product. */
export const boughtByReviewer = sql<boolean>`exists (
    select 1 from ${orderItems}
    join ${orders} on ${orders.storeId} = ${orderItems.storeId} and ${orders.id} = ${orderItems.orderId}
    where ${orderItems.productId} = ${reviews.productId}
      and ${orders.userId} = ${reviews.userId}
      and ${orders.status} <> 'cancelled'
  )`;

/** The product's published reviews, newest first, inside the caller's store transaction. */
export async function listReviews(tx: Tx, productId: string, limit = REVIEWS_SHOWN): Promise<ReviewView[]> {
  const rows = await tx
    .select({
      id: reviews.id,
      reviewer: users.name,
      rating: reviews.rating,
      title: reviews.title,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      verifiedBuyer: boughtByReviewer,
      reply: reviews.reply,
    })
    .from(reviews)
    .innerJoin(users, storeJoin(users, "id", reviews, "userId"))
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "published")))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    verifiedBuyer: !!row.verifiedBuyer,
  }));
}

export async function reviewSummary(
  tx: Tx,
  product: { id: string; ratingCount: number; ratingSum: number },
): Promise<ReviewSummary> {
  const rows = await tx
    .select({ rating: reviews.rating, n: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, product.id), eq(reviews.status, "published")))
    .groupBy(reviews.rating);
  const byRating = new Map(rows.map((row) => [row.rating, row.n]));
  return {
    count: product.ratingCount,
    average: product.ratingCount > 0 ? Math.round((product.ratingSum / product.ratingCount) * 10) / 10 : null,
    distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: byRating.get(stars) ?? 0 })),
  };
}

/** Moves the product's published-review counters from one (status, rating) to another. */
export async function moveRatingCounters(
  tx: Tx,
  storeId: string,
  productId: string,
  before: { status: ReviewStatus; rating: number } | null,
  after: { status: ReviewStatus; rating: number } | null,
): Promise<void> {
  const counted = (r: typeof before) => (r && r.status === "published" ? r : null);
  const was = counted(before);
  const now = counted(after);
  const countDelta = (now ? 1 : 0) - (was ? 1 : 0);
  const sumDelta = (now?.rating ?? 0) - (was?.rating ?? 0);
  if (countDelta === 0 && sumDelta === 0) return;
  await tx
    .update(products)
    .set({
      ratingCount: sql`${products.ratingCount} + ${countDelta}`,
      ratingSum: sql`${products.ratingSum} + ${sumDelta}`,
    })
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
}

export type SubmitReviewResult =
  | {
      ok: true;
      edited: boolean;
      reviewId: string;
      status: ReviewStatus;
      /** The review has just become held: the store's admins are told (once per hold). */
      newlyHeld: boolean;
    }
  | { ok: false; error: "not-found" };

/**
 * Creates or edits the shopper's review of an active product. The product row is locked first,
 * so two submits at once cannot both count as new, and the counters always match the reviews.
 *
 * The state it lands in: a review the store hid stays hidden; one with a link, or any review when
 * the store holds new reviews, waits for approval (an edit too: its new text is unapproved);
 * otherwise it is published at once. Only the store's admin publishes or hides.
 */
export async function submitReview(
  storeId: string,
  userId: string,
  productId: string,
  input: ReviewInput,
): Promise<SubmitReviewResult> {
  const db = await getDb();
  const result = await db.withStore(storeId, async (tx): Promise<SubmitReviewResult> => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(inStore(products, storeId, { id: productId, active: true }))
      .for("update");
    if (!product) return { ok: false, error: "not-found" };
    const [existing] = await tx
      .select({ id: reviews.id, rating: reviews.rating, status: reviews.status })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
    const [settings] = await tx
      .select({ moderation: storeSettings.reviewModeration })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, storeId));
    const { rating, title, comment } = input;
    const status: ReviewStatus =
      existing?.status === "hidden"
        ? "hidden"
        : settings?.moderation === "hold" || containsLink(title, comment)
          ? "held"
          : "published";
    const newlyHeld = status === "held" && existing?.status !== "held";
    if (existing) {
      await tx
        .update(reviews)
        .set({ rating, title, comment, status })
        .where(and(eq(reviews.storeId, storeId), eq(reviews.id, existing.id)));
      await moveRatingCounters(tx, storeId, productId, existing, { status, rating });
      return { ok: true, edited: true, reviewId: existing.id, status, newlyHeld };
    }
    const [inserted] = await tx
      .insert(reviews)
      .values({ storeId, productId, userId, rating, title, comment, status })
      .returning({ id: reviews.id });
    await moveRatingCounters(tx, storeId, productId, null, { status, rating });
    return { ok: true, edited: false, reviewId: inserted!.id, status, newlyHeld };
  });
  // The product page shows the review at once, even before this instance hears the notification.
  if (result.ok) await catalogChanged(storeId);
  return result;
}
