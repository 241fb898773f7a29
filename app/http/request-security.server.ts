/**
 * Request-level checks every form relies on (DESIGN §8). Store subdomains are same-site, so
 * SameSite cookies alone do not stop one store's page from posting to another: a state-changing
 * request must come from this very origin.
 */
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { config } from "~/lib/config.server";
export { HONEYPOT_FIELD };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface OriginCheckInput {
  method: string;
  /** The origin the request was addressed to, e.g. `http://dyes.localhost:3000`. */
  ownOrigin: string;
  origin: string | null | undefined;
  secFetchSite: string | null | undefined;
}

/**
 * True when a non-GET request visibly comes from another origin. Browsers send `Origin` on
 * every cross-origin and every POST request; `Sec-Fetch-Site` covers the rest. A request with
 * neither header is not from a browser page (curl, a webhook) and cannot carry a victim's
 * cookies by a page's doing, so it passes here and meets the other checks.
 */
export function isCrossOriginWrite(input: OriginCheckInput): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return false;
  if (input.origin && input.origin !== "null")
    return input.origin.toLowerCase() !== input.ownOrigin.toLowerCase();
  if (input.origin === "null") return true;
  if (input.secFetchSite) return input.secFetchSite !== "same-origin" && input.secFetchSite !== "none";
  return false;
}

/** True when the honeypot field was filled in. */
export function honeypotTripped(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

/** The client address for rate limits: the socket's, or the proxy's first hop when trusted. */
export function clientAddress(headers: Headers, socketAddress: string | undefined): string {
  if (config().trustProxy) {
    const forwarded = headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? "unknown";
}
