/**
 * The real Express app of server.ts (server/app.ts) listening on a free port in this process,
 * with a stand-in for Remix that tells what it was handed, or with a tiny real Remix build; with
 * the page cache in front of it (`startCachedEdge`) when the test needs it.
 */
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp, type AppOptions } from "../../server/app";
import { EdgePageCache, type PageCacheOptions } from "../../server/edge/page-cache";
import { localBackend, type PageCacheBackend } from "../../server/page-cache/backend";
import { PageStore } from "../../server/page-cache/store";

export interface EdgeServer {
  port: number;
  origin: string;
  close(): Promise<void>;
}

/** What the stand-in for Remix answers: the request as Remix would have seen it. */
export interface Echo {
  url: string;
  method: string;
  headers: Record<string, string>;
  bodyBytes: number;
  nonce: string;
}

export const echoHandler: AppOptions["handle"] = async (request, _req, res) => {
  const bodyBytes = request.body ? (await request.arrayBuffer()).byteLength : 0;
  const echo: Echo = {
    url: request.url,
    method: request.method,
    headers: Object.fromEntries(request.headers.entries()),
    bodyBytes,
    nonce: String(res.locals.cspNonce ?? ""),
  };
  return Response.json(echo);
};

export async function startEdge(options: Partial<AppOptions> = {}): Promise<EdgeServer> {
  const app = createApp({
    development: false,
    trustProxy: false,
    healthy: async () => true,
    assets: [],
    handle: echoHandler,
    ...options,
  });
  const server: Server = await new Promise((resolve) => {
    const listening = http.createServer(app).listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface CachedEdgeOptions extends Partial<AppOptions> {
  /** The page cache's tenant read: the store a host is (a test may make it slow or never settle). */
  storeOf: PageCacheOptions["storeOf"];
  knownStoreOf?: PageCacheOptions["knownStoreOf"];
  /** Wraps the kept pages' read (to count reads, or to read them as if every one had expired). */
  readPage?: (store: PageStore, read: PageCacheBackend["get"]) => PageCacheBackend["get"];
  ttlMs?: number;
}

/** `startEdge` with the page cache of one process (an 8 MB PageStore) in front of the handler. */
export async function startCachedEdge({
  storeOf,
  knownStoreOf,
  readPage,
  ttlMs = 60_000,
  ...options
}: CachedEdgeOptions): Promise<EdgeServer & { pageCache: EdgePageCache }> {
  const store = new PageStore(8 * 1024 * 1024);
  const backend = localBackend(store);
  const pageCache = new EdgePageCache({
    backend: readPage ? { ...backend, get: readPage(store, backend.get) } : backend,
    ttlMs,
    storeOf,
    knownStoreOf,
  });
  return { ...(await startEdge({ pageCache, ...options })), pageCache };
}
