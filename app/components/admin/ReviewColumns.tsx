import { Link } from "@remix-run/react";
import { NameAndEmail } from "~/components/admin/NameAndEmail";
import { ReviewActions } from "~/components/admin/ReviewActions";
import { Stars } from "~/components/product/Stars";
import type { DataColumn } from "~/components/ui/DataTable";
import { formatInZone } from "~/lib/time-zone";
import { useStoreTimeZone } from "~/lib/use-store-time-zone";
import { useTranslation } from "~/lib/use-translation";
import type { AdminReviewRow } from "~/services/catalog/contract";

const STATE_TONES: Record<string, string> = {
  published: "border-green-700 text-green-900 dark:border-green-300 dark:text-green-200",
  held: "border-amber-700 text-amber-900 dark:border-amber-300 dark:text-amber-200",
  hidden: "border-red-700 text-red-900 dark:border-red-300 dark:text-red-200",
};

/** The review moderation list's columns: product, shopper, rating, the review, its state, actions. */
export function useReviewColumns(): DataColumn<AdminReviewRow>[] {
  const { t, i18n } = useTranslation();
  const timeZone = useStoreTimeZone();
  return [
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
        <NameAndEmail name={row.shopper} email={row.email} className="min-w-36 gap-1">
          {row.verifiedBuyer ? (
            <span className="self-start rounded-full bg-green-100 px-2 text-sm font-bold text-green-900 dark:bg-green-950 dark:text-green-200">
              {t("reviews.verifiedBuyer")}
            </span>
          ) : null}
        </NameAndEmail>
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
}
