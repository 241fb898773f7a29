/**
 * The Express app of server.ts, built by a function so tests can run it in-process with a
 * stand-in for Remix. The request edge (decision 009) runs in this order: security headers,
 * request target, method, health check, assets, origin check, then Remix with the trusted host
 * and a counted body, or the page cache's copy for an anonymous visitor (decision 017). Pages
 * the cache may answer take a shorter way to the same Remix edge (issue 41, below).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { isCrossOriginWrite } from "../app/http/request-security.server";
import { errorFields, logger } from "../app/lib/log.server";
import { allowedMethods } from "./edge/methods";
import { mayBeCachedPage, type EdgePageCache } from "./edge/page-cache";
import type { OutageGuard } from "./outage/guard";
import { remixEdge, type RemixEdgeOptions } from "./edge/remix-handler";
import { normaliseRequestTarget } from "./edge/request-target";
import { applySecurityHeaders } from "./edge/security-headers";
import { TLS_ASK_PATH, tlsAsk } from "./edge/tls-ask";
import { trustedHost } from "./edge/trusted-host";
import { noteRequest, observeRequest, type FinishedRequest } from "./observe/request";

export interface AppOptions {
  development: boolean;
  trustProxy: boolean;
  /** True when the database answers; `/healthz` says only ok or unavailable. */
  healthy: () => Promise<boolean>;
  /** Vite's middlewares in development, static files from the build otherwise. */
  assets: RequestHandler[];
  handle: RemixEdgeOptions["handle"];
  /** Whether a host is ours, for the reverse proxy's on-demand TLS (`/_tls/ask`); off without it. */
  isOurHost?: (host: string) => Promise<boolean>;
  maxBodyBytes?: number;
  /** Told of every finished request: the request log and the metrics (decision 021). */
  observe?: (request: FinishedRequest) => void;
  /** Decision 017; off (every page rendered) without it. */
  pageCache?: EdgePageCache;
  /** Decision 020: 503 (or a stale cached page) while the database is down; off without it. */
  outage?: OutageGuard;
  /** Decision 020: how long a request may take before it is answered 503 (config's defaults without it). */
  deadlines?: RemixEdgeOptions["deadlines"];
  /** The page cache's figures as JSON at `/_page-cache` (the bench reads them); off without it. */
  pageCacheStats?: () => Promise<unknown>;
}

/** The request listener for `http.createServer`. */
export function createApp(options: AppOptions): RequestListener {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy);
  app.use(allowedMethods);
  const compress = compression();
  app.use(compress);

  app.get("/healthz", async (_req, res) => {
    const ok = await options.healthy().catch((error: unknown) => {
      logger.error(errorFields(error), "healthz");
      return false;
    });
    // A probe's answer is about this instant: no cache may keep it.
    res.set("Cache-Control", "no-store");
    res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "unavailable" });
  });

  if (options.isOurHost) app.get(TLS_ASK_PATH, tlsAsk(options.isOurHost));
  const { pageCacheStats } = options;
  if (pageCacheStats) {
    app.get("/_page-cache", async (_req, res) => {
      res.set("Cache-Control", "no-store").json(await pageCacheStats());
    });
  }

  for (const assets of options.assets) app.use(assets);

  app.use((req, res, next) => {
    // DESIGN §8: a state-changing request must come from this very origin (403 otherwise).
    if (
      isCrossOriginWrite({
        method: req.method,
        ownOrigin: `${req.protocol}://${trustedHost(req, options.trustProxy)}`,
        origin: req.get("origin"),
        secFetchSite: req.get("sec-fetch-site"),
      })
    ) {
      res.status(403).type("text/plain").send("Cross-origin request refused");
      return;
    }
    next();
  });

  const edgeOptions: RemixEdgeOptions = {
    handle: options.handle,
    trustProxy: options.trustProxy,
    maxBodyBytes: options.maxBodyBytes,
    pageCache: options.pageCache,
    outage: options.outage,
    deadlines: options.deadlines,
  };
  const reachedApp: RequestHandler = (_req, res, next) => {
    noteRequest(res, { app: true });
    next();
  };
  app.all("*", reachedApp, remixEdge(edgeOptions));

  // Issue 41: the pages the page cache may answer skip the middlewares above, none of which
  // applies to them (a GET or HEAD; not /healthz, /_tls/ask, /_page-cache, /assets/… nor a file
  // of public/, whose names no cacheable path takes; no origin check for a safe method), and the
  // compression middleware wraps only what Remix renders for them, after a lookup that did not
  // answer: a hit is sent as kept, compressed once. Measured, these layers were a fifth of the
  // CPU of a hit.
  const pages = express();
  pages.disable("x-powered-by");
  pages.set("trust proxy", options.trustProxy);
  pages.all("*", reachedApp, remixEdge({ ...edgeOptions, compressAfterLookup: compress }));
  const cached = options.pageCache
    ? (req: IncomingMessage) => mayBeCachedPage(req.method, req.url)
    : () => false;

  const { observe } = options;
  return (req: IncomingMessage, res: ServerResponse) => {
    if (observe) observeRequest(req, res, { trustProxy: options.trustProxy, onFinish: observe });
    applySecurityHeaders(req, res, options);
    if (!normaliseRequestTarget(req, res)) return;
    if (cached(req)) pages(req, res);
    else app(req, res);
  };
}
