/**
 * Checkout Sessions (payment and subscription mode), the payments they make, and refunds.
 * On Connect the store's calls carry `Stripe-Account`, so sessions, payment intents, charges
 * and refunds live on the connected account, and their events carry `account`.
 */
import { buildPrice, findObject, startSubscription } from "./billing";
import {
  invalid,
  metadataOf,
  missing,
  noSuch,
  optionalInteger,
  optionalList,
  optionalObject,
  optionalString,
  requiredString,
  StripeApiError,
} from "./errors";
import { listOf } from "./lists";
import { newId, now, type Owner, type StripeObject } from "./state";
import type { ApiRequest, Route, World } from "./world";

export interface LineItem {
  price: StripeObject;
  quantity: number;
  name: string;
}

interface SessionInternals {
  lines: LineItem[];
  paymentIntentData: { metadata: Record<string, string>; description: string | null };
  subscriptionMetadata: Record<string, string>;
}

/** What the API does not show of a session but paying it needs. */
const internals = new WeakMap<StripeObject, SessionInternals>();

export function sessionLines(session: StripeObject): LineItem[] {
  return internals.get(session)?.lines ?? [];
}

function checkUrl(params: ApiRequest["params"], name: string): string | null {
  const value = optionalString(params, name);
  if (value === undefined) return null;
  try {
    const url = new URL(value.replaceAll("{CHECKOUT_SESSION_ID}", "x"));
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme");
  } catch {
    throw invalid(name, "Not a valid URL", "url_invalid");
  }
  return value;
}

function readLines(world: World, owner: Owner, params: ApiRequest["params"], mode: string): LineItem[] {
  const raw = optionalList(params, "line_items");
  if (!raw || raw.length === 0) throw missing("line_items");
  return raw.map((entry, i) => {
    const path = `line_items[${i}]`;
    if (typeof entry !== "object" || Array.isArray(entry)) throw invalid(path, "Invalid line item");
    const quantity = optionalInteger(entry, "quantity", `${path}[quantity]`);
    if (quantity === undefined) throw missing(`${path}[quantity]`);
    if (quantity < 1)
      throw invalid(`${path}[quantity]`, "Quantity must be greater than 0.", "parameter_invalid_integer");
    const priceId = optionalString(entry, "price", `${path}[price]`);
    const priceData = optionalObject(entry, "price_data", `${path}[price_data]`);
    let price: StripeObject;
    if (priceId) price = findObject(world, owner, "price", priceId, `${path}[price]`);
    else if (priceData) price = buildPrice(world, owner, priceData, `${path}[price_data]`);
    else throw missing(`${path}[price]`);
    if (mode === "payment" && price.type === "recurring") {
      throw invalid(
        `${path}[price]`,
        "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
      );
    }
    if (mode === "subscription" && price.type !== "recurring") {
      throw invalid(
        `${path}[price]`,
        "You must provide at least one recurring price in `subscription` mode when using prices.",
      );
    }
    const product = world.objects.get(owner, price.product as string, "product");
    return { price, quantity, name: (product?.name as string | undefined) ?? "Item" };
  });
}

function createSession({ world, owner, params }: ApiRequest): StripeObject {
  const mode = requiredString(params, "mode");
  if (mode !== "payment" && mode !== "subscription") {
    throw invalid(
      "mode",
      "Invalid mode: this test server supports payment and subscription",
      "parameter_invalid",
    );
  }
  const lines = readLines(world, owner, params, mode);
  const currencies = new Set(lines.map((line) => line.price.currency));
  if (currencies.size > 1) throw invalid("line_items", "All line items must use the same currency.");
  const created = now();
  const expiresAt = optionalInteger(params, "expires_at") ?? created + 24 * 3600;
  if (expiresAt < created + 30 * 60)
    throw invalid(
      "expires_at",
      "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.",
    );
  if (expiresAt > created + 24 * 3600)
    throw invalid(
      "expires_at",
      "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.",
    );
  const customer = optionalString(params, "customer") ?? null;
  if (customer) findObject(world, owner, "customer", customer, "customer");
  const clientReferenceId = optionalString(params, "client_reference_id") ?? null;
  if (clientReferenceId && clientReferenceId.length > 200)
    throw invalid("client_reference_id", "client_reference_id must be at most 200 characters.");
  const paymentIntentData = optionalObject(params, "payment_intent_data");
  if (paymentIntentData && mode !== "payment")
    throw invalid("payment_intent_data", "You can not pass `payment_intent_data` in `subscription` mode.");
  const subscriptionData = optionalObject(params, "subscription_data");
  if (subscriptionData && mode !== "subscription")
    throw invalid("subscription_data", "You can only pass `subscription_data` in `subscription` mode.");
  const total = lines.reduce((sum, line) => sum + (line.price.unit_amount as number) * line.quantity, 0);
  const id = newId("cs_test");
  const session = world.objects.add(owner, {
    id,
    object: "checkout.session",
    mode,
    status: "open",
    payment_status: "unpaid",
    amount_subtotal: total,
    amount_total: total,
    currency: lines[0]!.price.currency,
    success_url: checkUrl(params, "success_url"),
    cancel_url: checkUrl(params, "cancel_url"),
    url: `${world.baseUrl()}/pay/${id}`,
    client_reference_id: clientReferenceId,
    customer,
    customer_email: optionalString(params, "customer_email") ?? null,
    customer_details: null,
    metadata: metadataOf(params),
    payment_intent: null,
    subscription: null,
    invoice: null,
    expires_at: expiresAt,
    created,
    livemode: false,
  });
  internals.set(session, {
    lines,
    paymentIntentData: {
      metadata: paymentIntentData ? metadataOf(paymentIntentData) : {},
      description: (paymentIntentData && optionalString(paymentIntentData, "description")) ?? null,
    },
    subscriptionMetadata: subscriptionData ? metadataOf(subscriptionData) : {},
  });
  return session;
}

function findSession(world: World, owner: Owner, id: string): StripeObject {
  const session = world.objects.get(owner, id, "checkout.session");
  if (!session) throw noSuch("checkout.session", id, "session");
  return session;
}

export function expireSession(world: World, owner: Owner, session: StripeObject): StripeObject {
  if (session.status !== "open") {
    throw invalid(
      "session",
      `Only Checkout Sessions with a status in ["open"] can be expired.`,
      "checkout_session_not_open",
    );
  }
  Object.assign(session, { status: "expired", url: null });
  world.webhooks.emit("checkout.session.expired", session, owner);
  return session;
}

/** The hosted page was paid with a good card: the money moves and the session completes. */
export function completeSession(world: World, owner: Owner, session: StripeObject): void {
  const data = internals.get(session);
  if (!data || session.status !== "open")
    throw new StripeApiError(400, "invalid_request_error", "This Checkout Session is no longer active.");
  const email = (session.customer_email as string | null) ?? "shopper@example.com";
  if (session.mode === "payment") {
    const chargeId = newId("ch");
    const intent = world.objects.add(owner, {
      id: newId("pi"),
      object: "payment_intent",
      amount: session.amount_total,
      amount_received: session.amount_total,
      currency: session.currency,
      status: "succeeded",
      customer: session.customer,
      description: data.paymentIntentData.description,
      metadata: data.paymentIntentData.metadata,
      latest_charge: chargeId,
      created: now(),
      livemode: false,
    });
    world.objects.add(owner, {
      id: chargeId,
      object: "charge",
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: 0,
      captured: true,
      paid: true,
      refunded: false,
      currency: session.currency,
      payment_intent: intent.id,
      status: "succeeded",
      metadata: data.paymentIntentData.metadata,
      created: now(),
      livemode: false,
    });
    Object.assign(session, { payment_intent: intent.id });
  } else {
    let customer = session.customer as string | null;
    if (!customer) {
      customer = world.objects.add(owner, {
        id: newId("cus"),
        object: "customer",
        email,
        name: null,
        metadata: {},
        test_clock: null,
        created: now(),
        livemode: false,
      }).id;
    }
    const lines = data.lines.map(({ price, quantity }) => ({ price, quantity }));
    const { subscription, invoice } = startSubscription(
      world,
      owner,
      customer,
      lines,
      data.subscriptionMetadata,
    );
    Object.assign(session, { customer, subscription: subscription.id, invoice: invoice.id });
  }
  Object.assign(session, {
    status: "complete",
    payment_status: "paid",
    url: null,
    customer_details: { email },
  });
  world.webhooks.emit("checkout.session.completed", session, owner);
}

function listLineItems({ world, owner, path, params }: ApiRequest) {
  const session = findSession(world, owner, path[0]!);
  const items = sessionLines(session).map((line, i) => ({
    id: `li_${session.id.slice(-12)}${i}`,
    object: "item",
    amount_subtotal: (line.price.unit_amount as number) * line.quantity,
    amount_total: (line.price.unit_amount as number) * line.quantity,
    currency: line.price.currency,
    description: line.name,
    price: line.price,
    quantity: line.quantity,
  }));
  return listOf(`/v1/checkout/sessions/${session.id}/line_items`, items, params);
}

function createRefund({ world, owner, params }: ApiRequest): StripeObject {
  const intentId = optionalString(params, "payment_intent");
  let chargeId = optionalString(params, "charge");
  if (!intentId && !chargeId) throw missing("payment_intent");
  if (intentId)
    chargeId = findObject(world, owner, "payment_intent", intentId, "payment_intent").latest_charge as string;
  const charge = findObject(world, owner, "charge", chargeId!, "charge");
  const remaining = (charge.amount as number) - (charge.amount_refunded as number);
  if (remaining === 0)
    throw invalid("charge", `Charge ${charge.id} has already been refunded.`, "charge_already_refunded");
  const amount = optionalInteger(params, "amount") ?? remaining;
  if (amount < 1)
    throw invalid("amount", "Refund amount must be greater than 0.", "parameter_invalid_integer");
  if (amount > remaining) {
    throw invalid(
      "amount",
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
      "amount_too_large",
    );
  }
  const reason = optionalString(params, "reason") ?? null;
  if (reason && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason)) {
    throw invalid("reason", "Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer");
  }
  const refund = world.objects.add(owner, {
    id: newId("re"),
    object: "refund",
    amount,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    currency: charge.currency,
    reason,
    status: "succeeded",
    metadata: metadataOf(params),
    created: now(),
  });
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded = (charge.amount_refunded as number) + amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  world.webhooks.emit("charge.refunded", charge, owner, previous);
  return refund;
}

const retrieve =
  (kind: string) =>
  ({ world, owner, path }: ApiRequest) =>
    findObject(world, owner, kind, path[0]!, "id");

export const checkoutRoutes: Route[] = [
  { method: "POST", pattern: /^\/v1\/checkout\/sessions$/, handler: createSession },
  {
    method: "GET",
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    handler: ({ world, owner, path }) => findSession(world, owner, path[0]!),
  },
  { method: "GET", pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/, handler: listLineItems },
  {
    method: "POST",
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    handler: ({ world, owner, path }) => expireSession(world, owner, findSession(world, owner, path[0]!)),
  },
  { method: "GET", pattern: /^\/v1\/payment_intents\/([^/]+)$/, handler: retrieve("payment_intent") },
  { method: "GET", pattern: /^\/v1\/charges\/([^/]+)$/, handler: retrieve("charge") },
  { method: "POST", pattern: /^\/v1\/refunds$/, handler: createRefund },
  { method: "GET", pattern: /^\/v1\/refunds\/([^/]+)$/, handler: retrieve("refund") },
];

/** Stripe expires an open session once expires_at passes; done lazily on each request here. */
export function expireOverdueSessions(world: World): void {
  const at = now();
  for (const { owner, object } of world.objects.all("checkout.session")) {
    if (object.status === "open" && (object.expires_at as number) <= at) expireSession(world, owner, object);
  }
}
