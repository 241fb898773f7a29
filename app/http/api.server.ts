/**
 * The Admin API's HTTP layer (issue 38, decision 045): `apiLoader(scope, …)` and
 * `apiAction(scope, …)` declare the permission an endpoint needs, as `adminLoader` does for a
 * page. Before the handler runs, in this order:
 *   1. the store of the host (the platform host or an unknown one: 404);
 *   2. the subscription gate (a closed store: 503, as its pages);
 *   3. `Authorization: Bearer <token>` of THIS store, not revoked, not expired (else 401);
 *   4. the token's leaky bucket (40 at once, 2 a second, in PostgreSQL: else 429 with Retry-After);
 *   5. the scope (else 403);
 *   6. for an action: a JSON object body (415 / 400) and its `Idempotency-Key` (422 / 409 / replay).
 * Every answer is JSON (`{ "data": … }` or `{ "error": { code, message, fields } }`), not cached,
 * with the X-RateLimit-* headers. Writes run as the token in the activity log.
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod/v4";
import type { Locale } from "~/lib/i18n";
import type { Permission } from "~/lib/permissions";
import { errorFields, logger } from "~/lib/log.server";
import { authenticateApiToken, type ApiCaller } from "~/services/api/tokens.server";
import {
  claimIdempotencyKey,
  requestFingerprint,
  settleIdempotencyKey,
} from "~/services/api/idempotency.server";
import { withAuditActor } from "~/services/audit/audit.server";
import { hitLeakyBucket, type LeakyBucketRule } from "~/services/security/rate-limit.server";
import type { TenantStore } from "~/services/store/tenancy.server";
import { closedStoreFor } from "./gate.server";

/** Per token: 40 requests at once, then 2 a second (Shopify's REST numbers). */
export const API_RATE_LIMIT: LeakyBucketRule = { burst: 40, perSecond: 2 };
/** Largest JSON body an endpoint reads. */
const MAX_JSON_BYTES = 64 * 1024;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export type ApiErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "precondition_failed"
  | "unsupported_media_type"
  | "unprocessable"
  | "method_not_allowed"
  | "rate_limited"
  | "unavailable";

/** A refusal of the API: its status, a stable code, a message, and the fields at fault. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const notFound = (what = "Not found") => new ApiError(404, "not_found", what);

/** A zod refusal as the answer's `fields` (path → messages; the whole input is "_"). */
export function invalid(error: z.ZodError, message = "The request is not valid."): ApiError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (fields[key] ??= []).push(issue.message);
  }
  return new ApiError(400, "bad_request", message, fields);
}

/** Parses `value` with `schema`, or refuses with 400 and the fields. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data as z.infer<S>;
}

/** The query string as an object (a repeated parameter is a 400: each is given once). */
export function queryOf(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (key in query)
      throw new ApiError(400, "bad_request", `"${key}" is given more than once.`, { [key]: ["repeated"] });
    query[key] = value;
  }
  return query;
}

export interface ApiArgs {
  request: Request;
  context: AppLoadContext;
  params: LoaderFunctionArgs["params"];
  locale: Locale;
  url: URL;
  store: TenantStore;
  caller: ApiCaller;
}

export interface ApiAnswer {
  status?: number;
  body: unknown;
  /** The resource's version (weak quotes added here): GET answers it, If-Match compares it. */
  etag?: string;
}

type ApiHandler<A> = (args: A) => Promise<ApiAnswer>;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}

export function errorBody(error: ApiError) {
  return {
    error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
  };
}

/** `"…"` quoted, as the ETag header carries it. */
export const quoteEtag = (etag: string) => `"${etag}"`;

/**
 * The `If-Match` check of an update: absent passes; `*` passes; otherwise one of its tags must be
 * the resource's current one, else 412 Precondition Failed (nothing changed).
 */
export function checkIfMatch(request: Request, current: string): void {
  const header = request.headers.get("If-Match");
  if (header === null) return;
  const tags = header.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  if (tags.includes("*") || tags.includes(quoteEtag(current))) return;
  throw new ApiError(412, "precondition_failed", "The resource changed since you read it (If-Match).");
}

interface Authenticated {
  store: TenantStore;
  caller: ApiCaller;
  limitHeaders: Record<string, string>;
}

async function authenticate(
  request: Request,
  context: AppLoadContext,
  scope: Permission,
): Promise<Authenticated> {
  if (context.tenant.kind !== "store") throw notFound("Store not found");
  const store = context.tenant.store;
  if (closedStoreFor(request, context))
    throw new ApiError(503, "unavailable", "This store is closed.", undefined, { "Retry-After": "3600" });
  const header = request.headers.get("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const challenge = { "WWW-Authenticate": 'Bearer realm="api"' };
  if (!match)
    throw new ApiError(
      401,
      "unauthorized",
      "Send an API token: Authorization: Bearer <token>.",
      undefined,
      challenge,
    );
  const auth = await authenticateApiToken(store.id, match[1]!, context.clientAddress || null);
  if (!auth.ok) {
    const message =
      auth.reason === "revoked"
        ? "This token was revoked."
        : auth.reason === "expired"
          ? "This token has expired."
          : "This token is not valid for this store.";
    throw new ApiError(401, "unauthorized", message, undefined, challenge);
  }
  const limit = await hitLeakyBucket(`api:${auth.caller.tokenId}`, API_RATE_LIMIT);
  const limitHeaders = {
    "X-RateLimit-Limit": String(API_RATE_LIMIT.burst),
    "X-RateLimit-Remaining": String(limit.remaining),
    "X-RateLimit-Reset": String(limit.resetSeconds),
  };
  if (!limit.allowed)
    throw new ApiError(429, "rate_limited", "Too many requests: slow down.", undefined, {
      ...limitHeaders,
      "Retry-After": String(limit.retryAfterSeconds),
    });
  // A token whose creator left the team holds nothing (tokens.server.ts): every call is 403.
  if (!auth.caller.createdBy || !auth.caller.scopes.includes(scope))
    throw new ApiError(403, "forbidden", `This token lacks the "${scope}" scope.`, undefined, limitHeaders);
  return { store, caller: auth.caller, limitHeaders };
}

function answer(result: ApiAnswer, extra: Record<string, string>): Response {
  return json(result.status ?? 200, result.body, {
    ...extra,
    ...(result.etag ? { ETag: quoteEtag(result.etag) } : {}),
  });
}

function refusal(error: unknown, extra: Record<string, string> = {}): Response {
  if (error instanceof ApiError) return json(error.status, errorBody(error), { ...extra, ...error.headers });
  logger.error({ ...errorFields(error) }, "api request failed");
  return json(500, { error: { code: "internal", message: "Something went wrong on our side." } }, extra);
}

/** The activity log names the token (and, as its actor id, the person who made it). */
function asToken<T>(context: AppLoadContext, caller: ApiCaller, run: () => Promise<T>): Promise<T> {
  return withAuditActor(
    {
      id: caller.createdBy ?? "",
      name: `API token: ${caller.name}`,
      email: "",
      ip: context.clientAddress || null,
    },
    run,
  );
}

/** A GET endpoint needing `scope`. */
export function apiLoader(scope: Permission, fn: ApiHandler<ApiArgs>) {
  const loader = async ({ request, context, params }: LoaderFunctionArgs): Promise<Response> => {
    let extra: Record<string, string> = {};
    try {
      const { store, caller, limitHeaders } = await authenticate(request, context, scope);
      extra = limitHeaders;
      const url = new URL(request.url);
      return answer(
        await fn({ request, context, params, locale: context.locale, url, store, caller }),
        extra,
      );
    } catch (error) {
      return refusal(error, extra);
    }
  };
  return Object.assign(loader, { scope });
}

async function readJson(request: Request): Promise<{ text: string; value: unknown }> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  const text = await request.text();
  if (text.length > MAX_JSON_BYTES) throw new ApiError(400, "bad_request", "The body is too large.");
  if (text.trim() === "") return { text: "", value: {} };
  if (type !== "application/json")
    throw new ApiError(415, "unsupported_media_type", "Send the body as application/json.");
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch {
    throw new ApiError(400, "bad_request", "The body is not valid JSON.");
  }
}

/**
 * A POST endpoint needing `scope`; its handler gets the parsed JSON `body` (an object; an empty
 * body is `{}`). With an `Idempotency-Key`, the answer is kept a day for the same key and body.
 */
export function apiAction(scope: Permission, fn: ApiHandler<ApiArgs & { body: unknown }>) {
  const action = async ({ request, context, params }: ActionFunctionArgs): Promise<Response> => {
    let extra: Record<string, string> = {};
    try {
      if (request.method !== "POST")
        throw new ApiError(405, "method_not_allowed", "Use POST.", undefined, { Allow: "GET, POST" });
      const { store, caller, limitHeaders } = await authenticate(request, context, scope);
      extra = limitHeaders;
      const url = new URL(request.url);
      const { text, value } = await readJson(request);
      if (value === null || typeof value !== "object" || Array.isArray(value))
        throw new ApiError(400, "bad_request", "The body must be a JSON object.");
      const run = () =>
        asToken(context, caller, () =>
          fn({ request, context, params, locale: context.locale, url, store, caller, body: value }),
        );
      const key = request.headers.get("Idempotency-Key");
      if (key === null) return answer(await run(), extra);
      if (!IDEMPOTENCY_KEY.test(key))
        throw new ApiError(400, "bad_request", "Idempotency-Key: 1 to 255 visible ASCII characters.", {
          "Idempotency-Key": ["invalid"],
        });
      const claim = await claimIdempotencyKey(
        store.id,
        caller.tokenId,
        key,
        requestFingerprint("POST", url.pathname, text),
      );
      if (claim.kind === "mismatch")
        throw new ApiError(422, "unprocessable", "This Idempotency-Key was used with another request.");
      if (claim.kind === "in-progress")
        throw new ApiError(409, "conflict", "A request with this Idempotency-Key is still running.");
      if (claim.kind === "replay")
        return new Response(claim.body, {
          status: claim.status,
          headers: {
            "Content-Type": "application/json; charset=utf-8",
            "Cache-Control": "no-store",
            "Idempotent-Replayed": "true",
            ...extra,
          },
        });
      let response: Response;
      try {
        response = await run().then(
          (result) => answer(result, extra),
          (error: unknown) => refusal(error, extra),
        );
      } catch (error) {
        await settleIdempotencyKey(store.id, caller.tokenId, key, null);
        throw error;
      }
      const body = await response.clone().text();
      await settleIdempotencyKey(store.id, caller.tokenId, key, { status: response.status, body });
      return response;
    } catch (error) {
      return refusal(error, extra);
    }
  };
  return Object.assign(action, { scope });
}

/** A GET on an action-only endpoint, or a POST on a read-only one. */
export function apiMethodNotAllowed(allow: "GET" | "POST") {
  return async () =>
    json(405, errorBody(new ApiError(405, "method_not_allowed", `Use ${allow}.`)), { Allow: allow });
}

/** Any other path under /api/v1. */
export function apiNotFound() {
  return async () => json(404, errorBody(notFound("No such endpoint.")));
}
