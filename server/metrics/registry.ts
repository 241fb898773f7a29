/**
 * The Prometheus metrics of one process (decision 021): request durations by route, method and
 * status class, requests answered at their deadline (decision 020), the database's connections and errors, orders, webhook events and emails as the
 * services report them (app/lib/metrics.server.ts), and prom-client's default process metrics.
 * The page cache's figures live with the cache (page-cache.ts), in the process that holds it.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { listenToMetrics } from "../../app/lib/metrics.server";
import type { ObservedRequest } from "../observe/requests";

export interface ProcessMetrics {
  registry: Registry;
  observeRequest(request: ObservedRequest): void;
  /** For server/metrics/db.ts. */
  db: { poolSize: Gauge; errors: Counter<"kind"> };
}

const METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);
/**
 * Seconds: a cached page takes about a millisecond, a slow report a few seconds; past 10 s are the
 * requests answered at their deadline (decision 020: 10 s for pages, 30 s for writes by default)
 * and any that escaped it, so the tail is seen rather than folded into +Inf.
 */
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30, 60];

export function processMetrics({ defaults = true }: { defaults?: boolean } = {}): ProcessMetrics {
  const registry = new Registry();
  if (defaults) collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer being handed to the socket",
    labelNames: ["route", "method", "status_class"] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const deadlines = new Counter({
    name: "http_request_deadline_exceeded_total",
    help: "Requests answered by the edge at their deadline (503 or a stale page, or cut off mid-answer), their work given up",
    labelNames: ["route", "method"] as const,
    registers: [registry],
  });
  const orders = new Counter({
    name: "orders_placed_total",
    help: "Orders placed, by payment method",
    labelNames: ["payment_method"] as const,
    registers: [registry],
  });
  const webhooks = new Counter({
    name: "webhook_events_total",
    help: "Stripe webhook deliveries (store payments and platform billing), by outcome (applied, duplicate, ignored, retry, rejected, error) and where recorded (store, platform, none)",
    labelNames: ["outcome", "ledger"] as const,
    registers: [registry],
  });
  const emails = new Counter({
    name: "emails_total",
    help: "Emails, by status (sent, logged without SMTP, failed)",
    labelNames: ["status"] as const,
    registers: [registry],
  });
  listenToMetrics({
    orderPlaced: (method) => orders.inc({ payment_method: method }),
    webhookEvent: (outcome, ledger) => webhooks.inc({ outcome, ledger }),
    email: (status) => emails.inc({ status }),
  });
  const db = {
    poolSize: new Gauge({
      name: "db_pool_size",
      help: "Connections this process may hold (1 for the embedded PGlite)",
      registers: [registry],
    }),
    errors: new Counter({
      name: "db_query_errors_total",
      help: "Transactions that failed with a database error, by kind (connection or query)",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
  };
  return {
    registry,
    db,
    observeRequest(request) {
      // Assets, the health check and refusals at the edge answer before any route.
      const route = request.route ?? "(none)";
      const method = METHODS.has(request.method) ? request.method : "other";
      duration.observe(
        { route, method, status_class: `${Math.floor(request.status / 100)}xx` },
        request.durationMs / 1000,
      );
      if (request.deadline) deadlines.inc({ route, method });
    },
  };
}
