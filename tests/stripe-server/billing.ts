/**
 * Billing for the platform's own subscriptions: customers, products, prices, subscriptions
 * (created through Checkout or directly), invoices and the billing portal. Since API version 2025-03-31 the billing period lives on
 * each subscription item (`items.data[i].current_period_end`), not on the subscription; this
 * server does the same, so code written against it works against Stripe.
 */
import {
  invalid,
  metadataOf,
  missing,
  noSuch,
  optionalBoolean,
  optionalInteger,
  optionalList,
  optionalObject,
  optionalString,
  paramPath,
  requiredString,
} from "./errors";
import type { Params } from "./form";
import { listOf } from "./lists";
import { newId, now, type Owner, type StripeObject } from "./state";
import { clockParam, timeOf } from "./test-clocks";
import type { ApiRequest, Route, World } from "./world";

const INTERVALS: Record<string, number> = {
  day: 86_400,
  week: 7 * 86_400,
  month: 30 * 86_400,
  year: 365 * 86_400,
};

export function findObject(
  world: World,
  owner: Owner,
  kind: string,
  id: string,
  param: string,
): StripeObject {
  const found = world.objects.get(owner, id, kind);
  if (!found) throw noSuch(kind, id, param);
  return found;
}

function createCustomer({ world, owner, params }: ApiRequest): StripeObject {
  return world.objects.add(owner, {
    id: newId("cus"),
    object: "customer",
    email: optionalString(params, "email") ?? null,
    name: optionalString(params, "name") ?? null,
    description: optionalString(params, "description") ?? null,
    metadata: metadataOf(params),
    test_clock: clockParam(world, owner, optionalString(params, "test_clock")),
    created: now(),
    livemode: false,
  });
}

function updateCustomer({ world, owner, params, path }: ApiRequest): StripeObject {
  const customer = findObject(world, owner, "customer", path[0]!, "id");
  for (const field of ["email", "name", "description"]) {
    const value = optionalString(params, field);
    if (value !== undefined) customer[field] = value === "" ? null : value;
  }
  if (params.metadata !== undefined)
    customer.metadata = { ...(customer.metadata as object), ...metadataOf(params) };
  return customer;
}

export function createProduct(world: World, owner: Owner, params: Params, path = ""): StripeObject {
  return world.objects.add(owner, {
    id: newId("prod"),
    object: "product",
    name: requiredString(params, "name", paramPath(path, "name")),
    description: optionalString(params, "description") ?? null,
    active: optionalBoolean(params, "active") ?? true,
    metadata: metadataOf(params),
    created: now(),
    livemode: false,
  });
}

/** A price from `prices.create` params or a line item's `price_data` (`path` names the param). */
export function buildPrice(world: World, owner: Owner, params: Params, path = ""): StripeObject {
  const currency = requiredString(params, "currency", paramPath(path, "currency")).toLowerCase();
  const unitAmount = optionalInteger(params, "unit_amount", paramPath(path, "unit_amount"));
  if (unitAmount === undefined) throw missing(paramPath(path, "unit_amount"));
  if (unitAmount < 0)
    throw invalid(
      paramPath(path, "unit_amount"),
      "This value must be greater than or equal to 0.",
      "parameter_invalid_integer",
    );
  let productId = optionalString(params, "product", paramPath(path, "product"));
  const productData = optionalObject(params, "product_data", paramPath(path, "product_data"));
  if (productId) findObject(world, owner, "product", productId, paramPath(path, "product"));
  else if (productData)
    productId = createProduct(world, owner, productData, paramPath(path, "product_data")).id;
  else throw missing(paramPath(path, "product"));
  const recurringParams = optionalObject(params, "recurring", paramPath(path, "recurring"));
  let recurring: { interval: string; interval_count: number } | null = null;
  if (recurringParams) {
    const interval = requiredString(recurringParams, "interval", `${paramPath(path, "recurring")}[interval]`);
    if (!(interval in INTERVALS))
      throw invalid(
        `${paramPath(path, "recurring")}[interval]`,
        "Invalid recurring[interval]: must be one of day, week, month, or year",
      );
    recurring = { interval, interval_count: optionalInteger(recurringParams, "interval_count") ?? 1 };
  }
  return {
    id: newId("price"),
    object: "price",
    active: optionalBoolean(params, "active") ?? true,
    currency,
    unit_amount: unitAmount,
    product: productId,
    recurring,
    type: recurring ? "recurring" : "one_time",
    nickname: optionalString(params, "nickname") ?? null,
    lookup_key: optionalString(params, "lookup_key") ?? null,
    metadata: metadataOf(params),
    created: now(),
    livemode: false,
  };
}

function createPrice({ world, owner, params }: ApiRequest): StripeObject {
  return world.objects.add(owner, buildPrice(world, owner, params));
}

function listPrices({ world, owner, params }: ApiRequest) {
  const product = optionalString(params, "product");
  const active = optionalBoolean(params, "active");
  const type = optionalString(params, "type");
  const prices = world.objects
    .list(owner, "price")
    .filter(
      (p) =>
        (product === undefined || p.product === product) &&
        (active === undefined || p.active === active) &&
        (type === undefined || p.type === type),
    );
  return listOf("/v1/prices", prices, params);
}

function listProducts({ world, owner, params }: ApiRequest) {
  const active = optionalBoolean(params, "active");
  return listOf(
    "/v1/products",
    world.objects.list(owner, "product").filter((p) => active === undefined || p.active === active),
    params,
  );
}

function periodSeconds(price: StripeObject): number {
  const recurring = price.recurring as { interval: string; interval_count: number } | null;
  if (!recurring) return INTERVALS.month!;
  return INTERVALS[recurring.interval]! * recurring.interval_count;
}

type SubscriptionItem = StripeObject & {
  price: StripeObject;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
};

function itemsOf(subscription: StripeObject): SubscriptionItem[] {
  return (subscription.items as { data: SubscriptionItem[] }).data;
}

function createInvoice(
  world: World,
  owner: Owner,
  subscription: StripeObject,
  reason: string,
  status: "paid" | "open",
): StripeObject {
  const items = itemsOf(subscription);
  const amount = items.reduce((sum, item) => sum + (item.price.unit_amount as number) * item.quantity, 0);
  return world.objects.add(owner, {
    id: newId("in"),
    object: "invoice",
    customer: subscription.customer,
    status,
    billing_reason: reason,
    currency: subscription.currency,
    amount_due: amount,
    amount_paid: status === "paid" ? amount : 0,
    amount_remaining: status === "paid" ? 0 : amount,
    period_start: items[0]!.current_period_start,
    period_end: items[0]!.current_period_end,
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    created: timeOf(world, owner, subscription.customer as string),
    livemode: false,
  });
}

/** What a completed subscription Checkout does: an active subscription and its paid first invoice. */
export function startSubscription(
  world: World,
  owner: Owner,
  customer: string,
  lines: { price: StripeObject; quantity: number }[],
  metadata: Record<string, string>,
): { subscription: StripeObject; invoice: StripeObject } {
  // A test clock's customer subscribes at the clock's time.
  const start = timeOf(world, owner, customer);
  const id = newId("sub");
  const items: SubscriptionItem[] = lines.map(({ price, quantity }) => ({
    id: newId("si"),
    object: "subscription_item",
    price,
    quantity,
    subscription: id,
    current_period_start: start,
    current_period_end: start + periodSeconds(price),
    metadata: {},
    created: start,
  }));
  const subscription = world.objects.add(owner, {
    id,
    object: "subscription",
    customer,
    status: "active",
    currency: lines[0]!.price.currency,
    items: { object: "list", data: items, has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    start_date: start,
    collection_method: "charge_automatically",
    latest_invoice: null as string | null,
    metadata,
    created: start,
    livemode: false,
  });
  const invoice = createInvoice(world, owner, subscription, "subscription_create", "paid");
  subscription.latest_invoice = invoice.id;
  world.webhooks.emit("customer.subscription.created", subscription, owner);
  world.webhooks.emit("invoice.paid", invoice, owner);
  return { subscription, invoice };
}

export function cancelSubscription(world: World, owner: Owner, subscription: StripeObject): StripeObject {
  if (subscription.status === "canceled") {
    throw invalid(
      "subscription",
      `A canceled subscription can only update its cancellation_details and metadata.`,
      "resource_already_canceled",
    );
  }
  const at = timeOf(world, owner, subscription.customer as string);
  Object.assign(subscription, {
    status: "canceled",
    canceled_at: at,
    ended_at: at,
    cancel_at_period_end: false,
  });
  world.webhooks.emit("customer.subscription.deleted", subscription, owner);
  return subscription;
}

/** `/test/advance`: what the passing of time would do to a subscription. */
export function advanceSubscription(world: World, subscriptionId: string, action: string): StripeObject {
  const found = world.objects.find(subscriptionId);
  if (!found || found.object.object !== "subscription")
    throw noSuch("subscription", subscriptionId, "subscription");
  const { owner, object: subscription } = found;
  if (action === "cancel") return cancelSubscription(world, owner, subscription);
  if (subscription.status === "canceled") throw invalid("subscription", "This subscription is canceled.");
  if (action === "renew") {
    if (subscription.cancel_at_period_end) return cancelSubscription(world, owner, subscription);
    renewSubscription(world, owner, subscription);
    return subscription;
  }
  const previous = { status: subscription.status, items: structuredClone(subscription.items) };
  if (action === "fail") {
    subscription.status = "past_due";
    const invoice = createInvoice(world, owner, subscription, "subscription_cycle", "open");
    subscription.latest_invoice = invoice.id;
    world.webhooks.emit("invoice.payment_failed", invoice, owner);
  } else {
    throw invalid("action", "action must be one of renew, fail or cancel");
  }
  world.webhooks.emit("customer.subscription.updated", subscription, owner, previous);
  return subscription;
}

/** A period end passed with a successful payment: the next period and its paid invoice. */
function renewSubscription(world: World, owner: Owner, subscription: StripeObject): void {
  const previous = { status: subscription.status, items: structuredClone(subscription.items) };
  for (const item of itemsOf(subscription)) {
    item.current_period_start = item.current_period_end;
    item.current_period_end = item.current_period_end + periodSeconds(item.price);
  }
  subscription.status = "active";
  const invoice = createInvoice(world, owner, subscription, "subscription_cycle", "paid");
  subscription.latest_invoice = invoice.id;
  world.webhooks.emit("invoice.paid", invoice, owner);
  world.webhooks.emit("customer.subscription.updated", subscription, owner, previous);
}

/**
 * What a test clock does at each period end it passes: a subscription set to cancel at the
 * period end ends there (ended_at is the period end, not the clock's new time); any other renews.
 */
export function passPeriodEnd(world: World, owner: Owner, subscription: StripeObject): void {
  if (!subscription.cancel_at_period_end) return renewSubscription(world, owner, subscription);
  const end = itemsOf(subscription)[0]!.current_period_end;
  Object.assign(subscription, {
    status: "canceled",
    canceled_at: end,
    ended_at: end,
    cancel_at_period_end: false,
  });
  world.webhooks.emit("customer.subscription.deleted", subscription, owner);
}

/**
 * `POST /v1/subscriptions`: a subscription for a customer the server knows, started at once from
 * `items` (`price`, or `price_data` with a recurring interval; `quantity` 1 by default). This
 * server has no payment methods and every customer pays, as with the hosted checkout's good card:
 * `charge_automatically` (Stripe's default, the only collection method here) starts `active`
 * with a paid first invoice, as Stripe does for a customer whose default card works, and sends
 * `customer.subscription.created` and `invoice.paid`.
 */
function createSubscription({ world, owner, params }: ApiRequest): StripeObject {
  const customer = requiredString(params, "customer");
  findObject(world, owner, "customer", customer, "customer");
  const method = optionalString(params, "collection_method") ?? "charge_automatically";
  if (method !== "charge_automatically") {
    throw invalid(
      "collection_method",
      "Invalid collection_method: this test server supports charge_automatically",
      "parameter_invalid",
    );
  }
  const raw = optionalList(params, "items");
  if (!raw || raw.length === 0) throw missing("items");
  const lines = raw.map((entry, i) => {
    const path = `items[${i}]`;
    if (typeof entry !== "object" || Array.isArray(entry)) throw invalid(path, "Invalid subscription item");
    const quantity = optionalInteger(entry, "quantity", `${path}[quantity]`) ?? 1;
    if (quantity < 1)
      throw invalid(`${path}[quantity]`, "Quantity must be greater than 0.", "parameter_invalid_integer");
    const priceId = optionalString(entry, "price", `${path}[price]`);
    const priceData = optionalObject(entry, "price_data", `${path}[price_data]`);
    let price: StripeObject;
    if (priceId) price = findObject(world, owner, "price", priceId, `${path}[price]`);
    else if (priceData)
      price = world.objects.add(owner, buildPrice(world, owner, priceData, `${path}[price_data]`));
    else throw missing(`${path}[price]`);
    if (price.type !== "recurring") {
      throw invalid(
        `${path}[price]`,
        "The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.",
      );
    }
    return { price, quantity };
  });
  if (new Set(lines.map((line) => line.price.currency)).size > 1)
    throw invalid("items", "All prices on a subscription must have the same currency.");
  return startSubscription(world, owner, customer, lines, metadataOf(params)).subscription;
}

function listSubscriptions({ world, owner, params }: ApiRequest) {
  const customer = optionalString(params, "customer");
  const status = optionalString(params, "status");
  const subscriptions = world.objects
    .list(owner, "subscription")
    .filter((s) => customer === undefined || s.customer === customer)
    // Stripe leaves canceled subscriptions out unless asked for them.
    .filter((s) =>
      status === undefined ? s.status !== "canceled" : status === "all" || s.status === status,
    );
  return listOf("/v1/subscriptions", subscriptions, params);
}

function updateSubscription({ world, owner, params, path }: ApiRequest): StripeObject {
  const subscription = findObject(world, owner, "subscription", path[0]!, "id");
  if (subscription.status === "canceled")
    throw invalid("id", "A canceled subscription can only update its cancellation_details and metadata.");
  const previous: Record<string, unknown> = {};
  const atPeriodEnd = optionalBoolean(params, "cancel_at_period_end");
  if (atPeriodEnd !== undefined && atPeriodEnd !== subscription.cancel_at_period_end) {
    previous.cancel_at_period_end = subscription.cancel_at_period_end;
    subscription.cancel_at_period_end = atPeriodEnd;
    subscription.cancel_at = atPeriodEnd ? itemsOf(subscription)[0]!.current_period_end : null;
  }
  if (params.metadata !== undefined) {
    previous.metadata = subscription.metadata;
    subscription.metadata = { ...(subscription.metadata as object), ...metadataOf(params) };
  }
  world.webhooks.emit("customer.subscription.updated", subscription, owner, previous);
  return subscription;
}

function createPortalSession({ world, owner, params }: ApiRequest): StripeObject {
  const customer = requiredString(params, "customer");
  findObject(world, owner, "customer", customer, "customer");
  const id = newId("bps");
  return world.objects.add(owner, {
    id,
    object: "billing_portal.session",
    configuration: "bpc_test_default",
    customer,
    flow: null,
    locale: null,
    on_behalf_of: null,
    return_url: optionalString(params, "return_url") ?? null,
    url: `${world.baseUrl()}/portal/${id}`,
    created: now(),
    livemode: false,
  });
}

const retrieve =
  (kind: string) =>
  ({ world, owner, path }: ApiRequest) =>
    findObject(world, owner, kind, path[0]!, "id");

export const billingRoutes: Route[] = [
  { method: "POST", pattern: /^\/v1\/customers$/, handler: createCustomer },
  { method: "GET", pattern: /^\/v1\/customers\/([^/]+)$/, handler: retrieve("customer") },
  { method: "POST", pattern: /^\/v1\/customers\/([^/]+)$/, handler: updateCustomer },
  {
    method: "POST",
    pattern: /^\/v1\/products$/,
    handler: ({ world, owner, params }) => createProduct(world, owner, params),
  },
  { method: "GET", pattern: /^\/v1\/products$/, handler: listProducts },
  { method: "GET", pattern: /^\/v1\/products\/([^/]+)$/, handler: retrieve("product") },
  { method: "POST", pattern: /^\/v1\/prices$/, handler: createPrice },
  { method: "GET", pattern: /^\/v1\/prices$/, handler: listPrices },
  { method: "GET", pattern: /^\/v1\/prices\/([^/]+)$/, handler: retrieve("price") },
  { method: "GET", pattern: /^\/v1\/subscriptions$/, handler: listSubscriptions },
  { method: "POST", pattern: /^\/v1\/subscriptions$/, handler: createSubscription },
  { method: "GET", pattern: /^\/v1\/subscriptions\/([^/]+)$/, handler: retrieve("subscription") },
  { method: "POST", pattern: /^\/v1\/subscriptions\/([^/]+)$/, handler: updateSubscription },
  {
    method: "DELETE",
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    handler: ({ world, owner, path }) =>
      cancelSubscription(world, owner, findObject(world, owner, "subscription", path[0]!, "id")),
  },
  { method: "GET", pattern: /^\/v1\/invoices\/([^/]+)$/, handler: retrieve("invoice") },
  { method: "POST", pattern: /^\/v1\/billing_portal\/sessions$/, handler: createPortalSession },
];
