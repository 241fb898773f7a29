/**
 * The orders domain's contract with the pages: view types that components import (never a
 * `.server` module, decision 010). The services build them; plain types, nothing that runs.
 */

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
