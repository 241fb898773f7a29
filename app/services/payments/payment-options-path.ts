/** The Payment Options page: the Connect return/refresh URLs lead back to it. Shared with its route. */
export const PAYMENT_OPTIONS_PATH = "/admin/storesetting/paymentOptions";
