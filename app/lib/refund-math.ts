/**
 * What a refund gives back (issue 37, decision 048), in integer minor units, from what the shopper
 * paid: each line after its sale and its share of the code (largest remainder, decision 042),
 * with its VAT; shipping and the COD fee with theirs. Every piece is shared over its units (or its
 * minor units) by the same largest-remainder rule, counted from the start of the piece, so any
 * sequence of refunds that ends with everything refunded adds up to exactly what was paid.
 * Pure: the service and its tests use it.
 */
import { allocate } from "./vat-math";

/**
 * Each goods line's share of the order's code, as taxOrder shares it: over the lines the code
 * reaches, in proportion to their amounts. A free-shipping code's amount is not the goods' (pass 0).
 */
export function codeSharesOf(
  lines: readonly { lineTotalCents: number }[],
  codeDiscountCents: number,
  reaches?: readonly boolean[],
): number[] {
  if (codeDiscountCents <= 0 || lines.length === 0) return lines.map(() => 0);
  return allocate(
    codeDiscountCents,
    lines.map((line, i) => ((reaches?.[i] ?? true) ? line.lineTotalCents : 0)),
  );
}

/** The sum of units [from, from + count) of `total` shared over `units` by largest remainder. */
export function unitsShare(total: number, units: number, from: number, count: number): number {
  if (count <= 0 || units <= 0) return 0;
  const base = Math.floor(total / units);
  const extra = total - base * units; // the first `extra` units carry one more minor unit
  const withExtra = Math.max(0, Math.min(from + count, extra) - from);
  return base * count + withExtra;
}

/** The VAT inside `amount` of a piece that cost `gross` with `vat` in it, counted cumulatively. */
export function vatShare(gross: number, vat: number, before: number, amount: number): number {
  if (gross <= 0 || amount <= 0) return 0;
  const upTo = (paid: number) => Math.floor((vat * paid) / gross);
  return upTo(before + amount) - upTo(before);
}

export interface PaidOrderLine {
  id: string;
  quantity: number;
  lineTotalCents: number;
  /** Null on lines from before the share was stored: shared again over every goods line. */
  codeDiscountCents: number | null;
  vatCents: number;
}

export interface PaidOrder {
  totalCents: number;
  vatCents: number;
  /** Null: the store was not registered; false: VAT was added on top of the prices. */
  vatInclusive: boolean | null;
  codFeeCents: number;
  codeDiscountCents: number;
  lines: readonly PaidOrderLine[];
}

export interface PaidPieces {
  /** Per line (same order as given): what its units cost with VAT, and the VAT in it. */
  lines: { id: string; quantity: number; gross: number; vat: number }[];
  shipping: { gross: number; vat: number };
  codFee: { gross: number; vat: number };
}

/** What the shopper paid for each piece of the order; the pieces add up to its total exactly. */
export function paidPieces(order: PaidOrder): PaidPieces {
  const exclusive = order.vatInclusive === false;
  const stored = order.lines.every((line) => line.codeDiscountCents !== null);
  const goodsCode = Math.min(
    order.codeDiscountCents,
    order.lines.reduce((a, line) => a + line.lineTotalCents, 0),
  );
  const shares = stored
    ? order.lines.map((line) => line.codeDiscountCents ?? 0)
    : codeSharesOf(order.lines, goodsCode);
  const lines = order.lines.map((line, i) => {
    const afterCode = line.lineTotalCents - shares[i]!;
    return {
      id: line.id,
      quantity: line.quantity,
      gross: afterCode + (exclusive ? line.vatCents : 0),
      vat: line.vatCents,
    };
  });
  // Shipping and the fee are what is left of the total (so the pieces add up to it), the VAT
  // left over shared between them in proportion to their amounts.
  const chargesGross = Math.max(0, order.totalCents - lines.reduce((a, line) => a + line.gross, 0));
  const chargesVat = Math.max(0, order.vatCents - lines.reduce((a, line) => a + line.vat, 0));
  const chargesBase = chargesGross - (exclusive ? chargesVat : 0);
  const feeBase = Math.min(order.codFeeCents, chargesBase);
  const [shipVat, feeVat] = allocate(chargesVat, [chargesBase - feeBase, feeBase]) as [number, number];
  const feeGross = feeBase + (exclusive ? feeVat : 0);
  return {
    lines,
    shipping: { gross: chargesGross - feeGross, vat: shipVat },
    codFee: { gross: feeGross, vat: feeVat },
  };
}

export interface CreditNoteAmounts {
  lines: {
    nameEn: string;
    nameAr: string;
    quantity: number;
    amountCents: number;
    vatRateBp: number;
    vatCents: number;
  }[];
  vatRates: { rateBp: number; net: number; vat: number }[];
}

/**
 * A credit note's lines and VAT per rate (negative) for a refund: the refunded units at their
 * lines' rates; shipping's, the fee's and any other amount's VAT (what the refund's VAT has
 * beyond its lines') at the order's highest rate, the destination's, the only one they carry.
 */
export function creditNoteAmounts(
  refund: { amountCents: number; vatCents: number },
  lines: readonly {
    nameEn: string;
    nameAr: string;
    quantity: number;
    amountCents: number;
    vatCents: number;
    vatRateBp: number;
  }[],
  orderRates: readonly { rateBp: number; exempt?: boolean }[],
): CreditNoteAmounts {
  const byRate = new Map<number, { rateBp: number; net: number; vat: number }>();
  const add = (rateBp: number, gross: number, vat: number) => {
    const entry = byRate.get(rateBp) ?? { rateBp, net: 0, vat: 0 };
    entry.net -= gross - vat;
    entry.vat -= vat;
    byRate.set(rateBp, entry);
  };
  for (const line of lines) add(line.vatRateBp, line.amountCents, line.vatCents);
  const linesGross = lines.reduce((a, line) => a + line.amountCents, 0);
  const linesVat = lines.reduce((a, line) => a + line.vatCents, 0);
  const chargesRate = Math.max(0, ...orderRates.filter((r) => !r.exempt).map((r) => r.rateBp));
  if (refund.amountCents > linesGross)
    add(chargesRate, refund.amountCents - linesGross, refund.vatCents - linesVat);
  return {
    lines: lines.map((line) => ({
      nameEn: line.nameEn,
      nameAr: line.nameAr,
      quantity: line.quantity,
      amountCents: -line.amountCents,
      vatRateBp: line.vatRateBp,
      vatCents: -line.vatCents,
    })),
    vatRates: [...byRate.values()].sort((a, b) => b.rateBp - a.rateBp),
  };
}
