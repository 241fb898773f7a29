import type { MetaFunction } from "@remix-run/node";
import type { z } from "zod";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { useReviewColumns } from "~/components/admin/ReviewColumns";
import { ReviewSetting } from "~/components/admin/ReviewSetting";
import { DataTable } from "~/components/ui/DataTable";
import { FilterField, SearchInput } from "~/components/ui/FilterField";
import { Select } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";
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
} from "~/services/admin/reviews.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("reviewModeration.title") });

/**
 * Every review of the store, newest first, filtered by state, rating, product and a search (title,
 * comment, shopper, product); the dashboard's tile and the menu's count link here with
 * `?status=held`. A filter value the list cannot use is ignored and named above it.
 */
export const loader = adminLoader(async ({ request, store, locale }) => {
  const { filters, problems, cursor } = readReviewFilters(request);
  const [page, productOptions, moderation] = await Promise.all([
    listAdminReviews(store.id, filters, cursor, locale),
    reviewedProducts(store.id, locale),
    getReviewModeration(store.id),
  ]);
  return { ...page, filters, problems, productOptions, moderation };
});

/**
 * hide / publish / reply / remove-reply one review, or the "new reviews" setting. Another store's
 * review id is a 404 and changes nothing; a bad body is a 400.
 */
export const action = intentAction({
  hide: [reviewStateSchema, setState],
  publish: [reviewStateSchema, setState],
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
});

/** Back to the list as it was (filters, page), without a pending confirmation. */
function backToList(request: Request) {
  return sameListPath(request, "/admin/reviews", ["confirm"]);
}

async function setState(
  { intent, reviewId }: z.output<typeof reviewStateSchema>,
  { request, store }: ShopperArgs,
) {
  const status = intent === "hide" ? "hidden" : "published";
  if (!(await setReviewStatus(store.id, reviewId, status))) throw notFoundPage();
  return redirectWithToast(backToList(request), {
    key: status === "hidden" ? "reviewModeration.hidden" : "reviewModeration.published",
  });
}

export default function AdminReviews() {
  const { rows, prevCursor, nextCursor, filters, problems, productOptions, moderation } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const columns = useReviewColumns();
  return (
    <AdminPage title={t("reviewModeration.title")}>
      <ActionNotice data={actionData} />
      <ReviewSetting moderation={moderation} />
      {problems.map((problem) => (
        <Notice key={problem} tone="info">
          {t(`reviewModeration.filterProblems.${problem}`)}
        </Notice>
      ))}
      <DataTable
        caption={t("reviewModeration.title")}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        prevCursor={prevCursor}
        nextCursor={nextCursor}
        filters={{
          names: ["q", "status", "rating", "product"],
          fields: (
            <>
              <SearchInput label={t("reviewModeration.search")} defaultValue={filters.q} />
              <FilterField label={t("reviewModeration.state")}>
                <Select name="status" defaultValue={filters.status ?? ""}>
                  <option value="">{t("reviewModeration.all")}</option>
                  {REVIEW_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {t(`reviewModeration.states.${status}`)}
                    </option>
                  ))}
                </Select>
              </FilterField>
              <FilterField label={t("reviews.rating")}>
                <Select name="rating" defaultValue={filters.rating ?? ""}>
                  <option value="">{t("reviewModeration.all")}</option>
                  {[5, 4, 3, 2, 1].map((stars) => (
                    <option key={stars} value={stars}>
                      {t("reviews.starLabel", { count: stars })}
                    </option>
                  ))}
                </Select>
              </FilterField>
              <FilterField label={t("reviewModeration.product")}>
                <Select
                  name="product"
                  defaultValue={filters.productId ?? ""}
                  className="max-w-full sm:max-w-64"
                >
                  <option value="">{t("reviewModeration.all")}</option>
                  {productOptions.map((product) => (
                    <option key={product.id} value={product.id}>
                      {product.name}
                    </option>
                  ))}
                </Select>
              </FilterField>
            </>
          ),
        }}
        empty={t("reviewModeration.empty")}
      />
    </AdminPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";

export { headers } from "~/http/headers";
