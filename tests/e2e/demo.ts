/**
 * What the browser tests expect of the two demo stores, taken from the seed's own definitions
 * (the server's database is a fresh seed of exactly these), so renaming a product in the
 * catalogue cannot silently break or weaken the tests.
 */
import type { CategoryDef } from "../../app/db/seed/catalog/types";
import { DEMO_STORES as SEED_STORES } from "../../app/db/seed/stores";

export type Locale = "en" | "ar";

export interface DemoStore {
  slug: string;
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

export const DEMO_STORES: DemoStore[] = SEED_STORES.map((store) => ({
  slug: store.slug,
  primaryColor: store.primaryColor,
  secondaryColor: store.secondaryColor,
  productNames: productNames(store.catalog),
}));

export function demoStore(slug: string): DemoStore {
  const store = DEMO_STORES.find((candidate) => candidate.slug === slug);
  if (!store) throw new Error(`no demo store ${slug} in the seed`);
  return store;
}

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
