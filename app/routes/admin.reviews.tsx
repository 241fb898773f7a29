import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { AdminPage } from "~/components/admin/AdminPage";
import { ReviewActions } from "~/components/admin/ReviewActions";
import { ReviewSetting } from "~/components/admin/ReviewSetting";
import { Stars } from "~/components/product/Stars";
import { DataTable, type DataColumn } from "~/components/ui/DataTable";
import { Notice } from "~/components/ui/Notice";
import { adminAction, adminLoader } from "~/http/handlers.server";
import { badRequest, Refusal } from "~/http/refusal.server";
import { REVIEW_STATUSES } from "~/lib/review-states";
import { useStoreTimeZone } from "~/lib/use-store-time-zone";
import { seo } from "~/lib/seo";
import { formatInZone } from "~/lib/time-zone";
import { TABLE_PARAMS } from "~/lib/table-links";
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
  readReviewFilters,
  reviewedProducts,
  saveReviewModeration,
  setReviewReply,
  setReviewStatus,
  type AdminReviewRow,
} from "~/services/admin/reviews.server";

export const meta: MetaFunction = (args) => seo({ ...args, page: (t) => t("reviewModeration.title") });

/**
 * Every review of the store, newest first, filtered by state, rating, product and a search (title,
 * comment, shopper, product); the dashboard's tile and the menu's count link here with
 * `?status=held`. A filter value the list cannot use is ignored and named above it.
 */
export const loader = adminLoader(async ({ request, store, locale }) => {
  const search = new URL(request.url).searchParams;
  const { filters, problems } = readReviewFilters(search);
  const [page, productOptions, moderation] = await Promise.all([
    listAdminReviews(store.id, filters, search.get(TABLE_PARAMS.cursor), locale),
    reviewedProducts(store.id, locale),
    getReviewModeration(store.id),
  ]);
  return { ...page, filters, problems, productOptions, moderation };
});

const notFound = () => new Refusal(404, { key: "notFound.page" });

/**
 * hide / publish / reply / remove-reply one review, or the "new reviews" setting. Another store's
 * review id is a 404 and changes nothing; a bad body is a 400.
 */
export const action = adminAction(async ({ request, store, form }) => {
  const fields = Object.fromEntries(form);
  const { search } = new URL(request.url);
  // Back to the list as it was (filters, page), without a pending confirmation.
  const params = new URLSearchParams(search);
  params.delete("confirm");
  const back = `/admin/reviews${params.size > 0 ? `?${params}` : ""}`;
  switch (fields.intent) {
    case "hide":
    case "publish": {
      const parsed = reviewStateSchema.safeParse(fields);
      if (!parsed.success) throw badRequest();
      const status = parsed.data.intent === "hide" ? "hidden" : "published";
      if (!(await setReviewStatus(store.id, parsed.data.reviewId, status))) throw notFound();
      return redirectWithToast(back, {
        key: status === "hidden" ? "reviewModeration.hidden" : "reviewModeration.published",
      });
    }
    case "reply": {
      const parsed = reviewReplySchema.safeParse(fields);
      if (!parsed.success) {
        const message = parsed.error.issues.find((issue) => issue.path[0] === "reply")?.message;
        throw message ? new Refusal(400, { key: message }) : badRequest();
      }
      if (!(await setReviewReply(store.id, parsed.data.reviewId, parsed.data.reply))) throw notFound();
      return redirectWithToast(back, { key: "reviewModeration.replySaved" });
    }
    case "remove-reply": {
      const parsed = reviewRemoveReplySchema.safeParse(fields);
      if (!parsed.success) throw badRequest();
      if (!(await setReviewReply(store.id, parsed.data.reviewId, null))) throw notFound();
      return redirectWithToast(back, { key: "reviewModeration.replyRemoved" });
    }
    case "setting": {
      const parsed = reviewSettingSchema.safeParse(fields);
      if (!parsed.success) throw new Refusal(400, { key: "reviewModeration.settingInvalid" });
      await saveReviewModeration(store.id, parsed.data.moderation);
      return redirectWithToast(back, { key: "toast.updateSuccess" });
    }
    default:
      throw badRequest();
  }
});

const FIELD_CLASS = "min-h-11 rounded-md border border-line bg-field px-3";

const STATE_TONES: Record<string, string> = {
  published: "border-green-700 text-green-900 dark:border-green-300 dark:text-green-200",
  held: "border-amber-700 text-amber-900 dark:border-amber-300 dark:text-amber-200",
  hidden: "border-red-700 text-red-900 dark:border-red-300 dark:text-red-200",
};

export default function AdminReviews() {
  const { rows, prevCursor, nextCursor, filters, problems, productOptions, moderation } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const timeZone = useStoreTimeZone();
  const columns: DataColumn<AdminReviewRow>[] = [
    {
      key: "product",
      header: t("reviewModeration.product"),
      rowHeader: true,
      cell: (row) =>
        row.productActive ? (
          <Link
            to={`/products/${encodeURIComponent(row.productSlug)}#reviews`}
            className="inline-flex min-h-11 min-w-32 items-center underline underline-offset-4 hover:no-underline"
          >
            <span dir="auto">{row.productName}</span>
          </Link>
        ) : (
          <span dir="auto" className="inline-block min-w-32">
            {row.productName}
          </span>
        ),
    },
    {
      key: "shopper",
      header: t("reviewModeration.shopper"),
      cell: (row) => (
        <span className="flex min-w-36 flex-col gap-1">
          <span dir="auto">{row.shopper}</span>
          <span dir="ltr" className="text-start text-sm break-all text-muted">
            {row.email}
          </span>
          {row.verifiedBuyer ? (
            <span className="self-start rounded-full bg-green-100 px-2 text-sm font-bold text-green-900 dark:bg-green-950 dark:text-green-200">
              {t("reviews.verifiedBuyer")}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: "rating",
      header: t("reviews.rating"),
      cell: (row) => <Stars rating={row.rating} className="whitespace-nowrap" />,
    },
    {
      key: "review",
      header: t("reviewModeration.review"),
      cell: (row) => (
        <div className="relative flex min-w-56 max-w-sm flex-col gap-1">
          <p dir="auto" className="font-bold break-words">
            {row.title}
          </p>
          <p dir="auto" className="whitespace-pre-line break-words">
            {row.comment}
          </p>
          {/* The date sits with the text it dates: one column less for the table to fit. */}
          <p className="text-sm text-muted">
            <span className="sr-only">{`${t("reviewModeration.date")}: `}</span>
            <time dateTime={row.createdAt}>{formatInZone(row.createdAt, i18n.language, timeZone)}</time>
          </p>
          {row.reply ? (
            <div className="mt-1 rounded-md border-s-4 border-primary bg-page p-2 text-sm">
              <p className="font-bold">{t("reviewModeration.yourReply")}</p>
              <p dir="auto" className="whitespace-pre-line break-words">
                {row.reply}
              </p>
            </div>
          ) : null}
        </div>
      ),
    },
    {
      key: "state",
      header: t("reviewModeration.state"),
      cell: (row) => (
        <span
          className={`inline-block rounded-full border px-2 py-0.5 text-sm font-bold whitespace-nowrap ${STATE_TONES[row.status]}`}
        >
          {t(`reviewModeration.states.${row.status}`)}
        </span>
      ),
    },
    {
      key: "actions",
      header: t("admin.users.actions"),
      cell: (row) => <ReviewActions review={row} />,
    },
  ];
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
              <label className="flex w-full flex-col gap-1 sm:w-auto">
                <span className="font-bold">{t("reviewModeration.search")}</span>
                <input
                  type="search"
                  name="q"
                  defaultValue={filters.q}
                  maxLength={200}
                  className={FIELD_CLASS}
                />
              </label>
              <label className="flex w-full flex-col gap-1 sm:w-auto">
                <span className="font-bold">{t("reviewModeration.state")}</span>
                <select name="status" defaultValue={filters.status ?? ""} className={FIELD_CLASS}>
                  <option value="">{t("reviewModeration.all")}</option>
                  {REVIEW_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {t(`reviewModeration.states.${status}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex w-full flex-col gap-1 sm:w-auto">
                <span className="font-bold">{t("reviews.rating")}</span>
                <select name="rating" defaultValue={filters.rating ?? ""} className={FIELD_CLASS}>
                  <option value="">{t("reviewModeration.all")}</option>
                  {[5, 4, 3, 2, 1].map((stars) => (
                    <option key={stars} value={stars}>
                      {t("reviews.starLabel", { count: stars })}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex w-full flex-col gap-1 sm:w-auto">
                <span className="font-bold">{t("reviewModeration.product")}</span>
                <select
                  name="product"
                  defaultValue={filters.productId ?? ""}
                  className={`${FIELD_CLASS} max-w-full sm:max-w-64`}
                >
                  <option value="">{t("reviewModeration.all")}</option>
                  {productOptions.map((product) => (
                    <option key={product.id} value={product.id}>
                      {product.name}
                    </option>
                  ))}
                </select>
              </label>
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
