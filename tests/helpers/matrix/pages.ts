/**
 * Pages the route matrix also opens, as store A's admin, to find their forms: pages a route
 * shows only for a parameter or query the generated path does not have (a record's own id, a
 * confirmation step that asks for a choice).
 */
export interface MatrixIds {
  /** A top-level category of the store that has products. */
  categoryId: string;
  /** One of the store's sales campaigns. */
  saleId: string;
  /** One of the store's discount codes (issue 20). */
  discountCodeId?: string | null;
  /** One of the store's reviews, answered by the store when one is. */
  reviewId: string;
  /** A product of the store sold in options (its edit page has the variants table's forms). */
  variantProductId?: string | null;
  /** One of the store's shipping zones and one of its rates (issue 33). */
  shippingZoneId?: string | null;
  shippingRateId?: string | null;
  /** One of the store's custom staff roles (issue 36), when it has one. */
  staffRoleId?: string | null;
  /** One of the store's webhook subscriptions (issue 38), when it has one. */
  webhookId?: string | null;
}

export const ADMIN_FORM_PAGES = (ids: MatrixIds): string[] => [
  // The team's custom role form, new and existing (issue 36), and its delete confirmation.
  "/admin/staff/roles/new",
  ...(ids.staffRoleId
    ? [
        `/admin/staff/roles/${ids.staffRoleId}`,
        `/admin/staff/roles/${ids.staffRoleId}?confirm=delete-${ids.staffRoleId}`,
      ]
    : []),
  // A webhook subscription's page (issue 38): its rotate, pause, delete and redeliver forms.
  ...(ids.webhookId ? [`/admin/api/webhooks/${ids.webhookId}`] : []),
  "/admin/categories/new",
  `/admin/categories/${ids.categoryId}`,
  // The no-JavaScript confirmation of a delete that asks where the products go.
  `/admin/categories?confirm=delete-${ids.categoryId}`,
  "/admin/sales/new",
  `/admin/sales/${ids.saleId}`,
  `/admin/sales?confirm=delete-${ids.saleId}`,
  // A discount code's form, and the no-JavaScript confirmation of deleting one.
  "/admin/discounts/new",
  ...(ids.discountCodeId
    ? [`/admin/discounts/${ids.discountCodeId}`, `/admin/discounts?confirm=delete-${ids.discountCodeId}`]
    : []),
  // Shipping (issue 33): a new zone, a zone with its rates' forms, a new and an existing rate, and
  // the no-JavaScript confirmations of deleting a zone and a rate.
  "/admin/shipping/new",
  ...(ids.shippingZoneId
    ? [
        `/admin/shipping/${ids.shippingZoneId}`,
        `/admin/shipping/${ids.shippingZoneId}/rates/new`,
        `/admin/shipping?confirm=delete-${ids.shippingZoneId}`,
        ...(ids.shippingRateId
          ? [
              `/admin/shipping/${ids.shippingZoneId}/rates/${ids.shippingRateId}`,
              `/admin/shipping/${ids.shippingZoneId}?confirm=delete-rate-${ids.shippingRateId}`,
            ]
          : []),
      ]
    : []),
  // The no-JavaScript confirmations of hiding a review and removing the store's reply.
  `/admin/reviews?confirm=hide-${ids.reviewId}`,
  `/admin/reviews?confirm=remove-reply-${ids.reviewId}`,
  // A product with options and variants: the options, generate, bulk, variants and per-variant
  // forms (issue 19), and the no-JavaScript confirmation of deleting one of its variants.
  ...(ids.variantProductId
    ? [
        `/admin/products/${ids.variantProductId}`,
        `/admin/products/${ids.variantProductId}?confirm=delete-variant-${ids.variantProductId}`,
      ]
    : []),
];

/** A route parameter filled with the store's own record (`:id` of /admin/categories/:id). */
export function idParamFor(routePath: string, ids: MatrixIds): string | null {
  // Only a route with an :id of its own (/admin/sales/report is a page, not a sale).
  if (!/\/:id\b/.test(routePath)) return null;
  if (routePath.startsWith("/admin/categories/")) return ids.categoryId;
  if (routePath.startsWith("/admin/sales/")) return ids.saleId;
  if (routePath.startsWith("/admin/discounts/")) return ids.discountCodeId ?? null;
  if (routePath.startsWith("/admin/shipping/")) return ids.shippingZoneId ?? null;
  if (routePath.startsWith("/admin/staff/roles/")) return ids.staffRoleId ?? null;
  if (routePath.startsWith("/admin/api/webhooks/")) return ids.webhookId ?? null;
  return null;
}
