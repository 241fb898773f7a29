/**
 * The on-demand TLS "ask" endpoint (DESIGN §1 edge, issue 12 item 6), Caddy's contract:
 * `GET /_tls/ask?domain=host` → 200 when the host is ours (the platform, an existing store's
 * subdomain, a verified custom domain), 404 otherwise, so Caddy fetches certificates only for
 * those. Caddy asks on every handshake that needs a certificate: the answer comes from the tenant
 * cache (no query once warm). Only the proxy itself may ask: loopback or private addresses; any
 * other caller gets the same 404 as an unknown host.
 */
import { isIP } from "node:net";
import type { RequestHandler } from "express";
import { errorFields, logger } from "../../app/lib/log.server";

export const TLS_ASK_PATH = "/_tls/ask";

/** Loopback, RFC 1918, carrier-grade NAT, link-local and unique-local addresses (v4, v6, mapped). */
export function isPrivateAddress(raw: string | undefined): boolean {
  if (!raw) return false;
  const address = raw.startsWith("::ffff:") && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw;
  if (isIP(address) === 4) {
    const [a, b] = address.split(".").map(Number) as [number, number];
    return (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254)
    );
  }
  if (isIP(address) === 6) {
    const lower = address.toLowerCase();
    return lower === "::1" || /^f[cd][0-9a-f]{2}:/.test(lower) || /^fe[89ab][0-9a-f]:/.test(lower);
  }
  return false;
}

/** `isOurs(host)` decides; the socket's own address (never X-Forwarded-For) decides who may ask. */
export function tlsAsk(isOurs: (host: string) => Promise<boolean>): RequestHandler {
  return async (req, res) => {
    res.set("Cache-Control", "no-store");
    const domain = typeof req.query.domain === "string" ? req.query.domain : "";
    if (!isPrivateAddress(req.socket.remoteAddress) || !domain || domain.length > 253) {
      res.status(404).type("text/plain").send("no");
      return;
    }
    const ours = await isOurs(domain).catch((error: unknown) => {
      logger.error({ domain, ...errorFields(error) }, "tls ask failed");
      return false;
    });
    res
      .status(ours ? 200 : 404)
      .type("text/plain")
      .send(ours ? "ok" : "no");
  };
}
