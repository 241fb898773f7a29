/**
 * The admin's reviews (issue 23, decision 024): every review of the store with its product,
 * shopper and state, filtered by state, rating, product and a search, in keyset pages newest
 * first; hide and publish (the product's published counters move with it); the store's one public
 * reply; the "new reviews" setting; the held count for the menu and the dashboard. Store id
 * first, in its RLS scope, so another store's review id is simply not found.
 */
import { recordAudit, recordChange } from "~/services/audit/audit.server";
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { newestFirst } from "~/db/keyset.server";
import { products, reviews, storeSettings, users } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import type { ReviewModeration } from "~/lib/validation/review-admin";
import { catalogChanged } from "~/services/catalog/catalog-cache.server";
import { likePattern } from "~/services/catalog/catalog.server";
import { boughtByReviewer, moveRatingCounters, type ReviewStatus } from "~/services/catalog/reviews.server";
import { localized } from "~/services/store/settings.server";
import { tenantChanged } from "~/services/store/tenancy.server";
import type { AdminReviewRow } from "./contract";
import { storeJoin } from "~/db/store-scope";

export type { AdminReviewRow };

export const ADMIN_REVIEWS_PAGE_SIZE = 25;

export interface ReviewFilters {
  status: ReviewStatus | null;
  rating: number | null;
  productId: string | null;
  q: string;
}

function filterConditions(storeId: string, filters: ReviewFilters): SQL[] {
  const where: SQL[] = [eq(reviews.storeId, storeId)];
  if (filters.status) where.push(eq(reviews.status, filters.status));
  if (filters.rating) where.push(eq(reviews.rating, filters.rating));
  if (filters.productId) where.push(eq(reviews.productId, filters.productId));
  if (filters.q) {
    const pattern = likePattern(filters.q.toLowerCase());
    where.push(sql`(lower(${reviews.title}) like ${pattern} or lower(${reviews.comment}) like ${pattern}
      or lower(${users.name}) like ${pattern} or lower(${users.email}) like ${pattern}
      or lower(${products.nameEn}) like ${pattern} or lower(${products.nameAr}) like ${pattern})`);
  }
  return where;
}

/** One page of the filtered list, newest first, with the cursors of its neighbours. */
export async function listAdminReviews(
  storeId: string,
  filters: ReviewFilters,
  cursor: string | null,
  locale: Locale,
): Promise<{ rows: AdminReviewRow[]; prevCursor: string | null; nextCursor: string | null }> {
  const newest = newestFirst(cursor, reviews.createdAt, reviews.id);
  const db = await getDb();
  const fetched = await db.withStore(storeId, (tx) =>
    tx
      .select({
        id: reviews.id,
        nameEn: products.nameEn,
        nameAr: products.nameAr,
        productSlug: products.slug,
        productActive: products.active,
        shopper: users.name,
        email: users.email,
        rating: reviews.rating,
        title: reviews.title,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
        verifiedBuyer: boughtByReviewer,
        status: reviews.status,
        reply: reviews.reply,
        anchor: newest.anchor,
      })
      .from(reviews)
      .innerJoin(products, storeJoin(products, "id", reviews, "productId"))
      .innerJoin(users, storeJoin(users, "id", reviews, "userId"))
      .where(and(...filterConditions(storeId, filters), newest.past))
      .orderBy(...newest.orderBy)
      .limit(ADMIN_REVIEWS_PAGE_SIZE + 1),
  );
  const page = newest.page(fetched, ADMIN_REVIEWS_PAGE_SIZE);
  return {
    ...page,
    rows: page.rows.map(({ anchor: _anchor, nameEn, nameAr, createdAt, verifiedBuyer, ...row }) => ({
      ...row,
      productName: localized(nameEn, nameAr, locale),
      createdAt: createdAt.toISOString(),
      verifiedBuyer: !!verifiedBuyer,
    })),
  };
}

/** The products that have reviews, for the list's product filter, by name. */
export async function reviewedProducts(
  storeId: string,
  locale: Locale,
): Promise<Array<{ id: string; name: string }>> {
  const db = await getDb();
  const rows = await db.withStore(storeId, (tx) =>
    tx
      .select({ id: products.id, nameEn: products.nameEn, nameAr: products.nameAr })
      .from(products)
      .where(
        sql`exists (select 1 from ${reviews} where ${reviews.storeId} = ${products.storeId} and ${reviews.productId} = ${products.id})`,
      )
      .limit(1000),
  );
  return rows
    .map((row) => ({ id: row.id, name: localized(row.nameEn, row.nameAr, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** Held reviews: the menu's badge and the dashboard's to-do tile. */
export async function heldReviewCount(storeId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.storeId, storeId), eq(reviews.status, "held"))),
  );
  return row?.n ?? 0;
}

/**
 * Publishes or hides one review; its product's published counters move in the same transaction
 * (the product row is locked first, as a shopper's submit does). False: no such review here.
 */
export async function setReviewStatus(
  storeId: string,
  reviewId: string,
  status: "published" | "hidden" | "held",
): Promise<boolean> {
  const db = await getDb();
  const found = await db.withStore(storeId, async (tx) => {
    const [review] = await tx
      .select({ productId: reviews.productId })
      .from(reviews)
      .where(and(eq(reviews.storeId, storeId), eq(reviews.id, reviewId)));
    if (!review) return false;
    const [product] = await tx
      .select({ id: products.id, nameEn: products.nameEn })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.id, review.productId)))
      .for("update");
    const [current] = await tx
      .select({ status: reviews.status, rating: reviews.rating })
      .from(reviews)
      .where(and(eq(reviews.storeId, storeId), eq(reviews.id, reviewId)));
    if (!current) return false;
    if (current.status === status) return true;
    await tx
      .update(reviews)
      .set({ status })
      .where(and(eq(reviews.storeId, storeId), eq(reviews.id, reviewId)));
    await moveRatingCounters(tx, storeId, review.productId, current, { status, rating: current.rating });
    await recordAudit(tx, storeId, {
      action: "review.status",
      entityType: "review",
      entityId: reviewId,
      entityLabel: product?.nameEn ?? "",
      changes: { status: [current.status, status] },
    });
    return true;
  });
  // The product's pages follow at once on this instance; others hear catalog_changed.
  if (found) await catalogChanged(storeId);
  return found;
}

/** Sets (text) or removes (null) the store's public reply. False: no such review here. */
export async function setReviewReply(
  storeId: string,
  reviewId: string,
  reply: string | null,
): Promise<boolean> {
  const db = await getDb();
  const updated = await db.withStore(storeId, async (tx) => {
    const [current] = await tx
      .select({ reply: reviews.reply, product: products.nameEn })
      .from(reviews)
      .innerJoin(products, storeJoin(products, "id", reviews, "productId"))
      .where(and(eq(reviews.storeId, storeId), eq(reviews.id, reviewId)))
      .for("update", { of: reviews });
    if (!current) return [];
    const rows = await tx
      .update(reviews)
      .set({ reply, repliedAt: reply === null ? null : new Date() })
      .where(and(eq(reviews.storeId, storeId), eq(reviews.id, reviewId)))
      .returning({ id: reviews.id });
    await recordChange(tx, storeId, {
      action: "review.reply",
      entityType: "review",
      entityId: reviewId,
      entityLabel: current.product,
      before: { reply: current.reply },
      after: { reply },
    });
    return rows;
  });
  if (updated.length > 0) await catalogChanged(storeId);
  return updated.length > 0;
}

export async function getReviewModeration(storeId: string): Promise<ReviewModeration> {
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .select({ moderation: storeSettings.reviewModeration })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, storeId)),
  );
  return row?.moderation ?? "publish";
}

/** "New reviews: publish at once / hold for approval". Reviews already written keep their state. */
export async function saveReviewModeration(storeId: string, moderation: ReviewModeration): Promise<void> {
  const db = await getDb();
  await db.withStore(storeId, async (tx) => {
    const [current] = await tx
      .select({ moderation: storeSettings.reviewModeration })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, storeId))
      .for("update");
    await tx
      .insert(storeSettings)
      .values({ storeId, reviewModeration: moderation })
      .onConflictDoUpdate({
        target: storeSettings.storeId,
        set: { reviewModeration: moderation, updatedAt: new Date() },
      });
    await recordChange(tx, storeId, {
      action: "review.moderation",
      entityType: "review",
      before: { reviewModeration: current?.moderation ?? "publish" },
      after: { reviewModeration: moderation },
    });
  });
  await tenantChanged(storeId);
}
