/**
 * `npm run bench`: throughput and latency of store pages against a bare Remix page, measured in
 * the same run on the same server (DESIGN §9: storefront pages ≥ 80 % of the bare page's
 * requests/s, p99 < 100 ms at 16 connections; issue 13: anonymous pages from the page cache
 * ≥ 3× the bare page, p99 < 25 ms).
 *
 * Two servers one after the other, each with its own bare page: the first with the page cache
 * off (PAGE_CACHE=off: every page rendered, the "cold" column), the second with it on, where
 * each page is measured anonymous ("warm", answered from the cache after the first request) and
 * signed in as the demo shopper ("signed in, cached": the shared copy with the shopper's parts
 * filled in, decision 031, held to the warm page); the first measures the signed-in page
 * rendered in full too ("signed in, rendered"). Builds when the build is missing or older than
 * the sources, starts the production server on a free port with a fresh seeded database
 * (tests/bench/server.ts: PGlite, or a new PostgreSQL database with BENCH_DATABASE_URL), warms
 * up, runs the load generator per route, prints a table and writes JSON to
 * tests/bench/results/. Besides req/s and latency it reports the server's CPU time per request,
 * which other work on the machine disturbs far less than throughput, the load generator's, and
 * the page cache's entries and memory after the warm run. Env: BENCH_DURATION (seconds per
 * route, default 10), BENCH_ROUNDS (rounds the duration is split into, routes alternating,
 * default 2), BENCH_CONNECTIONS (default 16),
 * BENCH_DATABASE_URL, BENCH_WORKERS (the server's WEB_CONCURRENCY, default 1; more than 1 needs
 * PostgreSQL), BENCH_SERVERS ("on" measures only the server with the page cache on: warm against
 * signed in, cached; default both).
 *
 * The sweep (issue 41): BENCH_WORKERS=sweep (1, 2 and the machine's cores) or a list ("1,2,4")
 * measures the page-cache-on server once per process count, one after the other in the same run,
 * and prints the cached rows (anonymous and signed in) side by side, each count's req/s as a ratio
 * of one process's, and the CPU the server and the load generator used (in cores).
 *
 * Writes (issue 41): BENCH_WRITES_PER_S (default 0) catalogue writes a second to the benched
 * store while every route is measured (warm-up included), each a one-row update of one of its
 * products, which raises `catalog_changed` like an admin's edit and drops all the store's pages. Needs PostgreSQL. Every row then reports its hit rate too (the share of answers that
 * said `X-Cache: hit`, counted by the load generator).
 *
 * The load generator (issue 41, tests/bench/load.ts): BENCH_CLIENT=wrk (the default when
 * /usr/bin/wrk is there; installed with apt-get when the bench runs as root) or autocannon. wrk
 * is a separate C process with one thread; autocannon runs in this process and, on a small
 * machine, takes the cores a second server process would use. Every row reports the client's CPU
 * per request beside the server's, so a run shows which of the two was the limit.
 *
 * BENCH_PAGES (issue 41): only some pages, by key, comma-separated: home, listing, product,
 * variants (e.g. BENCH_PAGES=product); the bare page is measured when it is a baseline (not in the
 * sweep) or when "bare" is listed. Unset: every page. (Not BENCH_ROUTES: that is the server's
 * switch for its bench routes, which the bench sets itself.)
 */
import os from "node:os";
import postgres from "postgres";
import { chooseLoadClient, fireLoad, type LoadClient, type LoadResult } from "./load";
import { addManyVariantsProduct, MANY_VARIANTS_SLUG } from "./many-variants";
import { request, signIn } from "./demo-shopper";
import { buildIfStale, formatTable, loadAverageText, startServer, writeResults } from "./server";

type Mode = "bare" | "cold" | "warm" | "signed in, rendered" | "signed in, cached";

interface Route {
  /** The page's key in BENCH_PAGES. */
  key: string;
  name: string;
  mode: Mode;
  /** Store slug whose host the request is addressed to. */
  store: string;
  path: string;
}

const STORE = "dyes";
const ALL_PAGES = [
  { key: "home", name: "store home", path: "/" },
  // A filtered, sorted listing (a category of the demo seed) and a product page.
  { key: "listing", name: "product listing", path: "/products?sort=price-asc&category=fabric-dyes" },
  { key: "product", name: "product page", path: "/products/crimson-red-fabric-dye" },
  // Issue 19: the most variants a product may have, in the same budget.
  { key: "variants", name: "product, 100 variants", path: `/products/${MANY_VARIANTS_SLUG}` },
];
const BARE: Route = { key: "bare", name: "bare Remix page", mode: "bare", store: STORE, path: "/bench/bare" };
const PAGE_KEYS = (process.env.BENCH_PAGES ?? "")
  .split(",")
  .map((key) => key.trim())
  .filter(Boolean);
const unknownPages = PAGE_KEYS.filter(
  (key) => key !== BARE.key && !ALL_PAGES.some((page) => page.key === key),
);
if (unknownPages.length > 0) {
  throw new Error(
    `BENCH_PAGES: unknown ${unknownPages.join(", ")}; the pages are ${[BARE, ...ALL_PAGES].map((page) => page.key).join(", ")}`,
  );
}
const PAGES = PAGE_KEYS.length > 0 ? ALL_PAGES.filter((page) => PAGE_KEYS.includes(page.key)) : ALL_PAGES;

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
/** Process counts to measure: one, or several for the sweep. */
const WORKER_COUNTS = workerCounts(process.env.BENCH_WORKERS ?? "1");
const WORKERS = WORKER_COUNTS[0]!;

function workerCounts(value: string): number[] {
  const counts =
    value === "sweep"
      ? [1, 2, os.availableParallelism()]
      : value.split(",").map((part) => Number(part.trim()));
  if (counts.some((count) => !Number.isInteger(count) || count < 1)) {
    throw new Error(
      `BENCH_WORKERS must be a whole number, a list of them or "sweep", not ${JSON.stringify(value)}`,
    );
  }
  return [...new Set(counts)];
}
const WARMUP_SECONDS = 3;
const WRITES_PER_S = Number(process.env.BENCH_WRITES_PER_S ?? 0);
/**
 * The many-variants import is a catalogue change: every process drops the store's pages when the
 * notification arrives, so a page kept before a process heard it is rendered again on its next
 * request. The checks below wait this long after the import. (Until issue 41 every process also
 * dropped them once more 250 ms later; on an idle machine with one process the signed-in home
 * page's second request fell right on that second drop and answered a miss.)
 */
const SETTLE_AFTER_CHANGE_MS = 1_000;
/**
 * Ratios against the bare page, except a signed-in page from the cache (issue 22): against the
 * same page anonymous from the cache, in the same server.
 */
const BUDGETS: Record<Exclude<Mode, "bare">, { ratio: number; p99Ms: number }> = {
  cold: { ratio: 0.8, p99Ms: 100 },
  warm: { ratio: 3, p99Ms: 25 },
  "signed in, rendered": { ratio: 0.8, p99Ms: 100 },
  "signed in, cached": { ratio: 0.5, p99Ms: 30 },
};
const signedIn = (mode: Mode) => mode === "signed in, rendered" || mode === "signed in, cached";

function headersFor(route: Route, port: number, cookie: string | null): Record<string, string> {
  return {
    host: `${route.store}.localhost:${port}`,
    "accept-encoding": "gzip",
    ...(signedIn(route.mode) && cookie ? { cookie } : {}),
  };
}

/** Set by main: wrk or autocannon (BENCH_CLIENT). */
let loadClient: LoadClient = "autocannon";

function fire(origin: string, route: Route, port: number, seconds: number, cookie: string | null) {
  return fireLoad(loadClient, {
    url: `${origin}${route.path}`,
    connections: CONNECTIONS,
    seconds,
    // Addressed like a browser would address the store; fetch-style name resolution of
    // *.localhost is not something every resolver does, so the socket goes to 127.0.0.1.
    headers: headersFor(route, port, cookie),
  });
}

/**
 * A steady trickle of catalogue writes to the benched store (BENCH_WRITES_PER_S), until stopped:
 * each one row, one statement, as an admin's product edit is.
 */
function trickleWrites(
  databaseUrl: string | null,
  perSecond: number,
): { written(): number; stop(): Promise<void> } {
  if (perSecond <= 0) return { written: () => 0, stop: async () => {} };
  if (!databaseUrl) throw new Error("BENCH_WRITES_PER_S needs BENCH_DATABASE_URL");
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  let written = 0;
  let running = true;
  const loop = (async () => {
    const every = 1000 / perSecond;
    let next = Date.now();
    while (running) {
      // Whatever a write changes, the notification drops every page of the store.
      await sql`update products set stock = stock where id = (select p.id from products p join stores s on s.id = p.store_id where s.slug = ${STORE} order by p.id limit 1)`;
      written++;
      next += every;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    }
  })();
  return {
    written: () => written,
    async stop() {
      running = false;
      await loop;
      await sql.end({ timeout: 5 });
    },
  };
}

interface Measured extends Route {
  server: "cache off" | "cache on";
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  requests: number;
  cpuMsPerRequest: number | null;
  /** The load generator's CPU per request (wrk, or autocannon in the bench's process). */
  clientCpuMsPerRequest: number | null;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Share of answers that were `X-Cache: hit`. */
  hitRate: number;
  /** Catalogue writes per second while this route was measured (BENCH_WRITES_PER_S). */
  writesPerSecond: number;
}

/** One server (page cache on or off): its routes measured against its own bare page. */
async function measureServer(cache: "on" | "off", workers = WORKERS) {
  // The bare page is the other rows' baseline, except in the sweep (cached rows against one process).
  const withBare = PAGE_KEYS.length === 0 || PAGE_KEYS.includes(BARE.key) || WORKER_COUNTS.length === 1;
  const routes: Route[] = [
    ...(withBare ? [BARE] : []),
    ...PAGES.flatMap((page): Route[] =>
      cache === "off"
        ? [
            { ...page, mode: "cold", store: STORE },
            { ...page, mode: "signed in, rendered", store: STORE },
          ]
        : [
            { ...page, mode: "warm", store: STORE },
            { ...page, mode: "signed in, cached", store: STORE },
          ],
    ),
  ];
  const { port, origin, cpuMs, stop, databaseUrl } = await startServer("bench", {
    BENCH_ROUTES: "1",
    WEB_CONCURRENCY: String(workers),
    PAGE_CACHE: cache,
  });
  try {
    await addManyVariantsProduct(port, STORE);
    const cookie = await signIn(port);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_AFTER_CHANGE_MS));
    for (const route of routes) {
      // Twice: the second answer of a cached page must come from the cache.
      await request(port, { path: route.path, headers: headersFor(route, port, cookie) });
      const { status, headers } = await request(port, {
        path: route.path,
        headers: headersFor(route, port, cookie),
      });
      if (status !== 200) {
        throw new Error(
          `${route.store} ${route.path} answered ${status}; a benchmark of it would mean nothing`,
        );
      }
      const expected = route.mode === "signed in, cached" || route.mode === "warm" ? "hit" : undefined;
      if (expected && headers["x-cache"] !== expected) {
        throw new Error(`${route.path} ${route.mode} answered X-Cache: ${headers["x-cache"]}`);
      }
      if (signedIn(route.mode) && headers["cache-control"] !== "private, no-store") {
        throw new Error(`${route.path} ${route.mode} answered Cache-Control: ${headers["cache-control"]}`);
      }
    }

    // Rounds alternate the routes, so drift over the run (JIT, GC, other work on the machine)
    // falls on every route alike instead of on whichever was measured first.
    const secondsPerRound = DURATION / ROUNDS;
    const samples = new Map<Route, { result: LoadResult; cpuMs: number | null; writes: number }[]>();
    const writes = trickleWrites(databaseUrl, WRITES_PER_S);
    try {
      console.log(`Page cache ${cache}: warming up (${WARMUP_SECONDS} s per route, ${loadClient})`);
      for (const route of routes) await fire(origin, route, port, WARMUP_SECONDS, cookie);
      for (let round = 1; round <= ROUNDS; round++) {
        for (const route of routes) {
          console.log(
            `Page cache ${cache}, round ${round}/${ROUNDS}: ${route.name} ${route.mode} (${route.store} ${route.path}), ${secondsPerRound} s, ${CONNECTIONS} connections`,
          );
          const writtenBefore = writes.written();
          const cpuBefore = cpuMs();
          const result = await fire(origin, route, port, secondsPerRound, cookie);
          const cpuAfter = cpuMs();
          const cpu = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
          const sample = { result, cpuMs: cpu, writes: writes.written() - writtenBefore };
          samples.set(route, [...(samples.get(route) ?? []), sample]);
        }
      }
    } finally {
      await writes.stop();
    }
    const stats =
      cache === "on"
        ? await fetch(`${origin}/_page-cache`, { headers: { host: `${STORE}.localhost:${port}` } }).then(
            (response) => response.json() as Promise<Record<string, number>>,
          )
        : null;

    const measured = routes.map((route): Measured => {
      const runs = samples.get(route) ?? [];
      const sum = (pick: (run: (typeof runs)[number]) => number) =>
        runs.reduce((total, run) => total + pick(run), 0);
      // Percentiles cannot be merged exactly from summaries: report the worst round's.
      const worst = (pick: (result: LoadResult) => number) =>
        Math.max(...runs.map((run) => pick(run.result)));
      const requests = sum((run) => run.result.requests);
      const seconds = sum((run) => run.result.durationSeconds);
      const cpu = runs.every((run) => run.cpuMs !== null) ? sum((run) => run.cpuMs ?? 0) : null;
      const clientCpu = runs.every((run) => run.result.clientCpuMs !== null)
        ? sum((run) => run.result.clientCpuMs ?? 0)
        : null;
      return {
        ...route,
        server: cache === "on" ? "cache on" : "cache off",
        requestsPerSecond: seconds > 0 ? requests / seconds : 0,
        latencyMs: {
          p50: worst((result) => result.latencyMs.p50),
          p90: worst((result) => result.latencyMs.p90),
          p99: worst((result) => result.latencyMs.p99),
          max: worst((result) => result.latencyMs.max),
        },
        requests,
        cpuMsPerRequest: cpu !== null && requests > 0 ? cpu / requests : null,
        clientCpuMsPerRequest: clientCpu !== null && requests > 0 ? clientCpu / requests : null,
        non2xx: sum((run) => run.result.non2xx),
        errors: sum((run) => run.result.errors),
        timeouts: sum((run) => run.result.timeouts),
        hitRate:
          sum((run) => run.result.hits) /
          Math.max(
            1,
            sum((run) => run.result.hits + run.result.others),
          ),
        writesPerSecond: seconds > 0 ? sum((run) => run.writes) / seconds : 0,
      };
    });
    return { measured, stats };
  } finally {
    await stop();
  }
}

/** The sweep: the cached rows of one server per process count, against one process's. */
async function sweep(counts: number[]) {
  const runs: { workers: number; measured: Measured[] }[] = [];
  for (const workers of counts) {
    console.log(`\n--- ${workers} server process${workers === 1 ? "" : "es"} ---`);
    runs.push({ workers, measured: (await measureServer("on", workers)).measured });
  }
  const cached = runs[0]!.measured.filter((route) => route.mode !== "bare");
  const header = [
    "route",
    "mode",
    ...counts.flatMap((n) => [
      `${n}p req/s`,
      `${n}p p99 ms`,
      `${n}p hits`,
      `${n}p vs 1p`,
      `${n}p server/client cores`,
    ]),
  ];
  // CPU time over wall time: 1.00 is one core busy for the whole row.
  const cores = (msPerRequest: number | null, row: Measured) =>
    msPerRequest === null ? "n/a" : ((msPerRequest * row.requestsPerSecond) / 1000).toFixed(2);
  const table = cached.map((route) => {
    const at = (workers: number) =>
      runs
        .find((run) => run.workers === workers)!
        .measured.find((other) => other.path === route.path && other.mode === route.mode)!;
    const one = at(counts[0]!);
    return [
      route.name,
      route.mode,
      ...counts.flatMap((workers) => {
        const row = at(workers);
        return [
          row.requestsPerSecond.toFixed(0),
          row.latencyMs.p99.toFixed(1),
          `${(row.hitRate * 100).toFixed(1)} %`,
          `${(row.requestsPerSecond / one.requestsPerSecond).toFixed(2)}×`,
          `${cores(row.cpuMsPerRequest, row)}/${cores(row.clientCpuMsPerRequest, row)}`,
        ];
      }),
    ];
  });
  console.log(`\n${formatTable(header, table)}`);
  console.log(
    `Processes against ${counts[0]} in the same run; load generator ${loadClient}; database postgres; ${WRITES_PER_S} catalogue writes/s; load average ${loadAverageText()}.`,
  );
  writeResults("bench-sweep", {
    client: loadClient,
    counts,
    writesPerSecond: WRITES_PER_S,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    rounds: ROUNDS,
    runs,
  });
  const failed = runs.flatMap((run) => run.measured).filter((row) => row.non2xx > 0 || row.errors > 0);
  if (failed.length > 0) process.exitCode = 1;
}

async function main() {
  loadClient = chooseLoadClient();
  buildIfStale();
  if (Math.max(...WORKER_COUNTS) > 1 && !process.env.BENCH_DATABASE_URL) {
    throw new Error("BENCH_WORKERS above 1 needs BENCH_DATABASE_URL: the embedded database is one process");
  }
  if (WORKER_COUNTS.length > 1) return sweep(WORKER_COUNTS);
  const database = process.env.BENCH_DATABASE_URL ? "postgres" : "pglite";
  const off = process.env.BENCH_SERVERS === "on" ? null : await measureServer("off");
  const on = await measureServer("on");

  const rows = (off ? [off.measured, on.measured] : [on.measured]).flatMap((measured) => {
    const bare = measured.find((route) => route.mode === "bare");
    if (!bare) throw new Error("no baseline route");
    return measured.map((route) => {
      // A cached signed-in page is held to the same page anonymous from the cache (issue 22).
      const baseline =
        route.mode === "signed in, cached"
          ? measured.find((other) => other.mode === "warm" && other.path === route.path)
          : bare;
      if (!baseline) throw new Error(`no baseline for ${route.path} ${route.mode}`);
      const ratio = route.requestsPerSecond / baseline.requestsPerSecond;
      // The same comparison from CPU time: the baseline's CPU per request over this page's.
      const cpuRatio =
        route.cpuMsPerRequest && baseline.cpuMsPerRequest
          ? baseline.cpuMsPerRequest / route.cpuMsPerRequest
          : null;
      const budget = route.mode === "bare" ? null : BUDGETS[route.mode];
      const withinBudget = !budget || (ratio >= budget.ratio && route.latencyMs.p99 < budget.p99Ms);
      return { ...route, baseline: baseline.mode, ratio, cpuRatio, withinBudget };
    });
  });

  const header = [
    "server",
    "route",
    "mode",
    "req/s",
    "p50 ms",
    "p99 ms",
    "vs",
    "ratio",
    "CPU ms/req",
    "ratio (CPU)",
    "client ms/req",
    "non-2xx",
    "errors",
    "budget",
  ];
  const percent = (value: number | null) => (value === null ? "n/a" : `${(value * 100).toFixed(0)} %`);
  const table = rows.map((row) => [
    row.server,
    row.name,
    row.mode,
    row.requestsPerSecond.toFixed(0),
    row.latencyMs.p50.toFixed(1),
    row.latencyMs.p99.toFixed(1),
    row.mode === "bare" ? "" : row.baseline,
    percent(row.ratio),
    row.cpuMsPerRequest === null ? "n/a" : row.cpuMsPerRequest.toFixed(2),
    percent(row.cpuRatio),
    row.clientCpuMsPerRequest === null ? "n/a" : row.clientCpuMsPerRequest.toFixed(2),
    String(row.non2xx),
    String(row.errors),
    row.mode === "bare" ? "baseline" : row.withinBudget ? "ok" : "OVER",
  ]);
  console.log(`\n${formatTable(header, table)}`);
  console.log(
    `\nBudgets: cold and signed in, rendered ≥ ${BUDGETS.cold.ratio * 100} % of the bare page's req/s, p99 < ${BUDGETS.cold.p99Ms} ms; ` +
      `warm ≥ ${BUDGETS.warm.ratio}× the bare page, p99 < ${BUDGETS.warm.p99Ms} ms; ` +
      `signed in, cached ≥ ${BUDGETS["signed in, cached"].ratio}× the same page warm, p99 < ${BUDGETS["signed in, cached"].p99Ms} ms.`,
  );
  if (on.stats) {
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
    console.log(
      `Page cache after the warm run: ${on.stats.entries} entries, ${mb(on.stats.bytes ?? 0)} of ${mb(on.stats.maxBytes ?? 0)} MB, ` +
        `${on.stats.hits} hits, ${on.stats.misses} misses, ${on.stats.evicted} evicted.`,
    );
  }
  console.log(
    `Database: ${database}; server processes: ${WORKERS}; load generator ${loadClient}; load average ${loadAverageText()}.`,
  );

  writeResults("bench", {
    client: loadClient,
    database,
    workers: WORKERS,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    rounds: ROUNDS,
    budgets: BUDGETS,
    pageCache: on.stats,
    routes: rows,
  });

  const failedRequests = rows.filter((row) => row.non2xx > 0 || row.errors > 0);
  if (failedRequests.length > 0) {
    console.error(
      `Requests failed on: ${failedRequests.map((row) => `${row.path} (${row.mode})`).join(", ")}`,
    );
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
