/** Where a store admin manages the subscription (route, links in mails, Checkout return URLs). */
export const BILLING_PATH = "/admin/billing";
