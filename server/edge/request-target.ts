/**
 * HTTP/1.1 lets a client send the whole URL as the request target (`GET http://host/path`,
 * absolute-form, RFC 9112 §3.2.2); proxies do. Everything after this point expects a path
 * (origin-form), and joining host and target naively gave `Invalid URL` (500). The target's
 * authority replaces Host, as the RFC says, so the request is the one the client meant.
 * Anything that is neither a path nor a well-formed http(s) URL is a 400.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Rewrites an absolute-form target to origin-form in place; false (after answering 400) when
 * the target is neither. Runs before Express, whose router skips every middleware for a URL
 * that does not start with `/`.
 */
export function normaliseRequestTarget(req: IncomingMessage, res: ServerResponse): boolean {
  const target = req.url ?? "";
  if (target.startsWith("/")) return true;
  if (/^https?:\/\//i.test(target)) {
    try {
      const url = new URL(target);
      req.headers.host = url.host;
      req.url = `${url.pathname}${url.search}`;
      return true;
    } catch {
      // Falls through to the 400 below.
    }
  }
  res.statusCode = 400;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Connection", "close");
  res.end("Bad request target");
  return false;
}
