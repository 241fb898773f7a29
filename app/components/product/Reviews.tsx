import { useTranslation } from "~/lib/use-translation";
import { useStoreSite } from "~/lib/root-data";
import type { OwnReview, ReviewSummary, ReviewView } from "~/services/catalog/contract";
import { Stars } from "./Stars";

// Building an Intl formatter costs far more than using one: one per locale and zone, kept. The
// store's zone, so the server and every visitor's browser show a review on the same day.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", numberingSystem: "latn", timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * Average and count, the 5→1 distribution, and the published reviews newest first, each with the
 * store's reply under it. The shopper's own review, when the store holds or hid it, comes first,
 * marked as such: only they see it (it is not in the public list, the average or the count).
 */
export function Reviews({
  summary,
  reviews,
  locale,
  ownReview = null,
}: {
  summary: ReviewSummary;
  reviews: ReviewView[];
  locale: string;
  ownReview?: OwnReview | null;
}) {
  const { t } = useTranslation();
  const site = useStoreSite();
  const dates = dateFormat(locale, site.timeZone);
  const storeName = site.name;
  const unpublished = ownReview && ownReview.status !== "published" ? ownReview : null;
  return (
    <div className="flex flex-col gap-6">
      {summary.average !== null ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:gap-10">
          <div>
            <p className="text-4xl font-extrabold">{summary.average.toFixed(1)}</p>
            <Stars rating={summary.average} className="text-xl" />
            <p className="text-muted">{t("reviews.countLabel", { count: summary.count })}</p>
          </div>
          <table className="text-sm">
            <caption className="sr-only">{t("reviews.distribution")}</caption>
            <tbody>
              {summary.distribution.map((row) => (
                <tr key={row.stars}>
                  <th scope="row" className="pe-3 text-start font-normal whitespace-nowrap">
                    {t("reviews.starLabel", { count: row.stars })}
                  </th>
                  <td className="w-40 py-1">
                    <span aria-hidden="true" className="block h-2 w-full rounded-full bg-line">
                      <span
                        className="block h-2 rounded-full bg-amber-600"
                        style={{ width: `${summary.count ? (row.count / summary.count) * 100 : 0}%` }}
                      />
                    </span>
                  </td>
                  <td className="ps-3 text-end tabular-nums">{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-muted">{t("reviews.none")}</p>
      )}
      {unpublished ? (
        <article
          aria-labelledby="own-review-state"
          className="rounded-lg border-2 border-dashed border-line bg-card p-4"
        >
          <p
            id="own-review-state"
            className="mb-2 inline-block rounded-full bg-amber-100 px-2 text-sm font-bold text-amber-950 dark:bg-amber-950 dark:text-amber-100"
          >
            {unpublished.status === "held" ? t("reviewModeration.ownHeld") : t("reviewModeration.ownHidden")}
          </p>
          <h3 className="text-lg font-bold">{unpublished.title}</h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <Stars rating={unpublished.rating} />
            <time dateTime={unpublished.createdAt} className="text-muted">
              {dates.format(new Date(unpublished.createdAt))}
            </time>
          </p>
          <p className="mt-2 whitespace-pre-line">{unpublished.comment}</p>
        </article>
      ) : null}
      {reviews.length > 0 ? (
        <ol className="flex flex-col gap-4">
          {reviews.map((review) => (
            <li key={review.id}>
              <article className="rounded-lg border border-line bg-card p-4">
                <h3 className="text-lg font-bold">{review.title}</h3>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  <Stars rating={review.rating} />
                  <span>{t("reviews.by", { name: review.reviewer })}</span>
                  <time dateTime={review.createdAt} className="text-muted">
                    {dates.format(new Date(review.createdAt))}
                  </time>
                  {review.verifiedBuyer ? (
                    <span className="rounded-full bg-green-100 px-2 font-bold text-green-900 dark:bg-green-950 dark:text-green-200">
                      {t("reviews.verifiedBuyer")}
                    </span>
                  ) : null}
                </p>
                <p className="mt-2 whitespace-pre-line">{review.comment}</p>
                {review.reply ? (
                  <div className="mt-3 rounded-md border-s-4 border-primary bg-page p-3">
                    <p className="text-sm font-bold">
                      {t("reviewModeration.replyFrom", { store: storeName })}
                    </p>
                    <p className="mt-1 whitespace-pre-line">{review.reply}</p>
                  </div>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
