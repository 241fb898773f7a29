/**
 * Where the metrics are served (decision 021): a listener of their own at METRICS_PORT, bound to
 * loopback unless METRICS_HOST says otherwise, never on the public port. With several processes
 * (decision 008) the primary listens and asks each worker for its figures (prom-client's
 * AggregatorRegistry: counters and histograms summed), and adds the page cache it holds.
 */
import { createServer, type Server } from "node:http";
import { AggregatorRegistry, Registry } from "prom-client";
import { logger } from "../../app/lib/log.server";
import type { PageCacheStats } from "../page-cache/store";
import { pageCacheMetrics } from "./page-cache";
import { processMetrics, type ProcessMetrics } from "./registry";

export interface MetricsListen {
  port: number;
  host: string;
}

export function serveMetrics({ port, host }: MetricsListen, render: () => Promise<string>): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found: the metrics are at /metrics\n");
      return;
    }
    render().then(
      (text) => res.writeHead(200, { "Content-Type": Registry.PROMETHEUS_CONTENT_TYPE }).end(text),
      (error: unknown) => {
        logger.error({ err: { message: String(error) } }, "metrics scrape failed");
        res.writeHead(500, { "Content-Type": "text/plain" }).end("Metrics unavailable\n");
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      logger.info({ port, host }, "metrics listening");
      resolve(server);
    });
  });
}

/** One process serving requests: its own metrics, on its own listener unless it is a worker. */
export async function startProcessMetrics(
  listen: MetricsListen,
  { worker, pageCacheStats }: { worker: boolean; pageCacheStats?: () => Promise<PageCacheStats> },
): Promise<{ metrics: ProcessMetrics; server?: Server }> {
  const metrics = processMetrics();
  if (worker) {
    // The primary asks every worker for these over the cluster's channel. prom-client installs
    // the worker's reply only in AggregatorRegistry's constructor (its documented use, upstream
    // issue 747): without one here every scrape waited 5 s for an answer and failed.
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([metrics.registry]);
    return { metrics };
  }
  if (pageCacheStats) pageCacheMetrics(metrics.registry, pageCacheStats);
  return { metrics, server: await serveMetrics(listen, () => metrics.registry.metrics()) };
}

/** The cluster's primary: the workers' figures summed, and the page cache it holds. */
export function startPrimaryMetrics(
  listen: MetricsListen,
  pageCacheStats?: () => Promise<PageCacheStats>,
): Promise<Server> {
  const workers = new AggregatorRegistry();
  const own = new Registry();
  if (pageCacheStats) pageCacheMetrics(own, pageCacheStats);
  return serveMetrics(listen, async () => `${await workers.clusterMetrics()}\n${await own.metrics()}`);
}
