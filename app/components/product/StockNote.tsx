import { useTranslation } from "~/lib/use-translation";
import type { StockState } from "~/lib/stock";

/** In stock / Only N left / Out of stock, in words (never colour alone). */
export function StockNote({ stock, className = "" }: { stock: StockState; className?: string }) {
  const { t } = useTranslation();
  if (stock.kind === "out") {
    return (
      <p className={`font-bold text-red-700 dark:text-red-300 ${className}`}>{t("product.outOfStock")}</p>
    );
  }
  if (stock.kind === "low") {
    return (
      <p className={`font-bold text-amber-800 dark:text-amber-300 ${className}`}>
        {t("product.lowStock", { count: stock.count })}
      </p>
    );
  }
  return <p className={`text-green-800 dark:text-green-300 ${className}`}>{t("product.inStock")}</p>;
}
