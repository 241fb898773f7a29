import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { CARD_SIZES, cardImageUrl, cardSrcSet } from "~/lib/card-image";
import type { StockState } from "~/lib/stock";
import type { CatalogProduct } from "~/services/catalog/contract";
import { useMoney } from "./Price";
import { Swatch } from "./ui/Swatch";

/**
 * What a card shows of a product: a listing's product (`CatalogProduct`) without its id, whose
 * image and "From $x" may be left out (none, and the same price for every variant).
 */
export type ProductCardData = Omit<CatalogProduct, "id" | "imageId" | "priceVaries"> & {
  imageId?: string | null;
  priceVaries?: boolean;
};

/** A product in a grid: image, name (a heading linking to the product), price, shade, stock. */
export function ProductCard({
  product,
  headingLevel = 3,
  eager = false,
}: {
  product: ProductCardData;
  /** 2 where the grid sits right under the page's h1 (a listing), 3 under a section's h2. */
  headingLevel?: 2 | 3;
  /**
   * Above the fold (the first row): fetched at once and first, as the page's largest image is
   * one of these (Lighthouse's "LCP request discovery").
   */
  eager?: boolean;
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
      {product.imageId ? (
        // The name below says what this is; the picture is decoration for it.
        <img
          src={cardImageUrl(product.imageId, 384)}
          srcSet={cardSrcSet(product.imageId)}
          sizes={CARD_SIZES}
          width={480}
          height={480}
          alt=""
          loading={eager ? "eager" : "lazy"}
          // React 18 knows only the lowercase attribute.
          {...(eager ? { fetchpriority: "high" } : {})}
          decoding="async"
          className="aspect-square w-full rounded-md border border-line object-cover"
        />
      ) : product.shadeHex && shadeLabel ? (
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
      <CardPrice
        priceCents={product.priceCents}
        salePriceCents={product.salePriceCents}
        from={product.priceVaries ?? false}
      />
      <div className="mt-1 flex items-center gap-2">
        {product.imageId && product.shadeHex && shadeLabel ? (
          <Swatch hex={product.shadeHex} label={shadeLabel} className="size-4 shrink-0 rounded-full" />
        ) : null}
        <StockLine stock={product.stock} />
      </div>
    </article>
  );
}

function CardPrice({
  priceCents,
  salePriceCents,
  from,
}: {
  priceCents: number;
  salePriceCents: number;
  /** The lowest of several prices: "From $x" (what sorting and the price filter use). */
  from: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const price = money(priceCents);
  // The amount the shopper pays now, as read: "From $9.99" when the variants differ.
  const shown = (minor: number) => (from ? t("variantPicker.from", { price: money(minor) }) : money(minor));
  if (salePriceCents >= priceCents) {
    return (
      <p className="mt-1 text-lg font-extrabold" data-price={price}>
        <span className="sr-only">{t("product.price")}: </span>
        {shown(priceCents)}
      </p>
    );
  }
  return (
    <p className="mt-1 flex flex-wrap items-baseline gap-x-2" data-price={price}>
      <span className="rounded-sm bg-red-700 px-1.5 text-xs font-bold text-white uppercase">
        {t("catalog.card.onSale")}
      </span>
      <span className="text-lg font-extrabold text-red-800 dark:text-red-300">
        <span className="sr-only">{t("catalog.card.salePrice")}: </span>
        {shown(salePriceCents)}
      </span>
      <s className="text-sm text-muted">
        <span className="sr-only">{t("catalog.card.originalPrice")}: </span>
        {price}
      </s>
    </p>
  );
}

function StockLine({ stock }: { stock: StockState }) {
  const { t } = useTranslation();
  if (stock.kind === "out") {
    return <p className="text-sm font-bold text-red-700 dark:text-red-300">{t("product.outOfStock")}</p>;
  }
  if (stock.kind === "low") {
    return (
      <p className="text-sm font-bold text-amber-800 dark:text-amber-300">
        {t("product.lowStock", { count: stock.count })}
      </p>
    );
  }
  return <p className="text-sm text-green-800 dark:text-green-300">{t("product.inStock")}</p>;
}
