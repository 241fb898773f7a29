/** Shopping helpers the storefront specs share: demo products in stock, unique sign-up emails. */
import type { Page } from "@playwright/test";
import { slugify } from "../../../app/db/seed/plan/catalog";
import { DYES_STORE } from "../../../app/db/seed/stores";
import { hostUrl } from "../demo";

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

const SLUGS = DYES_STORE.catalog.flatMap((top) =>
  top.subcategories.flatMap((sub) => sub.products.map((product) => slugify(product.nameEn))),
);

/**
 * A demo product with plenty in stock, the `index`-th found from the end of the catalogue (the
 * product and cart tests start from the front), so parallel tests never buy the same one.
 */
export async function productInStock(page: Page, index: number): Promise<string> {
  let seen = 0;
  for (const slug of [...SLUGS].reverse()) {
    const res = await page.goto(hostUrl("dyes", `/products/${slug}?lng=en`));
    if (!res?.ok()) continue;
    const max = await page.locator('input[name="quantity"]').getAttribute("max");
    if (max && Number(max) >= 10 && seen++ === index) return slug;
  }
  throw new Error("not enough demo products in stock");
}
