/** Demo sales and the discount they gave, so seeded orders carry the price a shopper really paid. */
import { uuidv7 } from "uuidv7";
import type { StoreDef } from "../stores";
import {
  DAY_MS,
  daysBefore,
  type CategoryRow,
  type ProductRow,
  type SaleRow,
  type SaleTargetRow,
} from "./types";

export interface SalesPlan {
  sales: SaleRow[];
  saleTargets: SaleTargetRow[];
  /** Best unit discount (minor units) for a product at a moment, as DESIGN §5 prices it. */
  unitDiscountAt(product: ProductRow, at: Date): number;
}

export function planSales(
  storeId: string,
  def: StoreDef,
  categories: CategoryRow[],
  products: ProductRow[],
  now: Date,
): SalesPlan {
  const categoryBySlug = new Map(categories.map((c) => [c.slug, c]));
  const productBySlug = new Map(products.map((p) => [p.slug, p]));
  const sales: SaleRow[] = [];
  const saleTargets: SaleTargetRow[] = [];
  const targetIds = new Map<string, Set<string>>();

  for (const saleDef of def.sales) {
    const startsAt = new Date(now.getTime() + saleDef.startDays * DAY_MS);
    const endsAt = new Date(now.getTime() + saleDef.endDays * DAY_MS);
    const createdAt = daysBefore(startsAt, 2);
    const sale: SaleRow = {
      storeId,
      id: uuidv7(),
      nameEn: saleDef.nameEn,
      nameAr: saleDef.nameAr,
      kind: saleDef.kind,
      value: saleDef.value,
      scope: saleDef.target.scope,
      startsAt,
      endsAt,
      active: true,
      createdAt,
      updatedAt: createdAt,
    };
    sales.push(sale);
    const ids = new Set<string>();
    targetIds.set(sale.id, ids);
    const target = saleDef.target;
    if (target.scope === "categories") {
      for (const slug of target.slugs) {
        const category = categoryBySlug.get(slug);
        if (!category) throw new Error(`Sale "${saleDef.nameEn}" targets unknown category ${slug}`);
        ids.add(category.id);
        saleTargets.push({
          storeId,
          id: uuidv7(),
          saleId: sale.id,
          categoryId: category.id,
          productId: null,
        });
      }
    } else if (target.scope === "products") {
      for (const slug of target.slugs) {
        const product = productBySlug.get(slug);
        if (!product) throw new Error(`Sale "${saleDef.nameEn}" targets unknown product ${slug}`);
        if (saleDef.kind === "fixed" && saleDef.value >= product.priceCents) {
          throw new Error(`Sale "${saleDef.nameEn}" would make ${slug} free`);
        }
        ids.add(product.id);
        saleTargets.push({ storeId, id: uuidv7(), saleId: sale.id, categoryId: null, productId: product.id });
      }
    }
  }

  const applies = (sale: SaleRow, product: ProductRow) => {
    const ids = targetIds.get(sale.id) as Set<string>;
    if (sale.scope === "store") return true;
    if (sale.scope === "products") return ids.has(product.id);
    // A category sale covers its sub categories too.
    return ids.has(product.categoryId ?? "") || ids.has(product.subcategoryId ?? "");
  };

  return {
    sales,
    saleTargets,
    unitDiscountAt(product, at) {
      let best = 0;
      for (const sale of sales) {
        if (!sale.active || at < sale.startsAt || at >= sale.endsAt || !applies(sale, product)) continue;
        const off =
          sale.kind === "percent"
            ? Math.round((product.priceCents * sale.value) / 100)
            : Math.min(sale.value, product.priceCents);
        best = Math.max(best, off);
      }
      return best;
    },
  };
}
