/**
 * VAT arithmetic in integer minor units (issue 35, decision 042). Every amount in and out is an
 * integer number of the currency's minor units (cents, halalas, fils: two- and three-decimal
 * currencies alike), every rate an integer number of basis points (15 % = 1500). Nothing here
 * touches a float: a product of two amounts stays below 2^53 (see MAX_SAFE_PRODUCT).
 *
 * The rules (decision 042):
 * - VAT is worked out per line and rounded once per line, half away from zero;
 * - an order's discount is taken off the lines before VAT, shared by the largest-remainder rule
 *   in proportion to each line's amount, so the shares add up to the discount exactly;
 * - totals are sums of the rounded lines, never recomputed from the sums (so the lines on the
 *   invoice always add up to its total, and the total is what is charged).
 */

/** Prices as typed by the owner: with VAT in them, or VAT added on top. */
export type PricesMode = "inclusive" | "exclusive";

/** A product's VAT class (issue 35): standard at the destination's rate, the others at 0 %. */
export const TAX_CLASSES = ["standard", "zero-rated", "exempt"] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

/** A rate of 0 to 100 %, in basis points. */
export const MAX_RATE_BP = 10_000;

/** Above this, amount × rate could leave the integers a double holds exactly. */
const MAX_SAFE_PRODUCT = Number.MAX_SAFE_INTEGER;

/**
 * `numerator / denominator` rounded half away from zero, for integers with a positive
 * denominator: 5 / 2 → 3, −5 / 2 → −3, 4 / 3 → 1.
 */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`divideRounded(${numerator}, ${denominator}): integers, a positive denominator`);
  }
  const magnitude = Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
  return numerator < 0 ? -magnitude : magnitude;
}

function checkRate(rateBp: number): void {
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > MAX_RATE_BP) {
    throw new RangeError(`a VAT rate is 0..${MAX_RATE_BP} basis points, not ${rateBp}`);
  }
}

function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || Math.abs(amount) * MAX_RATE_BP * 2 > MAX_SAFE_PRODUCT) {
    throw new RangeError(`an amount in minor units must be a safe integer, not ${amount}`);
  }
}

/** The VAT inside an amount that includes it: 11500 at 15 % → 1500. */
export function vatInGross(gross: number, rateBp: number): number {
  checkAmount(gross);
  checkRate(rateBp);
  return divideRounded(gross * rateBp, 10_000 + rateBp);
}

/** The VAT on top of an amount without it: 10000 at 15 % → 1500. */
export function vatOnNet(net: number, rateBp: number): number {
  checkAmount(net);
  checkRate(rateBp);
  return divideRounded(net * rateBp, 10_000);
}

/**
 * `total` shared in proportion to `weights` (non-negative integers) by the largest-remainder
 * rule: each share is its exact part rounded down, and the units left over go one each to the
 * largest remainders (ties: the earlier weight). The shares add up to `total` exactly; a weight
 * of 0 gets 0 unless every weight is 0, when the whole goes to the first. A negative total is
 * shared as its magnitude, negated.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total)) throw new RangeError(`a total must be a safe integer, not ${total}`);
  if (weights.length === 0) {
    if (total !== 0) throw new RangeError("nothing to share a non-zero total across");
    return [];
  }
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0)
      throw new RangeError(`a weight must be ≥ 0, not ${weight}`);
  }
  if (total < 0) return allocate(-total, weights).map((share) => -share || 0);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  if (total * sum > MAX_SAFE_PRODUCT) {
    // Exact in BigInt when the product leaves a double's integers (very large carts).
    return allocateBig(total, weights, sum);
  }
  const shares = weights.map((weight) => Math.floor((total * weight) / sum));
  const remainders = weights.map((weight, i) => ({ i, rest: (total * weight) % sum }));
  let left = total - shares.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of remainders) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

function allocateBig(total: number, weights: readonly number[], sum: number): number[] {
  const T = BigInt(total);
  const S = BigInt(sum);
  const shares = weights.map((weight) => (T * BigInt(weight)) / S);
  const remainders = weights.map((weight, i) => ({ i, rest: (T * BigInt(weight)) % S }));
  let left = T - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.i - b.i));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/** A line before VAT: its amount as priced (after sales, before the order's discount). */
export interface TaxableLine {
  /** Price × quantity in minor units: with VAT in it when prices are inclusive, without when not. */
  amount: number;
  /** The line's VAT rate in basis points (0 for zero-rated and exempt lines). */
  rateBp: number;
  /** An exempt line (rate 0): its sums are kept apart from the zero-rated lines' 0 %. */
  exempt?: boolean;
}

/** A goods line at its class: the destination's rate when standard, 0 % (kept apart when exempt) else. */
export function goodsTaxLine(amount: number, taxClass: TaxClass, rateBp: number): TaxableLine {
  if (taxClass === "standard") return { amount, rateBp };
  return taxClass === "exempt" ? { amount, rateBp: 0, exempt: true } : { amount, rateBp: 0 };
}

/** A line after the discount and VAT. */
export interface TaxedLine {
  /** The line's share of the order's discount (same basis as `amount`). */
  discount: number;
  /** Without VAT, after the discount. */
  net: number;
  vat: number;
  /** With VAT, after the discount: what the line costs the shopper. */
  gross: number;
  rateBp: number;
  exempt?: boolean;
}

/** VAT collected at one rate; `exempt` lines (rate 0) are their own entry, apart from 0 %. */
export interface RateTotal {
  rateBp: number;
  net: number;
  vat: number;
  exempt?: boolean;
}

export interface TaxedOrder {
  lines: TaxedLine[];
  /** Sums of the lines. `gross` is the amount charged: `net + vat`. */
  net: number;
  vat: number;
  gross: number;
  /** By rate, highest rate first (exempt last), one entry per rate used. */
  byRate: RateTotal[];
}

/**
 * The order's lines with the discount shared across them (largest remainder, in proportion to
 * their amounts) and VAT worked out per line (half away from zero). `discount` is in the same
 * basis as the amounts (it comes off the price as shown) and may not exceed the lines it reaches.
 * Shipping and the COD fee are lines too (taxable with their rate, untaxed with 0); a code's
 * discount does not reach them: `sharesDiscount[i]` false (by default every line shares).
 */
export function taxOrder(
  mode: PricesMode,
  lines: readonly TaxableLine[],
  discount = 0,
  sharesDiscount: readonly boolean[] = lines.map(() => true),
): TaxedOrder {
  if (!Number.isSafeInteger(discount) || discount < 0)
    throw new RangeError(`a discount is ≥ 0, not ${discount}`);
  const weights = lines.map((line, i) => {
    checkAmount(line.amount);
    checkRate(line.rateBp);
    if (line.amount < 0) throw new RangeError(`a line's amount is ≥ 0, not ${line.amount}`);
    return sharesDiscount[i] ? line.amount : 0;
  });
  const shareable = weights.reduce((a, b) => a + b, 0);
  if (discount > shareable)
    throw new RangeError(`a discount of ${discount} is more than the ${shareable} it applies to`);
  const shares = discount === 0 ? lines.map(() => 0) : allocate(discount, weights);
  const taxed = lines.map((line, i): TaxedLine => {
    const after = line.amount - shares[i]!;
    if (line.exempt && line.rateBp !== 0) throw new RangeError("an exempt line's rate is 0");
    const exempt = line.exempt ? { exempt: true } : {};
    if (mode === "inclusive") {
      const vat = vatInGross(after, line.rateBp);
      return { discount: shares[i]!, net: after - vat, vat, gross: after, rateBp: line.rateBp, ...exempt };
    }
    const vat = vatOnNet(after, line.rateBp);
    return { discount: shares[i]!, net: after, vat, gross: after + vat, rateBp: line.rateBp, ...exempt };
  });
  const byRate = new Map<string, RateTotal>();
  for (const line of taxed) {
    const key = line.exempt ? "exempt" : String(line.rateBp);
    const total = byRate.get(key) ?? {
      rateBp: line.rateBp,
      net: 0,
      vat: 0,
      ...(line.exempt ? { exempt: true } : {}),
    };
    total.net += line.net;
    total.vat += line.vat;
    byRate.set(key, total);
  }
  const sum = (pick: (line: TaxedLine) => number) => taxed.reduce((a, line) => a + pick(line), 0);
  return {
    lines: taxed,
    net: sum((line) => line.net),
    vat: sum((line) => line.vat),
    gross: sum((line) => line.gross),
    byRate: [...byRate.values()].sort(
      (a, b) => Number(Boolean(a.exempt)) - Number(Boolean(b.exempt)) || b.rateBp - a.rateBp,
    ),
  };
}
