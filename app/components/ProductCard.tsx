import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { StockState } from "~/lib/stock";
import { Swatch } from "./ui/Swatch";

export interface ProductCardData {
  slug: string;
  name: string;
  price: string;
  shadeHex: string | null;
  colorFamily: string | null;
  stock: StockState;
}

/** A product in a grid: shade, name (a heading linking to the product), price, stock. */
export function ProductCard({
  product,
  headingLevel = 3,
}: {
  product: ProductCardData;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const shadeLabel = product.shadeHex
    ? product.colorFamily
      ? t("product.shadeWithFamily", { family: product.colorFamily, hex: product.shadeHex })
      : t("product.shade", { hex: product.shadeHex })
    : null;
  return (
    <article className="relative flex h-full flex-col rounded-lg border border-line bg-card p-3 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      {product.shadeHex && shadeLabel ? (
        <Swatch hex={product.shadeHex} label={shadeLabel} className="aspect-square w-full rounded-md" />
      ) : (
        <span aria-hidden="true" className="block aspect-square w-full rounded-md bg-secondary/15" />
      )}
      <Heading className="mt-3 text-lg leading-snug font-bold">
        {/* The link's box covers the card, so the whole card is one click target. */}
        <Link
          to={`/products/${product.slug}`}
          className="rounded-sm after:absolute after:inset-0 after:rounded-lg after:content-['']"
        >
          {product.name}
        </Link>
      </Heading>
      <p className="mt-1 text-lg font-extrabold">
        <span className="sr-only">{t("product.price")}: </span>
        {product.price}
      </p>
      <StockLine stock={product.stock} />
    </article>
  );
}

function StockLine({ stock }: { stock: StockState }) {
  const { t } = useTranslation();
  if (stock.kind === "out") {
    return <p className="mt-1 text-sm font-bold text-red-700 dark:text-red-300">{t("product.outOfStock")}</p>;
  }
  if (stock.kind === "low") {
    return (
      <p className="mt-1 text-sm font-bold text-amber-800 dark:text-amber-300">
        {t("product.lowStock", { count: stock.count })}
      </p>
    );
  }
  return <p className="mt-1 text-sm text-green-800 dark:text-green-300">{t("product.inStock")}</p>;
}
