import { useTranslation } from "~/lib/use-translation";
import { Price } from "../Price";

/**
 * A price, or a sale price with the original struck through. The strike-through is visual only,
 * so each amount carries a spoken label ("Sale price", "Original price").
 */
export function PriceTag({
  priceCents,
  salePriceCents,
  size = "lg",
}: {
  priceCents: number;
  /** What the shopper pays; a sale shows only when it is below priceCents. */
  salePriceCents: number;
  size?: "lg" | "md";
}) {
  const { t } = useTranslation();
  const big = size === "lg" ? "text-3xl" : "text-base";
  if (salePriceCents >= priceCents) {
    return (
      <p className={`${big} font-extrabold`}>
        <span className="sr-only">{t("productPage.price")}: </span>
        <Price minor={priceCents} />
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-baseline gap-x-3">
      <span className={`${big} font-extrabold text-red-800 dark:text-red-300`}>
        <span className="sr-only">{t("productPage.salePrice")}: </span>
        <Price minor={salePriceCents} />
      </span>
      <s className="text-muted">
        <span className="sr-only">{t("productPage.originalPrice")}: </span>
        <Price minor={priceCents} />
      </s>
    </p>
  );
}
