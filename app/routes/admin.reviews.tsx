import type { MetaFunction } from "@remix-run/node";
import type { z } from "zod";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { useReviewColumns } from "~/components/admin/ReviewColumns";
import { ReviewSetting } from "~/components/admin/ReviewSetting";
import { SearchInput, SelectFilter } from "~/components/ui/FilterField";
import { ListPage } from "~/components/ui/ListPage";
import { adminLoader, type ShopperArgs } from "~/http/handlers.server";
import { intentAction } from "~/http/intent-action.server";
import { notFoundPage } from "~/http/entity.server";
import { readReviewFilters } from "~/http/list-filters.server";
import { sameListPath } from "~/http/list-query.server";
import { REVIEW_STATUSES } from "~/lib/review-states";
import { seo } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import {
  reviewRemoveReplySchema,
  reviewReplySchema,
  reviewSettingSchema,
  reviewStateSchema,
} from "~/lib/validation/review-admin";
import {
  getReviewModeration,
  listAdminReviews,
  reviewedProducts,
  saveReviewModeration,
  setReviewReply,
  setReviewStatus,
} from "~/services/catalog/reviews-admin.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("reviewModeration.title") });

/**
 * Every review of the store, newest first, filtered by state, rating, product and a search (title,
 * comment, shopper, product); the dashboard's tile and the menu's count link here with
 * `?status=held`. A filter value the list cannot use is ignored and named above it.
 */
export const loader = adminLoader("reviews.moderate", async ({ request, store, locale }) => {
  const { filters, problems, cursor } = readReviewFilters(request);
  const [page, productOptions, moderation] = await Promise.all([
    listAdminReviews(store.id, filters, cursor, locale),
    reviewedProducts(store.id, locale),
    getReviewModeration(store.id),
  ]);
  return { ...page, filters, problems, productOptions, moderation };
});

/** What each moderation button makes of a review (its toast is `reviewModeration.<status>`). */
const REVIEW_STATUS_OF = { hide: "hidden", publish: "published", hold: "held" } as const;

/**
 * hide / publish / hold (a published review back to awaiting approval) / reply / remove-reply one
 * review, or the "new reviews" setting. Another store's review id is a 404 and changes nothing; a
 * bad body is a 400.
 */
export const action = intentAction(
  {
    hide: "reviews.moderate",
    publish: "reviews.moderate",
    hold: "reviews.moderate",
    reply: "reviews.moderate",
    "remove-reply": "reviews.moderate",
    setting: "settings.edit",
  },
  {
    hide: [reviewStateSchema, setState],
    publish: [reviewStateSchema, setState],
    hold: [reviewStateSchema, setState],
    reply: [
      reviewReplySchema,
      async ({ reviewId, reply }, { request, store }) => {
        if (!(await setReviewReply(store.id, reviewId, reply))) throw notFoundPage();
        return redirectWithToast(backToList(request), { key: "reviewModeration.replySaved" });
      },
      { messageFields: ["reply"] },
    ],
    "remove-reply": [
      reviewRemoveReplySchema,
      async ({ reviewId }, { request, store }) => {
        if (!(await setReviewReply(store.id, reviewId, null))) throw notFoundPage();
        return redirectWithToast(backToList(request), { key: "reviewModeration.replyRemoved" });
      },
    ],
    setting: [
      reviewSettingSchema,
      async ({ moderation }, { request, store }) => {
        await saveReviewModeration(store.id, moderation);
        return redirectWithToast(backToList(request), { key: "toast.updateSuccess" });
      },
      { messageFields: ["moderation"] },
    ],
  },
);

/** Back to the list as it was (filters, page), without a pending confirmation. */
function backToList(request: Request) {
  return sameListPath(request, "/admin/reviews", ["confirm"]);
}

async function setState(
  { intent, reviewId }: z.output<typeof reviewStateSchema>,
  { request, store }: ShopperArgs,
) {
  const status = REVIEW_STATUS_OF[intent];
  if (!(await setReviewStatus(store.id, reviewId, status))) throw notFoundPage();
  return redirectWithToast(backToList(request), { key: `reviewModeration.${status}` });
}

export default function AdminReviews() {
  const { filters, problems, productOptions, moderation, ...page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const columns = useReviewColumns();
  return (
    <AdminPage title={t("reviewModeration.title")}>
      <ActionNotice data={actionData} />
      <ReviewSetting moderation={moderation} />
      <ListPage
        texts="reviewModeration"
        page={page}
        columns={columns}
        ignored={problems}
        filters={{
          names: ["q", "status", "rating", "product"],
          fields: (
            <>
              <SearchInput label={t("reviewModeration.search")} defaultValue={filters.q} />
              <SelectFilter
                label={t("reviewModeration.state")}
                name="status"
                value={filters.status}
                all={t("reviewModeration.all")}
                options={REVIEW_STATUSES.map((status) => [status, t(`reviewModeration.states.${status}`)])}
              />
              <SelectFilter
                label={t("reviews.rating")}
                name="rating"
                value={filters.rating}
                all={t("reviewModeration.all")}
                options={[5, 4, 3, 2, 1].map((stars) => [stars, t("reviews.starLabel", { count: stars })])}
              />
              <SelectFilter
                label={t("reviewModeration.product")}
                name="product"
                value={filters.productId}
                all={t("reviewModeration.all")}
                options={productOptions.map((product) => [product.id, product.name])}
                className="max-w-full sm:max-w-64"
              />
            </>
          ),
        }}
      />
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
