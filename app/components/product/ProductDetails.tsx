import { Link } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { stockState } from "~/lib/stock";
import { findVariant } from "~/lib/variant-choice";
import type { FormReply } from "~/lib/use-schema-form";
import type { ProductPageData } from "~/services/catalog/contract";
import { Swatch } from "../ui/Swatch";
import { AddToCartForm } from "./AddToCartForm";
import { Gallery } from "./Gallery";
import { PriceTag } from "./PriceTag";
import { ProductJsonLd } from "./ProductJsonLd";
import { ReviewForm as ReviewFormOnServer } from "./ReviewForm";
import { Reviews } from "./Reviews";
import { StockNote } from "./StockNote";
import { WishlistToggle } from "./WishlistToggle";

// Only a signed-in shopper sees the review form, so the (cached) anonymous page never downloads
// it. The server renders it at once (no streamed boundary: the form must work without JavaScript);
// the browser hydrates it when its chunk arrives.
const ReviewForm = import.meta.env.SSR
  ? ReviewFormOnServer
  : lazy(() => import("./ReviewForm").then((module) => ({ default: module.ReviewForm })));

/** The product page: breadcrumb, gallery, buying box, description and reviews. */
export function ProductDetails({
  product,
  choice,
  locale,
  signedIn,
  path,
  reviewReply,
}: {
  product: ProductPageData;
  /** The option values chosen when the page opens, one per option (see initialChoice). */
  choice: (string | null)[];
  /** The structured data's text (made by the loader). */
  locale: string;
  signedIn: boolean;
  path: string;
  reviewReply: FormReply | null | undefined;
}) {
  const { t } = useTranslation();
  // The chosen values: price, stock, picture and address follow them at once (decision 023).
  const [values, setValues] = useState(choice);
  const variant = findVariant(product.variants, values);
  const choose = (index: number, id: string) => {
    const next = values.map((value, i) => (i === index ? id : value));
    setValues(next);
    const found = findVariant(product.variants, next);
    const url = new URL(location.href);
    if (found) url.searchParams.set("variant", found.id);
    else url.searchParams.delete("variant");
    // The address names the variant (to share or reload it) without a navigation.
    history.replaceState(history.state, "", url);
  };
  const shadeLabel = product.shadeHex
    ? product.colorFamily
      ? t("product.shadeWithFamily", { family: product.colorFamily, hex: product.shadeHex })
      : t("product.shade", { hex: product.shadeHex })
    : null;
  const loginToReview = `/login?${new URLSearchParams({ redirectTo: path })}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <ProductJsonLd />
      <nav aria-label={t("productPage.breadcrumb")} className="mb-4 text-sm">
        <ol className="flex flex-wrap gap-x-2">
          <li>
            <Link to="/" className="underline underline-offset-4">
              {t("productPage.home")}
            </Link>
            <span aria-hidden="true" className="ms-2">
              /
            </span>
          </li>
          <li>
            <Link to="/products" className="underline underline-offset-4">
              {t("productPage.products")}
            </Link>
            <span aria-hidden="true" className="ms-2">
              /
            </span>
          </li>
          <li>
            <span aria-current="page">{product.name}</span>
          </li>
        </ol>
      </nav>
      <div className="grid gap-8 md:grid-cols-2">
        <Gallery
          images={product.images}
          chosen={variant?.image}
          name={product.name}
          shadeHex={product.shadeHex}
          shadeLabel={shadeLabel}
        />
        <div className="flex flex-col gap-4">
          <h1 className="text-3xl font-extrabold">{product.name}</h1>
          {product.summary.average !== null ? (
            <p>
              <a href="#reviews" className="underline underline-offset-4">
                {t("reviews.average", { average: product.summary.average.toFixed(1) })} ·{" "}
                {t("reviews.countLabel", { count: product.summary.count })}
              </a>
            </p>
          ) : null}
          {/* Announced when a choice changes it; silent on load. */}
          <div aria-live="polite" className="flex flex-col gap-4">
            {variant ? (
              <>
                <PriceTag priceCents={variant.priceCents} salePriceCents={variant.salePriceCents} />
                <StockNote stock={stockState(variant.stock)} />
              </>
            ) : product.options.length > 0 ? (
              <p className="font-bold">{t("variants.unavailable")}</p>
            ) : (
              <>
                <PriceTag priceCents={product.priceCents} salePriceCents={product.salePriceCents} />
                <StockNote stock={product.stockState} />
              </>
            )}
          </div>
          {product.shadeHex && shadeLabel ? (
            <div className="flex items-center gap-3">
              <Swatch hex={product.shadeHex} label={shadeLabel} className="h-10 w-10 rounded-full" />
              <dl className="text-sm">
                <div className="flex gap-2">
                  <dt className="font-bold">{t("productPage.shade")}:</dt>
                  <dd>
                    <bdi>{product.shadeHex}</bdi>
                  </dd>
                </div>
                {product.colorFamily ? (
                  <div className="flex gap-2">
                    <dt className="font-bold">{t("productPage.colorFamily")}:</dt>
                    <dd>{product.colorFamily}</dd>
                  </div>
                ) : null}
              </dl>
            </div>
          ) : null}
          {product.stock > 0 ? (
            <AddToCartForm
              productId={product.id}
              stock={product.stock}
              redirectTo={path}
              options={product.options}
              variants={product.variants}
              values={values}
              onChoose={choose}
              chosenStock={variant?.stock}
            />
          ) : (
            <p className="text-muted">{t("productPage.outOfStockNote")}</p>
          )}
          {product.viewer && product.viewer.cartQuantity > 0 ? (
            <p>
              <Link to="/cart" className="underline underline-offset-4">
                {t("productPage.inCart", { count: product.viewer.cartQuantity })}
              </Link>
            </p>
          ) : null}
          <WishlistToggle
            productId={product.id}
            inWishlist={product.viewer?.inWishlist ?? false}
            redirectTo={path}
          />
          {product.description ? (
            <section aria-labelledby="description-heading">
              <h2 id="description-heading" className="text-xl font-bold">
                {t("productPage.description")}
              </h2>
              <p className="mt-2 whitespace-pre-line">{product.description}</p>
            </section>
          ) : null}
        </div>
      </div>
      <section id="reviews" aria-labelledby="reviews-heading" className="mt-12 grid gap-8 md:grid-cols-2">
        <div>
          <h2 id="reviews-heading" className="mb-4 text-2xl font-extrabold">
            {t("reviews.heading")}
          </h2>
          <Reviews
            summary={product.summary}
            reviews={product.reviews}
            locale={locale}
            ownReview={product.viewer?.ownReview ?? null}
          />
        </div>
        <div>
          {signedIn ? (
            <Suspense fallback={null}>
              <ReviewForm
                key={JSON.stringify(product.viewer?.ownReview ?? null)}
                reply={reviewReply}
                ownReview={product.viewer?.ownReview ?? null}
              />
            </Suspense>
          ) : (
            <Link to={loginToReview} className="font-bold text-primary-ink underline underline-offset-4">
              {t("reviews.loginToReview")}
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}
