/**
 * What the bench scripts (run.ts, lighthouse.ts) share: build when the build is missing or older
 * than the sources, then start the production server (server.ts) on a free port with a fresh
 * seeded database, and stop it again. The database is a new embedded PGlite, or, with
 * BENCH_DATABASE_URL naming a PostgreSQL server, a new database there served through the
 * row-level-secured app role as in production (dropped at the end).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase } from "../helpers/scratch-database";

export const RESULTS_DIR = path.resolve("tests/bench/results");

export function freePort(): Promise<number> {
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

export function buildIfStale() {
  const built = newestMtime("build/server/index.js");
  const sources = Math.max(
    ...["app", "public", "vite.config.ts", "package-lock.json"].map((source) => newestMtime(source)),
  );
  if (built > sources) return;
  console.log(built ? "Build is older than the sources: rebuilding" : "No build yet: building");
  const result = spawnSync(path.resolve("node_modules/.bin/remix"), ["vite:build"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error(`remix vite:build exited ${result.status}`);
}

async function waitForHealth(origin: string, server: ChildProcess, timeoutMs = 300_000) {
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

export interface BenchServer {
  port: number;
  /** http://127.0.0.1:{port}; store pages need their host (`{slug}.localhost:{port}`) too. */
  origin: string;
  database: "pglite" | "postgres";
  /** The owner's URL of the server's PostgreSQL database; null on PGlite (the server holds it). */
  databaseUrl: string | null;
  /**
   * CPU time the server has used so far (ms; its workers included), or null where /proc is not
   * available.
   */
  cpuMs(): number | null;
  /** Resident memory of the server and its workers (MB, from /proc), or null without /proc. */
  rssMb(): number | null;
  /** Resident memory of each live process of the server (MB by pid: the primary first), empty without /proc. */
  rssByProcess(): Map<number, number>;
  /**
   * Null while the server runs; once it has stopped on its own (or been killed by something
   * else on the machine), how it ended and the last of its output.
   */
  exited(): string | null;
  /** Stops the server and removes its database. */
  stop(): Promise<void>;
}

interface BenchDatabase {
  kind: BenchServer["database"];
  /** The table owner's URL on PostgreSQL, for benches that set up data of their own. */
  url: string | null;
  env: Record<string, string>;
  dispose(): Promise<void>;
}

async function freshDatabase(label: string): Promise<BenchDatabase> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, label, undefined, { durable: true });
    return {
      kind: "postgres",
      url: scratch.url,
      // A production server on PostgreSQL refuses to start without its own cookie secret.
      env: {
        DATABASE_URL: scratch.url,
        APP_DATABASE_URL: scratch.appUrl,
        SEED_DEMO: "1",
        SESSION_SECRET: "bench-only-session-secret",
      },
      dispose: scratch.drop,
    };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `storefront-${label}-`));
  return {
    kind: "pglite",
    url: null,
    env: { DATA_DIR: dataDir },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** utime + stime of a process from /proc (Linux), in ms. */
function processCpuMs(pid: number): number | null {
  try {
    // Fields after the command name, which is in parentheses and may contain spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** Live child pids of a process, from each of its threads' /proc children list. */
function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** CPU ms of a process and its live descendants (the workers, with WEB_CONCURRENCY). */
function processTreeCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  const own = processCpuMs(pid);
  if (own === null) return null;
  return childPids(pid).reduce((total, child) => total + (processTreeCpuMs(child) ?? 0), own);
}

/** Resident set of a process and its live descendants, in MB (Linux /proc). */
function processTreeRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
    return childPids(pid).reduce((total, child) => total + (processTreeRssMb(child) ?? 0), kb / 1024);
  } catch {
    return null;
  }
}

/** Resident set of a process and of each of its live descendants, in MB by pid (Linux /proc). */
function processRssByPid(pid: number | undefined, into = new Map<number, number>()): Map<number, number> {
  if (!pid) return into;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    into.set(pid, Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return into;
  }
  for (const child of childPids(pid)) processRssByPid(child, into);
  return into;
}

/**
 * The production server on a free port with a fresh database (seeded with the demo stores on
 * start), healthy when this resolves. `env` adds to or overrides the server's variables.
 */
export async function startServer(
  label: string,
  env: Record<string, string> = {},
  { logFile }: { logFile?: string } = {},
): Promise<BenchServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const database = await freshDatabase(label);
  // The fresh database, never one the developer's shell points at.
  const { DATABASE_URL: _url, APP_DATABASE_URL: _appUrl, ...inherited } = process.env;
  const serverEnv: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    REQUEST_LOG: "0",
    ...database.env,
    ...env,
  };

  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": flags for the server's node
  // (NODE_OPTIONS refuses the profiling ones).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "server.ts"], {
    env: serverEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Kept for the error message when the server does not come up or stops on its own.
  let serverOutput = "";
  const keep = (chunk: Buffer) => {
    serverOutput = (serverOutput + chunk.toString()).slice(-4000);
    if (logFile) appendFileSync(logFile, chunk);
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  const stop = async () => {
    await stopServer(server);
    await database.dispose();
  };

  console.log(`Starting the production server on port ${port} (${database.kind})`);
  try {
    await waitForHealth(origin, server);
  } catch (error) {
    console.error(serverOutput);
    await stop();
    throw error;
  }
  const exited = () =>
    server.exitCode === null && server.signalCode === null
      ? null
      : `server exited (${server.signalCode ?? `code ${server.exitCode}`}); its last output:\n${serverOutput}`;
  return {
    port,
    origin,
    database: database.kind,
    databaseUrl: database.url,
    cpuMs: () => processTreeCpuMs(server.pid),
    rssMb: () => processTreeRssMb(server.pid),
    rssByProcess: () => processRssByPid(server.pid),
    exited,
    stop,
  };
}

/** The machine's load average as the benches print it: "1.23, 0.98, 0.75". */
export function loadAverageText(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
}

/**
 * Writes a bench's results to tests/bench/results/<name>-<time>.json, after the facts of the run
 * (date, commit, Node, CPUs, load average), prints and returns the path.
 */
export function writeResults(name: string, results: Record<string, unknown>): string {
  const date = new Date().toISOString();
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}-${date.replace(/[:.]/g, "-")}.json`);
  const facts = {
    date,
    commit: currentCommit(),
    node: process.version,
    cpus: os.availableParallelism(),
    loadAverage: os.loadavg(),
  };
  writeFileSync(file, JSON.stringify({ ...facts, ...results }, null, 2));
  console.log(`Results written to ${path.relative(process.cwd(), file)}`);
  return file;
}

/** Short commit id of the working tree, for the results file. */
export function currentCommit(): string {
  return spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim();
}

/** A plain-text table: columns padded to their widest cell. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((line) => (line[column] ?? "").length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join("  ")
      .trimEnd();
  return [format(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(format)].join(
    "\n",
  );
}
