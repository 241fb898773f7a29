/**
 * Where the metrics are served (decision 021): a listener of their own at METRICS_PORT, bound to
 * loopback unless METRICS_HOST says otherwise, never on the public port. With several processes
 * (decision 008) the primary listens and asks each worker for its figures (prom-client's
 * AggregatorRegistry: counters and histograms summed), and adds the page cache it holds.
 *
 * A scrape always answers (issue 42): the primary asks only the workers that said their reply is
 * installed (a worker starting, or started again after an exit, is left out until it is), drops
 * a worker that exits while asked, and gives each at most `WORKER_ANSWER_MS`; it answers the
 * figures of the workers that answered, or 503 when none did. prom-client's own `clusterMetrics`
 * waited 5 s for every connected worker, starting ones included, and then failed the scrape.
 */
import cluster from "node:cluster";
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

/** A scrape that cannot be answered now (no worker is ready): 503 with the reason, not a 500. */
export class MetricsUnavailable extends Error {}

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
        if (error instanceof MetricsUnavailable) {
          logger.warn({ reason: error.message }, "metrics scrape unavailable");
          res
            .writeHead(503, { "Content-Type": "text/plain", "Retry-After": "5" })
            .end(`Metrics unavailable: ${error.message}\n`);
          return;
        }
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
    // From now on this worker answers: the primary asks it (not before, see the file's comment).
    process.send?.({ type: METRICS_READY });
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
  const workers = workerMetrics();
  const own = new Registry();
  if (pageCacheStats) pageCacheMetrics(own, pageCacheStats);
  return serveMetrics(listen, async () => `${await workers()}\n${await own.metrics()}`);
}

/** A worker tells the primary its reply to prom-client's request is installed. */
const METRICS_READY = "storefront:metrics-ready";
/** prom-client's own messages (lib/cluster.js), which its worker side answers. */
const GET_METRICS_REQ = "prom-client:getMetricsReq";
const GET_METRICS_RES = "prom-client:getMetricsRes";
/** How long a ready worker may take to answer before a scrape goes on without it. */
export const WORKER_ANSWER_MS = 1_500;

type WorkerMetricsJson = Parameters<typeof AggregatorRegistry.aggregate>[0][number];
interface Asking {
  waiting: Set<number>;
  answers: WorkerMetricsJson[];
  finish: () => void;
}

/**
 * The primary's side of prom-client's exchange, done here so that a scrape never waits on a
 * worker that cannot answer (this file's comment). Must be set up before the workers can say they
 * are ready: in the same turn as the fork (server.ts).
 */
export function workerMetrics(answerMs = WORKER_ANSWER_MS): () => Promise<string> {
  const ready = new Set<number>();
  const asking = new Map<string, Asking>();
  let next = 0;
  const answered = (request: Asking, workerId: number) => {
    if (request.waiting.delete(workerId) && request.waiting.size === 0) request.finish();
  };
  cluster.on(
    "message",
    (
      worker,
      message: { type?: string; requestId?: string; metrics?: WorkerMetricsJson[]; error?: string },
    ) => {
      if (message?.type === METRICS_READY) ready.add(worker.id);
      if (message?.type !== GET_METRICS_RES || typeof message.requestId !== "string") return;
      const request = asking.get(message.requestId);
      if (!request?.waiting.has(worker.id)) return;
      if (message.error)
        logger.warn({ worker: worker.process.pid, error: message.error }, "worker metrics failed");
      else request.answers.push(...(message.metrics ?? []));
      answered(request, worker.id);
    },
  );
  cluster.on("exit", (worker) => {
    ready.delete(worker.id);
    for (const request of asking.values()) answered(request, worker.id);
  });

  return () =>
    new Promise<string>((resolve, reject) => {
      const requestId = `storefront-${next++}`;
      const clock: { timer?: ReturnType<typeof setTimeout> } = {};
      const request: Asking = {
        waiting: new Set(),
        answers: [],
        finish: () => {
          clearTimeout(clock.timer);
          if (!asking.delete(requestId)) return;
          const late = [...request.waiting];
          if (late.length > 0)
            logger.warn(
              { workers: late.length },
              "metrics scrape without a worker that did not answer in time",
            );
          if (request.answers.length === 0) {
            reject(
              new MetricsUnavailable(
                late.length > 0
                  ? `no worker process answered within ${answerMs} ms`
                  : "no worker process is ready to answer yet",
              ),
            );
            return;
          }
          try {
            AggregatorRegistry.aggregate(request.answers).metrics().then(resolve, reject);
          } catch (error) {
            reject(error as Error);
          }
        },
      };
      asking.set(requestId, request);
      for (const worker of Object.values(cluster.workers ?? {})) {
        if (!worker || !ready.has(worker.id) || !worker.isConnected()) continue;
        request.waiting.add(worker.id);
        // A channel closing under the send: that worker is not waited on.
        worker.send({ type: GET_METRICS_REQ, requestId }, (error: Error | null) => {
          if (error) answered(request, worker.id);
        });
      }
      if (request.waiting.size === 0) {
        request.finish();
        return;
      }
      clock.timer = setTimeout(() => request.finish(), answerMs);
    });
}
