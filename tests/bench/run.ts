/**
 * `npm run bench`: throughput and latency of store pages against a bare Remix page, measured in
 * the same run on the same server (DESIGN §9: storefront pages ≥ 80 % of the bare page's
 * requests/s, p99 < 100 ms at 16 connections).
 *
 * Builds when the build is missing or older than the sources, starts the production server on a
 * free port with a fresh seeded database (tests/bench/server.ts: PGlite, or a new PostgreSQL
 * database with BENCH_DATABASE_URL), warms up, runs autocannon per route, prints a table and
 * writes JSON to tests/bench/results/. Besides req/s and latency it reports the server's CPU time
 * per request, which other work on the machine disturbs far less than throughput. Env:
 * BENCH_DURATION (seconds per route, default 10), BENCH_ROUNDS (rounds the duration is split
 * into, routes alternating, default 2), BENCH_CONNECTIONS (default 16), BENCH_DATABASE_URL,
 * BENCH_WORKERS (the server's WEB_CONCURRENCY, default 1; more than 1 needs PostgreSQL).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildIfStale, currentCommit, formatTable, RESULTS_DIR, startServer } from "./server";

interface Route {
  name: string;
  /** Store slug whose host the request is addressed to. */
  store: string;
  path: string;
  /** The route every other one is compared with. */
  baseline?: boolean;
}

const ROUTES: Route[] = [
  { name: "bare Remix page", store: "dyes", path: "/bench/bare", baseline: true },
  { name: "store home", store: "dyes", path: "/" },
  // A filtered, sorted listing (a category of the demo seed) and a product page.
  { name: "product listing", store: "dyes", path: "/products?sort=price-asc&category=fabric-dyes" },
  { name: "product page", store: "dyes", path: "/products/crimson-red-fabric-dye" },
];

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const WARMUP_SECONDS = 3;
const BUDGET = { ratio: 0.8, p99Ms: 100 };
/** fetch() drops a Host header, so the check goes through node:http like autocannon does. */
function statusOf(port: number, route: Route): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port, path: route.path, headers: { host: `${route.store}.localhost:${port}` } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
  });
}

function fire(origin: string, route: Route, port: number, seconds: number) {
  return autocannon({
    url: `${origin}${route.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    // Addressed like a browser would address the store; fetch-style name resolution of
    // *.localhost is not something every resolver does, so the socket goes to 127.0.0.1.
    headers: { host: `${route.store}.localhost:${port}`, "accept-encoding": "gzip" },
  });
}

async function main() {
  buildIfStale();
  if (WORKERS > 1 && !process.env.BENCH_DATABASE_URL) {
    throw new Error("BENCH_WORKERS above 1 needs BENCH_DATABASE_URL: the embedded database is one process");
  }
  const { port, origin, database, cpuMs, stop } = await startServer("bench", {
    BENCH_ROUTES: "1",
    WEB_CONCURRENCY: String(WORKERS),
  });

  try {
    for (const route of ROUTES) {
      const status = await statusOf(port, route);
      if (status !== 200) {
        throw new Error(
          `${route.store} ${route.path} answered ${status}; a benchmark of it would mean nothing`,
        );
      }
    }

    console.log(`Warming up (${WARMUP_SECONDS} s per route)`);
    for (const route of ROUTES) await fire(origin, route, port, WARMUP_SECONDS);

    // Rounds alternate the routes, so drift over the run (JIT, GC, other work on the machine)
    // falls on every route alike instead of on whichever was measured first.
    const secondsPerRound = DURATION / ROUNDS;
    const samples = new Map<Route, { result: autocannon.Result; cpuMs: number | null }[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const route of ROUTES) {
        console.log(
          `Round ${round}/${ROUNDS}: ${route.name} (${route.store} ${route.path}), ${secondsPerRound} s, ${CONNECTIONS} connections`,
        );
        const cpuBefore = cpuMs();
        const result = await fire(origin, route, port, secondsPerRound);
        const cpuAfter = cpuMs();
        const cpu = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
        samples.set(route, [...(samples.get(route) ?? []), { result, cpuMs: cpu }]);
      }
    }

    const measured = ROUTES.map((route) => {
      const runs = samples.get(route) ?? [];
      const sum = (pick: (run: (typeof runs)[number]) => number) =>
        runs.reduce((total, run) => total + pick(run), 0);
      // Percentiles cannot be merged exactly from summaries: report the worst round's.
      const worst = (pick: (result: autocannon.Result) => number) =>
        Math.max(...runs.map((run) => pick(run.result)));
      const requests = sum((run) => run.result.requests.total);
      const seconds = sum((run) => run.result.duration);
      const cpu = runs.every((run) => run.cpuMs !== null) ? sum((run) => run.cpuMs ?? 0) : null;
      return {
        ...route,
        requestsPerSecond: seconds > 0 ? requests / seconds : 0,
        latencyMs: {
          p50: worst((result) => result.latency.p50),
          p90: worst((result) => result.latency.p90),
          p99: worst((result) => result.latency.p99),
          max: worst((result) => result.latency.max),
        },
        requests,
        cpuMsPerRequest: cpu !== null && requests > 0 ? cpu / requests : null,
        non2xx: sum((run) => run.result.non2xx),
        errors: sum((run) => run.result.errors),
        timeouts: sum((run) => run.result.timeouts),
      };
    });

    const baseline = measured.find((route) => route.baseline);
    if (!baseline) throw new Error("no baseline route");
    const rows = measured.map((route) => {
      const ratio = route.requestsPerSecond / baseline.requestsPerSecond;
      // The same comparison from CPU time: bare page's CPU per request over this page's.
      const cpuRatio =
        route.cpuMsPerRequest && baseline.cpuMsPerRequest
          ? baseline.cpuMsPerRequest / route.cpuMsPerRequest
          : null;
      const withinBudget = route.baseline || (ratio >= BUDGET.ratio && route.latencyMs.p99 < BUDGET.p99Ms);
      return { ...route, ratio, cpuRatio, withinBudget };
    });

    const header = [
      "route",
      "path",
      "req/s",
      "p50 ms",
      "p99 ms",
      "vs bare",
      "CPU ms/req",
      "vs bare (CPU)",
      "non-2xx",
      "errors",
      "budget",
    ];
    const percent = (value: number | null) => (value === null ? "n/a" : `${(value * 100).toFixed(0)} %`);
    const table = rows.map((row) => [
      row.name,
      `${row.store} ${row.path}`,
      row.requestsPerSecond.toFixed(0),
      row.latencyMs.p50.toFixed(1),
      row.latencyMs.p99.toFixed(1),
      percent(row.ratio),
      row.cpuMsPerRequest === null ? "n/a" : row.cpuMsPerRequest.toFixed(2),
      percent(row.cpuRatio),
      String(row.non2xx),
      String(row.errors),
      row.baseline ? "baseline" : row.withinBudget ? "ok" : "OVER",
    ]);
    console.log(`\n${formatTable(header, table)}`);
    console.log(`\nBudget: ≥ ${BUDGET.ratio * 100} % of the bare page's req/s and p99 < ${BUDGET.p99Ms} ms.`);
    console.log(
      `Database: ${database}; server processes: ${WORKERS}; load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(", ")}.`,
    );

    const commit = currentCommit();
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `bench-${stamp}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          commit,
          node: process.version,
          database,
          workers: WORKERS,
          cpus: os.availableParallelism(),
          loadAverage: os.loadavg(),
          connections: CONNECTIONS,
          durationSeconds: DURATION,
          rounds: ROUNDS,
          budget: BUDGET,
          routes: rows,
        },
        null,
        2,
      ),
    );
    console.log(`Results written to ${path.relative(process.cwd(), file)}`);

    const failedRequests = rows.filter((row) => row.non2xx > 0 || row.errors > 0);
    if (failedRequests.length > 0) {
      console.error(`Requests failed on: ${failedRequests.map((row) => row.path).join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
