/**
 * The metrics listener (decision 021): after some requests, a scrape shows the request-duration
 * histogram by route id, method and status class, the services' events, the database pool and
 * errors, the page cache, and the default process metrics; anything but /metrics is a 404.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { metrics } from "~/lib/metrics.server";
import { healthMetrics, instrumentDb } from "../../server/metrics/db";
import { pageCacheMetrics } from "../../server/metrics/page-cache";
import { processMetrics } from "../../server/metrics/registry";
import { serveMetrics } from "../../server/metrics/start";
import { requestObserver } from "../../server/observe/requests";
import { routeMatcher } from "../../server/observe/route-id";
import { startEdge, type EdgeServer } from "../helpers/edge-app";

const build = {
  mode: "production",
  entry: {
    module: {
      default: (_request: Request, status: number) =>
        new Response("<p>page</p>", { status, headers: { "Content-Type": "text/html" } }),
      handleError: () => {},
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    "routes/products.$slug": {
      id: "routes/products.$slug",
      parentId: "root",
      path: "products/:slug",
      module: { default: () => null, loader: () => ({ ok: true }) },
    },
  },
  assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
  publicPath: "/",
  assetsBuildDirectory: "",
  future: { v3_singleFetch: true },
  isSpaMode: false,
} as unknown as ServerBuild;

const observed = processMetrics();
let edge: EdgeServer;
let metricsServer: Server;
let metricsOrigin: string;
const fakeDb = {
  kind: "postgres",
  withStore: async (_storeId: string, fn: (tx: never) => Promise<unknown>) => fn(undefined as never),
  withPlatform: async (fn: (tx: never) => Promise<unknown>) => fn(undefined as never),
  queryInStore: async () => [],
} as unknown as Db;

/** The database health as the metrics read it: three connections lost so far. */
const health = { lostConnections: 3 };

beforeAll(async () => {
  const remix = createRequestHandler(build, "production");
  edge = await startEdge({
    handle: (request) => remix(request),
    observe: requestObserver({ log: false, routeOf: routeMatcher(build), record: observed.observeRequest }),
  });
  pageCacheMetrics(observed.registry, async () => ({
    entries: 3,
    bytes: 12_345,
    maxBytes: 64 * 1024 * 1024,
    hits: 7,
    misses: 2,
    stored: 2,
    stale: 1,
    servedStale: 4,
    evicted: 0,
    dropped: 0,
  }));
  instrumentDb(fakeDb, observed, 10);
  healthMetrics(health, observed);
  metricsServer = await serveMetrics({ port: 0, host: "127.0.0.1" }, () => observed.registry.metrics());
  metricsOrigin = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await edge.close();
  metricsServer.close();
});

it("shows request durations by route id, method and status class after some requests", async () => {
  for (const path of ["/products/mug", "/products/tea", "/products/tea.data", "/"]) {
    await (await fetch(`${edge.origin}${path}`)).arrayBuffer();
  }
  await (await fetch(`${edge.origin}/`, { method: "DELETE" })).arrayBuffer();
  const text = await (await fetch(`${metricsOrigin}/metrics`)).text();
  expect(text).toContain("# TYPE http_request_duration_seconds histogram");
  expect(text).toMatch(
    /http_request_duration_seconds_count\{route="routes\/products\.\$slug",method="GET",status_class="2xx"\} 3/,
  );
  expect(text).toMatch(
    /http_request_duration_seconds_count\{route="root",method="GET",status_class="2xx"\} 1/,
  );
  // Refused at the edge, before any route.
  expect(text).toMatch(
    /http_request_duration_seconds_count\{route="\(none\)",method="other",status_class="4xx"\} 1/,
  );
});

it("counts what the services report, the database's work and errors, the page cache and the process", async () => {
  metrics.orderPlaced("cod");
  metrics.orderPlaced("cod");
  metrics.webhookEvent("applied", "store");
  metrics.email("sent");
  await fakeDb.withPlatform(async () => null);
  const connectionLost = Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" });
  await expect(fakeDb.withStore("s", async () => Promise.reject(connectionLost))).rejects.toBe(
    connectionLost,
  );
  // A domain rule's rollback is not a database error.
  await expect(
    fakeDb.withStore("s", async () => Promise.reject(new Error("Out of stock"))),
  ).rejects.toThrow();

  const response = await fetch(`${metricsOrigin}/metrics`);
  expect(response.headers.get("content-type")).toContain("text/plain");
  const text = await response.text();
  expect(text).toContain('orders_placed_total{payment_method="cod"} 2');
  expect(text).toContain('webhook_events_total{outcome="applied",ledger="store"} 1');
  expect(text).toContain('emails_total{status="sent"} 1');
  expect(text).toContain('db_query_errors_total{kind="connection"} 1');
  expect(text).not.toContain('db_query_errors_total{kind="query"}');
  expect(text).toMatch(/^db_pool_in_use 0$/m);
  expect(text).toMatch(/^db_pool_waiting 0$/m);
  expect(text).toMatch(/^db_pool_size 10$/m);
  expect(text).toMatch(/^db_connections_lost_total 3$/m);
  expect(text).toMatch(/^page_cache_hits_total 7$/m);
  expect(text).toMatch(/^page_cache_misses_total 2$/m);
  // Served past their life while the database was down (X-Cache: stale).
  expect(text).toMatch(/^page_cache_stale_total 4$/m);
  expect(text).toMatch(/^page_cache_superseded_total 1$/m);
  expect(text).toMatch(/^page_cache_bytes 12345$/m);
  expect(text).toContain("process_cpu_user_seconds_total");
  expect(text).toContain("nodejs_eventloop_lag_seconds");
});

it("answers only GET /metrics", async () => {
  expect((await fetch(`${metricsOrigin}/`)).status).toBe(404);
  expect((await fetch(`${metricsOrigin}/metrics`, { method: "POST" })).status).toBe(404);
});
