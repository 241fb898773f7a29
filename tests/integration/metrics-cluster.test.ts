/**
 * Issue 42 D5: /metrics with two processes (decision 021). The primary asks each worker for its
 * figures over the cluster's channel; a worker that never installed prom-client's reply left
 * every scrape waiting 5 s and answering 500 "Metrics unavailable". The production server and
 * the build, WEB_CONCURRENCY=2: scrapes while requests are in flight answer 200 at once, and
 * afterwards the request-duration histogram counts every request, both workers' summed.
 * PostgreSQL only (TEST_DATABASE_URL): several processes need it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../bench/server";
import { eventually } from "../helpers/eventually";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/scratch-database";
import { send, startInstance, stopInstance, type Instance } from "./faults-support";

const serverUrl = process.env.TEST_DATABASE_URL;
const PRODUCT = "/products/crimson-red-fabric-dye";
const CLIENTS = 6;
const REQUESTS_PER_CLIENT = 10;

interface Scrape {
  status: number;
  body: string;
  ms: number;
}

function scrape(port: number): Promise<Scrape> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/metrics", timeout: 10_000 }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - started }),
      );
    });
    request.on("timeout", () => request.destroy(new Error("no answer from /metrics within 10 s")));
    request.on("error", reject);
  });
}

function productRequests(body: string): number {
  const line =
    /^http_request_duration_seconds_count\{route="routes\/products\.\$slug",method="GET",status_class="2xx"\} (\d+)$/m.exec(
      body,
    );
  return line ? Number(line[1]) : 0;
}

/** The summed pool sizes: 10 for each worker whose figures the scrape holds. */
function poolSize(body: string): number {
  const line = /^db_pool_size (\d+)$/m.exec(body);
  return line ? Number(line[1]) : 0;
}

/** The primary's worker processes (its children running server.ts; tsx's esbuild is not one). */
function workerPids(primary: number): number[] {
  const read = (file: string) => {
    try {
      return readFileSync(file, "utf8");
    } catch {
      return "";
    }
  };
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const stat = read(`/proc/${pid}/stat`);
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      return parent === primary && read(`/proc/${pid}/cmdline`).includes("server.ts");
    });
}

describe.skipIf(!serverUrl)("metrics with two processes", () => {
  let database: ScratchDatabase;
  let instance: Instance;
  let metricsPort: number;

  beforeAll(async () => {
    if (!existsSync("build/server/index.js")) throw new Error("needs the build: npx remix vite:build");
    database = await createScratchDatabase(serverUrl!, "metricscluster");
    metricsPort = await freePort();
    instance = await startInstance({
      DATABASE_URL: database.url,
      APP_DATABASE_URL: database.appUrl,
      WEB_CONCURRENCY: "2",
      METRICS_PORT: String(metricsPort),
    });
    // /healthz answers as soon as one worker listens; the primary announces when both do.
    await eventually(
      async () => instance.output(),
      (output) => output.includes("2 processes"),
      60_000,
    );
    expect(instance.output()).toContain("2 processes");
  }, 180_000);

  afterAll(async () => {
    await stopInstance(instance);
    await database?.drop();
  }, 60_000);

  it("answers scrapes during a load at once, with every worker's requests summed", async () => {
    const before = await scrape(metricsPort);
    expect(before.status, before.body).toBe(200);
    expect(productRequests(before.body)).toBe(0);

    // Each client has its own connections, which the primary hands to the workers in turn.
    let running = true;
    const load = Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const statuses: number[] = [];
        for (let index = 0; index < REQUESTS_PER_CLIENT; index++) {
          statuses.push((await send(instance, { path: PRODUCT, agent })).status);
        }
        agent.destroy();
        return statuses;
      }),
    ).finally(() => (running = false));

    const during: Scrape[] = [];
    while (running) during.push(await scrape(metricsPort));
    const statuses = (await load).flat();
    expect(statuses.every((status) => status === 200)).toBe(true);

    expect(during.length).toBeGreaterThan(0);
    for (const answer of during) {
      expect(answer.status, answer.body).toBe(200);
      // The primary waits 5 s for a worker that does not answer before giving up.
      expect(answer.ms).toBeLessThan(2_000);
    }

    const after = await scrape(metricsPort);
    expect(after.status, after.body).toBe(200);
    expect(productRequests(after.body)).toBe(CLIENTS * REQUESTS_PER_CLIENT);
    expect(after.body).toContain("process_cpu_user_seconds_total");
  }, 120_000);

  it("answers every scrape while a worker that exited is started again, with the figures of those up", async () => {
    const primary = instance.process.pid!;
    const before = workerPids(primary);
    expect(before).toHaveLength(2);
    const [victim] = before;
    process.kill(victim!, "SIGKILL");

    // From the exit until its replacement answers too (both pools in the sum again): the
    // replacement is connected long before it has loaded the build and installed its reply.
    const scrapes: Scrape[] = [];
    const started = performance.now();
    for (;;) {
      const answer = await scrape(metricsPort);
      scrapes.push(answer);
      const now = workerPids(primary);
      if (!now.includes(victim!) && now.length === 2 && poolSize(answer.body) === 20) break;
      if (performance.now() - started > 90_000)
        throw new Error(`no replacement worker within 90 s:\n${instance.output()}`);
    }
    expect(instance.output()).toContain(`Worker ${victim} exited`);
    // Scrapes while the replacement started: answered at once, with the live worker's figures.
    expect(scrapes.length).toBeGreaterThan(1);
    for (const answer of scrapes) {
      expect(answer.status, answer.body).toBe(200);
      expect(answer.ms).toBeLessThan(2_000);
      expect(poolSize(answer.body)).toBeGreaterThanOrEqual(10);
    }
  }, 120_000);
});
