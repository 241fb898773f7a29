import { useTranslation } from "~/lib/use-translation";

/** Five stars, filled up to `rating` (rounded), read out as "Rated N out of 5". */
export function Stars({ rating, className = "" }: { rating: number; className?: string }) {
  const { t } = useTranslation();
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={t("reviews.ratingValue", { rating })} className={`inline-flex ${className}`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span
          key={n}
          aria-hidden="true"
          className={n <= filled ? "text-amber-700 dark:text-amber-300" : "text-muted"}
        >
          {n <= filled ? "★" : "☆"}
        </span>
      ))}
    </span>
  );
}
