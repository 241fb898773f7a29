import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";
import { isolate } from "~/lib/bidi";
import { useStoreSite } from "~/lib/root-data";
import { CategoryCard } from "./catalog/CategoryCard";
import { ProductGrid } from "./catalog/ProductGrid";
import { cardImageUrl } from "~/lib/card-image";
import type { ProductCardData } from "./ProductCard";

/**
 * The home's category tiles: two a row on phones, three from 768 px and at most 72rem, less the
 * page's padding (2rem) and the gaps (1rem).
 */
const HOME_CATEGORY_SIZES =
  "(min-width: 1152px) 363px, (min-width: 768px) calc(33.3vw - 22px), calc(50vw - 24px)";

/** Widths the image route serves (IMAGE_WIDTHS) for a full-width hero, phone to desktop. */
const HERO_WIDTHS = [640, 828, 1200, 1920] as const;

type Product = ProductCardData & { id: string };

export interface StoreHomeProps {
  /** The owner's picks (Homepage settings). */
  featured: Product[];
  /** Most selling. */
  products: Product[];
  newArrivals: Product[];
  onSale: Product[];
  categories: { id: string; slug: string; name: string; imageId: string | null }[];
}

/** A store's home page: the hero from its settings, then short rows of categories and products. */
export function StoreHome({ featured, products, newArrivals, onSale, categories }: StoreHomeProps) {
  const { t } = useTranslation();
  const site = useStoreSite();
  const title = site.settings.heroTitle || t("home.heroFallbackTitle", { store: isolate(site.name) });
  const subtitle = site.settings.heroSubtitle || t("home.heroFallbackSubtitle");
  const empty = products.length === 0 && categories.length === 0;
  const { heroImageId } = site.settings;
  return (
    <>
      <section className="relative isolate overflow-hidden bg-primary text-on-primary">
        {heroImageId ? (
          // Decorative: the hero's text says what the page is. A scrim in the brand colour keeps
          // that text as readable over the photo as on the plain colour.
          <>
            <img
              src={cardImageUrl(heroImageId, 1200)}
              srcSet={HERO_WIDTHS.map((w) => `${cardImageUrl(heroImageId, w)} ${w}w`).join(", ")}
              sizes="100vw"
              alt=""
              // React 18 knows only the lowercase attribute.
              {...{ fetchpriority: "high" }}
              className="absolute inset-0 -z-20 size-full object-cover"
            />
            <div className="absolute inset-0 -z-10 bg-primary/75" />
          </>
        ) : null}
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
          <p className="mt-4 max-w-2xl text-lg sm:text-xl">{subtitle}</p>
          <Button to="/products" className="mt-8 bg-page text-ink shadow">
            {t("home.shopNow")}
          </Button>
        </div>
      </section>

      {empty ? (
        <section className="mx-auto max-w-6xl px-4 py-12">
          <p className="text-muted">{t("home.noProducts")}</p>
        </section>
      ) : null}

      {categories.length > 0 ? (
        <Shelf id="home-categories" title={t("catalog.home.categories")} more="/categories">
          <ul aria-labelledby="home-categories" className="grid grid-cols-2 gap-4 md:grid-cols-3">
            {categories.map((category, index) => (
              <li key={category.id}>
                <CategoryCard
                  href={`/categories/${category.slug}`}
                  name={category.name}
                  imageId={category.imageId}
                  sizes={HOME_CATEGORY_SIZES}
                  headingLevel={3}
                  eager={index < 3}
                />
              </li>
            ))}
          </ul>
        </Shelf>
      ) : null}
      {featured.length > 0 ? (
        <Shelf id="home-featured" title={t("home.featured")} more="/products">
          <ProductGrid
            products={featured}
            labelledBy="home-featured"
            headingLevel={3}
            eagerFirstRow={false}
          />
        </Shelf>
      ) : null}
      {products.length > 0 ? (
        <Shelf id="home-products" title={t("catalog.home.mostSelling")} more="/products/most-selling">
          <ProductGrid
            products={products}
            labelledBy="home-products"
            headingLevel={3}
            eagerFirstRow={false}
          />
        </Shelf>
      ) : null}
      {onSale.length > 0 ? (
        <Shelf id="home-on-sale" title={t("catalog.home.onSale")} more="/products">
          <ProductGrid products={onSale} labelledBy="home-on-sale" headingLevel={3} eagerFirstRow={false} />
        </Shelf>
      ) : null}
      {newArrivals.length > 0 ? (
        <Shelf id="home-new" title={t("catalog.home.newArrivals")} more="/products">
          <ProductGrid products={newArrivals} labelledBy="home-new" headingLevel={3} eagerFirstRow={false} />
        </Shelf>
      ) : null}
    </>
  );
}

function Shelf({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h2 id={id} className="text-2xl font-extrabold">
          {title}
        </h2>
        <Link
          to={more}
          className="font-bold text-primary-ink underline underline-offset-4"
          aria-label={`${t("catalog.home.viewAll")}: ${title}`}
        >
          {t("catalog.home.viewAll")}
        </Link>
      </div>
      <div className="mt-6">{children}</div>
    </section>
  );
}
