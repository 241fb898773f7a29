/** Connect: accounts a store connects, and the hosted onboarding that enables charges. */
import { invalid, metadataOf, missing, noSuch, optionalString, requiredString } from "./errors";
import { newId, now, type StripeObject } from "./state";
import type { ApiRequest, Route, World } from "./world";

const ACCOUNT_TYPES = ["standard", "express", "custom"];

function createAccount({ world, owner, params }: ApiRequest): StripeObject {
  if (owner) throw invalid("type", "Connected accounts cannot create other accounts.");
  const type = optionalString(params, "type");
  if (type === undefined && params.controller === undefined) throw missing("type");
  if (type !== undefined && !ACCOUNT_TYPES.includes(type)) {
    throw invalid("type", `Invalid type: must be one of ${ACCOUNT_TYPES.join(", ")}`);
  }
  return world.objects.add(null, {
    id: newId("acct"),
    object: "account",
    type: type ?? "standard",
    business_type: optionalString(params, "business_type") ?? null,
    country: optionalString(params, "country") ?? "US",
    email: optionalString(params, "email") ?? null,
    default_currency: "usd",
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    capabilities: {},
    requirements: {
      currently_due: ["business_profile.url", "external_account", "tos_acceptance.date"],
      disabled_reason: "requirements.past_due",
    },
    metadata: metadataOf(params),
    created: now(),
  });
}

export function findAccount(world: World, id: string, param = "account"): StripeObject {
  const account = world.objects.get(null, id, "account");
  if (!account) throw noSuch("account", id, param);
  return account;
}

function retrieveAccount({ world, owner, path }: ApiRequest): StripeObject {
  const id = path[0]!;
  if (owner && owner !== id) throw noSuch("account", id);
  return findAccount(world, id, "account");
}

/** GET /v1/account: the connected account named by Stripe-Account, or the platform's own. */
function currentAccount({ world, owner }: ApiRequest): StripeObject {
  if (owner) return findAccount(world, owner);
  return {
    id: "acct_platform_test",
    object: "account",
    type: "standard",
    country: "US",
    default_currency: "usd",
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    metadata: {},
  };
}

function createAccountLink({ world, params }: ApiRequest): StripeObject {
  const account = requiredString(params, "account");
  const type = requiredString(params, "type");
  if (type !== "account_onboarding" && type !== "account_update") {
    throw invalid("type", "Invalid type: must be one of account_onboarding or account_update");
  }
  findAccount(world, account);
  const token = newId("link");
  const expiresAt = now() + 300;
  world.accountLinks.set(token, {
    account,
    returnUrl: optionalString(params, "return_url"),
    refreshUrl: optionalString(params, "refresh_url"),
    expiresAt,
    used: false,
  });
  // An account link has no id in Stripe's API; the token lives only in the URL.
  return {
    object: "account_link",
    created: now(),
    expires_at: expiresAt,
    url: `${world.baseUrl()}/connect/onboarding/${token}`,
  } as unknown as StripeObject;
}

/** What submitting the hosted onboarding form does: the account can take charges. */
export function completeOnboarding(world: World, accountId: string): StripeObject {
  const account = findAccount(world, accountId);
  const previous = {
    charges_enabled: account.charges_enabled,
    payouts_enabled: account.payouts_enabled,
    details_submitted: account.details_submitted,
  };
  Object.assign(account, {
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    capabilities: { card_payments: "active", transfers: "active" },
    requirements: { currently_due: [], disabled_reason: null },
  });
  world.webhooks.emit("account.updated", account, accountId, previous);
  return account;
}

export const connectRoutes: Route[] = [
  { method: "POST", pattern: /^\/v1\/accounts$/, handler: createAccount },
  { method: "GET", pattern: /^\/v1\/accounts\/([^/]+)$/, handler: retrieveAccount },
  { method: "GET", pattern: /^\/v1\/account$/, handler: currentAccount },
  { method: "POST", pattern: /^\/v1\/account_links$/, handler: createAccountLink },
];
