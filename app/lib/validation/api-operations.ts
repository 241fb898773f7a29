/**
 * Every operation of the Admin API (issue 38, decision 045) in one list: its method, path, the
 * scope it needs and the schemas of what it takes and answers. The handlers declare their
 * operation (`apiLoader(API_OPERATIONS.listProducts, …)` takes the scope from it) and the
 * OpenAPI document (/api/v1/openapi.json) is generated from this list, so the document, the
 * scopes and the validation cannot drift apart; `api-openapi.test` checks every route file has
 * its operation and every answer validates against the document.
 */
import type { z } from "zod/v4";
import type { Permission } from "~/lib/permissions";
import {
  categoryList,
  emptyBody,
  orderAnswer,
  orderList,
  orderListQuery,
  customerAnswer,
  customerExport,
  customerExportQuery,
  customerList,
  refundAnswer,
  refundCreateBody,
  refundList,
  customerListQuery,
  discountCodeAnswer,
  discountCodeCreateBody,
  discountCodeList,
  discountCodeListQuery,
  eventsFeed,
  eventsQuery,
  inventoryLevels,
  inventoryQuery,
  productAnswer,
  productCreateBody,
  productList,
  productListQuery,
  productUpdateBody,
  shipBody,
  stockAdjustBody,
} from "./api";

export interface ApiOperation {
  method: "get" | "post";
  /** Under /api/v1, with `{name}` for a path parameter. */
  path: string;
  scope: Permission;
  summary: string;
  description?: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success's answer (200, or 201 when `created`). */
  answer: z.ZodType;
  created?: boolean;
  /** Answers an ETag (GET) or honours If-Match (POST). */
  etag?: boolean;
  /** The refusals it may answer besides 400/401/403/429/503 (every operation's). */
  refusals?: readonly (404 | 409 | 412 | 422)[];
}

const ORDER_STEP_DESCRIPTION =
  "The admin order page's step, through the same service: the order's history, emails, invoice " +
  "and activity log (named after the token). Illegal from the order's state: 409 with the reason.";

export const API_OPERATIONS = {
  listProducts: {
    method: "get",
    path: "/products",
    scope: "products.edit",
    summary: "List products",
    description: "Newest first, 50 a page; filter by text, category or status.",
    query: productListQuery,
    answer: productList,
  },
  createProduct: {
    method: "post",
    path: "/products",
    scope: "products.edit",
    summary: "Create a product of one variant",
    description:
      "Names in English and Arabic, the price in minor units and the stock; the slug is made from the English name unless given. Images and options are added in the admin.",
    body: productCreateBody,
    answer: productAnswer,
    created: true,
    refusals: [422],
  },
  getProduct: {
    method: "get",
    path: "/products/{id}",
    scope: "products.edit",
    summary: "Get a product with its variants",
    answer: productAnswer,
    etag: true,
    refusals: [404],
  },
  updateProduct: {
    method: "post",
    path: "/products/{id}",
    scope: "products.edit",
    summary: "Show or hide a product",
    body: productUpdateBody,
    answer: productAnswer,
    etag: true,
    refusals: [404, 412, 422],
  },
  adjustStock: {
    method: "post",
    path: "/products/{id}/stock",
    scope: "products.edit",
    summary: "Adjust a variant's stock",
    description: "Adds `delta` to the variant's stock (negative takes off); below 0 is a 409.",
    body: stockAdjustBody,
    answer: productAnswer,
    etag: true,
    refusals: [404, 409, 412, 422],
  },
  listInventoryLevels: {
    method: "get",
    path: "/inventory",
    scope: "products.edit",
    summary: "List every variant's stock",
    description:
      "100 a page in a stable order, for a warehouse or marketplace to mirror; `sku` finds one variant, `below` those with less stock. Change stock with POST /products/{id}/stock.",
    query: inventoryQuery,
    answer: inventoryLevels,
  },
  listCategories: {
    method: "get",
    path: "/categories",
    scope: "categories.edit",
    summary: "List categories and subcategories",
    answer: categoryList,
  },
  listOrders: {
    method: "get",
    path: "/orders",
    scope: "orders.view",
    summary: "List orders",
    description: "Newest first, 50 a page; filter by status or payment status.",
    query: orderListQuery,
    answer: orderList,
  },
  getOrder: {
    method: "get",
    path: "/orders/{number}",
    scope: "orders.view",
    summary: "Get an order with its lines and history",
    answer: orderAnswer,
    etag: true,
    refusals: [404],
  },
  confirmOrder: {
    method: "post",
    path: "/orders/{number}/confirm",
    scope: "orders.edit",
    summary: "Confirm an order",
    description: ORDER_STEP_DESCRIPTION,
    body: emptyBody,
    answer: orderAnswer,
    etag: true,
    refusals: [404, 409, 412, 422],
  },
  shipOrder: {
    method: "post",
    path: "/orders/{number}/ship",
    scope: "orders.edit",
    summary: "Mark an order shipped, with an optional tracking number",
    description: ORDER_STEP_DESCRIPTION,
    body: shipBody,
    answer: orderAnswer,
    etag: true,
    refusals: [404, 409, 412, 422],
  },
  deliverOrder: {
    method: "post",
    path: "/orders/{number}/deliver",
    scope: "orders.edit",
    summary: "Mark an order delivered",
    description: ORDER_STEP_DESCRIPTION,
    body: emptyBody,
    answer: orderAnswer,
    etag: true,
    refusals: [404, 409, 412, 422],
  },
  cancelOrder: {
    method: "post",
    path: "/orders/{number}/cancel",
    scope: "orders.edit",
    summary: "Cancel an order",
    description: `${ORDER_STEP_DESCRIPTION} Cancelling a paid order refunds it and needs the "orders.refund" scope too.`,
    body: emptyBody,
    answer: orderAnswer,
    etag: true,
    refusals: [404, 409, 412, 422],
  },
  listRefunds: {
    method: "get",
    path: "/orders/{number}/refunds",
    scope: "orders.view",
    summary: "List an order's refunds and what is left to refund",
    description:
      "Newest first, each with its lines; `remaining` says what can still be refunded: the amount, shipping, the COD fee and each line's units (its `orderItemId` is what a refund names).",
    answer: refundList,
    refusals: [404],
  },
  createRefund: {
    method: "post",
    path: "/orders/{number}/refunds",
    scope: "orders.refund",
    summary: "Refund an order, in part or whole",
    description:
      "Units of lines (each with `restock`), shipping, the COD fee and/or a further `amountCents`, with a reason: the admin's refund through the same service. What is left is checked with the order locked; more than is left is a 422 naming what remains. A card order is refunded through Stripe (the answer's `status` is `succeeded`, `pending` or `failed` with `failureMessage`); a Cash On Delivery order's refund is recorded as paid back by `method` (cash by default). An `Idempotency-Key` also keeps a resent request from refunding twice; an `If-Match` with the order's ETag (from GET /orders/{number}) refuses the refund with a 412 when the order changed since it was read.",
    body: refundCreateBody,
    answer: refundAnswer,
    created: true,
    etag: true,
    refusals: [404, 409, 412, 422],
  },
  listEvents: {
    method: "get",
    path: "/events",
    scope: "orders.view",
    summary: "Read the store's events in order",
    description:
      "The payloads webhooks carry, oldest first after `after` (a `seq`), `limit` 1–250 (50). Keep `nextCursor` and ask again from it to catch up after downtime. Product and inventory events need `products.edit` too, customer events `customers.view`.",
    query: eventsQuery,
    answer: eventsFeed,
  },
  listCustomers: {
    method: "get",
    path: "/customers",
    scope: "customers.view",
    summary: "List customers",
    description: "By name or email, 25 a page, with each one's order count and spend; `q` searches both.",
    query: customerListQuery,
    answer: customerList,
  },
  exportCustomers: {
    method: "get",
    path: "/customers/export",
    scope: "customers.export",
    summary: "Export every customer",
    description:
      "All the store's customers, 500 a page in a stable order, with when each joined: pass `nextCursor` as `cursor` until it is null.",
    query: customerExportQuery,
    answer: customerExport,
  },
  getCustomer: {
    method: "get",
    path: "/customers/{id}",
    scope: "customers.view",
    summary: "Get a customer",
    answer: customerAnswer,
    etag: true,
    refusals: [404],
  },
  listDiscountCodes: {
    method: "get",
    path: "/discount-codes",
    scope: "discounts.edit",
    summary: "List discount codes",
    description: "Newest first, 25 a page, with uses and the revenue of the orders that used each.",
    query: discountCodeListQuery,
    answer: discountCodeList,
  },
  createDiscountCode: {
    method: "post",
    path: "/discount-codes",
    scope: "discounts.edit",
    summary: "Create a discount code",
    description: "A code the store already has (whatever its case) is a 409.",
    body: discountCodeCreateBody,
    answer: discountCodeAnswer,
    created: true,
    refusals: [409, 422],
  },
  getDiscountCode: {
    method: "get",
    path: "/discount-codes/{id}",
    scope: "discounts.edit",
    summary: "Get a discount code with its targets",
    answer: discountCodeAnswer,
    etag: true,
    refusals: [404],
  },
} as const satisfies Record<string, ApiOperation>;

export type ApiOperationId = keyof typeof API_OPERATIONS;
