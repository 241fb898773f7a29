/**
 * The orders domain's contract with the pages: view types that components import (never a
 * `.server` module, decision 010). The services build them; plain types, nothing that runs.
 */
import type { orderStatuses, paymentStatuses, ReturnState } from "~/db/schema";
import type { AppliedCode } from "~/services/pricing/contract";
import type { VatSummary } from "~/services/tax/contract";

/** The delivery address an order was placed with. */
export interface OrderAddress {
  country: string;
  fullName: string;
  streetAddress: string;
  zipCode: string;
  city: string;
  email: string;
  mobile: string;
}

export type ReturnRefusal = "no-returns" | "not-delivered" | "window-closed" | "nothing-left";

export interface ReturnableLine {
  id: string;
  name: string;
  bought: number;
  /** Units the shopper may still ask to return. */
  available: number;
}

export interface ReturnView {
  id: string;
  state: ReturnState;
  reasonCode: string;
  comment: string | null;
  staffMessage: string | null;
  createdAt: string;
  /** The day it was asked, in the store's time zone and the page's language. */
  requestedOn: string;
  lines: { orderItemId: string; name: string; quantity: number; receivedQuantity: number }[];
}

export interface ShopperReturns {
  /** Null when the shopper may ask now; else why not. */
  refusal: ReturnRefusal | null;
  /** The window's last moment, in the store's time zone and the page's language. */
  windowEndsOn: string | null;
  lines: ReturnableLine[];
  requests: ReturnView[];
}

/** One refund of an order as its pages list it (issue 37), formatted for the reader. */
export interface RefundListItem {
  id: string;
  date: string;
  by: string | null;
  amount: string;
  status: "pending" | "succeeded" | "failed";
  method: "card" | "cash" | "bank_transfer";
  reference: string | null;
  reasonCode: string;
  reasonText: string | null;
  note: string | null;
  /** "2 × Jar", in the reader's language; shipping, fee and amount as their own parts. */
  parts: {
    kind: "line" | "shipping" | "codFee" | "extra";
    name?: string;
    quantity?: number;
    amount: string;
  }[];
  failure: string | null;
  creditNote: number | null;
}

export interface OrderRefunds {
  refunds: RefundListItem[];
  /** What is left to refund (paid minus refunds pending or succeeded), formatted; null when nothing was paid. */
  remaining: string | null;
  remainingCents: number;
  refundable: boolean;
}

/** An order in a list (the shopper's orders, the admin's table): formatted for the reader. */
export interface OrderRowView {
  number: number;
  status: (typeof orderStatuses)[number];
  paymentStatus: (typeof paymentStatuses)[number];
  paymentMethod: "card" | "cod";
  /** The store's day it was placed, in the reader's language. */
  date: string;
  dateTime: string;
  total: string;
  totalQuantity: number;
}

/** One order with its lines and history (order-view.server.ts builds it). */
export interface OrderView extends OrderRowView {
  subtotal: string;
  discount: string | null;
  discountCode: string | null;
  codeDiscount: string | null;
  vat: VatSummary | null;
  shipping: string;
  shippingCents: number;
  /** The chosen rate's name and estimate (or pickup hours) in the reader's language (issue 33). */
  shippingRate: { kind: string; name: string; estimate: string } | null;
  codFee: string | null;
  address: OrderAddress;
  cancellable: boolean;
  lines: {
    productId: string;
    variantId: string;
    name: string;
    imageId: string | null;
    /** The SKU as sold (the line's snapshot); the admin's views show it, the shopper's do not. */
    sku: string | null;
    quantity: number;
    unitPrice: string;
    unitSalePrice: string | null;
    lineTotal: string;
  }[];
  events: {
    type: string;
    toStatus: string | null;
    paymentStatus: string | null;
    /** How a COD confirmation step was taken (issue 34): a locale key, or null. */
    noteKey: string | null;
    date: string;
    dateTime: string;
  }[];
}

/** The cart's or checkout's summary, all computed on the server (order-view.server.ts). */
export interface CheckoutSummaryView {
  lines: {
    productId: string;
    slug: string;
    name: string;
    imageId: string | null;
    quantity: number;
    available: boolean;
    exceedsStock: boolean;
    unitPrice: string;
    unitSalePrice: string | null;
    lineTotal: string;
  }[];
  subtotal: string;
  discount: string | null;
  /** The cart's discount code (decision 029), with its amount when it applies. */
  code: AppliedCode | null;
  codeDiscount: string | null;
  shipping: string | null;
  freeShippingFrom: string | null;
  total: string;
  totalCents: number;
  codFee: string | null;
  codFeeCents: number;
  codTotal: string;
  totalQuantity: number;
  vat: VatSummary | null;
  codVat: VatSummary | null;
}

/** One packing slip's content (packing-slip.server.ts): no prices but what a courier collects. */
export interface SlipView {
  number: number;
  date: string;
  dateTime: string;
  address: OrderAddress;
  totalQuantity: number;
  shipping: { name: string; estimate: string } | null;
  discount: { code: string; amount: string } | null;
  lines: { variantId: string; name: string; sku: string | null; quantity: number }[];
  collect: { total: string; fee: string | null } | null;
}
