/**
 * VAT arithmetic (issue 35, decision 042): rounding per line half away from zero, the discount
 * shared by largest remainder before VAT, and the invariant the issue asks for over thousands of
 * random carts: lines + shipping + fees − discount = the order's total, the sum of the lines'
 * VAT is the order's VAT, and each line's net + VAT is its gross, in two- and three-decimal
 * currencies (the arithmetic is in minor units, so a KWD cart is a cart of fils).
 */
import { describe, expect, it } from "vitest";
import { createRng } from "~/db/seed/prng";
import { westernDigits } from "~/lib/digits";
import {
  allocate,
  divideRounded,
  goodsTaxLine,
  taxOrder,
  TAX_CLASSES,
  vatInGross,
  vatOnNet,
  type PricesMode,
} from "~/lib/vat-math";
import { validVatNumber } from "~/lib/vat-number";
import { decodeZatcaQr, encodeZatcaQr } from "~/services/tax/zatca-qr";

describe("rounding", () => {
  it("rounds half away from zero, both signs", () => {
    expect([5, 4, 6, -5, -4, -6, 0].map((n) => divideRounded(n, 2))).toEqual([3, 2, 3, -3, -2, -3, 0]);
    expect(divideRounded(1, 3)).toBe(0);
    expect(divideRounded(2, 3)).toBe(1);
    expect(divideRounded(-2, 3)).toBe(-1);
  });

  it("takes the VAT out of an inclusive price and adds it to an exclusive one", () => {
    expect(vatInGross(11500, 1500)).toBe(1500);
    expect(vatOnNet(10000, 1500)).toBe(1500);
    // 9.99 incl. 15 %: 1.303 → 1.30; 0.05 at 5 % on top: 0.0025 → 0.00; 0.10 at 5 %: 0.005 → 0.01.
    expect(vatInGross(999, 1500)).toBe(130);
    expect(vatOnNet(5, 500)).toBe(0);
    expect(vatOnNet(10, 500)).toBe(1);
    expect(vatInGross(0, 1500)).toBe(0);
    expect(vatOnNet(12345, 0)).toBe(0);
  });

  it("refuses a rate or an amount it cannot work with exactly", () => {
    expect(() => vatOnNet(100, -1)).toThrow(RangeError);
    expect(() => vatOnNet(100, 10_001)).toThrow(RangeError);
    expect(() => vatOnNet(100, 15.5)).toThrow(RangeError);
    expect(() => vatOnNet(0.5, 1500)).toThrow(RangeError);
    expect(() => vatOnNet(Number.MAX_SAFE_INTEGER, 1500)).toThrow(RangeError);
  });
});

describe("sharing a discount by largest remainder", () => {
  it("adds up exactly and gives the left-over units to the largest remainders", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [3, 3, 4])).toEqual([3, 3, 4]);
    expect(allocate(7, [2, 5, 0])).toEqual([2, 5, 0]);
    expect(allocate(1, [0, 0, 5])).toEqual([0, 0, 1]);
    expect(allocate(5, [0, 0])).toEqual([5, 0]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(0, [])).toEqual([]);
  });

  it("stays exact past a double's integers", () => {
    const shares = allocate(4_000_000_000_000, [3_000_000_007, 2_999_999_993, 1]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(4_000_000_000_000);
  });
});

describe("an order's VAT", () => {
  it("€50 incl. 20 % minus a €10 code is €40.00 with €6.67 VAT", () => {
    const order = taxOrder("inclusive", [{ amount: 5000, rateBp: 2000 }], 1000);
    expect(order).toMatchObject({ gross: 4000, vat: 667, net: 3333 });
  });

  it("prices without VAT get it on top, per line, and the shipping line keeps out of the code", () => {
    const order = taxOrder(
      "exclusive",
      [
        { amount: 1999, rateBp: 1500 },
        { amount: 2999, rateBp: 0 },
        { amount: 600, rateBp: 1500 },
      ],
      500,
      [true, true, false],
    );
    expect(order.lines.map((line) => line.discount)).toEqual([200, 300, 0]);
    expect(order.lines.map((line) => line.vat)).toEqual([270, 0, 90]);
    expect(order.gross).toBe(1999 + 2999 + 600 - 500 + 270 + 90);
    expect(order.byRate).toEqual([
      { rateBp: 1500, net: 1799 + 600, vat: 360 },
      { rateBp: 0, net: 2699, vat: 0 },
    ]);
  });

  it("refuses a discount larger than what it reaches", () => {
    expect(() =>
      taxOrder(
        "inclusive",
        [
          { amount: 100, rateBp: 1500 },
          { amount: 600, rateBp: 1500 },
        ],
        101,
        [true, false],
      ),
    ).toThrow(RangeError);
    expect(() => taxOrder("inclusive", [{ amount: 100, rateBp: 1500 }], -1)).toThrow(RangeError);
  });

  it("holds its invariants over 5,000 random carts, inclusive and exclusive, two and three decimals", () => {
    const rng = createRng("vat-property");
    const rates = [0, 500, 1500, 2000, 1000];
    for (let run = 0; run < 5000; run++) {
      const mode: PricesMode = rng.chance(0.5) ? "inclusive" : "exclusive";
      const digits = rng.chance(0.3) ? 3 : 2;
      const unit = 10 ** digits;
      const goods = Array.from({ length: rng.int(1, 6) }, () => ({
        amount: rng.int(1, 500 * unit) * rng.int(1, 9),
        rateBp: rng.pick(rates),
      }));
      const shipping = rng.chance(0.7) ? [{ amount: rng.int(0, 30 * unit), rateBp: rng.pick(rates) }] : [];
      const fee = rng.chance(0.3) ? [{ amount: rng.int(0, 5 * unit), rateBp: rng.pick(rates) }] : [];
      const lines = [...goods, ...shipping, ...fee];
      const shares = lines.map((_, i) => i < goods.length);
      const goodsTotal = goods.reduce((a, line) => a + line.amount, 0);
      const discount = rng.chance(0.5) ? rng.int(0, goodsTotal) : 0;

      const order = taxOrder(mode, lines, discount, shares);
      const before = lines.reduce((a, line) => a + line.amount, 0);
      const context = JSON.stringify({ mode, lines, discount });
      // Lines + shipping + fees − discount (+ VAT on top when exclusive) = the total charged.
      expect(order.gross, context).toBe(before - discount + (mode === "exclusive" ? order.vat : 0));
      expect(order.net + order.vat, context).toBe(order.gross);
      expect(
        order.lines.reduce((a, line) => a + line.discount, 0),
        context,
      ).toBe(discount);
      for (const [i, line] of order.lines.entries()) {
        expect(line.net + line.vat, context).toBe(line.gross);
        expect(line.vat, context).toBeGreaterThanOrEqual(0);
        if (!shares[i]) expect(line.discount, context).toBe(0);
        // Each line's VAT is its own rounding, never more than half a unit off the exact figure.
        const exact =
          mode === "inclusive"
            ? (line.gross * line.rateBp) / (10_000 + line.rateBp)
            : (line.net * line.rateBp) / 10_000;
        expect(Math.abs(line.vat - exact), context).toBeLessThanOrEqual(0.5);
      }
      expect(
        order.byRate.reduce((a, rate) => a + rate.vat, 0),
        context,
      ).toBe(order.vat);
      expect(
        order.byRate.reduce((a, rate) => a + rate.net, 0),
        context,
      ).toBe(order.net);
    }
  });
});

describe("tax classes", () => {
  it("taxes zero-rated and exempt lines at 0 % and keeps them apart by rate", () => {
    const order = taxOrder("inclusive", [
      goodsTaxLine(11_500, "standard", 1500),
      goodsTaxLine(4_000, "zero-rated", 1500),
      goodsTaxLine(2_500, "exempt", 1500),
    ]);
    expect(order.byRate).toEqual([
      { rateBp: 1500, net: 10_000, vat: 1500 },
      { rateBp: 0, net: 4_000, vat: 0 },
      { rateBp: 0, net: 2_500, vat: 0, exempt: true },
    ]);
    expect(() => taxOrder("inclusive", [{ amount: 100, rateBp: 1500, exempt: true }])).toThrow(RangeError);
  });

  it("holds over 3,000 random mixed carts with a code shared only over the lines it reaches", () => {
    const rng = createRng("vat-classes-property");
    for (let run = 0; run < 3000; run++) {
      const mode: PricesMode = rng.chance(0.5) ? "inclusive" : "exclusive";
      const unit = rng.chance(0.3) ? 1000 : 100;
      const rateBp = rng.pick([500, 1500, 2000]);
      const goods = Array.from({ length: rng.int(1, 6) }, () => ({
        amount: rng.int(1, 500 * unit) * rng.int(1, 9),
        taxClass: rng.pick(TAX_CLASSES),
        reached: rng.chance(0.6),
      }));
      goods[0]!.reached = true;
      const lines = [
        ...goods.map((line) => goodsTaxLine(line.amount, line.taxClass, rateBp)),
        { amount: rng.int(0, 30 * unit), rateBp },
      ];
      const shares = lines.map((_, i) => i < goods.length && goods[i]!.reached);
      const reachable = goods.reduce((a, line) => a + (line.reached ? line.amount : 0), 0);
      const discount = rng.chance(0.7) ? rng.int(0, reachable) : 0;
      const order = taxOrder(mode, lines, discount, shares);
      const context = JSON.stringify({ mode, rateBp, goods, discount });
      const before = lines.reduce((a, line) => a + line.amount, 0);
      expect(order.gross, context).toBe(before - discount + (mode === "exclusive" ? order.vat : 0));
      expect(
        order.lines.reduce((a, line) => a + line.discount, 0),
        context,
      ).toBe(discount);
      for (const [i, line] of order.lines.entries()) {
        if (!shares[i]) expect(line.discount, context).toBe(0);
        if (i < goods.length && goods[i]!.taxClass !== "standard") {
          expect(line.vat, context).toBe(0);
          expect(line.net, context).toBe(line.gross);
        }
      }
      // One entry per class used: the standard rate, 0 % (zero-rated), exempt; each sums its lines.
      const sumOf = (pick: (i: number) => boolean) =>
        order.lines.reduce((a, line, i) => a + (pick(i) ? line.net : 0), 0);
      const exempt = order.byRate.find((rate) => rate.exempt);
      const zero = order.byRate.find((rate) => rate.rateBp === 0 && !rate.exempt);
      const isClass = (i: number, taxClass: string) => i < goods.length && goods[i]!.taxClass === taxClass;
      expect(exempt?.net ?? 0, context).toBe(sumOf((i) => isClass(i, "exempt")));
      expect(exempt?.vat ?? 0, context).toBe(0);
      expect(zero?.net ?? 0, context).toBe(sumOf((i) => isClass(i, "zero-rated")));
      expect(
        order.byRate.reduce((a, rate) => a + rate.vat, 0),
        context,
      ).toBe(order.vat);
      expect(
        order.byRate.reduce((a, rate) => a + rate.net, 0),
        context,
      ).toBe(order.net);
      if (exempt) expect(order.byRate.at(-1), context).toBe(exempt);
    }
  });
});

describe("VAT numbers", () => {
  it("knows Saudi and UAE numbers, and reads Arabic digits, spaces and dashes", () => {
    expect(validVatNumber("SA", "300000000000003")).toBe("300000000000003");
    expect(validVatNumber("SA", "٣٠٠٠٠٠٠٠٠٠٠٠٠٠٣")).toBe("300000000000003");
    expect(validVatNumber("SA", "3000-0000 0000 003")).toBe("300000000000003");
    expect(validVatNumber("SA", "300000000000004")).toBeNull();
    expect(validVatNumber("SA", "200000000000003")).toBeNull();
    expect(validVatNumber("SA", "30000000000003")).toBeNull();
    expect(validVatNumber("AE", "100123456700003")).toBe("100123456700003");
    expect(validVatNumber("AE", "10012345670000")).toBeNull();
    expect(validVatNumber("GB", "gb 123 4567 89")).toBe("GB123456789");
    expect(validVatNumber("GB", "<b>")).toBeNull();
  });

  it("reads both kinds of Eastern digits", () => {
    expect(westernDigits("٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789 0123456789");
  });
});

describe("the Saudi QR's content", () => {
  it("round-trips an Arabic seller name, with lengths in bytes", () => {
    const fields = {
      sellerName: "شركة الأصباغ والظلال",
      vatNumber: "300000000000003",
      timestamp: "2026-12-04T09:30:00Z",
      totalWithVat: "115.00",
      vatTotal: "15.00",
    };
    const content = encodeZatcaQr(fields);
    expect(decodeZatcaQr(content)).toEqual(fields);
    const bytes = Buffer.from(content, "base64");
    expect([bytes[0], bytes[1]]).toEqual([1, Buffer.byteLength(fields.sellerName, "utf8")]);
    expect(bytes[1]).toBeGreaterThan(fields.sellerName.length);
  });

  it("matches ZATCA's published example", () => {
    // ZATCA's guideline example: Bobs Records, 310122393500003, 2022-04-25T15:30:00Z, 1000.00, 150.00.
    const content = encodeZatcaQr({
      sellerName: "Bobs Records",
      vatNumber: "310122393500003",
      timestamp: "2022-04-25T15:30:00Z",
      totalWithVat: "1000.00",
      vatTotal: "150.00",
    });
    expect(content).toBe(
      "AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==",
    );
  });

  it("refuses an empty or over-long field and a malformed code", () => {
    const base = {
      sellerName: "x",
      vatNumber: "300000000000003",
      timestamp: "t",
      totalWithVat: "1",
      vatTotal: "0",
    };
    expect(() => encodeZatcaQr({ ...base, sellerName: "" })).toThrow(RangeError);
    expect(() => encodeZatcaQr({ ...base, sellerName: "ش".repeat(128) })).toThrow(RangeError);
    expect(() => decodeZatcaQr("AQ==")).toThrow();
    expect(() => decodeZatcaQr(Buffer.from([2, 1, 65]).toString("base64"))).toThrow();
  });
});
