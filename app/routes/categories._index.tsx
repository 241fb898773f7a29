import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { CategoryCard } from "~/components/catalog/CategoryCard";
import { seo } from "~/lib/seo";
import { listCategories } from "~/services/catalog/catalog.server";
import { storeLoader } from "~/http/handlers.server";

/** Every category with its sub categories. */
export const loader = storeLoader(async ({ store, locale }) => ({
  categories: await listCategories(store.id, locale),
}));

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  seo({
    matches,
    path: "/categories",
    page: (t) => t("catalog.categories.title"),
    description: (t) => t("catalog.categories.description"),
  });

export default function Categories() {
  const { categories } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-extrabold">{t("catalog.categories.title")}</h1>
      {categories.length === 0 ? (
        <p className="mt-6 text-muted">{t("catalog.categories.empty")}</p>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category, index) => (
            <li key={category.id}>
              <CategoryCard
                href={`/categories/${category.slug}`}
                name={category.name}
                description={category.description}
                imageId={category.imageId}
                eager={index < 3}
              >
                {category.subcategories.length > 0 ? (
                  <ul
                    aria-label={t("catalog.categories.subHeading", { category: category.name })}
                    className="flex flex-wrap gap-2"
                  >
                    {category.subcategories.map((sub) => (
                      <li key={sub.id}>
                        <Link
                          to={`/categories/${category.slug}/${sub.slug}`}
                          className="inline-flex min-h-11 items-center rounded-full border border-line bg-page px-3 text-sm font-bold hover:bg-card"
                        >
                          {sub.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </CategoryCard>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
