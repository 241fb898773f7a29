/**
 * The load generator of `npm run bench` (tests/bench/run.ts): wrk or autocannon, chosen by
 * BENCH_CLIENT, each run reported the same way, with the CPU the client itself used.
 *
 * Why wrk (issue 41): autocannon runs in the bench's own Node process and costs about as much CPU
 * per request as a cached page costs the server. On a 2-core machine one server process and
 * autocannon already fill both cores, so a second server process only took CPU from the client
 * and the sweep measured the client. Debian's wrk (C, epoll, one thread here) answers the same
 * fixed GETs for a fraction of that CPU. autocannon stays for machines without wrk and for
 * comparing the two.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";

export type LoadClient = "wrk" | "autocannon";

const WRK = "/usr/bin/wrk";
const WRK_REPORT = path.resolve("tests/bench/wrk-report.lua");
const INSTALL_WRK = "apt-get install -y wrk";

/** One run of the load generator against one URL, whichever client fired it. */
export interface LoadResult {
  requests: number;
  durationSeconds: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  /** Connection, read and write errors. */
  errors: number;
  timeouts: number;
  /** Answers that said `X-Cache: hit`, and the others. */
  hits: number;
  others: number;
  /** CPU time the load generator used during the run (ms), or null without /proc. */
  clientCpuMs: number | null;
}

export interface LoadOptions {
  url: string;
  /** Lower-case names, as the bench's node:http requests send them. */
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

/**
 * BENCH_CLIENT: "wrk", "autocannon", or unset: wrk when /usr/bin/wrk is there (installed with
 * apt-get when it is not and the bench runs as root, as .ci/run installs its Debian tools),
 * otherwise autocannon with a note of the command that installs wrk.
 */
export function chooseLoadClient(requested = process.env.BENCH_CLIENT ?? ""): LoadClient {
  if (requested === "autocannon") return "autocannon";
  if (requested !== "" && requested !== "wrk") {
    throw new Error(`BENCH_CLIENT must be "wrk" or "autocannon", not ${JSON.stringify(requested)}`);
  }
  if (existsSync(WRK) || installWrk()) return "wrk";
  if (requested === "wrk") throw new Error(`BENCH_CLIENT=wrk: no ${WRK}; as root: ${INSTALL_WRK}`);
  console.log(
    `No ${WRK}: the load generator is autocannon, in the bench's own process, which takes CPU from the server (as root: ${INSTALL_WRK})`,
  );
  return "autocannon";
}

function installWrk(): boolean {
  if (process.getuid?.() !== 0) return false;
  console.log(`No ${WRK}: installing Debian's wrk`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "wrk"]]) {
    const result = spawnSync("apt-get", args, { stdio: ["ignore", "inherit", "inherit"], env });
    if (result.status !== 0) return false;
  }
  return existsSync(WRK);
}

/**
 * CPU ms of this process and of its children it has waited for (/proc/self/stat utime, stime,
 * cutime, cstime), or null without /proc. The difference around a run is the client's CPU: the
 * autocannon in this process, or a wrk child reaped when it exited (the bench server is a child
 * too, but it is reaped only after it stops, never within a run).
 */
function selfAndReapedChildrenCpuMs(): number | null {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = [11, 12, 13, 14].reduce((total, field) => total + Number(fields[field]), 0);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

export async function fireLoad(client: LoadClient, options: LoadOptions): Promise<LoadResult> {
  const cpuBefore = selfAndReapedChildrenCpuMs();
  const result = client === "wrk" ? await fireWrk(options) : await fireAutocannon(options);
  const cpuAfter = selfAndReapedChildrenCpuMs();
  return {
    ...result,
    clientCpuMs: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null,
  };
}

async function fireAutocannon(options: LoadOptions): Promise<Omit<LoadResult, "clientCpuMs">> {
  let hits = 0;
  let others = 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    requests: [
      {
        onResponse: (_status, _body, _context, headers) => {
          // Raw header names, as the server spelled them.
          if ((headers?.["x-cache"] ?? headers?.["X-Cache"]) === "hit") hits++;
          else others++;
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    durationSeconds: result.duration,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    hits,
    others,
  };
}

interface WrkReport {
  requests: number;
  durationUs: number;
  connectErrors: number;
  readErrors: number;
  writeErrors: number;
  timeouts: number;
  non2xx: number;
  hits: number;
  others: number;
  latencyUs: { p50: number; p90: number; p99: number; max: number };
}

/**
 * wrk with one thread and the bench's connections; whole seconds (wrk takes no fractions), the
 * measured duration from its report. Headers go as `-H`, the Host header included (wrk sends the
 * URL's only when none is given). autocannon's 10 s timeout, not wrk's 2 s.
 */
function fireWrk(options: LoadOptions): Promise<Omit<LoadResult, "clientCpuMs">> {
  const capitalised = (name: string) =>
    name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
  const args = [
    "-t1",
    `-c${options.connections}`,
    `-d${Math.max(1, Math.round(options.seconds))}s`,
    "--timeout",
    "10s",
    "--latency",
    "-s",
    WRK_REPORT,
    ...Object.entries(options.headers).flatMap(([name, value]) => ["-H", `${capitalised(name)}: ${value}`]),
    options.url,
  ];
  return new Promise((resolve, reject) => {
    const wrk = spawn(WRK, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    wrk.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    wrk.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    wrk.on("error", reject);
    // "close", not "exit": the output is complete and the child reaped (its CPU counted).
    wrk.on("close", (code) => {
      const line = /^WRK_JSON (.*)$/m.exec(output)?.[1];
      if (code !== 0 || !line) {
        reject(new Error(`wrk ${args.join(" ")} exited ${code}:\n${output}`));
        return;
      }
      const report = JSON.parse(line) as WrkReport;
      const ms = (us: number) => us / 1000;
      resolve({
        requests: report.requests,
        durationSeconds: report.durationUs / 1e6,
        latencyMs: {
          p50: ms(report.latencyUs.p50),
          p90: ms(report.latencyUs.p90),
          p99: ms(report.latencyUs.p99),
          max: ms(report.latencyUs.max),
        },
        non2xx: report.non2xx,
        errors: report.connectErrors + report.readErrors + report.writeErrors,
        timeouts: report.timeouts,
        hits: report.hits,
        others: report.others,
      });
    });
  });
}
