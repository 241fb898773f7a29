/**
 * The host a request was addressed to, worked out once for the whole app. `X-Forwarded-Host`
 * counts only with TRUST_PROXY=1 (DESIGN §3): otherwise any client could choose the host (and
 * port) that ends up in canonical URLs and emailed links.
 */
import type { Request } from "express";

export function trustedHost(req: Request, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return forwarded || req.get("host") || "";
}

/**
 * A host as RFC 9110 §7.2 allows it: a name or an IP literal and an optional port, nothing else.
 * `inks.localhost@dyes.localhost` parses as a URL with credentials, which `new Request` refuses
 * (a 500); anything but a bare authority is the client's mistake, so a 400.
 */
const HOST_HEADER = /^(?:[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function isWellFormedHost(host: string): boolean {
  return HOST_HEADER.test(host);
}

/** Request headers never handed on: the trusted host is in `Host`, so these can only mislead. */
const PROXY_HEADERS = new Set(["x-forwarded-host", "x-forwarded-port", "x-forwarded-proto", "forwarded"]);

/**
 * The headers Remix sees: the client's, with `Host` set to the trusted host and the proxy's host
 * headers removed. Remix's own CSRF check compares `Origin` with `X-Forwarded-Host` when present
 * and throws (500) on a mismatch; with one trusted `Host` it compares against what our origin
 * check (403) already accepted.
 */
export function remixHeaders(req: Request, host: string): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined || PROXY_HEADERS.has(key)) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  headers.set("host", host);
  return headers;
}
