/**
 * One HTTP server for development (Vite middleware, HMR) and production (built assets with
 * immutable caching). Resolves the tenant once per request and hands it to Remix as context.
 * With WEB_CONCURRENCY above 1 on PostgreSQL, this process migrates and seeds, then supervises
 * that many copies of itself sharing the port (server/cluster.ts, decision 008).
 */
// First: the configuration is read and checked before any other module looks at it.
import "./server/start-config";
import cluster from "node:cluster";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { getDb, setDb } from "./app/db/client.server";
import { config } from "./app/lib/config.server";
import { recheckCustomDomains } from "./app/services/store/custom-domain.server";
import { getTenantResolver, normalizeHost, requestHost } from "./app/services/store/tenancy.server";
import { clientAddress } from "./app/http/request-security.server";
import { createLoadContext } from "./app/http/load-context.server";
import { demoLines, ensureDemoData } from "./app/db/seed/ensure.server";
import { startTrendingSweeps } from "./app/services/orders/trending.server";
import { startTrialNotices } from "./app/services/billing/trial-notices.server";
import { startOutboxSweeps } from "./app/services/email/email.server";
import { deliveriesSettled } from "./app/services/outbox/outbox.server";
import { startExpiredRowPrunes } from "./app/services/platform/expired-rows.server";
import { startCodConfirmationSweeps } from "./app/services/orders/cod-confirmation.server";
import { startMessageSweeps } from "./app/services/messages/messages.server";
import { startWebhookDelivery } from "./app/services/webhooks/delivery.server";
import { startRateLimitPrunes } from "./app/services/security/rate-limit.server";
import { subscribeDemoStores } from "./app/services/billing/demo-subscription.server";
import { connectDemoStores } from "./app/services/payments/demo-account.server";
import { DEMO_STORES } from "./app/db/seed/stores";
import { createApp } from "./server/app";
import { builtAssets } from "./server/edge/built-assets";
import { runPrimary } from "./server/cluster";
import { localBackend, workerBackend } from "./server/page-cache/backend";
import { hotBackend } from "./server/page-cache/hot";
import { startPageCache } from "./server/page-cache/start";
import { PageStore } from "./server/page-cache/store";
import { cspNonce } from "./server/edge/security-headers";
import { drainable } from "./server/outage/drain";
import { databaseHealth } from "./server/outage/health";
import { databaseProbe } from "./server/outage/probe";
import { listenWhileStarting, untilDatabase } from "./server/outage/startup";
import { errorFields, logger } from "./app/lib/log.server";
import { noteRequest, requestFacts } from "./server/observe/request";
import { requestObserver } from "./server/observe/requests";
import { routeMatcher } from "./server/observe/route-id";
import { storeFacts } from "./server/observe/store";
import { healthMetrics, instrumentDb, poolSizeOf } from "./server/metrics/db";
import { startPrimaryMetrics, startProcessMetrics } from "./server/metrics/start";

const settings = config();
const isProduction = settings.production;
// Decision 017: off in development (pages change with the code) and with PAGE_CACHE=off.
const pageCacheConfig = settings.pageCache;
const { port, host, workers } = settings;
// Decision 021: the metrics' own listener, on loopback unless METRICS_HOST says otherwise.
const metricsListen = settings.metrics;

// Decision 020: how long the health probe waits for the database before calling it down.
const healthTimeoutMs = settings.databaseHealthTimeoutMs;
const databaseUrl = "url" in settings.database ? settings.database.url : undefined;

// Decision 020: with the database down at start, the port answers 503 while we keep trying.
const starting = cluster.isPrimary ? listenWhileStarting(port, host) : undefined;
// Outage messages are log lines like the rest (decision 021).
const logWarning = (line: string) => logger.warn(line);
const { db, seeded } = await untilDatabase(
  "start",
  async () => {
    try {
      const db = await getDb();
      // Workers find the database migrated and seeded by their primary.
      const seeded = cluster.isPrimary ? await ensureDemoData(db) : null;
      // With the Stripe test server running (README), the demo stores can take card payments at
      // once, and the demo's plan is a subscription there (billing and the checklist agree).
      if (cluster.isPrimary) {
        const slugs = DEMO_STORES.map((store) => store.slug);
        const connected = [...(await connectDemoStores(slugs)), ...(await subscribeDemoStores(slugs))];
        // eslint-disable-next-line no-restricted-properties -- the demo's banner, read by the person who started it
        if (connected.length > 0) console.log(connected.join("\n"));
      }
      return { db, seeded };
    } catch (error) {
      // The next attempt connects afresh instead of awaiting the same failure.
      await getDb()
        .then((failed) => failed.close())
        .catch(() => {});
      setDb(undefined);
      throw error;
    }
  },
  { log: logWarning },
);

function announce(listeningPort: number, processes: number) {
  const origin = (sub?: string) => `http://${sub ? `${sub}.` : ""}localhost:${listeningPort}`;
  const mode = `${isProduction ? "production" : "development"}, ${db.kind}`;
  const count = processes > 1 ? `, ${processes} processes` : "";
  // eslint-disable-next-line no-restricted-properties -- the banner, read by the person who started the server
  console.log(`Storefront builder listening on ${origin()} (${mode}${count})`);
  // The embedded database is the demo: remind whoever started it how to get in, every time.
  const lines = seeded ?? (db.kind === "pglite" ? demoLines() : null);
  if (lines)
    // eslint-disable-next-line no-restricted-properties -- the demo's logins, read by the person who started it
    console.log(lines.map((line) => `  ${line.replaceAll("{port}", String(listeningPort))}`).join("\n"));
}

if (cluster.isPrimary && workers > 1) {
  if (db.kind === "postgres" && isProduction) {
    await db.close();
    // The workers take the port over.
    await starting?.close();
    const pageStore = pageCacheConfig ? new PageStore(pageCacheConfig.maxBytes) : undefined;
    runPrimary({
      workers,
      onListening: ({ port: listening }) => announce(listening, workers),
      log: (line) => logger.info(line),
      pageStore,
    });
    if (metricsListen) await startPrimaryMetrics(metricsListen, pageStore && (async () => pageStore.stats()));
  } else {
    // The embedded database belongs to one process, and Vite's dev server to one too.
    logger.warn(
      `WEB_CONCURRENCY=${workers} ignored: several processes need PostgreSQL (DATABASE_URL) and a production build`,
    );
    await serve();
  }
} else {
  await serve();
}

async function serve() {
  const resolver = await getTenantResolver();

  const viteDevServer = isProduction
    ? undefined
    : // eslint-disable-next-line no-restricted-syntax -- Vite is a devDependency, absent from the production image: loaded only in development
      await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

  const build = viteDevServer
    ? () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
    : // eslint-disable-next-line no-restricted-syntax -- the build's output, a file made by `remix vite:build`, not a module of the source tree
      ((await import(path.resolve("build/server/index.js"))) as ServerBuild);
  const handleRemix = createRequestHandler(build, isProduction ? "production" : "development");
  const { trustProxy } = settings;
  const pageCache = pageCacheConfig
    ? await startPageCache({
        db,
        resolver,
        ttlMs: pageCacheConfig.ttlMs,
        viewers: pageCacheConfig.viewers,
        // With several processes the primary holds the instance's cache (server/cluster.ts) and
        // each worker a hot copy of what it serves (issue 41).
        backend: cluster.isWorker
          ? hotBackend(workerBackend(), new PageStore(pageCacheConfig.workerMaxBytes))
          : localBackend(new PageStore(pageCacheConfig.maxBytes)),
      })
    : undefined;

  // The probe's own connection dropping is the earliest sign of an outage: look at once.
  const probe = databaseProbe(db, databaseUrl, healthTimeoutMs, () => void health.check());
  const health = databaseHealth({
    ping: probe.ping,
    reset: probe.reset,
    timeoutMs: healthTimeoutMs,
    log: logWarning,
  });
  // A request's connection terminated under it (a failover, a pooler restart): counted, and the
  // request answered unavailable rather than 500 (issue 42 D4).
  db.onConnectionLost(() => health.connectionLost());
  // From SIGTERM on, new requests get 503 and the health check says unavailable.
  const drain = drainable();

  const observed = metricsListen
    ? await startProcessMetrics(metricsListen, {
        worker: cluster.isWorker,
        pageCacheStats: cluster.isWorker ? undefined : pageCache?.backend.stats,
      })
    : undefined;
  if (observed) {
    instrumentDb(db, observed.metrics, poolSizeOf(db));
    healthMetrics(health, observed.metrics);
  }

  const app = createApp({
    development: !isProduction,
    trustProxy,
    healthy: async () => !drain.draining && (await health.check()),
    outage: { health, pageCache: pageCache?.edge },
    deadlines: settings.requestDeadline,
    assets: viteDevServer
      ? [viteDevServer.middlewares]
      : // Vite fingerprints everything under /assets (cached forever); public/'s files by name.
        [builtAssets("build/client")],
    observe: requestObserver({
      logger,
      log: settings.requestLog,
      // In development the build changes with the code: no route ids there.
      routeOf: typeof build === "function" ? undefined : routeMatcher(build),
      storeOf: async (host) => {
        // A log line needs no fresh lookup: what the host was last resolved to will do, and in an
        // outage nothing is asked of the database for it (decisions 020, 021).
        const normalized = requestHost({ host });
        const known = resolver.known(normalized);
        if (known) return storeFacts(known);
        return health.down ? undefined : storeFacts(await resolver.resolve(normalized));
      },
      record: observed?.metrics.observeRequest,
    }),
    pageCache: pageCache?.edge,
    pageCacheStats: settings.benchRoutes ? pageCache?.backend.stats : undefined,
    isOurHost: async (host) => (await resolver.resolve(normalizeHost(host))).kind !== "unknown",
    handle: async (request, req, res) => {
      const tenant = await resolver.resolve(requestHost({ host: request.headers.get("host") ?? "" }));
      noteRequest(res, { store: storeFacts(tenant) });
      return handleRemix(request, {
        ...(await createLoadContext({
          url: new URL(request.url),
          cookieHeader: request.headers.get("cookie"),
          tenant,
          clientAddress: clientAddress(
            new Headers({ "x-forwarded-for": req.get("x-forwarded-for") ?? "" }),
            req.socket.remoteAddress,
          ),
        })),
        cspNonce: cspNonce(res),
        requestId: requestFacts(res)?.id,
        shared: {},
        // Set by the page cache while it renders the shared copy of a signed-in page (decision 031).
        pageTemplate: res.locals.pageTemplate as AppLoadContext["pageTemplate"],
      });
    },
  });

  // Verified custom domains are looked up again every few hours (issue 12): records removed later
  // show as failing on the owner's page. Idempotent, so several processes doing it is harmless.
  const recheckMs = settings.domainRecheckMs;
  const recheck =
    recheckMs > 0
      ? setInterval(() => {
          recheckCustomDomains().catch((error: unknown) =>
            logger.error(errorFields(error), "custom domain re-check failed"),
          );
        }, recheckMs)
      : undefined;
  recheck?.unref();

  const server: Server = starting
    ? starting.handOver(drain.wrap(app))
    : createServer(drain.wrap(app)).listen(port, host);
  // An idle connection is closed by the client or the proxy first, never by us: Node's 5 s let a
  // request written on a connection the server was just closing fail with ECONNRESET (the soak
  // saw a few a minute), and Caddy keeps idle upstream connections for 2 minutes.
  server.keepAliveTimeout = 130_000;
  server.headersTimeout = 131_000;
  // A worker's primary announces the instance once all are listening.
  if (cluster.isPrimary) {
    if (server.listening) announce(port, 1);
    else server.once("listening", () => announce(port, 1));
  }

  // Week-old orders leave Trending (units_sold_7d) within the hour, in whichever process runs first.
  const stopTrendingSweeps = startTrendingSweeps();
  // Our own trials are announced by mail 3 days before they end, once, whichever process claims them.
  const stopTrialNotices = startTrialNotices();
  // Mail a process did not deliver (it died, the mail server or the database failed) is
  // delivered or retried by whichever process sweeps the outbox first.
  const stopOutboxSweeps = startOutboxSweeps();
  // Rate-limit windows that ended over a day ago, which nothing else ever deletes.
  const stopRateLimitPrunes = startRateLimitPrunes();
  // Expired sessions and tokens, old Stripe events and finished mail (migration 0029).
  const stopExpiredRowPrunes = startExpiredRowPrunes();
  // Cash On Delivery orders awaiting confirmation: reminders and auto-cancels when due (decision 040).
  const stopCodConfirmationSweeps = startCodConfirmationSweeps();
  // SMS and WhatsApp messages not delivered yet (their process died, the provider failed).
  const stopMessageSweeps = startMessageSweeps();
  // Webhooks (decision 047): delivered when a committed event's notice arrives; swept for the rest.
  const stopWebhookDelivery = await startWebhookDelivery();

  let shuttingDown = false;
  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    stopTrendingSweeps();
    stopTrialNotices();
    stopOutboxSweeps();
    stopRateLimitPrunes();
    stopExpiredRowPrunes();
    stopCodConfirmationSweeps();
    stopMessageSweeps();
    await stopWebhookDelivery();
    logger.info(`${signal}: draining connections`);
    // Decision 020: out within 10 s of the signal, whatever is still running.
    const forceExit = setTimeout(() => {
      logger.error("Shutdown timed out; exiting");
      process.exit(1);
    }, 9_500);
    forceExit.unref();
    clearInterval(recheck);
    // New requests get 503 while those in flight finish; then the server closes.
    await drain.idle();
    // Emails of orders placed just now, still being handed to the mail server (else the sweep
    // of another process sends them later).
    await deliveriesSettled();
    observed?.server?.close();
    server.close(async () => {
      await health.stop();
      await probe.close();
      await pageCache?.stop();
      await viteDevServer?.close();
      await resolver.stop();
      await db.close();
      logger.info("Closed cleanly");
      process.exit(0);
    });
    server.closeAllConnections();
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
