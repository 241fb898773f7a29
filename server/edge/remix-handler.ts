/**
 * Hands an Express request to Remix, in place of @remix-run/express's adapter, because the
 * adapter (1) believed `X-Forwarded-Host`'s port whatever `trust proxy` says, (2) joined host and
 * an absolute-form target into an invalid URL, and (3) handed the body over uncounted. Here the
 * URL and `Host` come from the trusted host only, and the body is counted as it streams.
 */
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { DEFAULT_REQUEST_DEADLINES, type RequestDeadlines } from "../../app/lib/config.server";
import { RequestWrites, runWithWrites } from "../../app/lib/request-writes.server";
import { limitBody, MAX_BODY_BYTES } from "./body-limit";
import { deadlineMs, startDeadline } from "./deadline";
import { PRIVATE_CACHE_CONTROL, type Candidate, type EdgePageCache } from "./page-cache";
import { isPersonal } from "./security-headers";
import { errorFields, logger } from "../../app/lib/log.server";
import {
  answerUnavailable,
  failedForOutage,
  unlessDown,
  type CommitHold,
  type OutageGuard,
} from "../outage/guard";
import { isWellFormedHost, remixHeaders, trustedHost } from "./trusted-host";

export interface RemixEdgeOptions {
  /** Remix's request handler (or a stand-in in tests). `req` is there for the load context. */
  handle: (request: Request, req: ExpressRequest, res: ExpressResponse) => Promise<Response>;
  trustProxy: boolean;
  maxBodyBytes?: number;
  /** Decision 017: anonymous visitors' store pages answered from the instance's cache. */
  pageCache?: EdgePageCache;
  /** Decision 020: what to answer while the database is down; off without it. */
  outage?: OutageGuard;
  /** How long a request may take before it is answered 503 (config's defaults without it). */
  deadlines?: RequestDeadlines;
  /**
   * The compression middleware, applied here only once the page cache's lookup did not answer
   * (issue 41): a cached page is sent compressed as kept, and wrapping its answer cost CPU for
   * nothing. Without it, whatever ran before this handler compresses (or nothing does).
   */
  compressAfterLookup?: RequestHandler;
}

/**
 * A declared body up to this size is read and thrown away after a 413 (Node does it), so a
 * simple client that writes its whole body before reading gets the answer instead of EPIPE.
 */
const DISCARDABLE_BYTES = 32 * 1024 * 1024;

function tooLarge(res: ExpressResponse, { close }: { close: boolean }) {
  if (res.headersSent) return;
  // With `close`, the connection ends after the answer: the rest of the body is never read.
  if (close) res.set("Connection", "close");
  res.status(413).type("text/plain").send("Request body too large");
}

export function remixEdge({
  handle,
  trustProxy,
  maxBodyBytes = MAX_BODY_BYTES,
  pageCache,
  outage,
  deadlines,
  compressAfterLookup,
}: RemixEdgeOptions): RequestHandler {
  return async (req, res, next) => {
    // A connection lost from here on makes this request's failure an outage's (decision 020).
    const started = performance.now();
    const host = trustedHost(req, trustProxy);
    let url: URL;
    try {
      if (!isWellFormedHost(host)) throw new Error("bad host");
      url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
    } catch {
      res.status(400).type("text/plain").send("Bad request target");
      return;
    }
    if (outage?.health.down) {
      await answerUnavailable(outage, req, res, url);
      return;
    }
    // A hit this process can answer without waiting needs none of what follows (issue 41).
    if (pageCache?.serveKnownHit(req, res, url)) return;
    // A write's record of its COMMITs, told by the transaction helper (decision 020, issue 42): once
    // one may have been sent, neither a fall nor the deadline answers for the action at once.
    const writes = req.method !== "GET" && req.method !== "HEAD" ? new RequestWrites() : undefined;
    const hold: CommitHold | undefined = writes && {
      writes,
      graceMs: (deadlines ?? DEFAULT_REQUEST_DEADLINES).commitGraceMs,
    };
    const controller = new AbortController();
    // Abort loaders and actions when the client goes away before the answer is written.
    let finished = false;
    res.on("finish", () => (finished = true));
    res.on("close", () => {
      if (!finished) controller.abort();
    });
    // From here on, whatever the work waits on, the request is answered by its deadline (decision
    // 020): a lookup waiting on another request's render of the same page included.
    const deadline = startDeadline({
      req,
      res,
      url,
      ms: deadlineMs(req.method, deadlines),
      controller,
      pageCache,
      hold,
    });
    const lookup = pageCache?.lookup(req, res, url).catch((error: unknown) => {
      // The cache is an optimisation: when it fails, Remix answers as if it were off.
      logger.error(errorFields(error), "page cache lookup failed");
      return null;
    });
    // The lookup reads the database (the tenant, the viewer, the sale boundaries): one waiting on
    // it when it goes down is given up as a render is (decision 020).
    const candidate = lookup ? await deadline.race(unlessDown(outage, lookup), "page cache lookup") : null;
    if (deadline.passed || candidate === "served") return;
    // Synchronous: the middleware only wraps the response, then calls on.
    compressAfterLookup?.(req, res, () => {});
    // The lookup itself may have found the database gone (its tenant read failed), or was given up.
    if (outage?.health.down) {
      res.locals.lookupAbandoned = true;
      await answerUnavailable(outage, req, res, url);
      return;
    }

    const declared = Number(req.get("content-length") ?? 0);
    if (declared > maxBodyBytes) {
      tooLarge(res, { close: declared > DISCARDABLE_BYTES });
      return;
    }

    let overLimit = false;
    const init: RequestInit & { duplex?: "half" } = {
      method: req.method,
      headers: remixHeaders(req, host),
      signal: controller.signal,
    };
    if (req.method !== "GET" && req.method !== "HEAD") {
      const body = limitBody(req, maxBodyBytes, () => {
        overLimit = true;
        tooLarge(res, { close: true });
        controller.abort();
      });
      init.body = createReadableStreamFromReadable(body);
      init.duplex = "half";
    }

    let keep = candidate;
    try {
      if (candidate?.withoutSession && pageCache) {
        // Rendered as if signed out: the shared copy of a signed-in page (with its template in
        // the load context) or the anonymous page for a session no longer alive (decision 031).
        const shared = await deadline.race(
          renderShared(pageCache, candidate, { url, init, req, res, handle, outage }),
          "shared render",
        );
        if (shared || deadline.passed || res.headersSent) return;
        // Rendered below for the viewer, with the session: theirs alone, never kept.
        keep = null;
      }
      const request = new Request(url.href, init);
      const response = await deadline.race(
        unlessDown(
          outage,
          writes ? runWithWrites(writes, () => handle(request, req, res)) : handle(request, req, res),
          hold,
        ),
        "render",
      );
      if (deadline.passed) return;
      if (overLimit || res.headersSent) return;
      if (response === null || (response.status >= 500 && (await failedForOutage(outage, started)))) {
        controller.abort();
        await response?.body?.cancel().catch(() => {});
        if (outage && !deadline.passed) await answerUnavailable(outage, req, res, url, writes);
        return;
      }
      if (
        keep &&
        pageCache &&
        (await deadline.race(pageCache.store(keep, req, res, response), "page cache store"))
      )
        return;
      if (deadline.passed) return;
      // Whatever this request changed, the viewer's next page reads them afresh (issue 41).
      const stamp = pageCache?.stampFor(req);
      if (stamp) res.append("Set-Cookie", stamp);
      await deadline.race(sendResponse(req, res, response, { privateByDefault: Boolean(pageCache) }), "send");
    } catch (error) {
      if (overLimit || deadline.passed) return;
      if (outage && (await failedForOutage(outage, started))) {
        if (!deadline.passed) await answerUnavailable(outage, req, res, url, writes);
        return;
      }
      if (deadline.passed) return;
      next(error);
    }
  };
}

/**
 * Renders a candidate without its session cookie and keeps and sends it; false when it could not
 * be kept (nothing sent: the caller renders the page in full for the viewer).
 */
async function renderShared(
  pageCache: EdgePageCache,
  candidate: Candidate,
  {
    url,
    init,
    req,
    res,
    handle,
    outage,
  }: {
    url: URL;
    init: RequestInit;
    req: ExpressRequest;
    res: ExpressResponse;
    handle: RemixEdgeOptions["handle"];
    outage: OutageGuard | undefined;
  },
): Promise<boolean> {
  const headers = new Headers(init.headers);
  const cookie = withoutSessionCookie(headers.get("cookie") ?? "");
  if (cookie) headers.set("cookie", cookie);
  else headers.delete("cookie");
  res.locals.pageTemplate = candidate.personal?.template;
  // Its own signal, so that dropping a render that may not be kept reads as what it is, an
  // abandoned request (entry.server.tsx logs no render error for those), not a broken stream.
  const abandon = new AbortController();
  const outer = init.signal;
  if (outer?.aborted) abandon.abort();
  else outer?.addEventListener("abort", () => abandon.abort(), { once: true });
  try {
    const response = await unlessDown(
      outage,
      handle(new Request(url.href, { ...init, headers, signal: abandon.signal }), req, res),
    );
    if (response && (await pageCache.store(candidate, req, res, response))) return true;
    abandon.abort();
    await response?.body?.cancel().catch(() => {});
    // Gone down meanwhile: the caller's own render finds it so and answers unavailable.
    return false;
  } catch (error) {
    // A page that read the session while rendered for everyone: rendered in full instead.
    logger.warn(errorFields(error), "shared signed-in page not rendered");
    return false;
  } finally {
    delete res.locals.pageTemplate;
  }
}

/** A Cookie header without the session cookie. */
function withoutSessionCookie(header: string): string {
  return header
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair && !pair.startsWith("__session="))
    .join("; ");
}

async function sendResponse(
  req: ExpressRequest,
  res: ExpressResponse,
  response: Response,
  { privateByDefault }: { privateByDefault: boolean },
) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  const personal = isPersonal({
    path: req.path,
    cookie: req.get("cookie"),
    setsCookie: response.headers.has("Set-Cookie"),
  });
  // A response that calls itself public (an image variant) stays cacheable.
  if (personal && !/\bpublic\b/i.test(cacheControl)) res.set("Cache-Control", "private, no-store");
  // With the page cache on, what it did not keep is not for a shared cache either (decision 017).
  else if (privateByDefault && !cacheControl) res.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  // An answer given before the body was read (a refusal): the connection cannot be reused.
  if (req.method !== "GET" && req.method !== "HEAD" && !req.complete) res.set("Connection", "close");
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
