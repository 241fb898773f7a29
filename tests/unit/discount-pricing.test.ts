/** The discount code's arithmetic in the pricing core (decision 029), on lines priced with sales. */
import { describe, expect, it } from "vitest";
import { codeRefusalNotice } from "~/lib/discount-codes";
import {
  priceCode,
  priceLines,
  type ActiveSale,
  type CodeRule,
  type PriceInput,
} from "~/services/pricing/pricing.server";

const NOW = new Date("2026-06-15T12:00:00Z");
const HOUR = 3_600_000;
const line = (
  productId: string,
  priceCents: number,
  quantity: number,
  categoryId: string | null = null,
): PriceInput => ({
  productId,
  priceCents,
  quantity,
  categoryId,
  subcategoryId: categoryId ? `${categoryId}-sub` : null,
});
const rule = (over: Partial<CodeRule>): CodeRule => ({
  kind: "percentage",
  value: 10,
  scope: "store",
  categoryIds: new Set(),
  productIds: new Set(),
  ...over,
});
const halfOffDyes: ActiveSale = {
  id: "s",
  kind: "percent",
  value: 50,
  scope: "categories",
  categoryIds: new Set(["dyes"]),
  productIds: new Set(),
  startsAt: new Date(NOW.getTime() - HOUR),
  endsAt: new Date(NOW.getTime() + HOUR),
};

function price(lines: PriceInput[], code: CodeRule, shipping = 0, sales: ActiveSale[] = []) {
  return priceCode(lines, priceLines(lines, sales, NOW).lines, code, shipping);
}

describe("priceCode", () => {
  it("a percentage is of the sale prices, rounded half-up once on the eligible goods", () => {
    const lines = [line("red", 1000, 2, "dyes"), line("ink", 500, 1)];
    // 2 × 5.00 (half off) + 5.00 = 15.00 → 1.50.
    expect(price(lines, rule({}), 0, [halfOffDyes])).toEqual({
      eligibleCents: 1500,
      eligibleLines: 2,
      amountCents: 150,
      reaches: [true, true],
    });
    // 3 × 4.15 = 12.45 → 1.245 → 1.25 (not 3 × 0.42).
    expect(price([line("odd", 415, 3)], rule({})).amountCents).toBe(125);
    expect(price([line("odd", 1249, 1)], rule({})).amountCents).toBe(125);
    expect(price([line("x", 999, 1)], rule({ value: 100 })).amountCents).toBe(999);
  });

  it("applies only to its categories (with sub categories) or products", () => {
    const lines = [line("red", 1000, 1, "dyes"), line("ink", 500, 1, "inks")];
    expect(price(lines, rule({ scope: "categories", categoryIds: new Set(["dyes"]) }))).toEqual({
      eligibleCents: 1000,
      eligibleLines: 1,
      amountCents: 100,
      reaches: [true, false],
    });
    expect(
      price(lines, rule({ scope: "categories", categoryIds: new Set(["inks-sub"]) })).eligibleCents,
    ).toBe(500);
    expect(price(lines, rule({ scope: "products", productIds: new Set(["ink"]) })).amountCents).toBe(50);
    expect(price(lines, rule({ scope: "products", productIds: new Set(["none"]) }))).toEqual({
      eligibleCents: 0,
      eligibleLines: 0,
      amountCents: 0,
      reaches: [false, false],
    });
  });

  it("a fixed amount is capped at the eligible goods; free shipping is the shipping", () => {
    const lines = [line("red", 1000, 1, "dyes"), line("ink", 500, 1)];
    expect(price(lines, rule({ kind: "fixed", value: 300 })).amountCents).toBe(300);
    expect(price(lines, rule({ kind: "fixed", value: 99_999 }), 499).amountCents).toBe(1500);
    expect(
      price(lines, rule({ kind: "fixed", value: 99_999, scope: "products", productIds: new Set(["ink"]) }))
        .amountCents,
    ).toBe(500);
    expect(price(lines, rule({ kind: "free_shipping", value: 0 }), 499).amountCents).toBe(499);
    expect(price(lines, rule({ kind: "free_shipping", value: 0 }), 0).amountCents).toBe(0);
    expect(
      price(
        lines,
        rule({ kind: "free_shipping", value: 0, scope: "products", productIds: new Set(["none"]) }),
        499,
      ).amountCents,
    ).toBe(0);
  });
});

describe("codeRefusalNotice", () => {
  it("words the minimum with the page's money, and the rest by key", () => {
    const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
    expect(codeRefusalNotice({ reason: "minimum", shortCents: 350, scoped: false }, money)).toEqual({
      key: "discounts.refused.minimum",
      params: { amount: "$3.50" },
    });
    expect(codeRefusalNotice({ reason: "minimum", shortCents: 1, scoped: true }, money).key).toBe(
      "discounts.refused.minimumScoped",
    );
    expect(codeRefusalNotice({ reason: "used-by-you" }, money)).toEqual({
      key: "discounts.refused.usedByYou",
    });
  });
});
