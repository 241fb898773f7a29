/**
 * The one place the Stripe SDK is built. Card payments (Connect + Checkout) and platform
 * billing both go through `getStripe()`.
 *
 * STRIPE_SECRET_KEY      the platform's secret key; without it card payment and billing are
 *                        "not configured" (DESIGN §5 "Without Stripe keys").
 * STRIPE_API_BASE        optional, e.g. http://127.0.0.1:12111: the project's Stripe-compatible
 *                        test server (tests/stripe-server), since tests and the demo have no network.
 * STRIPE_WEBHOOK_SECRET  the whsec_… secret webhooks are signed with.
 */
import Stripe from "stripe";
import { config } from "~/lib/config.server";

export type { Stripe };

export function stripeConfigured(): boolean {
  return Boolean(config().stripe.secretKey);
}

/** Turns STRIPE_API_BASE into the SDK's host/port/protocol options (it takes no base URL). */
export function apiBaseOptions(
  apiBase: string | undefined,
): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`STRIPE_API_BASE must be an http(s) URL, got ${apiBase}`);
  }
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

let cached: { key: string; base: string | undefined; client: Stripe } | undefined;

/**
 * The SDK client for the current environment. Rebuilt when the key or base changes, so a test
 * that points the environment at a fresh test server gets a client for it.
 */
export function getStripe(): Stripe {
  const { secretKey: key, apiBase: base } = config().stripe;
  if (!key) throw new Error("Stripe is not configured (STRIPE_SECRET_KEY is not set)");
  if (cached && cached.key === key && cached.base === base) return cached.client;
  const client = new Stripe(key, { ...apiBaseOptions(base), telemetry: false });
  cached = { key, base, client };
  return client;
}

/** Stripe's own default: a signature's stamp may be this far from now, either way. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Checks a webhook's Stripe-Signature against STRIPE_WEBHOOK_SECRET and returns the event.
 * Throws (Stripe.errors.StripeSignatureVerificationError) when the signature is missing, wrong
 * or stamped more than 5 minutes away from now; the caller answers 400. `rawBody` must be the exact bytes received.
 */
export function verifyStripeEvent(
  rawBody: string | Buffer,
  signature: string | null | undefined,
): Stripe.Event {
  const secret = config().stripe.webhookSecret;
  if (!secret) throw new Error("Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET is not set)");
  // Stripe's helper refuses a stamp older than its tolerance but not one from the future: a
  // signature made with a clock set ahead (or a replay kept for later) would stay good forever.
  const stamp = signedStamp(signature ?? "");
  if (Number.isFinite(stamp) && stamp - Date.now() / 1000 > SIGNATURE_TOLERANCE_SECONDS) {
    throw new Error("Stripe signature stamped in the future");
  }
  // The static helper: checking a signature needs the webhook secret, not the API key.
  return Stripe.webhooks.constructEvent(rawBody, signature ?? "", secret, SIGNATURE_TOLERANCE_SECONDS);
}

/**
 * The stamp Stripe's helper checks the signature against, read as it reads it (stripe's
 * Webhooks.js parseHeader): the header split at commas, each item at "=", key exactly "t", and
 * the last such item wins. Reading any other (the first, or one with a space before it) would
 * judge a different stamp than the one that was signed: `t=<now>,t=<an hour ahead>,v1=…` passed.
 */
function signedStamp(header: string): number {
  let stamp = Number.NaN;
  for (const item of header.split(",")) {
    const [key, value] = item.split("=");
    if (key === "t") stamp = Number.parseInt(value ?? "", 10);
  }
  return stamp;
}

/** The webhook route answers only when the secret it checks signatures with is set. */
export function stripeWebhooksConfigured(): boolean {
  return Boolean(config().stripe.webhookSecret);
}
