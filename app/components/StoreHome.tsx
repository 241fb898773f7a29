import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isolate } from "~/lib/bidi";
import { useStoreSite } from "~/lib/root-data";
import { ProductCard, type ProductCardData } from "./ProductCard";

/** A store's home page: the hero from its settings and its products. */
export function StoreHome({ products }: { products: (ProductCardData & { id: string })[] }) {
  const { t } = useTranslation();
  const site = useStoreSite();
  const title = site.settings.heroTitle || t("home.heroFallbackTitle", { store: isolate(site.name) });
  const subtitle = site.settings.heroSubtitle || t("home.heroFallbackSubtitle");
  return (
    <>
      <section className="bg-primary text-on-primary">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
          <p className="mt-4 max-w-2xl text-lg sm:text-xl">{subtitle}</p>
          <Link
            to="/products"
            className="mt-8 inline-flex min-h-11 items-center rounded-md bg-page px-5 font-bold text-ink shadow hover:opacity-90"
          >
            {t("home.shopNow")}
          </Link>
        </div>
      </section>

      <section aria-labelledby="home-products" className="mx-auto max-w-6xl px-4 py-12">
        <div className="flex flex-wrap items-baseline justify-between gap-4">
          <h2 id="home-products" className="text-2xl font-extrabold">
            {t("home.productsHeading")}
          </h2>
          {products.length > 0 ? (
            <Link to="/products" className="font-bold text-primary-ink underline underline-offset-4">
              {t("home.viewAll")}
            </Link>
          ) : null}
        </div>
        {products.length > 0 ? (
          <ul
            aria-labelledby="home-products"
            className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4"
          >
            {products.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 text-muted">{t("home.noProducts")}</p>
        )}
      </section>
    </>
  );
}
