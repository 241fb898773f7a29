import { useTranslation } from "react-i18next";

/**
 * A price, or a sale price with the original struck through. The strike-through is visual only,
 * so each amount carries a spoken label ("Sale price", "Original price").
 */
export function PriceTag({
  price,
  salePrice,
  size = "lg",
}: {
  price: string;
  salePrice: string | null;
  size?: "lg" | "md";
}) {
  const { t } = useTranslation();
  const big = size === "lg" ? "text-3xl" : "text-base";
  if (!salePrice) {
    return (
      <p className={`${big} font-extrabold`}>
        <span className="sr-only">{t("productPage.price")}: </span>
        {price}
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-baseline gap-x-3">
      <span className={`${big} font-extrabold text-red-800 dark:text-red-300`}>
        <span className="sr-only">{t("productPage.salePrice")}: </span>
        {salePrice}
      </span>
      <s className="text-muted">
        <span className="sr-only">{t("productPage.originalPrice")}: </span>
        {price}
      </s>
    </p>
  );
}
