/**
 * The admin sidebar's entries, in SPEC §2's order (its first table). Profile is not an entry: the
 * avatar opens it. Contact requests, reviews (issue 23) and billing are additions, after the table's rows;
 * discount codes (issue 20) sit next to the sales they work with.
 */
export interface AdminNavEntry {
  to: string;
  /** The label's locale key. */
  labelKey: string;
  /** A count the layout's loader supplies, shown beside the label when above 0. */
  count?: "heldReviews";
}

export const ADMIN_NAV: readonly AdminNavEntry[] = [
  { to: "/admin/dashboard", labelKey: "admin.nav.dashboard" },
  { to: "/admin/users", labelKey: "admin.nav.users" },
  { to: "/admin/products", labelKey: "admin.nav.products" },
  { to: "/admin/categories", labelKey: "admin.nav.categories" },
  { to: "/admin/orders", labelKey: "admin.nav.orders" },
  { to: "/admin/sales", labelKey: "admin.nav.sales" },
  { to: "/admin/discounts", labelKey: "discounts.nav" },
  { to: "/admin/settings", labelKey: "admin.nav.settings" },
  { to: "/admin/storesetting/logoAndColors", labelKey: "admin.nav.logoAndColors" },
  { to: "/admin/storesetting/homepage", labelKey: "admin.nav.homepage" },
  { to: "/admin/storesetting/customDomain", labelKey: "admin.nav.customDomain" },
  { to: "/admin/storesetting/aboutus", labelKey: "admin.nav.aboutUs" },
  { to: "/admin/storesetting/contact&footer", labelKey: "admin.nav.contactFooter" },
  { to: "/admin/storesetting/paymentOptions", labelKey: "admin.nav.paymentOptions" },
  { to: "/admin/storesetting/terms&privacy", labelKey: "admin.nav.termsPrivacy" },
  { to: "/admin/contact-requests", labelKey: "admin.nav.contactRequests" },
  { to: "/admin/reviews", labelKey: "reviewModeration.nav", count: "heldReviews" },
  { to: "/admin/billing", labelKey: "admin.nav.billing" },
];

/**
 * The entry a path belongs to: the entry itself or a page below it (/admin/products/12 is under
 * Products). Paths arrive decoded or encoded ('&' may be %26), so both are compared decoded.
 */
export function currentEntry(pathname: string): string | null {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: compare the raw path.
  }
  path = path.replace(/\/+$/, "");
  const entry = ADMIN_NAV.find((e) => path === e.to || path.startsWith(`${e.to}/`));
  return entry?.to ?? null;
}
