/**
 * Product reviews: one per shopper per product (a second submit edits the first), newest first,
 * "verified buyer" when the reviewer has a non-cancelled order containing the product. The
 * product's rating_count / rating_sum move in the same transaction as the review itself.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { orderItems, orders, products, reviews, users } from "~/db/schema";
import type { ReviewInput } from "~/lib/validation/review";
import { catalogChanged } from "~/services/catalog/catalog-cache.server";

/** How many reviews the product page lists. */
export const REVIEWS_SHOWN = 50;

/** What the product page shows of a review: the reviewer's name, never their internal user id. */
export interface ReviewView {
  id: string;
  reviewer: string;
  rating: number;
  title: string;
  comment: string;
  /** ISO timestamp; formatted in the page's locale. */
  createdAt: string;
  verifiedBuyer: boolean;
}

export interface ReviewSummary {
  count: number;
  /** Rounded to one decimal; null when unrated. */
  average: number | null;
  /** Count per rating, index 0 is 5 stars down to index 4 for 1 star. */
  distribution: { stars: number; count: number }[];
}

/** The product's reviews, newest first, inside the caller's store transaction. */
export async function listReviews(tx: Tx, productId: string, limit = REVIEWS_SHOWN): Promise<ReviewView[]> {
  const bought = sql<boolean>`exists (
    select 1 from ${orderItems}
    join ${orders} on ${orders.storeId} = ${orderItems.storeId} and ${orders.id} = ${orderItems.orderId}
    where ${orderItems.productId} = ${reviews.productId}
      and ${orders.userId} = ${reviews.userId}
      and ${orders.status} <> 'cancelled'
  )`;
  const rows = await tx
    .select({
      id: reviews.id,
      reviewer: users.name,
      rating: reviews.rating,
      title: reviews.title,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      verifiedBuyer: bought,
    })
    .from(reviews)
    .innerJoin(users, and(eq(users.storeId, reviews.storeId), eq(users.id, reviews.userId)))
    .where(eq(reviews.productId, productId))
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
    .where(eq(reviews.productId, product.id))
    .groupBy(reviews.rating);
  const byRating = new Map(rows.map((row) => [row.rating, row.n]));
  return {
    count: product.ratingCount,
    average: product.ratingCount > 0 ? Math.round((product.ratingSum / product.ratingCount) * 10) / 10 : null,
    distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: byRating.get(stars) ?? 0 })),
  };
}

export type SubmitReviewResult = { ok: true; edited: boolean } | { ok: false; error: "not-found" };

/**
 * Creates or edits the shopper's review of an active product. The product row is locked first,
 * so two submits at once cannot both count as new, and the counters always match the reviews.
 */
export async function submitReview(
  storeId: string,
  userId: string,
  productId: string,
  input: ReviewInput,
): Promise<SubmitReviewResult> {
  const db = await getDb();
  const result = await db.withStore(storeId, async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.id, productId), eq(products.active, true)))
      .for("update");
    if (!product) return { ok: false, error: "not-found" } as const;
    const [existing] = await tx
      .select({ id: reviews.id, rating: reviews.rating })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
    const { rating, title, comment } = input;
    if (existing) {
      await tx
        .update(reviews)
        .set({ rating, title, comment })
        .where(and(eq(reviews.storeId, storeId), eq(reviews.id, existing.id)));
      if (existing.rating !== rating) {
        await tx
          .update(products)
          .set({ ratingSum: sql`${products.ratingSum} + ${rating - existing.rating}` })
          .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
      }
      return { ok: true, edited: true } as const;
    }
    await tx.insert(reviews).values({ storeId, productId, userId, rating, title, comment });
    await tx
      .update(products)
      .set({
        ratingCount: sql`${products.ratingCount} + 1`,
        ratingSum: sql`${products.ratingSum} + ${rating}`,
      })
      .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
    return { ok: true, edited: false } as const;
  });
  // The product page shows the review at once, even before this instance hears the notification.
  if (result.ok) await catalogChanged(storeId);
  return result;
}
