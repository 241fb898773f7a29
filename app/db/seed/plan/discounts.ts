/**
 * Demo discount codes (issue 20) and the demo orders that used them: each code's most recent
 * qualifying orders (placed in its window, not cancelled, with an item it applies to, reaching its
 * minimum, one per shopper when it has a per-shopper limit) get its amount, computed as checkout
 * does (decision 029: percentage of the eligible goods after sales rounded half-up once, fixed
 * capped at them), and a redemption each. Runs after the variants plan, whose lines are final.
 */
import { uuidv7 } from "uuidv7";
import type * as schema from "~/db/schema";
import type { StoreDef } from "../stores";
import type { OrdersPlan } from "./orders";
import { DAY_MS, type CategoryRow, type ProductRow } from "./types";

export type DiscountCodeRow = typeof schema.discountCodes.$inferInsert & { id: string };
export type DiscountCodeTargetRow = typeof schema.discountCodeTargets.$inferInsert;
export type DiscountRedemptionRow = typeof schema.discountRedemptions.$inferInsert;

export interface DiscountsPlan {
  codes: DiscountCodeRow[];
  targets: DiscountCodeTargetRow[];
  redemptions: DiscountRedemptionRow[];
}

export function planDiscounts(
  storeId: string,
  def: StoreDef,
  categories: CategoryRow[],
  products: ProductRow[],
  orders: OrdersPlan,
  now: Date,
): DiscountsPlan {
  const categoryBySlug = new Map(categories.map((c) => [c.slug, c]));
  const productBySlug = new Map(products.map((p) => [p.slug, p]));
  const productById = new Map(products.map((p) => [p.id, p]));
  const plan: DiscountsPlan = { codes: [], targets: [], redemptions: [] };
  const taken = new Set<string>();

  for (const codeDef of def.discountCodes ?? []) {
    const startsAt = new Date(now.getTime() + codeDef.startDays * DAY_MS);
    const endsAt = codeDef.endDays === null ? null : new Date(now.getTime() + codeDef.endDays * DAY_MS);
    // Made a couple of days before it starts, and never in the future (a scheduled code).
    const createdAt = new Date(Math.min(startsAt.getTime() - 2 * DAY_MS, now.getTime() - DAY_MS));
    const code: DiscountCodeRow = {
      storeId,
      id: uuidv7(),
      code: codeDef.code,
      kind: codeDef.kind,
      value: codeDef.value,
      minSubtotalCents: codeDef.minSubtotalCents ?? 0,
      startsAt,
      endsAt,
      usageLimit: codeDef.usageLimit ?? null,
      perShopperLimit: codeDef.perShopperLimit ?? null,
      scope: codeDef.target.scope,
      active: codeDef.active ?? true,
      uses: 0,
      createdAt,
      updatedAt: createdAt,
    };
    plan.codes.push(code);
    const ids = new Set<string>();
    const target = codeDef.target;
    if (target.scope !== "store") {
      for (const slug of target.slugs) {
        const row = target.scope === "categories" ? categoryBySlug.get(slug) : productBySlug.get(slug);
        if (!row) throw new Error(`Code ${codeDef.code} targets unknown ${target.scope} ${slug}`);
        ids.add(row.id);
        plan.targets.push({
          storeId,
          id: uuidv7(),
          discountCodeId: code.id,
          categoryId: target.scope === "categories" ? row.id : null,
          productId: target.scope === "products" ? row.id : null,
        });
      }
    }
    const eligible = (productId: string) => {
      if (target.scope === "store") return true;
      if (target.scope === "products") return ids.has(productId);
      const product = productById.get(productId);
      return ids.has(product?.categoryId ?? "") || ids.has(product?.subcategoryId ?? "");
    };

    const shoppers = new Set<string>();
    // The most recent qualifying orders first.
    for (const order of [...orders.orders].reverse()) {
      if (code.uses! >= (codeDef.usedBy ?? 0)) break;
      const placedAt = order.createdAt as Date;
      if (taken.has(order.id) || order.status === "cancelled") continue;
      if (placedAt < startsAt || (endsAt && placedAt >= endsAt)) continue;
      if (code.perShopperLimit !== null && shoppers.has(order.userId)) continue;
      const lines = orders.orderItems.filter((item) => item.orderId === order.id && eligible(item.productId));
      if (lines.length === 0) continue;
      const eligibleCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
      if (eligibleCents < code.minSubtotalCents!) continue;
      const amount =
        code.kind === "percentage"
          ? Math.floor((eligibleCents * code.value! + 50) / 100)
          : code.kind === "fixed"
            ? Math.min(code.value!, eligibleCents)
            : (order.shippingCents ?? 0);
      taken.add(order.id);
      shoppers.add(order.userId);
      order.discountCode = code.code;
      order.codeDiscountCents = amount;
      order.totalCents -= amount;
      code.uses! += 1;
      plan.redemptions.push({
        storeId,
        id: uuidv7(),
        discountCodeId: code.id,
        orderId: order.id,
        userId: order.userId,
        email: order.shipEmail.toLowerCase(),
        amountCents: amount,
        createdAt: placedAt,
      });
    }
  }
  return plan;
}
