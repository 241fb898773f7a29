/**
 * The demo stores cut down for the route matrix: the same stores, accounts, content and sales
 * shapes as `npm start`, with a few products per sub category so seeding takes seconds, not a
 * minute. The matrix needs every kind of row, not every row.
 */
import { slugify } from "~/db/seed/plan/catalog";
import { DEMO_STORES, type StoreDef } from "~/db/seed/stores";

function trim(store: StoreDef): StoreDef {
  const catalog = store.catalog.slice(0, 2).map((category) => ({
    ...category,
    subcategories: category.subcategories
      .slice(0, 2)
      .map((sub) => ({ ...sub, products: sub.products.slice(0, 3) })),
  }));
  const categorySlugs = new Set(catalog.map((category) => category.slug));
  const productSlugs = new Set(
    catalog.flatMap((c) => c.subcategories.flatMap((s) => s.products.map((p) => slugify(p.nameEn)))),
  );
  // A sale whose target was cut away would point at nothing.
  const sales = store.sales.filter(
    (sale) =>
      sale.target.scope === "store" ||
      sale.target.slugs.every((slug) =>
        (sale.target.scope === "categories" ? categorySlugs : productSlugs).has(slug),
      ),
  );
  // Likewise a discount code's (issue 20).
  const discountCodes = (store.discountCodes ?? []).filter(
    (code) =>
      code.target.scope === "store" ||
      code.target.slugs.every((slug) =>
        (code.target.scope === "categories" ? categorySlugs : productSlugs).has(slug),
      ),
  );
  return { ...store, catalog, sales, discountCodes, orderCount: Math.min(store.orderCount, 6) };
}

export const MATRIX_STORES: StoreDef[] = DEMO_STORES.map(trim);
