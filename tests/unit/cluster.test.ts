/**
 * WEB_CONCURRENCY parsing (app/lib/config.server.ts), and server/cluster.ts's supervision of
 * real worker processes (tests/unit/fixtures/cluster-app.ts): both serve one port, a dead worker
 * is replaced, SIGTERM drains every worker before the primary exits 0, and a worker that dies
 * before listening is started again after a doubling pause, the primary staying up (decision 020).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../app/lib/config.server";
import { eventually } from "../helpers/eventually";

describe("WEB_CONCURRENCY (the configuration module)", () => {
  const workers = (value: string | undefined) => loadConfig({ WEB_CONCURRENCY: value }).workers;

  it("is one process when WEB_CONCURRENCY is unset or empty", () => {
    expect(workers(undefined)).toBe(1);
    expect(workers("")).toBe(1);
    expect(workers(" ")).toBe(1);
  });

  it("takes a whole number from 1 to 64", () => {
    expect(workers("1")).toBe(1);
    expect(workers("2")).toBe(2);
    expect(workers("64")).toBe(64);
  });

  it.each(["0", "-1", "1.5", "two", "65", "2x"])("refuses %j with a message naming the variable", (value) => {
    expect(() => workers(value)).toThrow(/WEB_CONCURRENCY must be a whole number from 1 to 64/);
  });
});

interface Primary {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

function startPrimary(env: Record<string, string> = {}): Primary {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/unit/fixtures/cluster-app.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exit };
}

async function listeningPort(primary: Primary): Promise<number> {
  const line = await eventually(
    async () => /listening (\d+)/.exec(primary.output()),
    (match) => match !== null,
    20_000,
  );
  return Number(line![1]);
}

/**
 * Pids of the workers that answered `requests` fresh connections. A connection the primary had
 * just handed to a worker that then died is lost (as with any crashed server): it times out and
 * is not counted.
 */
async function answeringPids(port: number, requests = 20): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let index = 0; index < requests; index++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) });
      pids.add(Number(await response.text()));
    } catch {
      // Lost with the dead worker.
    }
  }
  return pids;
}

describe("runPrimary", () => {
  it("runs two workers on one port, replaces one that dies, and drains both on SIGTERM", async () => {
    const primary = startPrimary();
    const port = await listeningPort(primary);

    const first = await answeringPids(port);
    expect(first.size).toBe(2);
    expect(first.has(primary.child.pid!)).toBe(false);

    const [killed] = [...first];
    process.kill(killed!, "SIGKILL");
    const replaced = await eventually(
      () => answeringPids(port),
      (pids) => pids.size === 2 && !pids.has(killed!),
      10_000,
    );
    expect(replaced.size).toBe(2);
    expect(primary.output()).toMatch(new RegExp(`Worker ${killed} exited \\(SIGKILL\\); starting another`));

    primary.child.kill("SIGTERM");
    expect(await primary.exit).toBe(0);
    for (const pid of replaced) expect(primary.output()).toContain(`closed ${pid}`);
    expect(primary.output()).toContain("All workers closed");
  }, 40_000);

  it("keeps starting a worker that dies before it listens, with a doubling pause, and never exits", async () => {
    const primary = startPrimary({ FAIL_START: "1" });
    const pauses = await eventually(
      async () => [...primary.output().matchAll(/before it was serving; starting another in (\d+) ms/g)],
      (found) => found.length >= 4,
      15_000,
    );
    // The pause doubles with each failed start (of either worker) from 50 ms, capped at 400.
    expect(pauses.map((match) => Number(match[1])).slice(0, 4)).toEqual([50, 100, 200, 400]);
    expect(primary.child.exitCode).toBeNull();
    primary.child.kill("SIGTERM");
    expect(await primary.exit).toBe(0);
  }, 20_000);
});
