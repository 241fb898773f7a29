/**
 * What the browser tests expect of the two demo stores, taken from the seed's own definitions
 * (the server's database is a fresh seed of exactly these), so renaming a product in the
 * catalogue cannot silently break or weaken the tests.
 */
import { DYES_CATALOG } from "../../app/db/seed/catalog/dyes";
import { INKS_CATALOG } from "../../app/db/seed/catalog/inks";
import type { CategoryDef } from "../../app/db/seed/catalog/types";

export type Locale = "en" | "ar";

export interface DemoStore {
  slug: "dyes" | "inks";
  primaryColor: string;
  secondaryColor: string;
  productNames: Record<Locale, Set<string>>;
}

function productNames(catalog: CategoryDef[]): Record<Locale, Set<string>> {
  const products = catalog.flatMap((category) => category.subcategories.flatMap((sub) => sub.products));
  return {
    en: new Set(products.map((product) => product.nameEn)),
    ar: new Set(products.map((product) => product.nameAr)),
  };
}

export const DEMO_STORES: DemoStore[] = [
  { slug: "dyes", primaryColor: "", secondaryColor: "", productNames: productNames(DYES_CATALOG) },
  { slug: "inks", primaryColor: "", secondaryColor: "", productNames: productNames(INKS_CATALOG) },
];

export function otherStore(store: DemoStore): DemoStore {
  const other = DEMO_STORES.find((candidate) => candidate.slug !== store.slug);
  if (!other) throw new Error("expected two demo stores");
  return other;
}

/** URL on a store's host (or the platform host without a slug), on the port the test server uses. */
export function hostUrl(slug: string | null, pathname = "/"): string {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error("E2E_PORT is not set: run through playwright.config.ts");
  return `http://${slug ? `${slug}.` : ""}localhost:${port}${pathname}`;
}
