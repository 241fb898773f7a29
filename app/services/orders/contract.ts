/**
 * The orders domain's contract with the pages: view types that components import (never a
 * `.server` module, decision 010). The services build them; plain types, nothing that runs.
 */
import type { ReturnState } from "~/db/schema";

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
