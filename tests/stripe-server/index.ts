/**
 * A Stripe-compatible test server: enough of the Stripe API (v1, form-encoded) for the real
 * `stripe` SDK to run the project's Connect, Checkout, refund and billing flows offline, with
 * hosted pages a browser (or fetch) can complete and webhooks signed as Stripe signs them.
 * See docs/decisions/013-stripe-test-server.md.
 *
 *   const stripe = await startStripeServer({ webhookUrl, webhookSecret });
 *   process.env.STRIPE_API_BASE = stripe.url; // and STRIPE_SECRET_KEY = stripe.secretKey
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { advanceSubscription, billingRoutes, passPeriodEnd } from "./billing";
import { checkoutRoutes, expireOverdueSessions } from "./checkout";
import { connectRoutes } from "./connect";
import { optionalString, StripeApiError } from "./errors";
import { canonical, parseForm, type Params } from "./form";
import {
  cancelFromPortal,
  payCheckout,
  showCheckout,
  showOnboarding,
  showPortal,
  submitOnboarding,
  type PageResponse,
} from "./pages";
import { newId, Objects, type StripeObject } from "./state";
import { testClockRoutes } from "./test-clocks";
import { API_VERSION, Webhooks, type SentEvent } from "./webhooks";
import type { ApiResult, Route, World } from "./world";

export { signPayload, type SentEvent } from "./webhooks";
export { DECLINED_CARD, GOOD_CARD } from "./pages";

export interface StripeServerOptions {
  /** Where events are POSTed; may be set later with setWebhookUrl. Without one, events are only recorded. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** The one key the API accepts (Authorization: Bearer …). */
  secretKey?: string;
  port?: number;
  host?: string;
  /** Waits before each webhook retry (default 0.2 s, 1 s, 3 s: three retries). */
  retryDelaysMs?: number[];
}

export interface StripeServer {
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_SECRET_KEY, STRIPE_API_BASE and STRIPE_WEBHOOK_SECRET for this server. */
  env: Record<"STRIPE_SECRET_KEY" | "STRIPE_API_BASE" | "STRIPE_WEBHOOK_SECRET", string>;
  /** Every event so far, oldest first, with its delivery attempts. */
  events(): SentEvent[];
  /** Resolves once every event so far is delivered or out of retries. */
  webhooksSettled(): Promise<void>;
  setWebhookUrl(url: string | undefined): void;
  /** Renews ("renew"), fails ("fail") or cancels ("cancel") a subscription, as time would. */
  advance(subscriptionId: string, action: "renew" | "fail" | "cancel"): StripeObject;
  stop(): Promise<void>;
}

const ROUTES: Route[] = [
  ...connectRoutes,
  ...checkoutRoutes,
  ...billingRoutes,
  ...testClockRoutes(passPeriodEnd),
];
const MAX_BODY = 1024 * 1024;

interface Remembered {
  method: string;
  path: string;
  params: string;
  status: number;
  body: string;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new StripeApiError(413, "invalid_request_error", "Request body too large.");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    "content-type": "application/json",
    "request-id": newId("req"),
    "stripe-version": API_VERSION,
    ...headers,
  });
  response.end(body);
}

function sendPage(response: ServerResponse, result: PageResponse): void {
  if (result.redirect) {
    response.writeHead(result.status, { location: result.redirect });
    response.end();
    return;
  }
  response.writeHead(result.status, { "content-type": "text/html; charset=utf-8" });
  response.end(result.html);
}

/** `expand[]=subscription` / `expand[]=data.customer`: ids replaced by their objects. */
function expand(world: World, owner: string | null, target: unknown, parts: string[]): unknown {
  if (parts.length === 0 || target === null || typeof target !== "object") return target;
  const [head, ...rest] = parts as [string, ...string[]];
  const object = target as Record<string, unknown>;
  if (head === "data" && Array.isArray(object.data)) {
    object.data = object.data.map((item) => expand(world, owner, item, rest));
    return object;
  }
  let value = object[head];
  if (typeof value === "string") {
    const found = world.objects.get(owner, value);
    if (found) value = structuredClone(found);
  }
  object[head] = expand(world, owner, value, rest);
  return object;
}

function authenticate(request: IncomingMessage, secretKey: string): void {
  const header = request.headers.authorization ?? "";
  let key = "";
  if (header.startsWith("Bearer ")) key = header.slice(7).trim();
  else if (header.startsWith("Basic "))
    key = Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0]!;
  if (!key) {
    throw new StripeApiError(
      401,
      "invalid_request_error",
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (key !== secretKey) {
    throw new StripeApiError(
      401,
      "invalid_request_error",
      `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
      "api_key_invalid",
    );
  }
}

export async function startStripeServer(options: StripeServerOptions = {}): Promise<StripeServer> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString("hex")}`;
  let baseUrl = "";
  const world: World = {
    objects: new Objects(),
    webhooks: new Webhooks(options.webhookUrl, webhookSecret, options.retryDelaysMs ?? [200, 1000, 3000]),
    baseUrl: () => baseUrl,
    accountLinks: new Map(),
  };
  const remembered = new Map<string, Remembered>();

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const method = request.method ?? "GET";
    authenticate(request, secretKey);
    const owner = (request.headers["stripe-account"] as string | undefined) || null;
    if (owner && !world.objects.get(null, owner, "account")) {
      throw new StripeApiError(
        403,
        "invalid_request_error",
        `The provided key '${secretKey.slice(0, 8)}****${secretKey.slice(-4)}' does not have access to account '${owner}' (or that account does not exist). Application access may have been revoked.`,
        "account_invalid",
      );
    }
    const body = await readBody(request);
    const params: Params = method === "POST" ? parseForm(body) : parseForm(url.search.slice(1));
    const route = ROUTES.find((r) => r.method === method && r.pattern.test(url.pathname));
    if (!route) {
      throw new StripeApiError(
        404,
        "invalid_request_error",
        `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      );
    }
    // Idempotency (POST only, as Stripe): same key + same params → the first answer again.
    const key = method === "POST" ? (request.headers["idempotency-key"] as string | undefined) : undefined;
    const rememberedKey = `${owner ?? ""}|${key}`;
    const paramsText = canonical(params);
    if (key) {
      const first = remembered.get(rememberedKey);
      if (first && (first.path !== url.pathname || first.method !== method)) {
        throw new StripeApiError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${first.method} ${first.path}' vs '${method} ${url.pathname}'). Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      if (first && first.params !== paramsText) {
        throw new StripeApiError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      if (first) {
        sendJson(response, first.status, first.body, {
          "idempotent-replayed": "true",
          "idempotency-key": key,
        });
        return;
      }
    }
    const match = route.pattern.exec(url.pathname)!;
    const result: ApiResult = route.handler({
      world,
      owner,
      params,
      path: match.slice(1).map(decodeURIComponent),
    });
    let output: unknown = structuredClone(result);
    const expansions = params.expand;
    if (Array.isArray(expansions)) {
      for (const path of expansions)
        if (typeof path === "string") output = expand(world, owner, output, path.split("."));
    }
    const text = JSON.stringify(output, null, 2);
    // Stripe keeps an answer only once the endpoint ran; refused params are not remembered.
    if (key)
      remembered.set(rememberedKey, {
        method,
        path: url.pathname,
        params: paramsText,
        status: 200,
        body: text,
      });
    sendJson(response, 200, text, key ? { "idempotency-key": key } : {});
  }

  async function handleTest(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    if (request.method === "GET" && url.pathname === "/test/events") {
      const type = url.searchParams.get("type");
      const events = world.webhooks.events().filter((e) => !type || e.event.type === type);
      sendJson(response, 200, JSON.stringify({ data: events }, null, 2));
      return;
    }
    if (request.method !== "POST")
      throw new StripeApiError(404, "invalid_request_error", "Unknown test endpoint.");
    const body = await readBody(request);
    const params: Params = (request.headers["content-type"] ?? "").includes("json")
      ? (JSON.parse(body || "{}") as Params)
      : parseForm(body);
    if (url.pathname === "/test/advance") {
      const subscription = optionalString(params, "subscription") ?? "";
      const result = advanceSubscription(world, subscription, optionalString(params, "action") ?? "renew");
      sendJson(response, 200, JSON.stringify(result, null, 2));
      return;
    }
    if (url.pathname === "/test/webhook") {
      world.webhooks.url = optionalString(params, "url") || undefined;
      sendJson(response, 200, JSON.stringify({ url: world.webhooks.url ?? null }));
      return;
    }
    throw new StripeApiError(404, "invalid_request_error", "Unknown test endpoint.");
  }

  async function handlePage(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
    const post = request.method === "POST";
    const form = post ? new URLSearchParams(await readBody(request)) : new URLSearchParams();
    let m: RegExpExecArray | null;
    if ((m = /^\/pay\/([^/]+)$/.exec(url.pathname))) {
      sendPage(response, post ? payCheckout(world, m[1]!, form) : showCheckout(world, m[1]!));
    } else if ((m = /^\/connect\/onboarding\/([^/]+)$/.exec(url.pathname))) {
      sendPage(response, post ? submitOnboarding(world, m[1]!) : showOnboarding(world, m[1]!));
    } else if ((m = /^\/portal\/([^/]+)$/.exec(url.pathname)) && !post) {
      sendPage(response, showPortal(world, m[1]!));
    } else if ((m = /^\/portal\/([^/]+)\/cancel$/.exec(url.pathname)) && post) {
      sendPage(response, cancelFromPortal(world, m[1]!, form));
    } else {
      return false;
    }
    return true;
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stripe.test");
    void (async () => {
      try {
        expireOverdueSessions(world);
        if (url.pathname.startsWith("/v1/")) await handleApi(request, response, url);
        else if (url.pathname.startsWith("/test/")) await handleTest(request, response, url);
        else if (!(await handlePage(request, response, url)))
          sendPage(response, { status: 404, html: "Not found" });
      } catch (error) {
        if (error instanceof StripeApiError) {
          sendJson(response, error.status, JSON.stringify(error.body(), null, 2));
        } else {
          console.error("[stripe-server]", error);
          sendJson(
            response,
            500,
            JSON.stringify(new StripeApiError(500, "api_error", "An unknown error occurred.").body()),
          );
        }
      }
    })();
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${host}:${port}`;

  return {
    url: baseUrl,
    port,
    secretKey,
    webhookSecret,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_API_BASE: baseUrl, STRIPE_WEBHOOK_SECRET: webhookSecret },
    events: () => world.webhooks.events(),
    webhooksSettled: () => world.webhooks.idle(),
    setWebhookUrl: (url) => {
      world.webhooks.url = url;
    },
    advance: (subscriptionId, action) => advanceSubscription(world, subscriptionId, action),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
