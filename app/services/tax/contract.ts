/**
 * VAT's contract with the pages (issue 35): what a summary, an order page or an email says about
 * VAT, formatted on the server. Plain types, so components import them from here.
 */

/** Per rate charged: "VAT (15%)" and its amount; inside the total or added to it. */
export interface VatSummary {
  inclusive: boolean;
  rates: { rate: string; amount: string }[];
}
