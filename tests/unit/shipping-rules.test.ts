/** Shipping rules (issue 33, decision 039): band pricing, thresholds, zone matching order. */
import { describe, expect, it } from "vitest";
import {
  bandPrice,
  matchZone,
  postalMatches,
  quoteRates,
  type RateDef,
  type ZoneDef,
} from "~/services/shipping/rules";

const rate = (values: Partial<RateDef>): RateDef => ({
  id: "r",
  kind: "flat",
  nameEn: "r",
  nameAr: "r",
  estimateEn: "",
  estimateAr: "",
  priceCents: 0,
  bands: null,
  freeFromCents: null,
  codAllowed: true,
  codFeeCents: null,
  position: 0,
  ...values,
});

describe("bands", () => {
  const gulf = { bands: [{ upTo: 1000, cents: 1200 }], extra: { step: 1000, cents: 400 } };
  it("price at and around the edges, per started step beyond the last band", () => {
    expect(bandPrice(gulf, 0)).toBe(1200);
    expect(bandPrice(gulf, 1000)).toBe(1200);
    expect(bandPrice(gulf, 1001)).toBe(1600);
    expect(bandPrice(gulf, 2000)).toBe(1600);
    expect(bandPrice(gulf, 2001)).toBe(2000);
  });
  it("bands that do not reach the value do not apply", () => {
    expect(bandPrice({ bands: [{ upTo: 500, cents: 100 }] }, 501)).toBeNull();
    expect(
      quoteRates([rate({ kind: "weight", bands: { bands: [{ upTo: 500, cents: 100 }] } })], {
        goodsCents: 10,
        weightGrams: 501,
      }),
    ).toEqual([]);
  });
});

describe("thresholds and order", () => {
  it("free from the threshold up, cheapest first, nothing for no goods", () => {
    const flat = rate({ id: "flat", priceCents: 600, freeFromCents: 5000 });
    const pickup = rate({ id: "pickup", kind: "pickup", priceCents: 0, position: 1 });
    expect(
      quoteRates([flat, pickup], { goodsCents: 4999, weightGrams: 0 }).map((r) => [r.id, r.cents]),
    ).toEqual([
      ["pickup", 0],
      ["flat", 600],
    ]);
    const free = quoteRates([flat], { goodsCents: 5000, weightGrams: 0 })[0]!;
    expect([free.cents, free.fullCents, free.freeByThreshold]).toEqual([0, 600, true]);
    expect(quoteRates([flat], { goodsCents: 0, weightGrams: 0 })[0]!.cents).toBe(0);
    expect(quoteRates([flat], { goodsCents: 0, weightGrams: 0, hasGoods: true })[0]!.cents).toBe(600);
  });
});

describe("zones", () => {
  const zone = (id: string, position: number, places: ZoneDef["places"], everywhere = false): ZoneDef => ({
    id,
    name: id,
    position,
    everywhere,
    places,
    rates: [],
  });
  const zones = [
    zone("world", 0, [], true),
    zone("sa-b", 2, [{ country: "SA", cityId: null, postalPattern: null }]),
    zone("sa-a", 2, [{ country: "SA", cityId: null, postalPattern: null }]),
    zone("ruh", 9, [{ country: "SA", cityId: "SA-RUH", postalPattern: null }]),
    zone("post", 9, [{ country: "SA", cityId: null, postalPattern: "114*" }]),
  ];
  const to = (country: string, cityId: string | null = null, postalCode = "") =>
    matchZone(zones, { country, cityId, postalCode })?.id;
  it("city over postal over country over everywhere; ties by position then id", () => {
    expect(to("SA", "SA-RUH", "11411")).toBe("ruh");
    expect(to("SA", "SA-JED", "11411")).toBe("post");
    expect(to("SA", "SA-JED", "21577")).toBe("sa-a");
    expect(to("EG")).toBe("world");
    expect(matchZone(zones.slice(1), { country: "EG", cityId: null, postalCode: "" })).toBeNull();
  });
  it("postal patterns: a trailing * is a prefix, spaces and case do not count", () => {
    expect(postalMatches("BS8*", "bs8 1qu")).toBe(true);
    expect(postalMatches("11411", "11411")).toBe(true);
    expect(postalMatches("11411", "114111")).toBe(false);
    expect(postalMatches("114*", "")).toBe(false);
  });
});
