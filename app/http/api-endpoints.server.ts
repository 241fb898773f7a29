/**
 * The Admin API's endpoints (issue 38, decision 045), each the scope it needs and its handler:
 * parse the input with its schema (app/lib/validation/api.ts), call the service, answer.
 * Routes under app/routes/api.v1.* only export these.
 */
import { createHash } from "node:crypto";
import { getT } from "~/lib/i18n";
import { currencyDigits } from "~/lib/money";
import { MAX_PRICE_MAJOR } from "~/lib/validation/products-admin";
import {
  API_ORDER_STEPS,
  customerExportQuery,
  customerListQuery,
  refundCreateBody,
  discountCodeCreateBody,
  discountCodeListQuery,
  emptyBody,
  inventoryQuery,
  productCreateBody,
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
  apiCreateProduct,
  apiInventoryLevels,
  apiProduct,
  apiProductList,
  apiSetProductActive,
} from "~/services/api/catalog.server";
import {
  apiCreateDiscountCode,
  apiCustomer,
  apiCustomerExport,
  apiCustomerList,
  apiDiscountCode,
  apiDiscountCodeList,
} from "~/services/api/customers.server";
import { apiOrder, apiOrderList, apiOrderStep } from "~/services/api/orders.server";
import { apiCreateRefund, apiRefund, apiRefundList, refundRequestToken } from "~/services/api/refunds.server";
import { refundStateOf } from "~/services/orders/refunds.server";
import { emailStore } from "~/services/email/email-templates.server";
import { listEvents } from "~/services/webhooks/events.server";
import { apiAction, apiLoader, ApiError, checkIfMatch, notFound, parseWith, queryOf } from "./api.server";
import { openApiDocument } from "./openapi.server";

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

/**
 * A new product of one variant (201). Its slug is made from the English name unless given; a
 * slug, category or subcategory the store refuses is a 400 naming the field.
 */
export const createProduct = apiAction("products.edit", async ({ store, body }) => {
  const input = parseWith(productCreateBody, body);
  if (input.priceCents > MAX_PRICE_MAJOR * 10 ** currencyDigits(store.currency))
    throw new ApiError(400, "bad_request", "The price is too high.", { priceCents: ["too high"] });
  const saved = await apiCreateProduct(store.id, input);
  if (!saved.ok) {
    if (saved.error === "not-found")
      throw new ApiError(400, "bad_request", "A named category is not this store's.", {
        categoryId: ["not found"],
      });
    const t = getT("en");
    const fields = Object.fromEntries(
      Object.entries(saved.fieldErrors).map(([field, keys]) => [field, keys.map((key) => String(t(key)))]),
    );
    throw new ApiError(400, "bad_request", "The product cannot be saved.", fields);
  }
  const product = await apiProduct(store.id, store.currency, saved.id);
  if (!product) throw notFound("No such product.");
  return { status: 201, body: { data: product }, etag: etagOf(product) };
});

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

export const listInventoryLevels = apiLoader("products.edit", async ({ url, store }) => ({
  body: await apiInventoryLevels(store.id, parseWith(inventoryQuery, queryOf(url))),
}));

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

// ── refunds ──

export const listRefunds = apiLoader("orders.view", async ({ params, store }) => {
  const refunds = await apiRefundList(store.id, orderNumberOf(params.number));
  if (!refunds) throw notFound("No such order.");
  return { body: refunds };
});

/**
 * POST /orders/:number/refunds: a partial refund through the admin's `createRefund` (decision
 * 048): the same rules (what is left re-checked with the order locked), a card refund asked of
 * Stripe with the refund's own idempotency key, the activity log named after the token. An
 * Idempotency-Key also becomes the refund's one-time token, so resending it never refunds twice.
 * More than is left: 422 naming what remains. If-Match (optional): the order's ETag, else 412.
 */
export const createOrderRefund = apiAction(
  "orders.refund",
  async ({ request, params, store, body, caller }) => {
    const number = orderNumberOf(params.number);
    const input = parseWith(refundCreateBody, body);
    // Refunding from a stale read: what is left is re-checked with the order locked anyway, but
    // an integration that names the order it read gets a 412 when the order moved since.
    if (request.headers.has("If-Match")) {
      const before = await apiOrder(store.id, number);
      if (!before) throw notFound("No such order.");
      checkIfMatch(request, etagOf(before));
    }
    const state = await refundStateOf(store.id, number);
    if (!state) throw notFound("No such order.");
    const unknown = input.lines.findIndex(
      (line) => !state.lines.some((known) => known.id === line.orderItemId.toLowerCase()),
    );
    if (unknown >= 0)
      throw new ApiError(400, "bad_request", "A line is not this order's.", {
        [`lines.${unknown}.orderItemId`]: ["not a line of this order"],
      });
    const result = await apiCreateRefund(
      store.id,
      number,
      input,
      caller.createdBy!,
      refundRequestToken(caller.tokenId, request.headers.get("Idempotency-Key")),
    );
    if (result.kind === "not-found") throw notFound("No such order.");
    if (result.kind === "over")
      throw new ApiError(
        422,
        "unprocessable",
        result.remainingCents > 0
          ? `This refunds more than is left: ${result.remainingCents} (minor units) remains.`
          : "Nothing of this order can be refunded (not paid, or all of it was refunded).",
        { amountCents: [`at most ${result.remainingCents}`] },
      );
    if (result.kind === "invalid") {
      if (result.field.startsWith("qty_")) {
        const id = result.field.slice(4);
        const index = input.lines.findIndex((line) => line.orderItemId.toLowerCase() === id);
        const line = state.lines.find((known) => known.id === id);
        const left = line ? line.quantity - line.refundedUnits : 0;
        throw new ApiError(422, "unprocessable", `More units than are left to refund of a line (${left}).`, {
          [`lines.${index}.quantity`]: [`at most ${left}`],
        });
      }
      if (result.field === "shippingCents" || result.field === "codFeeCents") {
        const left = remainingPiece(state, result.field);
        throw new ApiError(
          422,
          "unprocessable",
          `More than is left to refund of ${result.field} (${left}).`,
          {
            [result.field]: [`at most ${left}`],
          },
        );
      }
      throw new ApiError(400, "bad_request", "Nothing to refund.", { lines: ["nothing to refund"] });
    }
    // Only a refund of a shopper's return can be refused as "return"; the API refunds no return.
    if (result.kind === "return") throw new ApiError(409, "conflict", "The return is not ready to refund.");
    const refund = await apiRefund(store.id, result.refund.id);
    if (!refund) throw notFound("No such refund.");
    return { status: 201, body: { data: refund } };
  },
);

function remainingPiece(
  state: NonNullable<Awaited<ReturnType<typeof refundStateOf>>>,
  field: "shippingCents" | "codFeeCents",
): number {
  return field === "shippingCents"
    ? Math.max(0, state.pieces.shipping.gross - state.shippingRefunded)
    : Math.max(0, state.pieces.codFee.gross - state.codFeeRefunded);
}

// ── customers ──

export const listCustomers = apiLoader("customers.view", async ({ url, store }) => ({
  body: await apiCustomerList(store.id, parseWith(customerListQuery, queryOf(url))),
}));

/**
 * GET /customers/export?cursor=: every customer, 500 a page in a stable order, for a CRM or
 * mailing tool to copy; `customers.export`, as the roles list grants it apart from viewing.
 */
export const exportCustomers = apiLoader("customers.export", async ({ url, store }) => {
  const query = parseWith(customerExportQuery, queryOf(url));
  return { body: await apiCustomerExport(store.id, query.cursor?.toLowerCase() ?? null) };
});

export const getCustomer = apiLoader("customers.view", async ({ params, store }) => {
  const customer = params.id && UUID.test(params.id) ? await apiCustomer(store.id, params.id) : null;
  if (!customer) throw notFound("No such customer.");
  return { body: { data: customer }, etag: etagOf(customer) };
});

// ── discount codes ──

export const listDiscountCodes = apiLoader("discounts.edit", async ({ url, store }) => ({
  body: await apiDiscountCodeList(store.id, parseWith(discountCodeListQuery, queryOf(url))),
}));

export const getDiscountCode = apiLoader("discounts.edit", async ({ params, store }) => {
  const code = params.id && UUID.test(params.id) ? await apiDiscountCode(store.id, params.id) : null;
  if (!code) throw notFound("No such discount code.");
  return { body: { data: code }, etag: etagOf(code) };
});

/** A new code (201). A code the store already has, whatever its case, is a 409. */
export const createDiscountCode = apiAction("discounts.edit", async ({ store, body }) => {
  const saved = await apiCreateDiscountCode(store.id, parseWith(discountCodeCreateBody, body));
  if (!saved.ok) {
    if (saved.error === "code-taken")
      throw new ApiError(409, "conflict", "The store already has this code.", { code: ["taken"] });
    const field = saved.error === "category-not-found" ? "categoryIds" : "productIds";
    throw new ApiError(400, "bad_request", "A named category or product is not this store's.", {
      [field]: ["not found"],
    });
  }
  const code = await apiDiscountCode(store.id, saved.id);
  if (!code) throw notFound("No such discount code.");
  return { status: 201, body: { data: code }, etag: etagOf(code) };
});

// ── the document ──

/**
 * The OpenAPI 3.1 document (app/http/openapi.server.ts). It holds no store's data, so it needs
 * no token and is the same on every host.
 */
export const serveOpenApi = async (): Promise<Response> =>
  new Response(JSON.stringify(openApiDocument()), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
// ── events ──

/**
 * GET /events?after=<cursor>&limit= (decision 047): the store's events in order, the payloads
 * webhooks carry, for a receiver that was down to catch up. Needs `orders.view`; product and
 * inventory events are included when the token also holds `products.edit` (what reads them),
 * customer events when it holds `customers.view`.
 */
export const listEventsFeed = apiLoader("orders.view", async ({ url, store, caller }) => {
  const query = parseWith(eventsQuery, queryOf(url));
  const prefixes = [
    "orders/",
    ...(caller.scopes.includes("products.edit") ? ["products/", "inventory/"] : []),
    ...(caller.scopes.includes("customers.view") ? ["customers/"] : []),
  ];
  return { body: await listEvents(store.id, query.after ?? 0, query.limit ?? 50, prefixes) };
});
