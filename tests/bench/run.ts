/**
 * `npm run bench`: throughput and latency of store pages against a bare Remix page, measured in
 * the same run on the same server (DESIGN §9: storefront pages ≥ 80 % of the bare page's
 * requests/s, p99 < 100 ms at 16 connections).
 *
 * Builds when the build is missing or older than the sources, starts the production server on a
 * free port with a fresh seeded PGlite, warms up, runs autocannon per route, prints a table and
 * writes JSON to tests/bench/results/. Env: BENCH_DURATION (seconds per route, default 10),
 * BENCH_CONNECTIONS (default 16).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

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
const WARMUP_SECONDS = 3;
const BUDGET = { ratio: 0.8, p99Ms: 100 };
const RESULTS_DIR = path.resolve("tests/bench/results");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function newestMtime(target: string): number {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
    0,
  );
}

function buildIfStale() {
  const built = newestMtime("build/server/index.js");
  const sources = Math.max(
    ...["app", "public", "vite.config.ts", "package-lock.json"].map((source) => newestMtime(source)),
  );
  if (built > sources) return;
  console.log(built ? "Build is older than the sources: rebuilding" : "No build yet: building");
  const result = spawnSync(path.resolve("node_modules/.bin/remix"), ["vite:build"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error(`remix vite:build exited ${result.status}`);
}

async function waitForHealth(origin: string, server: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode} during start`);
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not healthy after ${timeoutMs / 1000} s`);
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => server.kill("SIGKILL"), 15_000);
    server.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    server.kill("SIGTERM");
  });
}

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
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "storefront-bench-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    REQUEST_LOG: "0",
    BENCH_ROUTES: "1",
  };
  delete env.DATABASE_URL;

  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Kept for the error message when the server does not come up.
  let serverOutput = "";
  const keep = (chunk: Buffer) => {
    serverOutput = (serverOutput + chunk.toString()).slice(-4000);
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);

  try {
    console.log(`Starting the production server on port ${port} (data dir ${dataDir})`);
    try {
      await waitForHealth(origin, server);
    } catch (error) {
      console.error(serverOutput);
      throw error;
    }

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

    const measured = [];
    for (const route of ROUTES) {
      console.log(
        `Measuring ${route.name} (${route.store} ${route.path}): ${DURATION} s, ${CONNECTIONS} connections`,
      );
      const result = await fire(origin, route, port, DURATION);
      measured.push({
        ...route,
        requestsPerSecond: result.requests.average,
        latencyMs: {
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          max: result.latency.max,
        },
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      });
    }

    const baseline = measured.find((route) => route.baseline);
    if (!baseline) throw new Error("no baseline route");
    const rows = measured.map((route) => {
      const ratio = route.requestsPerSecond / baseline.requestsPerSecond;
      const withinBudget = route.baseline || (ratio >= BUDGET.ratio && route.latencyMs.p99 < BUDGET.p99Ms);
      return { ...route, ratio, withinBudget };
    });

    const header = ["route", "path", "req/s", "p50 ms", "p99 ms", "vs bare", "non-2xx", "errors", "budget"];
    const table = rows.map((row) => [
      row.name,
      `${row.store} ${row.path}`,
      row.requestsPerSecond.toFixed(0),
      row.latencyMs.p50.toFixed(1),
      row.latencyMs.p99.toFixed(1),
      `${(row.ratio * 100).toFixed(0)} %`,
      String(row.non2xx),
      String(row.errors),
      row.baseline ? "baseline" : row.withinBudget ? "ok" : "OVER",
    ]);
    const widths = header.map((title, column) =>
      Math.max(title.length, ...table.map((line) => line[column]!.length)),
    );
    const format = (cells: string[]) =>
      cells
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("  ")
        .trimEnd();
    console.log(`\n${format(header)}\n${widths.map((width) => "-".repeat(width)).join("  ")}`);
    for (const line of table) console.log(format(line));
    console.log(`\nBudget: ≥ ${BUDGET.ratio * 100} % of the bare page's req/s and p99 < ${BUDGET.p99Ms} ms.`);

    const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim();
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
          cpus: os.availableParallelism(),
          connections: CONNECTIONS,
          durationSeconds: DURATION,
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
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
