import { describe, expect, it } from "vitest";
import {
  discounted,
  priceLines,
  priceOne,
  sumLines,
  type ActiveSale,
  type PriceInput,
} from "~/services/pricing/pricing.server";

const NOW = new Date("2026-06-15T12:00:00Z");
const HOUR = 60 * 60 * 1000;

const sale = (over: Partial<ActiveSale>): ActiveSale => ({
  id: "s",
  kind: "percent",
  value: 10,
  scope: "store",
  categoryIds: new Set(),
  productIds: new Set(),
  startsAt: new Date(NOW.getTime() - HOUR),
  endsAt: new Date(NOW.getTime() + HOUR),
  ...over,
});
const line = (over: Partial<PriceInput> = {}): PriceInput => ({
  productId: "p1",
  priceCents: 2_000,
  quantity: 1,
  categoryId: "cat",
  subcategoryId: "sub",
  ...over,
});
const product = { id: "p1", priceCents: 2_000, categoryId: "cat", subcategoryId: "sub" };

describe("discounted", () => {
  it("takes a percentage, rounded half-up to the minor unit", () => {
    expect(discounted(999, { kind: "percent", value: 15 })).toBe(849); // 149.85 off → 150
    expect(discounted(1_250, { kind: "percent", value: 25 })).toBe(937); // 312.5 off → 313
    expect(discounted(1_010, { kind: "percent", value: 5 })).toBe(959); // 50.5 off → 51
    expect(discounted(1_030, { kind: "percent", value: 5 })).toBe(978); // 51.5 off → 52
    expect(discounted(1_001, { kind: "percent", value: 10 })).toBe(901); // 100.1 off → 100
    expect(discounted(1_000, { kind: "percent", value: 100 })).toBe(0);
    expect(discounted(1_000, { kind: "percent", value: 0 })).toBe(1_000);
  });

  it("takes a fixed amount, never below zero", () => {
    expect(discounted(1_000, { kind: "fixed", value: 250 })).toBe(750);
    expect(discounted(1_000, { kind: "fixed", value: 5_000 })).toBe(0);
  });
});

describe("priceLines", () => {
  it("multiplies the rounded unit price by the quantity, so a line is what the product page shows × quantity", () => {
    const { lines } = priceLines([line({ priceCents: 1_250, quantity: 3 })], [sale({ value: 25 })], NOW);
    expect(lines[0]).toEqual({
      productId: "p1",
      quantity: 3,
      unitPriceCents: 1_250,
      unitSalePriceCents: 937,
      unitDiscountCents: 313,
      sale: { id: "s", kind: "percent", value: 25 },
      lineSubtotalCents: 3_750,
      lineDiscountCents: 939,
      lineTotalCents: 2_811,
    });
    // Per unit, not per line: 25 % of 37.50 would be 9.375 → 9.38, one cent less than 3 × 3.13.
    expect(lines[0]!.lineTotalCents).toBe(
      3 * priceOne({ ...product, priceCents: 1_250 }, [sale({ value: 25 })], NOW).unitSalePriceCents,
    );
  });

  it("applies a fixed sale per unit", () => {
    const { lines } = priceLines([line({ quantity: 4 })], [sale({ kind: "fixed", value: 150 })], NOW);
    expect(lines[0]).toMatchObject({
      unitSalePriceCents: 1_850,
      lineDiscountCents: 600,
      lineTotalCents: 7_400,
    });
  });

  it("applies the best of the sales that cover the line, and names it", () => {
    const result = priceOne(
      product,
      [
        sale({ id: "store10", value: 10 }),
        sale({ id: "fixed5", kind: "fixed", value: 500, scope: "products", productIds: new Set(["p1"]) }),
        sale({ id: "other", value: 90, scope: "products", productIds: new Set(["p2"]) }),
      ],
      NOW,
    );
    expect(result).toMatchObject({
      unitPriceCents: 2_000,
      unitSalePriceCents: 1_500,
      sale: { id: "fixed5" },
    });
  });

  it("covers a category's products, its sub categories' products, and only chosen products", () => {
    const onCategory = (ids: string[]) =>
      priceOne(product, [sale({ scope: "categories", categoryIds: new Set(ids) })], NOW);
    expect(onCategory(["cat"]).unitSalePriceCents).toBe(1_800);
    expect(onCategory(["sub"]).unitSalePriceCents).toBe(1_800);
    expect(onCategory(["x"]).sale).toBeNull();
    const onProducts = (ids: string[]) =>
      priceOne(
        product,
        [sale({ scope: "products", productIds: new Set(ids), categoryIds: new Set(["cat"]) })],
        NOW,
      );
    expect(onProducts(["p1"]).unitSalePriceCents).toBe(1_800);
    // A product sale ignores categories: the target list is the products.
    expect(onProducts(["p2"]).sale).toBeNull();
    expect(
      priceOne(
        { ...product, categoryId: null, subcategoryId: null },
        [sale({ scope: "categories", categoryIds: new Set(["cat"]) })],
        NOW,
      ).sale,
    ).toBeNull();
  });

  it("ignores a sale that has ended or not started yet; a sale runs from its start to just before its end", () => {
    const ended = sale({
      id: "ended",
      startsAt: new Date(NOW.getTime() - 2 * HOUR),
      endsAt: new Date(NOW.getTime() - 1),
    });
    const future = sale({
      id: "future",
      startsAt: new Date(NOW.getTime() + 1),
      endsAt: new Date(NOW.getTime() + HOUR),
    });
    expect(priceOne(product, [ended, future], NOW)).toMatchObject({ unitSalePriceCents: 2_000, sale: null });
    const startsNow = sale({ id: "now", startsAt: NOW });
    expect(priceOne(product, [startsNow], NOW).sale?.id).toBe("now");
    const endsNow = sale({ id: "ends", endsAt: NOW });
    expect(priceOne(product, [endsNow], NOW).sale).toBeNull();
    // The same sales priced later: the future one runs then.
    expect(priceOne(product, [ended, future], new Date(NOW.getTime() + 10)).sale?.id).toBe("future");
  });

  it("does not apply a sale that takes nothing off", () => {
    expect(priceOne(product, [sale({ value: 0 })], NOW)).toMatchObject({
      unitSalePriceCents: 2_000,
      sale: null,
    });
  });

  it("leaves the price alone when nothing applies", () => {
    expect(priceOne(product, [], NOW)).toMatchObject({
      unitPriceCents: 2_000,
      unitSalePriceCents: 2_000,
      unitDiscountCents: 0,
      sale: null,
    });
  });

  it("totals equal the sum of the lines", () => {
    const input = [
      line({ productId: "a", priceCents: 999, quantity: 7 }),
      line({ productId: "b", priceCents: 1_250, quantity: 3, categoryId: "sale-cat", subcategoryId: null }),
      line({ productId: "c", priceCents: 1, quantity: 2, categoryId: null, subcategoryId: null }),
      line({ productId: "d", priceCents: 333, quantity: 1 }),
    ];
    const sales = [
      sale({ id: "cat", value: 33, scope: "categories", categoryIds: new Set(["sale-cat"]) }),
      sale({ id: "d", kind: "fixed", value: 1_000, scope: "products", productIds: new Set(["d"]) }),
      sale({ id: "store", value: 15 }),
    ];
    const priced = priceLines(input, sales, NOW);
    const sum = (pick: (l: (typeof priced.lines)[number]) => number) =>
      priced.lines.reduce((n, l) => n + pick(l), 0);
    expect(priced.lines.map((l) => l.productId)).toEqual(["a", "b", "c", "d"]);
    expect(priced.subtotalCents).toBe(sum((l) => l.lineSubtotalCents));
    expect(priced.discountCents).toBe(sum((l) => l.lineDiscountCents));
    expect(priced.totalCents).toBe(sum((l) => l.lineTotalCents));
    expect(priced.totalCents).toBe(priced.subtotalCents - priced.discountCents);
    expect(priced.quantity).toBe(13);
    for (const l of priced.lines) {
      expect(Number.isInteger(l.unitSalePriceCents)).toBe(true);
      expect(l.lineTotalCents).toBe(l.unitSalePriceCents * l.quantity);
    }
    // d: the fixed sale takes it to 0, never below.
    expect(priced.lines[3]).toMatchObject({ unitSalePriceCents: 0, sale: { id: "d" } });
    // sumLines over a subset gives that subset's totals (the cart leaves archived lines out).
    expect(sumLines(priced.lines.slice(0, 2)).totalCents).toBe(
      priced.lines[0]!.lineTotalCents + priced.lines[1]!.lineTotalCents,
    );
  });

  it("prices an empty list at zero", () => {
    expect(priceLines([], [sale({})], NOW)).toEqual({
      lines: [],
      quantity: 0,
      subtotalCents: 0,
      discountCents: 0,
      totalCents: 0,
    });
  });
});
