/**
 * VAT's contract with the pages (issue 35): what a summary, an order page or an email says about
 * VAT, formatted on the server. Plain types, so components import them from here.
 */

/** Per rate charged: "VAT (15%)" and its amount; inside the total or added to it. */
export interface VatSummary {
  inclusive: boolean;
  rates: { rate: string; amount: string }[];
}

/** Seller and buyer as frozen on an invoice (its credit notes repeat them). */
export interface InvoiceParties {
  seller: { name: string; otherName: string; address: string; vatNumber: string };
  buyer: { name: string; address: string; country: string };
}

/**
 * What the printable tax invoice and its credit notes show (decisions 043, 048), every amount
 * formatted in the reader's language.
 */
export interface InvoiceView extends InvoiceParties {
  number: number;
  orderNumber: number;
  /** A Saudi B2C invoice is a simplified tax invoice; elsewhere a tax invoice. */
  simplified: boolean;
  date: string;
  dateTime: string;
  uuid: string;
  inclusive: boolean;
  lines: {
    key: number;
    name: string;
    quantity: number;
    unitPrice: string;
    total: string;
    rate: string;
    vat: string;
  }[];
  shipping: string | null;
  codFee: string | null;
  discount: string | null;
  totals: {
    net: string;
    byRate: { rate: string; net: string; vat: string }[];
    vat: string;
    total: string;
  };
  /** The ZATCA QR (a Saudi seller's), an SVG as a data URL for the page's img. */
  qrImage: string | null;
}
