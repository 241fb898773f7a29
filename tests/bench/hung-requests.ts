/**
 * `npx tsx tests/bench/hung-requests.ts`: the loop of issue 42's D2 — HUNG_CLIENTS clients (12),
 * each asking again as soon as it is answered, over HUNG_PAGES product pages (4) of the dyes
 * store, half of them signed in (a session each), for HUNG_SECONDS (60), against the production
 * server (BENCH_WORKERS processes, BENCH_DATABASE_URL for PostgreSQL). It counts the answers
 * that took longer than HUNG_SLOW_MS (5 000) and the 503s, reads the server's
 * `http_request_deadline_exceeded_total` and prints the server's "request deadline passed"
 * warnings (what each such request still waited on). Exit code 1 when any request passed its
 * deadline. The server's output is kept in HUNG_LOG (/tmp/hung-requests.log).
 *
 * To bring out D2's cause (a lookup that outlived its request took the page's render slot for
 * good): HUNG_GIVING_UP of the anonymous clients (0) give up each request after 1–40 ms, as
 * impatient visitors do, and on PostgreSQL the store's pages are dropped every HUNG_DROP_MS
 * (0: never) with the catalogue's own notification, so that pages are rendered again.
 */
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import postgres from "postgres";
import { DEMO_PASSWORDS } from "../../app/db/seed/accounts";
import { rawRequest } from "../helpers/raw-http";
import { buildIfStale, freePort, loadAverageText, startServer } from "./server";

const SECONDS = Number(process.env.HUNG_SECONDS ?? 60);
const CLIENTS = Number(process.env.HUNG_CLIENTS ?? 12);
const PAGES = Number(process.env.HUNG_PAGES ?? 4);
const SLOW_MS = Number(process.env.HUNG_SLOW_MS ?? 5_000);
const LOG = process.env.HUNG_LOG ?? "/tmp/hung-requests.log";
const GIVING_UP = Number(process.env.HUNG_GIVING_UP ?? 0);
const DROP_MS = Number(process.env.HUNG_DROP_MS ?? 0);
const STORE = "dyes";
const SHOPPER = { email: "shopper@dyes.test", password: DEMO_PASSWORDS.shopper };

let port = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
  body?: string,
  giveUpMs = 30_000,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return rawRequest({
    port,
    host: `${STORE}.localhost:${port}`,
    path,
    method,
    agent,
    giveUpMs,
    headers: { "accept-encoding": "gzip, br", ...headers },
    body,
  }).then(({ status, headers: answered, bytes }) => ({
    status,
    headers: answered,
    body: bytes.toString("latin1"),
  }));
}

async function signIn(): Promise<string> {
  const answer = await get(
    "/login",
    { origin: `http://${STORE}.localhost:${port}`, "content-type": "application/x-www-form-urlencoded" },
    "POST",
    new URLSearchParams(SHOPPER).toString(),
  );
  const session = [answer.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("__session="));
  if (!session) throw new Error(`signing in answered ${answer.status} without a session`);
  return session.split(";")[0]!;
}

async function main() {
  buildIfStale();
  writeFileSync(LOG, "");
  const metricsPort = await freePort();
  const server = await startServer(
    "hung",
    {
      WEB_CONCURRENCY: process.env.BENCH_WORKERS ?? "1",
      REQUEST_LOG: "0",
      METRICS_PORT: String(metricsPort),
    },
    { logFile: LOG },
  );
  port = server.port;
  try {
    const pages = [
      "jet-black-fabric-dye",
      "crimson-red-fabric-dye",
      "royal-blue-fabric-dye",
      "emerald-green-fabric-dye",
    ]
      .slice(0, PAGES)
      .map((slug) => `/products/${slug}`);
    const cookies = await Promise.all(Array.from({ length: Math.ceil(CLIENTS / 2) }, () => signIn()));
    console.log(
      `Hung-request loop: ${CLIENTS} clients (${cookies.length} signed in) over ${pages.join(", ")} for ${SECONDS} s ` +
        `(${process.env.BENCH_WORKERS ?? "1"} process(es), ${server.database}); load average ${loadAverageText()}`,
    );
    const dropping =
      DROP_MS > 0 && server.databaseUrl ? postgres(server.databaseUrl, { max: 1, onnotice: () => {} }) : null;
    const [dyes] = dropping
      ? await dropping<{ id: string }[]>`select id from stores where slug = ${STORE}`
      : [];
    const started = Date.now();
    let drops = 0;
    const dropTimer =
      dropping && dyes
        ? setInterval(() => {
            drops++;
            void dropping`select pg_notify('catalog_changed', ${dyes.id})`;
          }, DROP_MS)
        : null;
    let answers = 0;
    const statuses = new Map<string, number>();
    const slow: string[] = [];
    const client = async (index: number) => {
      const cookie = index < cookies.length ? cookies[index] : undefined;
      const givesUp = !cookie && index - cookies.length < GIVING_UP;
      let n = 0;
      while (Date.now() - started < SECONDS * 1000) {
        const page = pages[(index + n++) % pages.length]!;
        const sentAt = Date.now();
        let status: string;
        try {
          const giveUpMs = givesUp ? 1 + Math.floor(Math.random() * 40) : 30_000;
          status = String((await get(page, cookie ? { cookie } : {}, "GET", undefined, giveUpMs)).status);
        } catch (error) {
          status =
            (error as Error).message.startsWith("gave up after") && givesUp
              ? "gave up"
              : (error as Error).message;
        }
        const ms = Date.now() - sentAt;
        answers++;
        const kind = `${cookie ? "signed-in" : "anonymous"} ${status}`;
        statuses.set(kind, (statuses.get(kind) ?? 0) + 1);
        if (ms > SLOW_MS && !givesUp)
          slow.push(`${new Date(sentAt).toISOString()} ${kind} ${page} after ${(ms / 1000).toFixed(1)} s`);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    if (dropTimer) clearInterval(dropTimer);
    await dropping?.end({ timeout: 5 });
    if (dropping) console.log(`catalogue drops: ${drops}`);
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text());
    const exceeded = [...metrics.matchAll(/^http_request_deadline_exceeded_total\{[^}]*\} (\d+)/gm)].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
    console.log(`${answers} answers in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    for (const [kind, count] of statuses) console.log(`  ${kind}: ${count}`);
    console.log(`slower than ${SLOW_MS} ms: ${slow.length}`);
    for (const line of slow) console.log(`  ${line}`);
    console.log(`deadline exceeded (metrics): ${exceeded}`);
    const warnings = readFileSync(LOG, "utf8")
      .split("\n")
      .filter((line) => line.includes("request deadline passed"));
    for (const line of warnings) console.log(`  ${line}`);
    console.log(`Load average at the end: ${loadAverageText()}`);
    if (exceeded > 0 || slow.length > 0) process.exitCode = 1;
  } finally {
    agent.destroy();
    await server.stop();
  }
}

await main();
