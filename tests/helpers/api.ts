/**
 * The Admin API (issue 38) as the API tests call it: a token of a store's member with chosen
 * scopes, and a request through a route module as Remix calls it, with the token as a bearer and
 * the JSON answer parsed.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { Permission } from "~/lib/permissions";
import { createApiToken } from "~/services/api/tokens.server";

/** A new token's secret: made by `actor` of `storeId`, never expiring, with `scopes`. */
export async function apiToken(
  storeId: string,
  actor: string,
  scopes: Permission[],
  name = "Test token",
): Promise<string> {
  const made = await createApiToken(storeId, actor, { name, scopes, expiresAt: null });
  if (!made.ok) throw new Error(made.error);
  return made.secret;
}

export type ApiHandler = (args: {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string>;
}) => Promise<Response>;

export interface ApiReply {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked field by field
  body: any;
}

export interface ApiCall {
  token?: string;
  method?: string;
  /** Sent as JSON; a request with a body is a POST unless `method` says otherwise. */
  body?: unknown;
  /** Sent as is, with `contentType` (JSON unless said). */
  rawBody?: string;
  contentType?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

/** `handler` answers a request for `url` (origin and path) in `context`. */
export async function callApi(
  handler: ApiHandler,
  url: string,
  context: AppLoadContext,
  options: ApiCall = {},
): Promise<ApiReply> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers.set("Content-Type", options.contentType ?? "application/json");
  const request = new Request(url, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
  const response = await handler({ request, context, params: options.params ?? {} });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}
