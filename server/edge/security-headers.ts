/**
 * Security headers on every response (issue 8). The Content-Security-Policy allows scripts from
 * this origin and inline scripts only with this response's nonce (Remix's hydration and scroll
 * scripts get it through entry.server.tsx), so an injected `<script>` does not run. Styles stay
 * `'unsafe-inline'`: brand colours are a `style` attribute on <html>, and a style cannot run code.
 * In development Vite's HMR needs its websocket; nothing else is loosened.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Response as ExpressResponse } from "express";

/** The policy around its nonce, joined once per mode instead of once per request. */
function policyAround(development: boolean): [string, string] {
  const [before, after] = [
    "default-src 'self'",
    "script-src 'self' 'nonce-\0'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${development ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ]
    .join("; ")
    .split("\0");
  return [before!, after!];
}
const POLICY = { production: policyAround(false), development: policyAround(true) };

export function contentSecurityPolicy(nonce: string, development: boolean): string {
  const [before, after] = development ? POLICY.development : POLICY.production;
  return before + nonce + after;
}

/** The nonce of this response's CSP, for the document's inline scripts. */
export function cspNonce(res: ExpressResponse): string {
  return (res.locals as { cspNonce?: string }).cspNonce ?? "";
}

const NONCE_BYTES = 16;
/** Nonces drawn per call to the system's generator: one `randomBytes` per request was ~15 µs (decision 031's amendment). */
const NONCES_PER_DRAW = 256;
let noncePool = Buffer.alloc(0);
let noncePoolAt = 0;

/** A fresh nonce: 16 random bytes, each used once, from a pool refilled 256 nonces at a time. */
function nextNonce(): string {
  if (noncePoolAt + NONCE_BYTES > noncePool.byteLength) {
    noncePool = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return nonce;
}

/** Sets the headers on `res` before anything else answers; the nonce goes in `res.locals`. */
export function applySecurityHeaders(
  req: IncomingMessage,
  res: ServerResponse & { locals?: Record<string, unknown> },
  { development, trustProxy }: { development: boolean; trustProxy: boolean },
): void {
  const nonce = nextNonce();
  if (res.locals) res.locals.cspNonce = nonce;
  else res.locals = { cspNonce: nonce };
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, development));
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  // Only over TLS (X-Forwarded-Proto counts only with TRUST_PROXY=1): over plain http the
  // header is ignored anyway, and on localhost it would pin every port.
  const forwardedProto = trustProxy
    ? String(req.headers["x-forwarded-proto"] ?? "")
        .split(",")[0]
        ?.trim()
    : "";
  const encrypted = "encrypted" in req.socket && Boolean(req.socket.encrypted);
  if (encrypted || forwardedProto === "https")
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/** Pages about one person (decision 009): never stored by a shared cache or the back button. */
const PERSONAL_PATHS = /^\/(cart|wishlist|profile|admin|checkout|orders)(\/|$|\.data)/;
/** The cookie names that carry a login session (shopper, staff). */
const SESSION_COOKIE = /(?:^|;\s*)(__session|__staff)=/;

/**
 * True when a response is personal: its path is a personal page, the request carries a login
 * session, or the response sets any cookie.
 */
export function isPersonal(input: {
  path: string;
  cookie: string | undefined;
  setsCookie: boolean;
}): boolean {
  return PERSONAL_PATHS.test(input.path) || SESSION_COOKIE.test(input.cookie ?? "") || input.setsCookie;
}
