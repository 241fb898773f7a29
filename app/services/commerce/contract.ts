/**
 * The commerce domain's contract with the pages (issue 40): the cart as its loader answers it and
 * its components render it. Plain types, no server code, so a component imports them from here and
 * never from a `.server` module; the services import them too and re-export them for their callers.
 */
import type { StockState } from "~/lib/stock";
import type { AppliedCode, AppliedSale } from "~/services/pricing/contract";

export interface CartLine {
  productId: string;
  variantId: string;
  /** The variant's option values ("Size: 1 kg"), empty for a product without options. */
  variantLabel: string;
  slug: string;
  name: string;
  shadeHex: string | null;
  colorFamily: string | null;
  /** The chosen variant's image, else the product's first (null without any). */
  imageId: string | null;
  quantity: number;
  stock: number;
  stockState: StockState;
  /** False when the product was archived: the line stays visible so it can be removed. */
  available: boolean;
  /** The quantity is more than is left (stock went down since it was added). */
  exceedsStock: boolean;
  unitPriceCents: number;
  /** Below unitPriceCents when a sale applies. */
  unitSalePriceCents: number;
  lineTotalCents: number;
  sale: AppliedSale | null;
}

export interface Cart {
  lines: CartLine[];
  /** Units across available lines. */
  itemCount: number;
  /** Totals of the available lines, in minor units of `currency`. */
  subtotalCents: number;
  discountCents: number;
  /** After the sales and the discount code. */
  totalCents: number;
  currency: string;
  /** Every line can be bought as it stands. */
  checkoutReady: boolean;
  /**
   * The discount code on the cart (decision 029), judged now. Free shipping takes nothing off
   * here: shipping is added at checkout.
   */
  code: AppliedCode | null;
  codeDiscountCents: number;
  /**
   * VAT on the goods (issue 35) for the shopper's country, inside the total or added to it; null
   * when the store is not registered. Shipping and its VAT come at checkout.
   */
  vat: { inclusive: boolean; rateBp: number; vatCents: number } | null;
}
