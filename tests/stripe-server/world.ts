/** What every handler works with: the objects, the webhooks and the request being served. */
import type { Params } from "./form";
import type { Objects, Owner, StripeObject } from "./state";
import type { Webhooks } from "./webhooks";

export interface World {
  objects: Objects;
  webhooks: Webhooks;
  /** e.g. http://127.0.0.1:12111, for the hosted pages' URLs. */
  baseUrl: () => string;
  /** Account links by their one-time token (the onboarding page's URL holds the token). */
  accountLinks: Map<string, AccountLinkGrant>;
}

export interface AccountLinkGrant {
  account: string;
  returnUrl: string | undefined;
  refreshUrl: string | undefined;
  expiresAt: number;
  used: boolean;
}

export interface ApiRequest {
  world: World;
  /** The Stripe-Account header: the connected account the call acts on, or null (platform). */
  owner: Owner;
  params: Params;
  /** The id (or ids) captured from the path. */
  path: string[];
}

export interface ListObject {
  object: "list";
  data: StripeObject[];
  has_more: boolean;
  url: string;
}

export type ApiResult = StripeObject | ListObject;

export type Handler = (request: ApiRequest) => ApiResult;

export interface Route {
  method: "GET" | "POST" | "DELETE";
  pattern: RegExp;
  handler: Handler;
}
