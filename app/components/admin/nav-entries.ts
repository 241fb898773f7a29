/**
 * The admin sidebar's entries, in SPEC §2's order (its first table). Profile is not an entry: the
 * avatar opens it. Contact requests, reviews (issue 23), billing and the activity log (issue 36) are additions, after the table's rows;
 * discount codes (issue 20) sit next to the sales they work with.
 */
import { ANY_STAFF, type RouteGuard } from "~/lib/permissions";

export interface AdminNavEntry {
  to: string;
  /** The permission the page's loader declares: the menu shows the entry only to those who hold it. */
  guard: RouteGuard;
  /** The label's locale key. */
  labelKey: string;
  /** A count the layout's loader supplies, shown beside the label when above 0. */
  count?: "heldReviews";
}

export const ADMIN_NAV: readonly AdminNavEntry[] = [
  { to: "/admin/dashboard", guard: ANY_STAFF, labelKey: "admin.nav.dashboard" },
  { to: "/admin/users", guard: "customers.view", labelKey: "admin.nav.users" },
  { to: "/admin/products", guard: "products.edit", labelKey: "admin.nav.products" },
  { to: "/admin/categories", guard: "categories.edit", labelKey: "admin.nav.categories" },
  { to: "/admin/orders", guard: "orders.view", labelKey: "admin.nav.orders" },
  { to: "/admin/returns", guard: "orders.view", labelKey: "returns.navLabel" },
  { to: "/admin/sales", guard: "sales.edit", labelKey: "admin.nav.sales" },
  { to: "/admin/discounts", guard: "discounts.edit", labelKey: "discounts.nav" },
  { to: "/admin/settings", guard: "settings.edit", labelKey: "admin.nav.settings" },
  { to: "/admin/shipping", guard: "settings.edit", labelKey: "shippingAdmin.nav" },
  { to: "/admin/storesetting/logoAndColors", guard: "settings.edit", labelKey: "admin.nav.logoAndColors" },
  { to: "/admin/storesetting/homepage", guard: "settings.edit", labelKey: "admin.nav.homepage" },
  { to: "/admin/storesetting/customDomain", guard: "domain.edit", labelKey: "admin.nav.customDomain" },
  { to: "/admin/storesetting/aboutus", guard: "settings.edit", labelKey: "admin.nav.aboutUs" },
  { to: "/admin/storesetting/contact&footer", guard: "settings.edit", labelKey: "admin.nav.contactFooter" },
  { to: "/admin/storesetting/paymentOptions", guard: "payments.edit", labelKey: "admin.nav.paymentOptions" },
  { to: "/admin/storesetting/tax", guard: "settings.edit", labelKey: "tax.nav" },
  { to: "/admin/storesetting/terms&privacy", guard: "settings.edit", labelKey: "admin.nav.termsPrivacy" },
  { to: "/admin/contact-requests", guard: "contact.manage", labelKey: "admin.nav.contactRequests" },
  { to: "/admin/reviews", guard: "reviews.moderate", labelKey: "reviewModeration.nav", count: "heldReviews" },
  { to: "/admin/billing", guard: "billing.manage", labelKey: "admin.nav.billing" },
  { to: "/admin/activity", guard: "activity.view", labelKey: "staffRoles.nav.activity" },
  { to: "/admin/staff", guard: "staff.manage", labelKey: "staffAdmin.nav" },
  { to: "/admin/api", guard: "staff.manage", labelKey: "admin.nav.api" },
];

/** The entries a person whose role holds `held` may open. */
export function navFor(held: readonly string[]): AdminNavEntry[] {
  return ADMIN_NAV.filter((entry) => entry.guard === ANY_STAFF || held.includes(entry.guard));
}

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
