import { describe, expect, it } from "vitest";
import { discounted, priceWithSales, type ActiveSale } from "~/services/commerce/pricing.server";

const sale = (over: Partial<ActiveSale>): ActiveSale => ({
  id: "s",
  kind: "percent",
  value: 10,
  scope: "store",
  categoryIds: new Set(),
  productIds: new Set(),
  ...over,
});
const item = { id: "p1", priceCents: 2_000, categoryId: "cat", subcategoryId: "sub" };

describe("discounted", () => {
  it("takes a percentage, rounded to the nearest minor unit", () => {
    expect(discounted(999, { kind: "percent", value: 15 })).toBe(849); // 149.85 off → 150
    expect(discounted(1_000, { kind: "percent", value: 100 })).toBe(0);
  });

  it("takes a fixed amount, never below zero", () => {
    expect(discounted(1_000, { kind: "fixed", value: 250 })).toBe(750);
    expect(discounted(1_000, { kind: "fixed", value: 5_000 })).toBe(0);
  });
});

describe("priceWithSales", () => {
  it("applies the best of the sales that cover the item", () => {
    const result = priceWithSales(item, [
      sale({ id: "store10", value: 10 }),
      sale({ id: "fixed5", kind: "fixed", value: 500, scope: "products", productIds: new Set(["p1"]) }),
      sale({ id: "other", value: 90, scope: "products", productIds: new Set(["p2"]) }),
    ]);
    expect(result).toEqual({ priceCents: 2_000, salePriceCents: 1_500, saleId: "fixed5" });
  });

  it("covers sub categories through a sale on their parent, and the sub category itself", () => {
    expect(
      priceWithSales(item, [sale({ scope: "categories", categoryIds: new Set(["cat"]) })]).salePriceCents,
    ).toBe(1_800);
    expect(
      priceWithSales(item, [sale({ scope: "categories", categoryIds: new Set(["sub"]) })]).salePriceCents,
    ).toBe(1_800);
    expect(
      priceWithSales(item, [sale({ scope: "categories", categoryIds: new Set(["x"]) })]).saleId,
    ).toBeNull();
  });

  it("leaves the price alone when nothing applies", () => {
    expect(priceWithSales(item, [])).toEqual({ priceCents: 2_000, salePriceCents: 2_000, saleId: null });
  });
});
