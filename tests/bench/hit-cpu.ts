/**
 * `npx tsx tests/bench/hit-cpu.ts`: the CPU a page-cache hit costs (issue 41), measured so that
 * other work on the machine distorts it little: the production server with one process on a
 * fresh seeded database (tests/bench/server.ts; PostgreSQL with BENCH_DATABASE_URL), a fixed
 * number of requests per route from a few connections, and the CPU time the server used over
 * them (/proc, utime + stime) divided by the requests; on PostgreSQL the CPU of the database's
 * backends serving this server's database is reported too (a signed-in hit's viewer read runs
 * there, on the same cores). Throughput and latency are not reported: they are the machine's.
 *
 * Env: HIT_CPU_REQUESTS (per route and round, default 20,000), HIT_CPU_ROUNDS (default 3, routes
 * alternating; the median round is printed), HIT_CPU_CONNECTIONS (default 4), BENCH_DATABASE_URL,
 * HIT_CPU_ONLY (anonymous | signed-in), BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" for a profile of the hits).
 */
import { readdirSync, readFileSync } from "node:fs";
import autocannon from "autocannon";
import postgres from "postgres";
import { request, signIn } from "./demo-shopper";
import { buildIfStale, formatTable, loadAverageText, startServer, writeResults } from "./server";

const STORE = "dyes";
const PAGES = [
  { name: "store home", path: "/" },
  { name: "product page", path: "/products/crimson-red-fabric-dye" },
];
const REQUESTS = Number(process.env.HIT_CPU_REQUESTS ?? 20_000);
const ROUNDS = Math.max(1, Number(process.env.HIT_CPU_ROUNDS ?? 3));
const CONNECTIONS = Number(process.env.HIT_CPU_CONNECTIONS ?? 4);
/** "anonymous" or "signed-in": only those routes (a profile of one kind of hit). */
const ONLY = process.env.HIT_CPU_ONLY;

/** utime + stime of a process (ms), or 0 when it is gone or not readable. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** CPU ms of the database backends serving `database` (their pids from pg_stat_activity). */
async function databaseCpuMs(sql: postgres.Sql | null, database: string | null): Promise<number | null> {
  if (!sql || !database) return null;
  const rows = await sql<
    { pid: number }[]
  >`select pid from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`;
  // Only when the database runs on this machine.
  if (!readdirSync("/proc").includes(String(rows[0]?.pid ?? -1))) return null;
  return rows.reduce((total, row) => total + cpuMsOf(row.pid), 0);
}

interface Route {
  name: string;
  path: string;
  signedIn: boolean;
}

async function main() {
  buildIfStale();
  const { port, origin, cpuMs, stop, databaseUrl, exited } = await startServer("hitcpu", {
    WEB_CONCURRENCY: "1",
    PAGE_CACHE: "on",
  });
  const database = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : null;
  const admin = process.env.BENCH_DATABASE_URL ? postgres(process.env.BENCH_DATABASE_URL, { max: 1 }) : null;
  try {
    const cookie = await signIn(port);
    const routes: Route[] = PAGES.flatMap((page) => [
      { ...page, signedIn: false },
      { ...page, signedIn: true },
    ]).filter((route) => ONLY === undefined || route.signedIn === (ONLY === "signed-in"));
    const headersOf = (route: Route) => ({
      host: `${STORE}.localhost:${port}`,
      "accept-encoding": "gzip, deflate, br",
      ...(route.signedIn ? { cookie } : {}),
    });
    for (const route of routes) {
      await request(port, { path: route.path, headers: headersOf(route) });
      const { status, headers } = await request(port, { path: route.path, headers: headersOf(route) });
      if (status !== 200 || headers["x-cache"] !== "hit") {
        throw new Error(`${route.path} answered ${status}, X-Cache ${headers["x-cache"]}: not a hit`);
      }
    }
    // Warm-up: the JIT, not the measurement.
    for (const route of routes) {
      await autocannon({
        url: `${origin}${route.path}`,
        connections: CONNECTIONS,
        amount: 5_000,
        headers: headersOf(route),
      });
    }
    const samples = new Map<Route, { node: number; db: number | null; non2xx: number }[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const route of routes) {
        const nodeBefore = cpuMs() ?? 0;
        const dbBefore = await databaseCpuMs(admin, database);
        const result = await autocannon({
          url: `${origin}${route.path}`,
          connections: CONNECTIONS,
          amount: REQUESTS,
          headers: headersOf(route),
        });
        const node = (cpuMs() ?? 0) - nodeBefore;
        const dbAfter = await databaseCpuMs(admin, database);
        const db = dbBefore !== null && dbAfter !== null ? dbAfter - dbBefore : null;
        const done = result.requests.total;
        const sample = {
          node: (node * 1000) / done,
          db: db === null ? null : (db * 1000) / done,
          non2xx: result.non2xx,
        };
        samples.set(route, [...(samples.get(route) ?? []), sample]);
        console.log(
          `round ${round} ${route.name}${route.signedIn ? " signed in" : ""}: ${sample.node.toFixed(0)} µs node, ${sample.db?.toFixed(0) ?? "-"} µs db per request (${done} requests, ${result.non2xx} non-2xx)`,
        );
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const rows = routes.map((route) => {
      const runs = samples.get(route) ?? [];
      const node = runs.map((run) => run.node);
      const db = runs.flatMap((run) => (run.db === null ? [] : [run.db]));
      return {
        route: `${route.name}${route.signedIn ? ", signed in" : ""}`,
        nodeUs: median(node),
        nodeRange: [Math.min(...node), Math.max(...node)],
        dbUs: db.length ? median(db) : null,
      };
    });
    console.log(
      `\nCPU per cached hit, one process, ${REQUESTS} requests × ${ROUNDS} rounds, ${CONNECTIONS} connections (load ${loadAverageText()})\n`,
    );
    console.log(
      formatTable(
        ["page", "server µs/hit (median)", "range", "database µs/hit"],
        rows.map((row) => [
          row.route,
          row.nodeUs.toFixed(0),
          `${row.nodeRange[0]!.toFixed(0)}–${row.nodeRange[1]!.toFixed(0)}`,
          row.dbUs === null ? "-" : row.dbUs.toFixed(0),
        ]),
      ),
    );
    writeResults("hit-cpu", { requests: REQUESTS, rounds: ROUNDS, connections: CONNECTIONS, rows });
    const problem = exited();
    if (problem) throw new Error(problem);
  } finally {
    await admin?.end({ timeout: 5 });
    await stop();
  }
}

await main();
