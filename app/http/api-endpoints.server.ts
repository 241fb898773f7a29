/**
 * The Admin API's endpoints (issue 38, decision 045), each the scope it needs and its handler:
 * parse the input with its schema (app/lib/validation/api.ts), call the service, answer.
 * Routes under app/routes/api.v1.* only export these.
 */
import { createHash } from "node:crypto";
import { getT } from "~/lib/i18n";
import {
  API_ORDER_STEPS,
  emptyBody,
  eventsQuery,
  orderListQuery,
  productListQuery,
  productUpdateBody,
  shipBody,
  stockAdjustBody,
  type ApiOrderStep,
} from "~/lib/validation/api";
import {
  adjustVariantStock,
  apiCategoryList,
  apiProduct,
  apiProductList,
  apiSetProductActive,
} from "~/services/api/catalog.server";
import { apiOrder, apiOrderList, apiOrderStep } from "~/services/api/orders.server";
import { emailStore } from "~/services/email/email-templates.server";
import { listEvents } from "~/services/webhooks/events.server";
import { apiAction, apiLoader, ApiError, checkIfMatch, notFound, parseWith, queryOf } from "./api.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDER_NUMBER = /^\d{1,9}$/;

/** A resource's version: a hash of what GET answers for it. */
export function etagOf(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("base64url").slice(0, 27);
}

function productIdOf(param: string | undefined): string {
  if (!param || !UUID.test(param)) throw notFound("No such product.");
  return param.toLowerCase();
}

function orderNumberOf(param: string | undefined): number {
  if (!param || !ORDER_NUMBER.test(param)) throw notFound("No such order.");
  return Number(param);
}

// ── products ──

export const listProducts = apiLoader("products.edit", async ({ url, store, locale }) => ({
  body: await apiProductList(store.id, parseWith(productListQuery, queryOf(url)), locale),
}));

export const getProduct = apiLoader("products.edit", async ({ params, store }) => {
  const product = await apiProduct(store.id, store.currency, productIdOf(params.id));
  if (!product) throw notFound("No such product.");
  return { body: { data: product }, etag: etagOf(product) };
});

/** `{ "active": true|false }`: shows or hides the product. If-Match: its ETag, else 412. */
export const updateProduct = apiAction("products.edit", async ({ request, params, store, body, locale }) => {
  const id = productIdOf(params.id);
  const input = parseWith(productUpdateBody, body);
  const before = await apiProduct(store.id, store.currency, id);
  if (!before) throw notFound("No such product.");
  checkIfMatch(request, etagOf(before));
  if ((await apiSetProductActive(store.id, id, input.active, locale)) === "not-found")
    throw notFound("No such product.");
  const after = await apiProduct(store.id, store.currency, id);
  if (!after) throw notFound("No such product.");
  return { body: { data: after }, etag: etagOf(after) };
});

/** `{ "variantId", "delta" }`: adds to (or takes from) one variant's stock, never below 0 (409). */
export const adjustStock = apiAction("products.edit", async ({ request, params, store, body }) => {
  const id = productIdOf(params.id);
  const input = parseWith(stockAdjustBody, body);
  if (request.headers.has("If-Match")) {
    const before = await apiProduct(store.id, store.currency, id);
    if (!before) throw notFound("No such product.");
    checkIfMatch(request, etagOf(before));
  }
  const result = await adjustVariantStock(store.id, id, input.variantId.toLowerCase(), input.delta);
  if (result.kind === "not-found") throw notFound("No such product or variant.");
  if (result.kind === "below-zero")
    throw new ApiError(409, "conflict", `Stock would go below 0 (it is ${result.stock}).`, {
      delta: ["below zero"],
    });
  const after = await apiProduct(store.id, store.currency, id);
  if (!after) throw notFound("No such product.");
  return { body: { data: after }, etag: etagOf(after) };
});

// ── categories ──

export const listCategories = apiLoader("categories.edit", async ({ url, store }) => {
  parseWith(emptyBody, queryOf(url));
  return { body: await apiCategoryList(store.id) };
});

// ── orders ──

export const listOrders = apiLoader("orders.view", async ({ url, store }) => ({
  body: await apiOrderList(store.id, store.timeZone, parseWith(orderListQuery, queryOf(url))),
}));

export const getOrder = apiLoader("orders.view", async ({ params, store }) => {
  const order = await apiOrder(store.id, orderNumberOf(params.number));
  if (!order) throw notFound("No such order.");
  return { body: { data: order }, etag: etagOf(order) };
});

/**
 * POST /orders/:number/{confirm|ship|deliver|cancel}: the admin's step through takeOrderStep.
 * Illegal from the order's state: 409 with the reason. If-Match: the order's ETag, else 412.
 * Cancelling a paid order refunds it: that needs `orders.refund` too, as on the admin's page.
 */
export const orderStep = apiAction("orders.edit", async ({ request, params, store, body, caller }) => {
  const step = params.step as ApiOrderStep;
  if (!(API_ORDER_STEPS as readonly string[]).includes(step ?? "")) throw notFound("No such order action.");
  const number = orderNumberOf(params.number);
  const input = parseWith(step === "ship" ? shipBody : emptyBody, body) as { trackingNumber?: string };
  const before = await apiOrder(store.id, number);
  if (!before) throw notFound("No such order.");
  checkIfMatch(request, etagOf(before));
  if (step === "cancel" && before.paymentStatus === "paid" && !caller.scopes.includes("orders.refund"))
    throw new ApiError(
      403,
      "forbidden",
      'Cancelling a paid order refunds it: this needs the "orders.refund" scope.',
    );
  const result = await apiOrderStep(
    store.id,
    number,
    step,
    { status: before.status, paymentStatus: before.paymentStatus },
    caller.createdBy!,
    emailStore(store),
    input.trackingNumber ?? null,
  );
  if (result.kind === "not-found") throw notFound("No such order.");
  if (result.kind === "refused") {
    const t = getT("en");
    throw new ApiError(409, "conflict", String(t(`admin.orders.refused.${result.reason}`)));
  }
  if (result.kind === "stale")
    throw new ApiError(409, "conflict", "The order changed while this request ran; read it again.");
  const after = await apiOrder(store.id, number);
  if (!after) throw notFound("No such order.");
  return { body: { data: after }, etag: etagOf(after) };
});

// ── events ──

/**
 * GET /events?after=<cursor>&limit= (decision 047): the store's events in order, the payloads
 * webhooks carry, for a receiver that was down to catch up. Needs `orders.view`; product and
 * inventory events are included when the token also holds `products.edit` (what reads them).
 */
export const listEventsFeed = apiLoader("orders.view", async ({ url, store, caller }) => {
  const query = parseWith(eventsQuery, queryOf(url));
  const prefixes = [
    "orders/",
    ...(caller.scopes.includes("products.edit") ? ["products/", "inventory/"] : []),
  ];
  return { body: await listEvents(store.id, query.after ?? 0, query.limit ?? 50, prefixes) };
});
