/**
 * The pricing domain's contract (issue 40): a sale or a discount code as it priced a line or a
 * cart. Plain types, no server code: the cart's and the order's contracts are built on them.
 */
import type { CodeRefusal } from "~/lib/discount-codes";

/** The sale that priced a line, as it stood when the line was priced. */
export interface AppliedSale {
  id: string;
  kind: "percent" | "fixed";
  value: number;
}

/** A code on a cart as the summary shows it: its amount, or why it does not apply now. */
export interface AppliedCode {
  id: string;
  code: string;
  kind: "percentage" | "fixed" | "free_shipping";
  /** 0 when refused. */
  amountCents: number;
  refusal: CodeRefusal | null;
  /**
   * Index for index with the cart's buyable lines: the lines the code applies to, over which its
   * amount is shared for VAT (decision 042); empty when refused.
   */
  reaches: boolean[];
}
