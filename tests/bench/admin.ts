/**
 * `npm run bench:admin`: the admin's report pages on a store with 100,000 orders (DESIGN §9,
 * issue 11), signed in as the demo store's admin, against the bare Remix page measured in the
 * same run on the same server: `/admin/dashboard`, `/admin/sales/report` (both their default
 * range, the last 30 days) and `/admin/orders` (skipped while it answers 404, before the orders
 * pages exist), unfiltered and searched by a line's SKU (one line of all) and product name (every line). Each is requested by BENCH_CONNECTIONS clients in a closed loop (each sends its
 * next request when the last one is answered), and every latency is kept, so p95 and p99 are
 * exact.
 *
 * Needs BENCH_DATABASE_URL (a PostgreSQL server; a new database is made there and dropped at the
 * end). BENCH_ORDERS (default 100,000) orders with two lines each are added to the demo store
 * "dyes" over the last 365 days (tests/helpers/bulk-orders.ts), then analysed.
 *
 * Env: BENCH_DURATION (seconds per route, default 10), BENCH_ROUNDS (default 2),
 * BENCH_CONNECTIONS (default 8), BENCH_WORKERS (default 1), BENCH_ORDERS.
 */
import http from "node:http";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { sessionCookie } from "../../app/http/sessions.server";
import { hashSessionToken, newSessionToken } from "../../app/services/identity/sessions.server";
import type { AppDatabase } from "../../app/db/client.server";
import { seedBulkOrders } from "../helpers/bulk-orders";
import { buildIfStale, formatTable, loadAverageText, startServer, writeResults } from "./server";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const WARMUP_SECONDS = 2;
const STORE = "dyes";
const SESSION_SECRET = "bench-only-session-secret";

const ROUTES = [
  { name: "bare Remix page", path: "/bench/bare" },
  { name: "dashboard", path: "/admin/dashboard" },
  { name: "sales report", path: "/admin/sales/report" },
  { name: "orders list", path: "/admin/orders" },
  // One line's SKU among 200,000 (tests/helpers/bulk-orders.ts names them BLK-<order>-<line>).
  { name: "orders: SKU search", path: "/admin/orders?q=blk-54321-2" },
  // A name every line has: the store's own lines are read, newest orders first.
  { name: "orders: name search", path: "/admin/orders?q=bulk%20product" },
];

/** 100,000 orders for the demo store and a session for its admin, written as the table owner. */
async function prepare(databaseUrl: string): Promise<string> {
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [store] = await client<{ id: string }[]>`select id from stores where slug = ${STORE}`;
    if (!store) throw new Error(`no store "${STORE}": the demo seed did not run`);
    const [admin] = await client<{ id: string }[]>`
      select id from users where store_id = ${store.id} and is_admin order by created_at limit 1`;
    const userIds = (
      await client<{ id: string }[]>`
      select id from users where store_id = ${store.id} and not is_admin limit 500`
    ).map((row) => row.id);
    const productIds = (
      await client<{ id: string }[]>`
      select id from products where store_id = ${store.id} and active`
    ).map((row) => row.id);
    const started = Date.now();
    await seedBulkOrders(drizzle(client) as unknown as AppDatabase, {
      storeId: store.id,
      count: ORDERS,
      userIds,
      productIds,
      days: 365,
      firstNumber: 1_000_001,
    });
    for (const table of ["orders", "order_items", "users", "products"])
      await client.unsafe(`vacuum (analyze) ${table}`);
    console.log(
      `${ORDERS} orders added to "${STORE}" and analysed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const token = newSessionToken();
    await client`
      insert into sessions (store_id, id, user_id, expires_at)
      values (${store.id}, ${hashSessionToken(token)}, ${admin!.id}, ${new Date(Date.now() + 24 * 3600 * 1000).toISOString()})`;
    process.env.SESSION_SECRET = SESSION_SECRET;
    return (await sessionCookie("__session").serialize(token)).split(";")[0]!;
  } finally {
    await client.end();
  }
}

interface Measured {
  latencies: number[];
  seconds: number;
  statuses: Map<number, number>;
}

/** `connections` clients each asking for `path` again as soon as it is answered, for `seconds`. */
async function load(
  port: number,
  host: string,
  cookie: string,
  route: string,
  seconds: number,
): Promise<Measured> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const sent = performance.now();
      const request = http.get(
        { host: "127.0.0.1", port, path: route, agent, headers: { host, cookie, "accept-encoding": "gzip" } },
        (response) => {
          response.resume();
          response.on("end", () => {
            latencies.push(performance.now() - sent);
            statuses.set(response.statusCode ?? 0, (statuses.get(response.statusCode ?? 0) ?? 0) + 1);
            resolve();
          });
        },
      );
      request.on("error", reject);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  agent.destroy();
  return { latencies, seconds: (performance.now() - started) / 1000, statuses };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function status(port: number, host: string, cookie: string, route: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: route, headers: { host, cookie } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on("error", reject);
  });
}

async function main() {
  if (!process.env.BENCH_DATABASE_URL) {
    throw new Error("bench:admin needs BENCH_DATABASE_URL (PostgreSQL): see the comment at the top");
  }
  buildIfStale();
  const server = await startServer("bench_admin", {
    BENCH_ROUTES: "1",
    WEB_CONCURRENCY: String(WORKERS),
    SESSION_SECRET,
  });
  const { port, stop } = server;
  const host = `${STORE}.localhost:${port}`;
  try {
    const cookie = await prepare(server.databaseUrl!);
    const routes = [];
    for (const route of ROUTES) {
      const answered = await status(port, host, cookie, route.path);
      if (answered === 404) console.log(`${route.path} answers 404: skipped (not built in this tree)`);
      else if (answered !== 200) throw new Error(`${route.path} answered ${answered}, not 200`);
      else routes.push(route);
    }
    console.log(`Warming up (${WARMUP_SECONDS} s each)`);
    for (const route of routes) await load(port, host, cookie, route.path, WARMUP_SECONDS);

    // Rounds alternate the routes, so drift over the run falls on all alike.
    const seconds = DURATION / ROUNDS;
    const runs = new Map<string, Measured[]>(routes.map((route) => [route.path, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const route of routes) {
        console.log(`Round ${round}/${ROUNDS}: ${route.path}, ${seconds} s, ${CONNECTIONS} connections`);
        runs.get(route.path)!.push(await load(port, host, cookie, route.path, seconds));
      }
    }
    const summary = routes.map((route) => {
      const list = runs.get(route.path)!;
      const latencies = list.flatMap((run) => run.latencies).sort((a, b) => a - b);
      const failed = list.reduce(
        (n, run) => n + [...run.statuses].filter(([code]) => code !== 200).reduce((m, [, c]) => m + c, 0),
        0,
      );
      return {
        ...route,
        requests: latencies.length,
        failed,
        perSecond: latencies.length / list.reduce((n, run) => n + run.seconds, 0),
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
      };
    });
    const bare = summary[0]!;
    console.log(
      `\n${formatTable(
        ["route", "request", "req/s", "p50 ms", "p95 ms", "p99 ms", "req/s vs bare", "p95 vs bare"],
        summary.map((row) => [
          row.name,
          `GET ${row.path}`,
          row.perSecond.toFixed(0),
          row.p50.toFixed(1),
          row.p95.toFixed(1),
          row.p99.toFixed(1),
          `${((row.perSecond / bare.perSecond) * 100).toFixed(0)} %`,
          `${(row.p95 / bare.p95).toFixed(1)} ×`,
        ]),
      )}`,
    );
    console.log(
      `\n${ORDERS} orders in "${STORE}"; database: postgres; server processes: ${WORKERS}; ` +
        `${CONNECTIONS} connections; load average ${loadAverageText()}.`,
    );
    writeResults("admin", {
      database: "postgres",
      orders: ORDERS,
      workers: WORKERS,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      rounds: ROUNDS,
      routes: summary.map((row) => ({ ...row, ratio: row.perSecond / bare.perSecond })),
    });
    if (summary.some((row) => row.failed > 0)) {
      console.error("Some requests did not answer 200");
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
