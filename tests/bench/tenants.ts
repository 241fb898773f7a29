/**
 * `npm run bench:tenants` (issue 25, decision 025): what many stores cost, measured against the
 * two demo stores in the same run on the same PostgreSQL server.
 *
 * One database: the production server migrates and seeds it (the baseline: the demo stores), the
 * figures are taken, then TENANTS stores (default 100,000; `TENANTS=1000000` for the big run) are
 * added in bulk (tests/helpers/bulk-stores.ts, 100,000 a statement) and analysed, the server is
 * started again and the same figures are taken:
 *
 * - start-up: spawn to a healthy `/healthz`, and the server's RSS then and after 5,000 hosts are
 *   cached (all there are, at the baseline);
 * - tenant lookup, cold (the host → store query pair, in this process, through the app role) and
 *   warm (a cached host, in this process);
 * - the TLS ask (`/_tls/ask?domain=…` for a cached store host), p50 and p99 over HTTP;
 * - a bulk change's worst event-loop stall: while `update stores set name = name` notifies every
 *   store (each instance's caches drop what they hold), one client asks `/_tls/ask` for the
 *   platform host (answered without a query) back to back; the slowest answer is the stall;
 * - the staff list (`searchStores`, as /platform/stores runs it): first page, a search for one
 *   store, a search for a common word, and page 100 (following the Next cursors);
 * - sign-up: `createStore` (password hashing included) and until the new store's host answers
 *   the TLS ask;
 * - bytes per cached host (heap growth over 5,000 resolved hosts after a full GC): what
 *   TENANT_CACHE_MB is charged per entry (app/services/store/tenant-cache.server.ts).
 *
 * Needs BENCH_DATABASE_URL (a PostgreSQL server; a new database is made there and dropped at the
 * end). Env: TENANTS, BENCH_KEEP_DB=1 (leave the database for inspection).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import v8 from "node:v8";
import vm from "node:vm";
import { sql } from "drizzle-orm";
import { createDb, rowsOf, setDb, type Db } from "../../app/db/client.server";
import { searchStores } from "../../app/services/platform/platform.server";
import { createStore } from "../../app/services/platform/store-signup.server";
import { resolveTenantUncached, TenantResolver } from "../../app/services/store/tenancy.server";
import { bulkCreateStores } from "../helpers/bulk-stores";
import { createScratchDatabase } from "../helpers/scratch-database";
import { buildIfStale, formatTable, freePort, loadAverageText, writeResults } from "./server";

const TENANTS = Number(process.env.TENANTS ?? 100_000);
const CHUNK = 100_000;
const CACHED_HOSTS = 5_000;
const DOMAIN = "localhost";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

type Figures = Record<string, number>;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await fn();
  return [value, performance.now() - started];
}

/** One GET on a kept-alive connection; resolves with the status and the time taken. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
function get(port: number, path: string): Promise<[number, number]> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (res) => {
        res.resume();
        res.on("end", () => resolve([res.statusCode ?? 0, performance.now() - started]));
      })
      .on("error", reject);
  });
}

const ask = (port: number, host: string) => get(port, `/_tls/ask?domain=${encodeURIComponent(host)}`);

interface Running {
  port: number;
  process: ChildProcess;
  startMs: number;
  rssMb(): number;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const { DATABASE_URL: _u, APP_DATABASE_URL: _a, ...inherited } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      REQUEST_LOG: "0",
      SESSION_SECRET: "bench-only-session-secret",
      SEED_DEMO: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server not healthy in time:\n${output}`);
    const ok = await get(port, "/healthz").then(
      ([status]) => status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const startMs = performance.now() - started;
  return {
    port,
    process: child,
    startMs,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

async function sampleHosts(db: Db, count: number): Promise<string[]> {
  const rows = rowsOf<{ slug: string; custom_domain: string | null }>(
    await db.owner.execute(sql`select slug, custom_domain from stores
      where custom_domain is null or custom_domain_verified_at is not null
      order by random() limit ${count}`),
  );
  return rows.map((row) => row.custom_domain ?? `${row.slug}.${DOMAIN}`);
}

/** Asks for every host, 8 at a time: the server's tenant cache then holds them. */
async function warm(port: number, hosts: string[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < hosts.length) await ask(port, hosts[next++]!);
    }),
  );
}

async function measure(db: Db, server: Running, label: string): Promise<Figures> {
  const figures: Figures = {};
  // searchStores and createStore use the process-wide database.
  setDb(db);
  figures["start-up (ms)"] = server.startMs;
  figures["RSS at start (MB)"] = server.rssMb();
  const count = rowsOf<{ count: number }>(
    await db.owner.execute(sql`select count(*)::int as count from stores`),
  )[0]!.count;
  figures["stores"] = count;
  console.log(`[${label}] ${count} stores; load ${loadAverageText()}`);

  // Cold lookups: the query pair a cache miss costs, through the app role.
  const hosts = await sampleHosts(db, 300);
  const cold: number[] = [];
  for (let round = 0; cold.length < 300; round++) {
    for (const host of hosts) {
      if (cold.length >= 300) break;
      cold.push((await timed(() => resolveTenantUncached(db, host, DOMAIN)))[1]);
    }
  }
  figures["cold lookup p50 (ms)"] = quantile(cold, 0.5);
  figures["cold lookup p99 (ms)"] = quantile(cold, 0.99);

  // Warm lookups and bytes per host, in this process.
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  // An hour's TTL: on a loaded machine filling the cache takes longer than the default 30 s.
  const resolver = new TenantResolver(db, {
    platformDomain: DOMAIN,
    maxBytes: 1024 * 1024 * 1024,
    ttlMs: 3_600_000,
  });
  const cacheHosts = await sampleHosts(db, CACHED_HOSTS);
  for (const host of cacheHosts) await resolver.resolve(host);
  gc();
  const heapAfter = process.memoryUsage().heapUsed;
  const cached = resolver.cache.stats().hosts;
  // Meaningless over the baseline's two hosts.
  if (cached >= 1_000) figures["heap per cached host (bytes)"] = (heapAfter - heapBefore) / cached;
  figures["charged per cached host (bytes)"] = resolver.cache.stats().bytes / cached;
  const warmTimes: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const started = performance.now();
    await resolver.resolve(cacheHosts[i % cacheHosts.length]!);
    warmTimes.push(performance.now() - started);
  }
  figures["warm lookup p50 (µs)"] = quantile(warmTimes, 0.5) * 1000;
  figures["warm lookup p99 (µs)"] = quantile(warmTimes, 0.99) * 1000;

  // The server caches what it is asked about.
  const [, warmMs] = await timed(() => warm(server.port, cacheHosts));
  console.log(
    `[${label}] ${cacheHosts.length} hosts cached by the server in ${(warmMs / 1000).toFixed(1)} s`,
  );
  figures["RSS with hosts cached (MB)"] = server.rssMb();
  // The hosts asked for last: the server keeps a host 30 s, and warming may take longer.
  const recent = cacheHosts.slice(-500);
  const asks: number[] = [];
  for (let i = 0; i < 2_000; i++) {
    const [status, ms] = await ask(server.port, recent[i % recent.length]!);
    if (status !== 200) throw new Error(`TLS ask for a store answered ${status}`);
    asks.push(ms);
  }
  figures["TLS ask p50 (ms)"] = quantile(asks, 0.5);
  figures["TLS ask p99 (ms)"] = quantile(asks, 0.99);

  // A statement notifying every store while the server answers back to back.
  // Split at the commit: before it the database works (the server only waits), after it the
  // notifications arrive and the server's caches apply them.
  const stalls = { before: 0, after: 0 };
  let phase: keyof typeof stalls = "before";
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const [, ms] = await ask(server.port, DOMAIN);
      stalls[phase] = Math.max(stalls[phase], ms);
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const [, updateMs] = await timed(() => db.owner.execute(sql`update stores set name = name`));
  phase = "after";
  // The notifications arrive after the commit; give the server time to apply them all.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  polling = false;
  await poller;
  figures["bulk update (ms, database)"] = updateMs;
  figures["worst stall during the update (ms)"] = stalls.before;
  figures["worst stall after its commit (ms)"] = stalls.after;

  // The staff list as /platform/stores runs it.
  const best = async (fn: () => Promise<unknown>) => {
    let fastest = Infinity;
    for (let i = 0; i < 7; i++) fastest = Math.min(fastest, (await timed(fn))[1]);
    return fastest;
  };
  figures["staff list first page (ms)"] = await best(() => searchStores({}));
  const one = hosts[0]!.split(".")[0]!;
  figures["staff search, one store (ms)"] = await best(() => searchStores({ q: one }));
  figures["staff search, common word (ms)"] = await best(() => searchStores({ q: "Shades" }));
  let cursor: string | null = null;
  for (let pages = 1; pages < 100; pages++) {
    const page: Awaited<ReturnType<typeof searchStores>> = await searchStores({ cursor });
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  // Page 100, or the last page when there are fewer (the baseline).
  figures["staff list page 100 (ms)"] = await best(() => searchStores({ cursor }));
  figures["staff list, expired filter (ms)"] = await best(() => searchStores({ filter: "expired" }));

  // Sign-up, then until the new store's host is ours for the TLS ask.
  const slug = `bench-${label}-${Date.now().toString(36)}`;
  const [created, signupMs] = await timed(() =>
    createStore({
      slug,
      storeName: "Bench store",
      email: `${slug}@bench.test`,
      password: "correct horse battery staple",
      locale: "en",
    }),
  );
  if (!created.ok) throw new Error("sign-up failed");
  const answering = performance.now();
  while ((await ask(server.port, `${slug}.${DOMAIN}`))[0] !== 200) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  figures["sign-up (ms)"] = signupMs;
  figures["sign-up → host answering (ms)"] = signupMs + (performance.now() - answering);
  return figures;
}

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error("BENCH_DATABASE_URL must name a PostgreSQL server");
  buildIfStale();
  const scratch = await createScratchDatabase(serverUrl, "tenants", undefined, { durable: true });
  const env = { DATABASE_URL: scratch.url, APP_DATABASE_URL: scratch.appUrl };
  let server: Running | undefined;
  const db = await createDb({ url: scratch.url, appUrl: scratch.appUrl, max: 4 });
  try {
    // The first start migrates and seeds; the baseline is the second, like the one after the bulk.
    server = await startServer(env);
    console.log(`First start (migrations, demo seed): ${(server.startMs / 1000).toFixed(1)} s`);
    await server.stop();
    server = await startServer(env);
    const baseline = await measure(db, server, "baseline");
    await server.stop();
    server = undefined;

    const createdAt = performance.now();
    for (let from = 1; from <= TENANTS; from += CHUNK) {
      await bulkCreateStores(db, Math.min(CHUNK, TENANTS - from + 1), { from, notify: false });
      console.log(`  ${Math.min(from + CHUNK - 1, TENANTS)} stores`);
    }
    const insertMs = performance.now() - createdAt;
    await db.owner.execute(sql`vacuum (analyze) stores`);
    const createMs = performance.now() - createdAt;
    console.log(
      `${TENANTS} stores created in ${(insertMs / 1000).toFixed(1)} s, analysed by ${(createMs / 1000).toFixed(1)} s`,
    );

    server = await startServer(env);
    const many = await measure(db, server, `${TENANTS}`);

    const names = [...new Set([...Object.keys(baseline), ...Object.keys(many)])];
    const show = (value: number | undefined) =>
      value === undefined ? "–" : value >= 100 ? value.toFixed(0) : value.toFixed(2);
    console.log(
      "\n" +
        formatTable(
          ["measure", "2 stores", `${TENANTS} stores`, "ratio"],
          names.map((name) => [
            name,
            show(baseline[name]),
            show(many[name]),
            baseline[name] && many[name] !== undefined ? `${(many[name] / baseline[name]).toFixed(2)}×` : "",
          ]),
        ),
    );
    writeResults("tenants", {
      tenants: TENANTS,
      createSeconds: createMs / 1000,
      baseline,
      many,
    });
  } finally {
    await server?.stop();
    await db.close();
    if (process.env.BENCH_KEEP_DB === "1") await scratch.keep();
    else await scratch.drop();
    agent.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
