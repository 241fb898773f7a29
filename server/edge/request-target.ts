/**
 * HTTP/1.1 lets a client send the whole URL as the request target (`GET http://host/path`,
 * absolute-form, RFC 9112 §3.2.2); proxies do. Everything after this point expects a path
 * (origin-form), and joining host and target naively gave `Invalid URL` (500). The target's
 * authority replaces Host, as the RFC says, so the request is the one the client meant.
 * Anything that is neither a path nor a well-formed http(s) URL is a 400.
 *
 * A target that decodes to a NUL character is a 400 too, for every route at once (issue 42 D6):
 * PostgreSQL text cannot hold U+0000, so a search such as `/admin/products?q=a%00b` was a 500
 * (22021 invalid byte sequence), and no person types one. It is the only character PostgreSQL
 * refuses that can arrive: a raw NUL byte never gets past Node's HTTP parser, and the WHATWG
 * decoding Remix and the routes use (URL, URLSearchParams) turns any ill-formed UTF-8, surrogate
 * halves and overlong forms of NUL included, into U+FFFD. Form bodies are checked where every
 * action reads its form (app/http/form.server.ts readForm).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** The one spelling of U+0000 in a target: a raw NUL byte never reaches here. */
const ENCODED_NUL = /%00/;

/**
 * Rewrites an absolute-form target to origin-form in place; false (after answering 400) when
 * the target is neither, or carries a NUL. Runs before Express, whose router skips every
 * middleware for a URL that does not start with `/`.
 */
export function normaliseRequestTarget(req: IncomingMessage, res: ServerResponse): boolean {
  const target = originForm(req);
  if (target === null) return refuse(res, "Bad request target");
  if (ENCODED_NUL.test(target)) {
    return refuse(res, "Bad request: the address holds a NUL character (%00), which no page accepts");
  }
  return true;
}

/** The target as a path, rewriting an absolute-form one (and Host) in place; null when neither. */
function originForm(req: IncomingMessage): string | null {
  const target = req.url ?? "";
  if (target.startsWith("/")) return target;
  if (/^https?:\/\//i.test(target)) {
    try {
      const url = new URL(target);
      req.headers.host = url.host;
      req.url = `${url.pathname}${url.search}`;
      return req.url;
    } catch {
      // Falls through to null below.
    }
  }
  return null;
}

function refuse(res: ServerResponse, message: string): false {
  res.statusCode = 400;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Connection", "close");
  res.end(message);
  return false;
}
